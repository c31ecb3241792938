/**
 * A team workspace for tests: a fresh database set up with the very SQL docs/workspace-setup.sql gives IT
 * administrators (names made unique per file: roles are shared by the whole cluster), and cores joined to it.
 */
import { readFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import type { Core } from '../../src/main/core'
import { SANDBOX_PROFILE_ID } from '../../src/main/services/profiles'
import type pg from 'pg'
import { asAdmin, type PgServer } from './pg'

const SETUP = readFileSync(fileURLToPath(new URL('../../docs/workspace-setup.sql', import.meta.url)), 'utf8')

/** One section of the setup file (`-- [server]`, `-- [database]`, `-- [person]`). */
function section(name: string): string {
  const start = SETUP.indexOf(`-- [${name}]`)
  const end = SETUP.indexOf('-- [', start + 1)
  return SETUP.slice(start, end < 0 ? undefined : end)
}

/** Runs a section's statements one by one, as psql does (CREATE DATABASE cannot share a transaction). */
async function runSection(c: pg.Client, sql: string): Promise<void> {
  const statements = sql
    .split('\n')
    .filter((l) => !l.startsWith('--'))
    .join('\n')
    .split(/;\s*\n/)
    .map((s) => s.trim())
    .filter((s) => s !== '')
  for (const s of statements) await c.query(s)
}

export interface TestWorkspace {
  server: PgServer
  database: string
  members: { user: string; password: string }[]
  drop(): Promise<void>
}

/** Creates the database and one role per name given, as the docs say. */
export async function setupWorkspace(server: PgServer, people: string[]): Promise<TestWorkspace> {
  const tag = randomBytes(4).toString('hex')
  const database = `ld_ws_${tag}`
  const db = (sql: string) => sql.replace(/\blicense_desk\b/g, database)
  await asAdmin(server, (c) => runSection(c, db(section('server'))))
  await asAdmin(server, (c) => runSection(c, db(section('database'))), database)
  const members = people.map((p) => ({ user: `${p}_${tag}`, password: `${p}-pw-${tag}` }))
  for (const m of members) {
    await asAdmin(server, (c) => runSection(c, section('person').replace(/\balice\b/g, m.user).replace("'choose-a-password'", `'${m.password}'`)))
  }
  return {
    server,
    database,
    members,
    async drop() {
      await asAdmin(server, async (c) => {
        await c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)
        for (const m of members) await c.query(`DROP ROLE IF EXISTS ${m.user}`)
      }).catch(() => undefined)
    },
  }
}

/** Points a core at the workspace as one member, sharing the Sandbox profile's book. */
export async function join(core: Core, ws: TestWorkspace, member: number, workstation: string): Promise<void> {
  const m = ws.members[member]!
  await core.services.workspace.set(
    { host: ws.server.host, port: ws.server.port, database: ws.database, user: m.user, profileId: SANDBOX_PROFILE_ID, workstation },
    m.password,
  )
}

/** Resolves once `check` holds, looking again after every sync round and book change of the core (never polling). */
export function until(core: Core, check: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (check()) return resolve()
    let offBook = (): void => undefined
    const test = (): void => {
      if (!check()) return
      offStatus()
      offBook()
      resolve()
    }
    const offStatus = core.services.workspace.subscribe(test)
    offBook = core.events.on('customers.changed', test)
  })
}

/** Cuts one member off the server (their sessions end, logins are refused) until `reconnect`. */
export async function disconnect(ws: TestWorkspace, member: number): Promise<void> {
  const user = ws.members[member]!.user
  await asAdmin(ws.server, async (c) => {
    await c.query(`ALTER ROLE ${user} NOLOGIN`)
    await c.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = $1', [user])
  })
}

export async function reconnect(ws: TestWorkspace, member: number): Promise<void> {
  await asAdmin(ws.server, (c) => c.query(`ALTER ROLE ${ws.members[member]!.user} LOGIN`))
}
