// Reusable proof that the back office is closed to everybody but staff with a fitting role.
// Give it the staff routes of the contract (`contract.backofficeAccess`, or issue 11's additions) and the
// callers; for every guarded route it sends a request and expects the guard's refusal before any
// handler runs: guests and customer sessions 401, staff with an unknown role 403, staff whose
// role the route does not list 403, and (optionally) the listed roles past the guard.
import type { AppRoute } from '@ts-rest/core'
import { expect } from 'vitest'
import { STAFF_ROLES, type StaffRole, staffAccessOf } from '#contract/backoffice-access.ts'
import type { Db } from '#db/client.ts'
import { staffAccounts } from '#db/schema/backoffice.ts'
import { hashPassword } from '#server/platform/password.ts'
import type { Browser } from '#tests/support/client.ts'

export const STAFF_TEST_PASSWORD = 'Pruefung-Backoffice-1'

type RouteTree = { [key: string]: AppRoute | RouteTree }

function isRoute(value: AppRoute | RouteTree): value is AppRoute {
  return typeof (value as AppRoute).method === 'string' && typeof value.path === 'string'
}

/** Every route of a (nested) ts-rest router, with its name. */
export function routesOf(router: RouteTree, prefix = ''): { name: string; route: AppRoute }[] {
  return Object.entries(router).flatMap(([key, value]) =>
    isRoute(value) ? [{ name: `${prefix}${key}`, route: value }] : routesOf(value, `${key}.`),
  )
}

/** A concrete path: every `:param` becomes 1. */
export function samplePath(path: string): string {
  return path.replace(/:[A-Za-z]+/g, '1')
}

/** One raw request to a route through a browser's cookie jar; the status and the body. */
export async function callRoute(browser: Browser, route: AppRoute) {
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE'
  const response = await browser.fetch(samplePath(route.path), {
    method: route.method,
    headers: hasBody ? { 'content-type': 'application/json' } : {},
    body: hasBody ? '{}' : undefined,
  })
  const text = await response.text()
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch {
    // not JSON: documents and the like
  }
  return { status: response.status, body }
}

/** Mails the login code and logs the browser in to the back office (password, then code). */
export async function staffLogIn(
  browser: Browser,
  email: string,
  password = STAFF_TEST_PASSWORD,
): Promise<void> {
  const first = await browser.api.backofficeAccess.login({ body: { email, password } })
  expect(first.status, `staff login of ${email}`).toBe(200)
  const mails = await browser.api.dev.getMails({ query: { to: email } })
  const text = mails.status === 200 ? (mails.body[0]?.text ?? '') : ''
  const code = text.match(/Dein Code: (\d{6})/)?.[1]
  if (!code) throw new Error(`no staff code mail to ${email}`)
  const second = await browser.api.backofficeAccess.submitCode({ body: { code } })
  expect(second.status, `staff code of ${email}`).toBe(200)
}

let accounts = 0
/** A staff account straight in the database, with any role text (unknown roles included). */
export async function insertStaffAccount(db: Db, role: string): Promise<string> {
  accounts += 1
  const email = `staff-${role}-${accounts}-${Date.now().toString(36)}@bitwerk.example`
  await db.insert(staffAccounts).values({
    email,
    name: `Test ${role}`,
    role,
    passwordHash: await hashPassword(STAFF_TEST_PASSWORD),
  })
  return email
}

export type StaffAccessCallers = {
  /** A browser without any session. */
  guest: Browser
  /** A browser with a full customer login (and no staff session). */
  customer: Browser
  /** Logged in to the back office with a role the code does not know. */
  unknownRole: Browser
  /** Logged in to the back office, one browser per known role. */
  staff: Record<StaffRole, Browser>
}

/**
 * Proves for every staff route: it declares its access; guests, customers and unknown roles are
 * refused; roles it does not list are refused; the roles it lists pass the guard.
 */
export async function expectStaffRoutesGuarded(
  routes: RouteTree,
  callers: StaffAccessCallers,
): Promise<number> {
  let guarded = 0
  for (const { name, route } of routesOf(routes)) {
    const access = staffAccessOf(route)
    expect(access, `${name} declares its access`).toBeDefined()
    if (access === 'public' || access === undefined) continue
    guarded += 1
    const label = `${route.method} ${route.path} (${name})`
    for (const [who, browser] of [
      ['guest', callers.guest],
      ['customer', callers.customer],
    ] as const) {
      const answer = await callRoute(browser, route)
      expect(answer.status, `${label} as ${who}`).toBe(401)
      expect(answer.body, `${label} as ${who}`).toMatchObject({ code: 'staff_unauthorized' })
    }
    const unknown = await callRoute(callers.unknownRole, route)
    expect(unknown.status, `${label} as unknown role`).toBe(403)
    expect(unknown.body).toMatchObject({ code: 'staff_forbidden' })
    for (const role of STAFF_ROLES) {
      const answer = await callRoute(callers.staff[role], route)
      if (access.includes(role)) {
        expect([401, 403], `${label} as ${role} passes the guard`).not.toContain(answer.status)
      } else {
        expect(answer.status, `${label} as ${role}`).toBe(403)
        expect(answer.body).toMatchObject({ code: 'staff_forbidden' })
      }
    }
  }
  return guarded
}
