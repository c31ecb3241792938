/**
 * The workspace's schema: created by the app itself, as the team role (so any member can run a later step), and
 * safe from several workstations at once (the advisory lock): each step applied exactly once.
 */
import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { migrateServer, SERVER_MIGRATIONS, TEAM_ROLE, WORKSPACE_SCHEMA } from '../../../src/main/services/workspace'
import { asAdmin, sharedCluster } from '../../support/pg'
import { setupWorkspace, type TestWorkspace } from '../../support/workspace'

let ws: TestWorkspace
let release: () => Promise<void>

beforeAll(async () => {
  const cluster = await sharedCluster()
  release = cluster.release
  ws = await setupWorkspace(cluster.server, ['frank', 'grace'])
})
afterAll(async () => {
  await ws?.drop()
  await release?.()
})

const connect = async (member: number): Promise<pg.Client> => {
  const m = ws.members[member]!
  const c = new pg.Client({ host: ws.server.host, port: ws.server.port, database: ws.database, user: m.user, password: m.password, options: `-c search_path=${WORKSPACE_SCHEMA}` })
  await c.connect()
  return c
}

it('eight workstations migrating at once apply each step once; the tables belong to the team role', async () => {
  // A later step, as a newer app version would bring, run by the other member.
  const later = [...SERVER_MIGRATIONS, { id: 'workspace-test-2', sql: 'ALTER TABLE records ADD COLUMN note text' }]
  const clients = await Promise.all(Array.from({ length: 8 }, (_, i) => connect(i % 2)))
  try {
    const applied = await Promise.all(clients.map((c, i) => migrateServer(c, i % 2 === 0 ? SERVER_MIGRATIONS : later)))
    expect(applied.flat().sort()).toEqual(['workspace-1', 'workspace-test-2'])
  } finally {
    await Promise.all(clients.map((c) => c.end()))
  }
  const owners = await asAdmin(ws.server, (c) => c.query<{ tableowner: string }>('SELECT DISTINCT tableowner FROM pg_tables WHERE schemaname = $1', [WORKSPACE_SCHEMA]), ws.database)
  expect(owners.rows).toEqual([{ tableowner: TEAM_ROLE }])
  const steps = await asAdmin(ws.server, (c) => c.query('SELECT count(*)::int AS n FROM desk.schema_migrations'), ws.database)
  expect(steps.rows[0]).toEqual({ n: 2 })
})

it('a member cannot read another database nor who the roles are beyond the team (no superuser rights)', async () => {
  const c = await connect(0)
  try {
    await expect(c.query('SELECT rolpassword FROM pg_authid')).rejects.toThrow(/permission denied/)
    await expect(c.query('CREATE SCHEMA other')).rejects.toThrow(/permission denied/)
  } finally {
    await c.end()
  }
})
