// vitest globalSetup: one Postgres server and one seeded template database for the whole run.
import type { TestProject } from 'vitest/node'
import { createTemplate } from './template.ts'
import { startTestServer } from './test-db.ts'

declare module 'vitest' {
  interface ProvidedContext {
    dbAdminUrl: string
    dbTemplate: string
  }
}

export default async function setup(project: TestProject) {
  const server = await startTestServer()
  const template = `shop_template_${process.pid}`
  await createTemplate(server.adminUrl, template)
  project.provide('dbAdminUrl', server.adminUrl)
  project.provide('dbTemplate', template)
  return async () => {
    await server.stop()
  }
}
