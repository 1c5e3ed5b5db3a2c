// The template database: migrated and seeded once per run; each test file gets a copy.
import postgres from 'postgres'
import { createDb } from '#db/client.ts'
import { runMigrations } from '#db/migrate.ts'
import { seedIfEmpty } from '#db/seed/index.ts'
import { hashPassword } from '#server/platform/password.ts'
import { databaseUrl } from './test-db.ts'

/** Small enough to seed in a few seconds, large enough for paging and facets. */
export const TEST_PRODUCT_COUNT = 1200

export async function createTemplate(adminUrl: string, name: string): Promise<void> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} })
  try {
    await admin.unsafe(`drop database if exists ${name} with (force)`)
    await admin.unsafe(`create database ${name}`)
  } finally {
    await admin.end({ timeout: 5 })
  }
  const url = databaseUrl(adminUrl, name)
  await runMigrations(url)
  const { db, close } = createDb(url, { max: 2 })
  try {
    await seedIfEmpty(db, { products: TEST_PRODUCT_COUNT, hashPassword })
  } finally {
    await close()
  }
}

/** A fresh database copied from the template (fast: a file copy on the server). */
export async function cloneTemplate(
  adminUrl: string,
  template: string,
  prefix = 'test',
): Promise<string> {
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} })
  try {
    await admin.unsafe(`create database ${name} template ${template}`)
  } finally {
    await admin.end({ timeout: 5 })
  }
  return databaseUrl(adminUrl, name)
}
