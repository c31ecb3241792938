/**
 * `npm run bench`: the bulk engine against the sandbox, and the bare undici loop it must keep up with.
 *
 * Scenarios (each printed as one JSON line with exactly the keys scenario, items, seconds, baselineSeconds,
 * ratio, peakRssMB, lost, duplicated):
 * - locks.disable: disable 10,000 locks through the bulk runner (chunks of settings.bulk.lockChunkSize,
 *   settings.bulk.concurrency in flight, journal and job log fsynced), vs the same calls in a bare loop;
 * - members.import: import 5,000 employees (100 per call, fresh names per run), vs the same in a bare loop.
 * Both sides first run `--warmup` times untimed (default 3 full runs each: the engine has more code for the JIT
 * to settle), then `--reps` times each (default 15), alternating which side goes first, and the fastest run of
 * each side counts, so the order of runs and a noisy neighbour on the 2 shared cores weigh the same on both
 * sides. Both sides' fastest and median runs, and the median of the per-rep ratios, go to stderr. As in the app,
 * one engine (journal, client pool, runner over one data folder) serves every run of a scenario, each a new
 * job; the bare loop likewise keeps its agent and tokens.
 *
 * The sandbox runs in a child process (its CPU is not counted against the client). `lost`: input items without
 * a final result, or reported done but not so in the service afterwards. `duplicated`: items the journal shows
 * in more than one call (automatic retries of the same call excluded). peakRssMB: this process, runner runs.
 * Then the sandbox's own throughput bench (test/bench/sandbox-throughput.ts) runs, if present, the Members list's
 * round trip at 50,000 employees (test/bench/member-list.ts; --no-member-list-bench leaves it out), the
 * assets-table bench, the asset numbers table at 200,000 (test/bench/holdings-table.ts; --no-holdings-bench leaves
 * it out), the customer book's search bench (test/bench/customers-search.ts; --no-customers-bench leaves it out), and
 * the oversized-input probe against browser mode (test/bench/ipc-fuzz.ts; --no-fuzz-bench leaves it out), and
 * checking an order of 100 entries × 1,000 numbers × 10 products (test/bench/order-check.ts; --no-order-check-bench), and
 * submitting an order of 100 entries to the sandbox, from submit to result (test/bench/order-submit.ts; --no-order-submit-bench),
 * renewals read over 200 enterprises of 50 locks and filtered at 10,000 rows (test/bench/renewals.ts; --no-renewals-bench),
 * and the first screen's JavaScript, gzipped, of the built renderer (test/bench/first-screen.ts; needs
 * `npx electron-vite build` first; --no-first-screen-bench), and 200,000 rows exported to CSV and Excel by the streaming
 * writers and through the export service (test/bench/export-stream.ts; --no-export-bench), editing the order of
 * 100 entries in the wizard, long tasks per step (test/bench/order-edit.ts; --no-order-edit-bench), and the assignment
 * planner on 1,000 employees × 5,000 numbers: the offline check and diff, the run through the bulk runner and its undo
 * (test/bench/planner.ts; --no-planner-bench), and the team workspace's sync on a private PostgreSQL cluster
 * (test/bench/workspace-sync.ts; --no-workspace-bench).
 *
 * Options: --reps N, --warmup N, --locks N, --members N, --latency MS (added by the sandbox to every call, default 0: the
 * sandbox answers in well under a millisecond, so the engine's own cost shows at its largest; a real service
 * over a network takes tens of milliseconds per call), --no-sandbox-bench, --no-member-list-bench, --no-ui-bench. Diagnostics go to stderr; stdout is
 * JSON lines.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { TOGGLEABLE_LOCK_TYPES } from '@shared/api/orders'
import { SANDBOX_DEMO } from '@shared/sandbox-demo'
import { DEFAULT_BULK, SPEC_LIMITS } from '@shared/settings'
import type { JobItem } from '@shared/ipc/channels/bulk'
import { createApiClient, type ApiClient } from '../../src/main/api/client'
import type { ConnectionConfig } from '../../src/main/api/connection'
import { listAllMembers } from '../../src/main/api/reconcile'
import { BulkRunner, chunk } from '../../src/main/services/bulk'
import { Journal } from '../../src/main/services/journal'
import { bareAgent, bareLocks, bareMembers, type BareTokens } from './bare-loop'
import { startChildSandbox } from './child-sandbox'

interface Line {
  scenario: string
  items: number
  seconds: number
  baselineSeconds: number
  ratio: number
  peakRssMB: number
  lost: number
  duplicated: number
}

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`)
  return i >= 0 ? Number(process.argv[i + 1]) : fallback
}
const REPS = arg('reps', 15)
const WARMUP = arg('warmup', 3)
const LOCKS = arg('locks', 10_000)
const MEMBERS = arg('members', 5_000)
const LATENCY = arg('latency', 0)
const EID = SANDBOX_DEMO.enterpriseGlobalId
const log = (msg: string) => process.stderr.write(`[bench] ${msg}\n`)
const round = (n: number, d = 3) => Math.round(n * 10 ** d) / 10 ** d

function config(url: string): ConnectionConfig {
  const secrets: Record<string, string> = {
    orderAppSecret: SANDBOX_DEMO.orderApp.clientSecret,
    memberAppSecret: SANDBOX_DEMO.memberApp.clientSecret,
    userPassword: SANDBOX_DEMO.user.password,
  }
  return {
    profileId: 'bench',
    baseUrl: url,
    tokenUrl: `${url}${SANDBOX_DEMO.tokenPath}`,
    orderAppKey: SANDBOX_DEMO.orderApp.clientId,
    memberAppKey: SANDBOX_DEMO.memberApp.clientId,
    userLogin: SANDBOX_DEMO.user.username,
    operatorIdentity: 'bench@example.com',
    getSecret: async (n) => secrets[n] ?? null,
  }
}

async function bareTokens(url: string): Promise<BareTokens> {
  const get = async (form: Record<string, string>) => {
    const res = await fetch(`${url}${SANDBOX_DEMO.tokenPath}`, { method: 'POST', body: new URLSearchParams(form) })
    return ((await res.json()) as { access_token: string }).access_token
  }
  const m = SANDBOX_DEMO.memberApp
  return {
    order: await get({ grant_type: 'client_credentials', client_id: SANDBOX_DEMO.orderApp.clientId, client_secret: SANDBOX_DEMO.orderApp.clientSecret }),
    client: await get({ grant_type: 'client_credentials', client_id: m.clientId, client_secret: m.clientSecret }),
    user: await get({ grant_type: 'password', client_id: m.clientId, client_secret: m.clientSecret, username: SANDBOX_DEMO.user.username, password: SANDBOX_DEMO.user.password }),
  }
}

/** Samples this process's RSS while `fn` runs. */
async function withPeakRss<T>(fn: () => Promise<T>): Promise<{ value: T; peakMB: number }> {
  let peak = process.memoryUsage.rss()
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss())
  }, 20)
  try {
    const value = await fn()
    peak = Math.max(peak, process.memoryUsage.rss())
    return { value, peakMB: Math.round(peak / 1024 / 1024) }
  } finally {
    clearInterval(timer)
  }
}

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; seconds: number }> {
  // A pause first: what the previous run left to finish (the engine's lazy journal lines are written within
  // 25 ms) is done before the clock starts, whichever side ran before.
  await new Promise((r) => setTimeout(r, 50))
  const c0 = process.cpuUsage()
  const s0 = sandboxCpu()
  const t0 = performance.now()
  const value = await fn()
  const seconds = (performance.now() - t0) / 1000
  const c = process.cpuUsage(c0)
  const s1 = sandboxCpu()
  if (cpuSide) {
    cpu[cpuSide].push((c.user + c.system) / 1000)
    if (s0 !== null && s1 !== null) cpu[cpuSide === 'runner' ? 'sandboxRunner' : 'sandboxBaseline'].push(s1 - s0)
  }
  return { value, seconds }
}

