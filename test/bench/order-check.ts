/**
 * Bench: checking a big order with the shared order rules (issue 10 item 4). The order: 100 entries, each a new
 * purchase with 1,000 asset numbers and 10 products (two features each) — 100,000 numbers, 1,000 products.
 *
 * - full: `checkOrderDraft` (the draft turned into the request, then every rule): what main runs before sending
 *   and what the Drafts list's summary runs on every save. Target: under 20 ms.
 * - edit: the wizard's checker (src/renderer/models/orders/check.ts) after one entry was edited: the header and
 *   the edited entry are checked, the other 99 come from the cache.
 * - number typed: the same after a number was added to one entry's box, so the pass across entries has work: it
 *   re-reads that entry's numbers only (src/shared/rules/asset-repeats.ts, `assetRepeatsTracker`).
 * Prints one JSON line (scenario "order-check": median and slowest ms of each, and the issues found, 0 for this
 * valid order); details on stderr. Run alone: `npx tsx --tsconfig tsconfig.node.json test/bench/order-check.ts [--reps N]`.
 */
import { loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import { checkOrderDraft, emptyEntry, emptyFeature, emptyProduct, newKey, type OrderDraft, type OrderEntryDraft } from '@shared/orders/draft'
import { createOrderChecker } from '../../src/renderer/models/orders/check'

const log = (msg: string) => process.stderr.write(`[bench:order-check] ${msg}\n`)
const round = (n: number) => Math.round(n * 100) / 100

function entry(i: number): OrderEntryDraft {
  const e = emptyEntry('new_buy')
  const products = Array.from({ length: 10 }, (_, k) => ({
    ...emptyProduct(),
    crmProductId: `LD-${i}-${k}`,
    productUri: `GMS-${1000 + k}`,
    productName: `Product ${k}`,
    productType: 'tool',
    limitConcurrent: 5,
    productFeatures: [0, 1].map((f) => ({ ...emptyFeature(), featureCode: `F${f}`, featureName: `Feature ${f}`, featureValue: '1', featureValueType: 'int' })),
  }))
  return {
    ...e,
    licenseType: 'normal_recover_usbkey',
    customerName: `Customer ${i}`,
    customerId: `C${i}`,
    crmCustomerId: `CRM${i}`,
    channelCustomerId: `CH${i}`,
    enterpriseGlobalId: `E${i}`,
    branchCode: 'SH',
    branchName: 'Shanghai',
    adminName: 'Admin',
    adminAccount: `admin${i}`,
    adminEmail: `admin${i}@example.com`,
    adminCellNumber: '13912345678',
    passwordMobile: '13912345678',
    address: 'Road 1',
    assets: [{ ...e.assets[0]!, assetNos: Array.from({ length: 1000 }, (_, n) => String(8_100_000_000 + i * 1000 + n)), products }],
  }
}

export function bigOrder(entries = 100): OrderDraft {
  return { version: 1, channelOrderId: 'LD-BENCH', syncMode: 'sync', ready: false, note: '', entries: Array.from({ length: entries }, (_, i) => entry(i)) }
}

/** Median and slowest, and the fastest (the cost with the least interference from other work on the machine). */
function stats(xs: number[]): { min: number; median: number; max: number } {
  const s = [...xs].sort((a, b) => a - b)
  return { min: round(s[0]!), median: round(s[Math.floor(s.length / 2)]!), max: round(s[s.length - 1]!) }
}

export function runOrderCheckBench(reps = 30): Record<string, unknown> {
  const draft = bigOrder()
  const full: number[] = []
  /** CPU time of this process per check (less disturbed than the wall clock when other work shares the cores). */
  const fullCpu: number[] = []
  let issues = 0
  for (let r = 0; r < reps + 5; r++) {
    const c0 = process.cpuUsage()
    const t0 = performance.now()
    issues = checkOrderDraft(draft, 'DEMO').length
    const wall = performance.now() - t0
    const c = process.cpuUsage(c0)
    if (r >= 5) {
      full.push(wall)
      fullCpu.push((c.user + c.system) / 1000)
    }
  }
  const checker = createOrderChecker()
  checker.check(draft, 'DEMO')
  const edit: number[] = []
  let entries = draft.entries
  for (let r = 0; r < reps + 5; r++) {
    const i = r % entries.length
    entries = entries.map((e, j) => (j === i ? { ...e, key: newKey(), customerName: `Customer ${r}` } : e))
    const t0 = performance.now()
    checker.check({ ...draft, entries }, 'DEMO')
    if (r >= 5) edit.push(performance.now() - t0)
  }
  // A number typed into one entry's box: its list of numbers changes (the pass across entries has work to do).
  const typed: number[] = []
  for (let r = 0; r < reps + 5; r++) {
    const i = r % entries.length
    entries = entries.map((e, j) => (j === i ? { ...e, assets: [{ ...e.assets[0]!, assetNos: [...e.assets[0]!.assetNos, String(8_199_000_000 + r)] }, ...e.assets.slice(1)] } : e))
    const t0 = performance.now()
    checker.check({ ...draft, entries }, 'DEMO')
    if (r >= 5) typed.push(performance.now() - t0)
  }
  const f = stats(full)
  const e = stats(edit)
  const n = stats(typed)
  const load = loadavg().map((l) => round(l))
  const cpu = stats(fullCpu)
  log(`100 entries × 1,000 numbers × 10 products: full check fastest ${f.min} ms, median ${f.median} ms (slowest ${f.max}), CPU median ${cpu.median} ms; after one edit median ${e.median} ms (slowest ${e.max}), after a number typed median ${n.median} ms (slowest ${n.max}); ${issues} issues; load ${load.join(' ')}`)
  return { scenario: 'order-check', entries: 100, assetNumbers: 100_000, products: 1_000, fullMinMs: f.min, fullMedianMs: f.median, fullMaxMs: f.max, fullCpuMedianMs: cpu.median, editMedianMs: e.median, editMaxMs: e.max, numberTypedMedianMs: n.median, numberTypedMaxMs: n.max, issues, load }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const i = process.argv.indexOf('--reps')
  process.stdout.write(JSON.stringify(runOrderCheckBench(i >= 0 ? Number(process.argv[i + 1]) : 30)) + '\n')
}
