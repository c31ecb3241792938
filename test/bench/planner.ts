/**
 * Bench: the assignment planner (issue 34) on 1,000 employees × 5,000 numbers.
 *
 * - plan: the offline check and the diff of a reshuffle of every number (each of the 5,000 numbers ticked for one
 *   of the 1,000 employees, five each; a number held by someone else is a move): `checkPlan` (check, moves, the
 *   calls of both runs) and `diffWords` of every change, over an enterprise built in memory. Median and slowest ms.
 * - run / undo: the same plan applied to a sandbox (scale 50: 1,250 employees, 5,000 numbers; the sandbox's
 *   default latency, 0 ms; in a child process, so its CPU is not the app's) through a core as the app builds it
 *   (`planner.apply`: bulk runner, journal, default settings), then undone from the journal (`planner.undo`): the
 *   configure calls each sent (from the sandbox's counters) and the wall time, and whether the undo restored every
 *   holder (`restored`).
 * - products: a product column on the same sandbox: the products of the free numbers read once (member operation
 *   7, one call a number: `productFreeCalls`, and again: 0), then a tick of the product most free numbers carry for
 *   200 employees: the check's calls (the numbers those employees hold), its time, the run's configure calls, and
 *   the undo restoring every holder.
 * Prints one JSON line (scenario "planner"); details on stderr. Run alone:
 * `npx tsx --tsconfig tsconfig.node.json test/bench/planner.ts [--reps N] [--no-run]`.
 */
import { loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import type { IpcResult } from '@shared/ipc/channel'
import type { ChannelName, ChannelOutput } from '@shared/ipc/contract'
import { HOLDING_FLAG } from '@shared/ipc/channels/holdings'
import { SANDBOX_DEMO } from '@shared/sandbox-demo'
import type { AssignContext, KnownNumber, KnownPerson } from '@shared/holdings/assign-rows'
import { checkPlan, rowsOfCells, type PlanCell } from '@shared/holdings/plan'
import { diffWords } from '@shared/holdings/plan-words'
import { createApiClient } from '../../src/main/api/client'
import { listAllMembers } from '../../src/main/api/reconcile'
import { testCore } from '../support/core'
import { removeDir, tempDir } from '../support/tmp'
import { DEMO_SECRETS, demoConfig } from '../integration/api/support'
import { startChildSandbox } from './child-sandbox'

const log = (msg: string) => process.stderr.write(`[bench:planner] ${msg}\n`)
const round = (n: number) => Math.round(n * 100) / 100
const EMPLOYEES = 1000
const NUMBERS = 5000

/** Every number ticked for one employee, five each (number i to employee i mod 1,000). */
function reshuffle(employees: readonly string[], numbers: readonly string[]): PlanCell[] {
  return numbers.map((n, i) => ({ employee: employees[i % employees.length]!, assetNum: n, mark: 'give' }))
}

function offline(reps: number): { medianMs: number; maxMs: number; changes: number; calls: number; moves: number } {
  const people: KnownPerson[] = Array.from({ length: 1250 }, (_, i) => ({ globalId: `M${String(i).padStart(15, '0')}`, userName: `user${i}`, name: `User ${i}` }))
  const byRef = new Map<string, KnownPerson>()
  for (const p of people) {
    byRef.set(p.globalId, p)
    byRef.set(p.userName, p)
  }
  // Half the numbers held, by any of the 1,250 employees.
  const numbers = new Map<string, KnownNumber>()
  for (let i = 0; i < NUMBERS; i++) {
    const n = String(8101000001 + i)
    numbers.set(n, { assetNum: n, assetId: `A${i}`, holder: i % 2 === 0 ? people[(i * 7) % people.length]!.globalId : null, borrowedLock: false })
  }
  const ctx: AssignContext = { person: (ref) => byRef.get(ref) ?? null, number: (n) => numbers.get(n) ?? null }
  const rows = rowsOfCells(reshuffle(people.slice(0, EMPLOYEES).map((p) => p.userName), [...numbers.keys()]))
  const name = (id: string) => byRef.get(id)?.name ?? id
  const times: number[] = []
  let last = checkPlan(rows, ctx)
  for (let r = 0; r < reps; r++) {
    const t0 = performance.now()
    last = checkPlan(rows, ctx)
    diffWords(last.changes, 'en', name)
    times.push(performance.now() - t0)
  }
  times.sort((a, b) => a - b)
  return { medianMs: round(times[Math.floor(times.length / 2)]!), maxMs: round(times[times.length - 1]!), changes: last.changes.length, calls: last.counts.calls, moves: last.counts.moves }
}

async function online(): Promise<Record<string, number | boolean>> {
  const sb = await startChildSandbox(['--scale', '50'])
  const dir = await tempDir('ld-bench-planner-')
  const core = await testCore(dir)
  const call = async <C extends ChannelName>(channel: C, input: unknown): Promise<ChannelOutput<C>> => {
    const r = (await core.registry.invoke(channel, input, { transport: 'test' })) as IpcResult<ChannelOutput<C>>
    if (!r.ok) throw new Error(`${channel}: ${JSON.stringify(r.error)}`)
    return r.value
  }
  try {
    const profile = await call('profiles.create', {
      fields: { name: 'Bench', baseUrl: sb.url, orderAppKey: SANDBOX_DEMO.orderApp.clientId, memberAppKey: SANDBOX_DEMO.memberApp.clientId, userLogin: SANDBOX_DEMO.user.username, operatorIdentity: 'ops@example.com' },
      secrets: { ...DEMO_SECRETS },
    })
    const on = { profileId: profile.id, enterpriseGlobalId: SANDBOX_DEMO.enterpriseGlobalId }
    const client = createApiClient(demoConfig(sb))
    const employees = (await listAllMembers(client, on.enterpriseGlobalId, { pageSize: 500 })).filter((m) => !m.userName.startsWith('magic')).slice(0, EMPLOYEES)
    await client.close()
    const before = await call('holdings.numbers', { ...on, refresh: true })
    const givable = before.assetNum.filter((_, i) => (before.flags[i]! & HOLDING_FLAG.borrowedLock) === 0)
    const startHolder = new Map(before.assetNum.map((n, i) => [n, before.holder[i]! < 0 ? null : before.holders[before.holder[i]!]!]))
    const rows = rowsOfCells(reshuffle(employees.map((e) => e.userName), givable))
    // Calls sent (attempts included), from the journal of the plan's jobs.
    const sent = async (jobIds: readonly string[]) => {
      let n = 0
      for (const jobId of jobIds) n += (await call('journal.list', { jobId, operations: ['configureAssets'], limit: 1 })).total
      return n
    }
    const t0 = performance.now()
    const run = await call('planner.apply', { ...on, rows })
    const runSeconds = (performance.now() - t0) / 1000
    const t1 = performance.now()
    const undo = await call('planner.undo', { id: run.plan.id })
    const undoSeconds = (performance.now() - t1) / 1000
    const after = await call('holdings.numbers', { ...on, refresh: true })
    const restored = after.assetNum.every((n, i) => (after.holder[i]! < 0 ? null : after.holders[after.holder[i]!]!) === startHolder.get(n))
    const products = await productColumn(call, on, employees.map((e) => e.userName).slice(0, 200), startHolder)
    log(`run: ${run.plan.counts.calls} calls (${run.plan.counts.gets} gets, ${run.plan.counts.moves} moves, ${run.plan.counts.givesBack} give back) in ${round(runSeconds)} s; undo: ${undo.plan.counts.calls} calls in ${round(undoSeconds)} s; restored ${restored}`)
    return {
      cells: rows.length,
      runCalls: run.plan.counts.calls,
      runJobs: run.plan.jobIds.length,
      runSent: await sent(run.plan.jobIds),
      runSeconds: round(runSeconds),
      runDone: run.outcomes['done'] ?? 0,
      undoCalls: undo.plan.counts.calls,
      undoJobs: undo.plan.jobIds.length,
      undoSent: await sent(undo.plan.jobIds),
      undoSeconds: round(undoSeconds),
      restored,
      ...products,
    }
  } finally {
    await core.dispose()
    await sb.stop()
    await removeDir(dir)
  }
}

type Call = <C extends ChannelName>(channel: C, input: unknown) => Promise<ChannelOutput<C>>

/** The product-column part (see the module's comment). */
async function productColumn(call: Call, on: { profileId: string; enterpriseGlobalId: string }, accounts: readonly string[], start: ReadonlyMap<string, string | null>): Promise<Record<string, number | boolean>> {
  const t0 = performance.now()
  const free = await call('planner.products', { ...on, free: true })
  const freeSeconds = (performance.now() - t0) / 1000
  const again = await call('planner.products', { ...on, free: true })
  const product = [...free.products].sort((a, b) => (b.free ?? 0) - (a.free ?? 0))[0]!
  const cells = accounts.map((employee) => ({ employee, productUri: product.uri, mark: 'give' as const }))
  const t1 = performance.now()
  const check = await call('planner.check', { ...on, rows: [], products: cells })
  const checkMs = performance.now() - t1
  const t2 = performance.now()
  const run = await call('planner.apply', { ...on, rows: [], products: cells })
  const runSeconds = (performance.now() - t2) / 1000
  const undo = await call('planner.undo', { id: run.plan.id })
  const after = await call('holdings.numbers', { ...on, refresh: true })
  const restored = after.assetNum.every((n, i) => (after.holder[i]! < 0 ? null : after.holders[after.holder[i]!]!) === start.get(n))
  const outcome = (o: string) => check.products.filter((p) => p.outcome === o).length
  log(
    `products: free numbers' products ${free.calls} calls in ${round(freeSeconds)} s (again: ${again.calls}); ${cells.length} ticks of ${product.name} (${product.free} free carry it): ` +
      `check ${check.productCalls} calls in ${round(checkMs)} ms, ${outcome('gets')} gets, ${outcome('has')} have it, ${outcome('noFree')} no free number; run ${run.plan.counts.calls} configure calls in ${round(runSeconds)} s; undo ${undo.plan.counts.calls} calls; restored ${restored}`,
  )
  return {
    productFreeCalls: free.calls,
    productFreeSeconds: round(freeSeconds),
    productFreeCallsAgain: again.calls,
    productTicks: cells.length,
    productCheckCalls: check.productCalls,
    productCheckMs: round(checkMs),
    productGets: outcome('gets'),
    productRunCalls: run.plan.counts.calls,
    productRunSeconds: round(runSeconds),
    productUndoCalls: undo.plan.counts.calls,
    productRestored: restored,
  }
}

export async function runPlannerBench(opts: { reps?: number; run?: boolean } = {}): Promise<Record<string, unknown>> {
  const reps = opts.reps ?? 15
  log(`load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}`)
  const plan = offline(reps)
  log(`check + diff of ${EMPLOYEES} × ${NUMBERS}: median ${plan.medianMs} ms, slowest ${plan.maxMs} ms (${plan.changes} changes, ${plan.moves} moves, ${plan.calls} calls)`)
  const out: Record<string, unknown> = { scenario: 'planner', employees: EMPLOYEES, numbers: NUMBERS, checkAndDiffMedianMs: plan.medianMs, checkAndDiffMaxMs: plan.maxMs, changes: plan.changes, plannedCalls: plan.calls }
  if (opts.run !== false) Object.assign(out, await online())
  return out
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const i = process.argv.indexOf('--reps')
  const reps = i >= 0 ? Number(process.argv[i + 1]) : undefined
  runPlannerBench({ ...(reps ? { reps } : {}), run: !process.argv.includes('--no-run') })
    .then((line) => process.stdout.write(JSON.stringify(line) + '\n'))
    .catch((err: unknown) => {
      process.stderr.write(`[bench:planner] failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`)
      process.exit(1)
    })
}
