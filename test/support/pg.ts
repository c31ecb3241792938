/**
 * PostgreSQL for the team workspace tests: a private cluster (scripts/pg-cluster.sh), never the machine's own server.
 *
 * `npm test` (scripts/test.sh) starts one cluster for the whole run and passes it in LICENSE_DESK_TEST_PG_*; a test
 * file run alone (`npx vitest run --project integration test/integration/workspace/x.test.ts`) starts a cluster of
 * its own here, removed in `release()`. A test that stops the server starts its own cluster (`privateCluster`), so it
 * never takes the shared one from under another file. Each test file works in a fresh database (`freshDatabase`).
 */
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import pg from 'pg'
import { removeDir, tempDir } from './tmp'

const run = promisify(execFile)
const SCRIPT = fileURLToPath(new URL('../../scripts/pg-cluster.sh', import.meta.url))

/** How to reach a cluster as its superuser. */
export interface PgServer {
  host: string
  port: number
  user: string
  password: string
}

export interface PrivateCluster extends PgServer {
  dir: string
  /** Fast shutdown (clients are disconnected). */
  stop(): Promise<void>
  /** Starts it again on the same port. */
  start(): Promise<void>
  /** Stops it and removes its folder. */
  destroy(): Promise<void>
}

/** Starts a cluster of its own in a temp folder (about a second). */
export async function privateCluster(): Promise<PrivateCluster> {
  const dir = await tempDir('ld-pg-')
  let out: string
  try {
    out = (await run('bash', [SCRIPT, 'start', dir])).stdout
  } catch (err) {
    await removeDir(dir)
    throw err
  }
  const env = Object.fromEntries(out.trim().split('\n').map((l) => l.split('=', 2) as [string, string]))
  let running = true
  const cluster: PrivateCluster = {
    dir,
    host: env.LICENSE_DESK_TEST_PG_HOST ?? '127.0.0.1',
    port: Number(env.LICENSE_DESK_TEST_PG_PORT),
    user: env.LICENSE_DESK_TEST_PG_USER ?? 'ld_admin',
    password: env.LICENSE_DESK_TEST_PG_PASSWORD ?? '',
    async stop() {
      await run('bash', [SCRIPT, 'stop', dir])
      running = false
    },
    async start() {
      await run('bash', [SCRIPT, 'restart', dir])
      running = true
    },
    async destroy() {
      if (running) await run('bash', [SCRIPT, 'kill', dir]).catch(() => undefined)
      running = false
      await removeDir(dir)
    },
  }
  return cluster
}

/** The run's cluster (LICENSE_DESK_TEST_PG_*), else one of this file's own; `release` ends the latter. */
export async function sharedCluster(): Promise<{ server: PgServer; release: () => Promise<void> }> {
  const env = process.env
  if (env.LICENSE_DESK_TEST_PG_PORT) {
    return {
      server: {
        host: env.LICENSE_DESK_TEST_PG_HOST ?? '127.0.0.1',
        port: Number(env.LICENSE_DESK_TEST_PG_PORT),
        user: env.LICENSE_DESK_TEST_PG_USER ?? 'ld_admin',
        password: env.LICENSE_DESK_TEST_PG_PASSWORD ?? '',
      },
      release: async () => undefined,
    }
  }
  const own = await privateCluster()
  return { server: own, release: () => own.destroy() }
}

/** Runs SQL as the superuser on a database of the server (default: postgres). */
export async function asAdmin<T>(server: PgServer, fn: (client: pg.Client) => Promise<T>, database = 'postgres'): Promise<T> {
  const client = new pg.Client({ host: server.host, port: server.port, user: server.user, password: server.password, database })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

/** A new empty database, dropped (connections and all) by `drop`. */
export async function freshDatabase(server: PgServer): Promise<{ database: string; drop: () => Promise<void> }> {
  const database = `ld_test_${randomBytes(5).toString('hex')}`
  await asAdmin(server, (c) => c.query(`CREATE DATABASE ${database}`))
  return {
    database,
    drop: () =>
      asAdmin(server, async (c) => {
        await c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)
      }).catch(() => undefined),
  }
}
