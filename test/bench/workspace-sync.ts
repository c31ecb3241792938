/**
 * The team workspace on a private PostgreSQL cluster (scripts/pg-cluster.sh), two app cores on two data folders:
 * - colleagueEdit: a customer saved on one workstation until the other's book has it (LISTEN/NOTIFY), median, 95th
 *   percentile and slowest of `--reps` edits, in ms;
 * - firstSync: a workstation with a book of `--customers` joins (its book sent), then a new one joins and pulls it all;
 * - catalogFirstSync: the same with a catalog of `--products` (in a workspace of its own, so the times are the catalog's);
 * - offlineEdits: `--edits` edits made while cut off from the server, then sent once it is back; and until the
 *   colleague has them.
 * Prints one JSON line. `lost`/`duplicated` are checked from the server's own counts.
 *
 *   npx tsx --tsconfig tsconfig.node.json test/bench/workspace-sync.ts [--customers 10000] [--products 2000] [--edits 1000] [--reps 30]
 *
 * Targets: a colleague's edit within 2 s (issue 36); first sync and 1,000 offline edits in seconds.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createCore, type Core } from '../../src/main/core'
import { silentLogger } from '../../src/main/services/log'
import { SANDBOX_PROFILE_ID } from '../../src/main/services/profiles'
import { catalogProductSchema } from '../../src/shared/orders/catalog'
import { MemoryVault } from '../../src/main/services/vault'
import { asAdmin, privateCluster } from '../support/pg'
import { disconnect, join as joinWorkspace, reconnect, setupWorkspace, until } from '../support/workspace'

const P = SANDBOX_PROFILE_ID

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`)
  return i >= 0 ? Number(process.argv[i + 1]) : fallback
}

const ms = (from: bigint): number => Number(process.hrtime.bigint() - from) / 1e6
const round = (n: number): number => Math.round(n * 10) / 10

export async function runWorkspaceBench(): Promise<Record<string, unknown>> {
  const customers = arg('customers', 10_000)
  const products = arg('products', 2000)
  const edits = arg('edits', 1000)
  const reps = arg('reps', 30)
  const cluster = await privateCluster()
  // The sync's retry timer does not hold a process open (the app's window or server does): this one does, so a
  // retry while the server is away never lets the bench end early with its cluster still running.
  const keepAlive = setInterval(() => undefined, 1000)
  const dirs: string[] = []
  const cores: Core[] = []
  const core = async (): Promise<Core> => {
    const dir = mkdtempSync(join(tmpdir(), 'ld-bench-ws-'))
    dirs.push(dir)
    const c = await createCore({ dataDir: dir, shell: 'browser', version: '0.0.0-bench', log: silentLogger, vault: new MemoryVault('bench'), startSandbox: null, workspaceRetry: { firstMs: 20, maxMs: 100 } })
    cores.push(c)
    return c
  }
  const settled = (c: Core) => () => {
    const s = c.services.workspace.status()
    return s.online && s.pending === 0
  }
  try {
    const ws = await setupWorkspace(cluster, ['alice', 'bob'])
    const a = await core()
    a.services.customers.book.importRows(
      P,
      Array.from({ length: customers }, (_, i) => ({ customerName: `客户 ${i} 有限公司`, crmCustomerId: `CRM${String(i).padStart(6, '0')}`, adminEmail: `it${i}@example.test` })),
    )
    let t = process.hrtime.bigint()
    await joinWorkspace(a, ws, 0, 'desk-a')
    await until(a, settled(a))
    const firstSend = ms(t)
    const b = await core()
    t = process.hrtime.bigint()
    await joinWorkspace(b, ws, 1, 'desk-b')
    await until(b, () => b.services.customers.book.search(P, { limit: 1 }).total === customers)
    const firstPull = ms(t)

    const ids = a.services.customers.book.all(P).slice(0, reps).map((r) => r.id)
    const lat: number[] = []
    for (let i = 0; i < reps; i++) {
      const name = `edited ${i}`
      const start = process.hrtime.bigint()
      await a.services.customers.save(P, ids[i]!, { customerName: name })
      await until(b, () => b.services.customers.book.get(ids[i]!).customerName === name)
      lat.push(ms(start))
    }
    lat.sort((x, y) => x - y)

    await disconnect(ws, 0)
    await until(a, () => !a.services.workspace.status().online)
    const many = a.services.customers.book.all(P).slice(0, 100).map((r) => r.id)
    for (let i = 0; i < edits; i++) await a.services.customers.save(P, many[i % 100]!, { customerName: `offline ${i}` })
    t = process.hrtime.bigint()
    await reconnect(ws, 0)
    await until(a, settled(a))
    const offlineSend = ms(t)
    const last = `offline ${edits - 1}`
    await until(b, () => b.services.customers.book.get(many[(edits - 1) % 100]!).customerName === last)
    const offlineSeen = ms(t)
    const counts = await asAdmin(cluster, (c) => c.query<{ applied: string }>("SELECT count(*) AS applied FROM desk.applied WHERE kind = 'customer'"), ws.database)
    const expected = customers + reps + edits
    const applied = Number(counts.rows[0]!.applied)

    // The catalog's first sync, in a workspace of its own: one workstation's catalog sent, a new one pulls it.
    const ws2 = await setupWorkspace(cluster, ['carol', 'dan'])
    const c = await core()
    c.services.catalog.merge(P, { products: Array.from({ length: products }, (_, i) => catalogProductSchema.parse({ productUri: `bench.product.${i}`, productName: `产品 ${i} 专业版`, productType: 'software' })), packages: [] }, 'en')
    const catalogSize = c.services.catalog.counts(P).products
    t = process.hrtime.bigint()
    await joinWorkspace(c, ws2, 0, 'desk-c')
    await until(c, settled(c))
    const catalogSend = ms(t)
    const d = await core()
    t = process.hrtime.bigint()
    await joinWorkspace(d, ws2, 1, 'desk-d')
    await until(d, () => d.services.catalog.counts(P).products === catalogSize)
    const catalogPull = ms(t)
    return {
      scenario: 'workspace.sync',
      customers,
      colleagueEditMs: { median: round(lat[Math.floor(lat.length / 2)]!), p95: round(lat[Math.floor(lat.length * 0.95)]!), max: round(lat[lat.length - 1]!) },
      firstSync: { sendSeconds: round(firstSend / 1000), pullSeconds: round(firstPull / 1000) },
      catalogFirstSync: { products: catalogSize, sendSeconds: round(catalogSend / 1000), pullSeconds: round(catalogPull / 1000) },
      offlineEdits: { edits, sendSeconds: round(offlineSend / 1000), seenByColleagueSeconds: round(offlineSeen / 1000) },
      lost: Math.max(0, expected - applied),
      duplicated: Math.max(0, applied - expected),
    }
  } finally {
    clearInterval(keepAlive)
    for (const c of cores) await c.dispose()
    await cluster.destroy()
    for (const d of dirs) rmSync(d, { recursive: true, force: true })
  }
}

if (process.argv[1]?.endsWith('workspace-sync.ts')) {
  process.stdout.write(JSON.stringify(await runWorkspaceBench()) + '\n')
}