/** The engine as the app builds it: a journaled client and a runner over a data folder. */
function engine(url: string, dataDir: string): { runner: BulkRunner; client: ApiClient; journal: Journal } {
  const journal = new Journal({ dataDir })
  const client = createApiClient(config(url), { journal })
  const runner = new BulkRunner({
    dataDir,
    clientFor: async () => client,
    settings: async () => DEFAULT_BULK,
    activeProfileId: async () => 'bench',
    operatorIdentity: async () => 'bench@example.com',
    onProgress: () => undefined,
  })
  return { runner, client, journal }
}

/**
 * Per job, the items the journal shows in more than one of its calls (automatic retries of one call excluded).
 * Read once, after the timed runs, by a journal reader of its own.
 */
async function duplicatedInJournal(dataDir: string, jobIds: string[], keysOf: (body: unknown) => string[]): Promise<number> {
  const journal = new Journal({ dataDir })
  const seen = new Map<string, Map<string, number>>(jobIds.map((id) => [id, new Map()]))
  let offset = 0
  try {
    for (;;) {
      const page = await journal.list({ offset, limit: 500 })
      for (const e of page.entries) {
        const mine = e.jobId === undefined ? undefined : seen.get(e.jobId)
        if (!mine || e.attempt > 0) continue
        for (const k of keysOf(e.body)) mine.set(k, (mine.get(k) ?? 0) + 1)
      }
      offset += page.entries.length
      if (page.entries.length === 0 || offset >= page.total) break
    }
  } finally {
    await journal.close()
  }
  return Math.max(0, ...[...seen.values()].map((m) => [...m.values()].filter((n) => n > 1).length))
}

