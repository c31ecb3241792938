/**
 * Bench: exporting 200,000 rows to a file with the streaming writers (issue 32 item 2; src/main/services/import/
 * stream-table.ts): CSV (target 3 s) and Excel (target 15 s), each its time and this process's peak RSS. Rows are
 * made as they are written (a generator), as a streaming export reads them. Prints one JSON line. Run alone:
 * `npx tsx --tsconfig tsconfig.node.json test/bench/export-stream.ts [--rows N]`.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { streamTable, type Row } from '../../src/main/services/import/stream-table'

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
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  return out
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const i = process.argv.indexOf('--rows')
  process.stdout.write(JSON.stringify(await runExportStreamBench(i >= 0 ? Number(process.argv[i + 1]) : undefined)) + '\n')
}
