/**
 * The workspace under faults, on a cluster of this file's own (it is stopped in the middle): the server stopped in
 * the middle of 1,000 edits and started again, and a core killed (kill -9) while it syncs 1,000 edits. Either way
 * every edit reaches the server exactly once (the server's per-record versions and its list of applied changes
 * count them) and the colleague's book ends up the same.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { buildSync } from 'esbuild'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Core } from '../../../src/main/core'
import { SANDBOX_PROFILE_ID } from '../../../src/main/services/profiles'
import { testCore } from '../../support/core'
import { asAdmin, privateCluster, type PrivateCluster } from '../../support/pg'
import { removeDir, tempDir } from '../../support/tmp'
import { join as joinWorkspace, setupWorkspace, until, type TestWorkspace } from '../../support/workspace'

const P = SANDBOX_PROFILE_ID
const root = fileURLToPath(new URL('../../..', import.meta.url))
let cluster: PrivateCluster
const dirs: string[] = []
const cores: Core[] = []
const childScript = join(root, '.tmp', `workspace-sync-child-${process.pid}.mjs`)

const newCore = async (): Promise<Core> => {
  const dir = await tempDir()
  dirs.push(dir)
  const core = await testCore(dir, { workspaceRetry: { firstMs: 20, maxMs: 100 } })
  cores.push(core)
  return core
}
const settled = (core: Core) => () => {
  const s = core.services.workspace.status()
  return s.online && s.pending === 0
}
const book = (core: Core): string[] => core.services.customers.book.all(P).map((r) => `${r.id} ${r.customerName}`).sort()

/** What the server counted of the book: changes applied, and the sum of the records' versions (one per change accepted). */
async function counted(ws: TestWorkspace): Promise<{ applied: number; versions: number; records: number }> {
  return asAdmin(
    ws.server,
    async (c) => {
      const r = await c.query<{ applied: string; versions: string; records: string }>(
        "SELECT (SELECT count(*) FROM desk.applied WHERE kind = 'customer') AS applied, (SELECT coalesce(sum(version), 0) FROM desk.records WHERE kind = 'customer') AS versions, (SELECT count(*) FROM desk.records WHERE kind = 'customer') AS records",
      )
      return { applied: Number(r.rows[0]!.applied), versions: Number(r.rows[0]!.versions), records: Number(r.rows[0]!.records) }
    },
    ws.database,
  )
}

// Each test has a database of its own in this file's cluster, removed with the cluster.
beforeAll(async () => {
  cluster = await privateCluster()
})

afterAll(async () => {
  for (const c of cores) await c.dispose()
  await cluster?.destroy()
  for (const d of dirs) await removeDir(d)
  rmSync(childScript, { force: true })
})

describe('team workspace under faults', () => {
  it('the server stopped in the middle of 1,000 edits and started again: nothing lost, nothing applied twice', async () => {
    const ws = await setupWorkspace(cluster, ['alice', 'bob'])
    const a = await newCore()
    const b = await newCore()
    await joinWorkspace(a, ws, 0, 'desk-a')
    await joinWorkspace(b, ws, 1, 'desk-b')
    await until(a, settled(a))
    const ids: string[] = []
    const edit = (i: number): void => {
      if (i < 100) ids.push(a.services.customers.book.save(P, undefined, { customerName: `c${i} v0` }).id)
      else a.services.customers.book.save(P, ids[i % 100], { customerName: `c${i % 100} v${Math.floor(i / 100)}` })
    }
    // Each edit is its own change; one commit for many keeps the test about the sync, not the disk.
    a.services.db.tx(() => {
      for (let i = 0; i < 500; i++) edit(i)
    })
    // Stopped once the colleague has seen some of them.
    await until(b, () => b.services.customers.book.all(P).length > 0)
    await cluster.stop()
    await until(a, () => !a.services.workspace.status().online)
    a.services.db.tx(() => {
      for (let i = 500; i < 1000; i++) edit(i)
    })
    expect(a.services.workspace.status().pending).toBeGreaterThan(0)
    await cluster.start()
    await until(a, settled(a))
    await until(b, () => b.services.customers.book.all(P).every((r) => r.customerName?.endsWith(' v9')) && b.services.customers.book.all(P).length === 100)
    expect(book(b)).toEqual(book(a))
    // 100 customers made and edited 9 times each: 1,000 changes, each applied once (version 10 each).
    expect(await counted(ws)).toEqual({ applied: 1000, versions: 1000, records: 100 })
  })

  it('a core killed (kill -9) while it syncs 1,000 edits: after a restart, nothing lost, nothing applied twice', async () => {
    let notified = 0
    const ws = await setupWorkspace(cluster, ['carol', 'dave'])
    mkdirSync(join(root, '.tmp'), { recursive: true })
    buildSync({
      entryPoints: [join(root, 'test/integration/workspace/sync-child.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      alias: { '@shared': join(root, 'src/shared') },
      outfile: childScript,
      logLevel: 'error',
    })
    const dir = await tempDir()
    dirs.push(dir)
    const m = ws.members[0]!
    const target = { host: cluster.host, port: cluster.port, database: ws.database, user: m.user, password: m.password }
    // The server tells of every change committed: the child is killed once its first changes are in.
    const watcher = new pg.Client({ host: cluster.host, port: cluster.port, user: cluster.user, password: cluster.password, database: ws.database })
    watcher.on('error', () => undefined)
    await watcher.connect()
    await watcher.query('LISTEN ld_changes')
    const someIn = new Promise<void>((resolve) =>
      watcher.on('notification', () => {
        if (++notified === 1) resolve()
      }),
    )
    const child = spawn(process.execPath, [childScript, dir, JSON.stringify({ ...target, count: 1000 })], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] })
    let queued = false
    const lines = createInterface({ input: child.stdout! })
    lines.on('line', (l) => {
      if (l === 'queued') queued = true
    })
    await someIn
    child.kill('SIGKILL')
    if (child.exitCode === null && child.signalCode === null) await once(child, 'exit')
    await watcher.end()
    expect(queued).toBe(true)
    const before = await counted(ws)
    expect(before.applied).toBeLessThan(1000)

    // The same data folder, started again: the rest is sent, what was in already is recognised.
    const again = await testCore(dir, { workspaceRetry: { firstMs: 20, maxMs: 100 } })
    cores.push(again)
    await again.services.workspace.set({ host: cluster.host, port: cluster.port, database: ws.database, user: m.user, profileId: P, workstation: 'child' }, m.password)
    await until(again, settled(again))
    const colleague = await newCore()
    await joinWorkspace(colleague, ws, 1, 'desk-d')
    await until(colleague, settled(colleague))
    expect(book(colleague)).toEqual(book(again))
    expect(again.services.customers.book.all(P).every((r) => r.customerName?.endsWith(' v9'))).toBe(true)
    expect(await counted(ws)).toEqual({ applied: 1000, versions: 1000, records: 100 })
  })
})