function notFinal(items: JobItem[], inputCount: number): number {
  return inputCount - items.length + items.filter((i) => i.result.state === 'pending').length
}

/** Fastest and middle of some timings. */
function stats(xs: number[]): { min: number; median: number } {
  const s = [...xs].sort((a, b) => a - b)
  const mid = s.length >> 1
  return { min: s[0]!, median: s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2 }
}

/** One side of a comparison: runs once (rep < 0: warm-up) and returns its seconds. */
type Side = (rep: number) => Promise<number>

/** CPU used by the timed part of runs: this process and the sandbox's (ms per run), for the diagnostics. */
const cpu = { runner: [] as number[], baseline: [] as number[], sandboxRunner: [] as number[], sandboxBaseline: [] as number[] }
let sandboxCpu: () => number | null = () => null
let cpuSide: keyof typeof cpu | null = null

/**
 * Runs both sides `WARMUP` times untimed, then `REPS` times timed, alternating which goes first, and reports the
 * fastest and the median of each (and the median of the per-rep ratios) on stderr.
 */
async function compare(label: string, runner: Side, bare: Side): Promise<{ seconds: number; baselineSeconds: number }> {
  for (let w = 0; w < WARMUP; w++) {
    await bare(-1)
    await runner(-1)
  }
  const r: number[] = []
  const b: number[] = []
  for (const k of Object.keys(cpu) as (keyof typeof cpu)[]) cpu[k] = []
  const runSide = async (side: 'runner' | 'baseline', rep: number) => {
    cpuSide = side
    try {
      return await (side === 'runner' ? runner : bare)(rep)
    } finally {
      cpuSide = null
    }
  }
  for (let rep = 0; rep < REPS; rep++) {
    if (rep % 2 === 0) {
      b.push(await runSide('baseline', rep))
      r.push(await runSide('runner', rep))
    } else {
      r.push(await runSide('runner', rep))
      b.push(await runSide('baseline', rep))
    }
    log(`${label} rep ${rep + 1}: runner ${round(r[rep]!)} s, baseline ${round(b[rep]!)} s`)
  }
  const rs = stats(r)
  const bs = stats(b)
  const paired = stats(r.map((x, i) => x / b[i]!)).median
  log(
    `${label}: runner min ${round(rs.min)} s, median ${round(rs.median)} s; baseline min ${round(bs.min)} s, median ${round(bs.median)} s; ` +
      `ratio of mins ${round(rs.min / bs.min)}, of medians ${round(rs.median / bs.median)}, median of paired ratios ${round(paired)} (${REPS} reps after ${WARMUP} warm-ups)`,
  )
  const ms = (xs: number[]) => (xs.length ? `${round(stats(xs).median, 1)} ms` : 'n/a')
  log(
    `${label}: CPU per run (median), this process: runner ${ms(cpu.runner)}, baseline ${ms(cpu.baseline)}; ` +
      `the sandbox: for the runner ${ms(cpu.sandboxRunner)}, for the baseline ${ms(cpu.sandboxBaseline)}`,
  )
  return { seconds: rs.min, baselineSeconds: bs.min }
}

