/**
 * Bench: exporting 200,000 rows to a file with the streaming writers (issue 32 item 2; src/main/services/import/
 * stream-table.ts): CSV (target 3 s) and Excel (target 15 s), each its time and this process's peak RSS. Rows are
 * made as they are written (a generator), as a streaming export reads them. Then the whole path of an export from
 * the screen (exports.run's service: the asset numbers of a 200,000-number enterprise with 20,000 holders named from
 * a directory of 50,000, filtered and sorted as the screen asks, written and offered for download), both formats.
 * Prints one JSON line. Run alone:
 * `npx tsx --tsconfig tsconfig.node.json test/bench/export-stream.ts [--rows N]`.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { streamTable, type Row } from '../../src/main/services/import/stream-table'
import { ExportService } from '../../src/main/services/exports'
import { exportSourceReader, type ExportSourceDeps, type ExportSourceInput } from '../../src/main/services/exports/sources'
import { HoldingsTableView } from '../../src/main/services/holdings/table-view'
import type { HoldingTable } from '../../src/shared/ipc/channels/holdings'

const COLUMNS = ['Asset number', 'Type', 'Customer', 'Enterprise', 'Products', 'Expires', 'Locked', 'Note']
function* rows(n: number): Generator<Row> {
  for (let i = 0; i < n; i++) yield [String(8_100_000_000 + i), 'normal_recover_usbkey', `客户 ${i % 997}`, `E${i % 50}`, i % 7, '2027-12-31', i % 3 === 0 ? 'yes' : 'no', i % 11 === 0 ? '=note' : null]
}

export async function runExportStreamBench(n = 200_000): Promise<Record<string, unknown>> {
  const dir = mkdtempSync(join(tmpdir(), 'ld-export-bench-'))
  const out: Record<string, unknown> = { scenario: 'export-stream', rows: n }
  try {
    for (const [format, target] of [['csv', 3], ['xlsx', 15]] as const) {
      let peak = process.memoryUsage.rss()
      const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20)
      const t0 = performance.now()
      const path = join(dir, `bench.${format}`)
      await streamTable({ path, format, columns: COLUMNS, rows: rows(n) })
      const seconds = (performance.now() - t0) / 1000
      clearInterval(timer)
      peak = Math.max(peak, process.memoryUsage.rss())
      out[format] = { seconds: Math.round(seconds * 100) / 100, targetSeconds: target, peakRssMB: Math.round(peak / 1048576), fileMB: Math.round(statSync(path).size / 104857.6) / 10 }
    }
    out.holdings = await holdingsExport(dir, n)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  return out
}

/** An enterprise of `n` numbers, one in ten held (by 20,000 people at most), some lent or online. */
function enterprise(n: number): HoldingTable {
  const holders = Array.from({ length: Math.min(20_000, Math.ceil(n / 10)) }, (_, i) => `M${String(i).padStart(15, '0')}`)
  return {
    profileId: 'p',
    enterpriseGlobalId: 'E1',
    fetchedAt: 0,
    cached: true,
    count: n,
    holders,
    assetNum: Array.from({ length: n }, (_, i) => String(8_100_000_000 + i)),
    assetId: Array.from({ length: n }, (_, i) => `asset-${i}`),
    holder: Array.from({ length: n }, (_, i) => (i % 10 === 0 ? (i / 10) % holders.length : -1)),
    flags: Array.from({ length: n }, (_, i) => (i % 97 === 0 ? 1 : 0) | (i % 3 === 0 ? 2 : 0)),
  }
}

async function holdingsExport(dir: string, n: number): Promise<Record<string, unknown>> {
  const t = enterprise(n)
  const people = t.holders.map((globalId, i) => ({ globalId, userName: `user${i}`, name: `员工 ${i}` }))
  const deps: ExportSourceDeps = {
    holdings: {
      target: async () => ({ profileId: 'p', enterpriseGlobalId: t.enterpriseGlobalId }),
      view: new HoldingsTableView({
        cache: { get: async () => ({ entry: { fetchedAt: t.fetchedAt, columns: () => t }, cached: true }) },
        directory: { status: () => ({ profileId: 'p', enterpriseGlobalId: t.enterpriseGlobalId, state: 'ready', loaded: people.length, total: people.length, readAt: 0 }), people: () => ({ status: {} as never, people }) },
      }),
    },
    directory: { whenRead: async () => ({}) as never },
    orders: { exportTable: () => ({ baseName: 'x', sheetName: 'x', columns: [], rows: [], total: 0 }) },
    book: null as never,
    renewals: null as never,
    journal: null as never,
    activeProfile: async () => 'p',
    locale: async () => 'en',
  }
  const service = new ExportService<ExportSourceInput>({ dir, read: exportSourceReader(deps), emit: () => {} })
  const words = { free: 'Free', held: 'Held', lent: 'Lent', borrowedFree: 'Borrowed lock', borrowedLent: 'Borrowed lock, lent', online: 'Online' }
  const source: ExportSourceInput = { kind: 'holdings', state: 'all', text: '', sort: { key: 'holder', order: 'asc' }, words, columns: ['Number', 'Name', 'Account', 'Id', 'State', 'Online', 'Asset id'], sheetName: 'Numbers' }
  const out: Record<string, unknown> = {}
  for (const [format, target] of [['csv', 3], ['xlsx', 15]] as const) {
    let peak = process.memoryUsage.rss()
    const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20)
    const t0 = performance.now()
    const r = await service.run({ id: `bench-${format}`, format, source })
    const seconds = (performance.now() - t0) / 1000
    clearInterval(timer)
    if (r.state === 'saved' && r.downloadUrl) service.take(r.downloadUrl.split('/').pop()!)
    out[format] = { seconds: Math.round(seconds * 100) / 100, targetSeconds: target, peakRssMB: Math.round(Math.max(peak, process.memoryUsage.rss()) / 1048576), rows: r.state === 'saved' ? r.rows : 0 }
  }
  return out
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const i = process.argv.indexOf('--rows')
  process.stdout.write(JSON.stringify(await runExportStreamBench(i >= 0 ? Number(process.argv[i + 1]) : undefined)) + '\n')
}
