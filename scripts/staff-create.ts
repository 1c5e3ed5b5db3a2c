// npm run staff:create -- --email anna@bitwerk.example --role service [--name "Anna Beispiel"]
//   [--update] [--generate-password]
// Creates a back-office account (roles: service, admin) in DATABASE_URL or the embedded Postgres
// in DATA_DIR. The password is asked for without echo on a terminal, read from the first line of
// stdin when piped, or generated and printed once with --generate-password. --update changes
// role, name and password of an existing account and ends its sessions.
import { randomBytes } from 'node:crypto'
import { createInterface } from 'node:readline'
import { parseArgs } from 'node:util'
import { STAFF_ROLES } from '#contract/backoffice-access.ts'
import { openDatabase, runMigrations } from '#db/index.ts'
import { createStaffAccount, STAFF_PASSWORD_MIN } from '#server/backoffice/index.ts'

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    role: { type: 'string' },
    name: { type: 'string' },
    update: { type: 'boolean', default: false },
    'generate-password': { type: 'boolean', default: false },
  },
})

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

const email = values.email?.trim()
const role = values.role?.trim()
if (!email || !role) {
  fail(
    `usage: npm run staff:create -- --email <address> --role <${STAFF_ROLES.join('|')}> [--name "<name>"] [--update] [--generate-password]`,
  )
}
if (!(STAFF_ROLES as readonly string[]).includes(role)) {
  fail(`unknown role "${role}": use one of ${STAFF_ROLES.join(', ')}`)
}

/** Asks on the terminal without echoing what is typed. */
function askHidden(question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true })
    const writer = rl as unknown as { _writeToOutput: (text: string) => void }
    let asking = true
    writer._writeToOutput = (text) => {
      if (!asking || text.includes(question)) process.stdout.write(text)
    }
    rl.question(question, (answer) => {
      asking = false
      rl.close()
      process.stdout.write('\n')
      resolve(answer)
    })
  })
}

async function readFirstLine(): Promise<string> {
  const rl = createInterface({ input: process.stdin })
  for await (const line of rl) {
    rl.close()
    return line
  }
  return ''
}

async function passwordFor(): Promise<{ password: string; generated: boolean }> {
  if (values['generate-password']) {
    return { password: randomBytes(18).toString('base64url'), generated: true }
  }
  if (!process.stdin.isTTY) return { password: await readFirstLine(), generated: false }
  const first = await askHidden(`Passwort (mindestens ${STAFF_PASSWORD_MIN} Zeichen): `)
  const second = await askHidden('Passwort wiederholen: ')
  if (first !== second) fail('the passwords differ')
  return { password: first, generated: false }
}

const { password, generated } = await passwordFor()
const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: process.env.DATA_DIR ?? '.data',
})
try {
  await runMigrations(database.url)
  const name = values.name?.trim() || email.split('@')[0] || email
  const result = await createStaffAccount(
    database.db,
    { email, name, role, password },
    { update: values.update },
  )
  if (!result.ok) {
    const reasons: Record<typeof result.code, string> = {
      email_invalid: 'the e-mail address is invalid',
      role_unknown: `unknown role: use one of ${STAFF_ROLES.join(', ')}`,
      password_too_short: `the password needs at least ${STAFF_PASSWORD_MIN} characters`,
      name_missing: 'the name needs at least 2 characters',
      exists: 'an account with this e-mail exists (use --update to change it)',
    }
    process.exitCode = 1
    console.error(reasons[result.code])
  } else {
    console.log(
      `${result.value.created ? 'created' : 'updated'} staff account ${email} (${role}), id ${result.value.id}`,
    )
    if (generated) console.log(`password (shown once): ${password}`)
    console.log('log in at /backoffice/login (a 6-digit code is mailed at every login)')
  }
} finally {
  await database.shutdown()
}