async function lockScenario(url: string): Promise<Line> {
  const setup = createApiClient(config(url))
  const assets = await setup.listVirtualAssets(EID)
  const magic = /^80000/ // magic locks force errors by design
  const locks = assets
    .filter((a) => (TOGGLEABLE_LOCK_TYPES as readonly string[]).includes(a.licenseType) && !a.borrowedUsbKey && !magic.test(a.assetNum))
    .map((a) => a.assetNum)
  if (locks.length < LOCKS) throw new Error(`the sandbox has ${locks.length} toggleable locks, ${LOCKS} needed: raise --scale`)
  const items = locks.slice(0, LOCKS)
  const chunks = chunk(items, DEFAULT_BULK.lockChunkSize)
  const agent = bareAgent()
  const tokens = await bareTokens(url)
  let peak = 0
  let lost = 0
  let duplicated = 0
  const dir = mkdtempSync(join(tmpdir(), 'ld-bench-'))
  const { runner, client, journal } = engine(url, dir)
  await client.ensureTokens('order')
  // Everything enabled again (untimed) before each timed disable, so both sides do the same work.
  const reset = () => bareLocks(agent, url, tokens, chunks, DEFAULT_BULK.concurrency, false)
  const bare: Side = async () => {
    await reset()
    const base = await timed(() => bareLocks(agent, url, tokens, chunks, DEFAULT_BULK.concurrency, true))
    if (base.value !== items.length) throw new Error(`baseline disabled ${base.value} of ${items.length}`)
    return base.seconds
  }
  const jobs: string[] = []
  // The service's state is read back after the last rep in which the runner ran second (nothing timed follows).
  const lastRunnerSecond = (REPS - 1) % 2 === 0 ? REPS - 1 : REPS - 2
  const engineSide: Side = async (rep) => {
    await reset()
    const r = await withPeakRss(() =>
      timed(async () => {
        const job = await runner.start({ kind: 'locks.disable', items })
        return runner.wait(job.id)
      }),
    )
    const job = r.value.value
    if (rep >= 0) {
      peak = Math.max(peak, r.peakMB)
      jobs.push(job.id)
      if (rep === lastRunnerSecond) {
        // Reported done but not disabled in the service counts as lost too.
        const okNums = (await runner.allItems(job.id)).filter((i) => i.result.state === 'ok').map((i) => i.key)
        const state = new Map((await setup.listVirtualAssets(EID)).map((a) => [a.assetNum, a.locked]))
        lost = Math.max(lost, okNums.filter((n) => state.get(n) !== true).length)
      }
    }
    return r.value.seconds
  }
  let t: { seconds: number; baselineSeconds: number }
  try {
    t = await compare('locks', engineSide, bare)
    // After the timed runs, so that reading everything back weighs on none of them.
    for (const id of jobs) {
      const results = await runner.allItems(id)
      const ok = results.filter((i) => i.result.state === 'ok').length
      lost = Math.max(lost, notFinal(results, items.length) + (items.length - ok))
    }
    duplicated = await duplicatedInJournal(dir, jobs, (b) => (b as { assetNums?: string[] }).assetNums ?? [])
  } finally {
    await runner.close()
    await journal.close()
    await client.close()
    rmSync(dir, { recursive: true, force: true })
  }
  await agent.close()
  await setup.close()
  return { scenario: 'locks.disable', items: items.length, seconds: round(t.seconds), baselineSeconds: round(t.baselineSeconds), ratio: round(t.seconds / t.baselineSeconds), peakRssMB: peak, lost, duplicated }
}

async function memberScenario(url: string): Promise<Line> {
  const setup = createApiClient(config(url))
  const agent = bareAgent()
  const tokens = await bareTokens(url)
  const runId = Date.now().toString(36)
  const people = (tag: string) =>
    Array.from({ length: MEMBERS }, (_, i) => ({ userName: `b${runId}${tag}n${i}`, password: `Bench${i}pw`, name: `Bench ${i}` }))
  let peak = 0
  let lost = 0
  let duplicated = 0
  const dir = mkdtempSync(join(tmpdir(), 'ld-bench-'))
  const { runner, client, journal } = engine(url, dir)
  await client.ensureTokens('member')
  // Fresh employees for every run of either side (warm-ups included), so every call creates.
  let warmBare = 0
  const bare: Side = async (rep) => {
    const tag = rep < 0 ? `w${warmBare++}` : `x${rep}`
    const base = await timed(() => bareMembers(agent, url, tokens, EID, chunk(people(tag), SPEC_LIMITS.membersPerAddCall), DEFAULT_BULK.concurrency))
    if (base.value !== MEMBERS) throw new Error(`baseline created ${base.value} of ${MEMBERS}`)
    return base.seconds
  }
  let warm = 0
  const jobs: string[] = []
  const engineSide: Side = async (rep) => {
    const tag = rep < 0 ? `v${warm++}` : `r${rep}`
    const items = people(tag)
    const r = await withPeakRss(() =>
      timed(async () => {
        const job = await runner.start({ kind: 'members.import', enterpriseGlobalId: EID, items })
        return runner.wait(job.id)
      }),
    )
    if (rep >= 0) {
      peak = Math.max(peak, r.peakMB)
      jobs.push(r.value.value.id)
    }
    return r.value.seconds
  }
  let t: { seconds: number; baselineSeconds: number }
  try {
    t = await compare('members', engineSide, bare)
    // After the timed runs: every run's employees reported created must be in the service.
    const inService = new Set((await listAllMembers(setup, EID)).map((m) => m.userName))
    for (const id of jobs) {
      const results = await runner.allItems(id)
      const okNames = results.filter((i) => i.result.state === 'ok').map((i) => i.key)
      const notReally = okNames.filter((u) => !inService.has(u)).length
      lost = Math.max(lost, notFinal(results, MEMBERS) + (MEMBERS - okNames.length) + notReally)
    }
    duplicated = await duplicatedInJournal(dir, jobs, (b) => ((b as { userList?: { userName: string }[] }).userList ?? []).map((m) => m.userName))
  } finally {
    await runner.close()
    await journal.close()
    await client.close()
    rmSync(dir, { recursive: true, force: true })
  }
  await agent.close()
  await setup.close()
  return { scenario: 'members.import', items: MEMBERS, seconds: round(t.seconds), baselineSeconds: round(t.baselineSeconds), ratio: round(t.seconds / t.baselineSeconds), peakRssMB: peak, lost, duplicated }
}

async function main(): Promise<void> {
  // Scale 200: 20,000 demo assets, of which about 12,000 are locks that can be disabled.
  const scale = Math.max(200, Math.ceil((LOCKS / 0.55) / 100))
  log(`starting the sandbox (scale ${scale}, latency ${LATENCY} ms) in a child process`)
  const sb = await startChildSandbox(['--scale', String(scale), '--latency', String(LATENCY)])
  sandboxCpu = () => sb.cpuMs()
  try {
    process.stdout.write(JSON.stringify(await lockScenario(sb.url)) + '\n')
    process.stdout.write(JSON.stringify(await memberScenario(sb.url)) + '\n')
  } finally {
    await sb.stop()
  }
  const sandboxBench = fileURLToPath(new URL('./sandbox-throughput.ts', import.meta.url))
  if (!process.argv.includes('--no-sandbox-bench') && existsSync(sandboxBench)) {
    log('sandbox throughput bench (test/bench/sandbox-throughput.ts)')
    const mod = (await import('./sandbox-throughput')) as { runSandboxThroughput: () => Promise<unknown[]> }
    for (const line of await mod.runSandboxThroughput()) process.stdout.write(JSON.stringify(line) + '\n')
  }
  if (!process.argv.includes('--no-member-list-bench')) process.stdout.write(JSON.stringify(await (await import('./member-list')).runMemberListBench()) + '\n')
  if (!process.argv.includes('--no-ui-bench')) {
    process.stdout.write(JSON.stringify(await (await import('./assets-table')).runAssetsTableBench()) + '\n')
    process.stdout.write(JSON.stringify(await (await import('./lock-paste')).runLockPasteBench()) + '\n')
    if (!process.argv.includes('--no-holdings-bench')) process.stdout.write(JSON.stringify(await (await import('./holdings-table')).runHoldingsTableBench()) + '\n')
  }
  if (!process.argv.includes('--no-customers-bench')) process.stdout.write(JSON.stringify(await (await import('./customers-search')).runCustomerSearchBench()) + '\n')
  if (!process.argv.includes('--no-fuzz-bench')) process.stdout.write(JSON.stringify(await (await import('./ipc-fuzz')).runIpcFuzzBench()) + '\n')
  if (!process.argv.includes('--no-order-check-bench')) process.stdout.write(JSON.stringify((await import('./order-check')).runOrderCheckBench()) + '\n')
  if (!process.argv.includes('--no-order-submit-bench')) process.stdout.write(JSON.stringify(await (await import('./order-submit')).runOrderSubmitBench()) + '\n')
  if (!process.argv.includes('--no-order-edit-bench')) process.stdout.write(JSON.stringify(await (await import('./order-edit')).runOrderEditBench()) + '\n')
  if (!process.argv.includes('--no-renewals-bench')) process.stdout.write(JSON.stringify(await (await import('./renewals')).runRenewalsBench()) + '\n')
  if (!process.argv.includes('--no-export-bench')) process.stdout.write(JSON.stringify(await (await import('./export-stream')).runExportStreamBench()) + '\n')
  if (!process.argv.includes('--no-planner-bench')) process.stdout.write(JSON.stringify(await (await import('./planner')).runPlannerBench()) + '\n')
  if (!process.argv.includes('--no-workspace-bench')) process.stdout.write(JSON.stringify(await (await import('./workspace-sync')).runWorkspaceBench()) + '\n')
  if (!process.argv.includes('--no-first-screen-bench')) process.stdout.write(JSON.stringify((await import('./first-screen')).runFirstScreenBench()) + '\n')
}

main().catch((err: unknown) => {
  process.stderr.write(`[bench] failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`)
  process.exit(1)
})
