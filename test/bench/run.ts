/**
 * `npm run bench`: the bulk engine against the sandbox, and the bare undici loop it must keep up with.
 *
 * Scenarios (each printed as one JSON line with exactly the keys scenario, items, seconds, baselineSeconds,
 * ratio, peakRssMB, lost, duplicated):
 * - locks.disable: disable 10,000 locks through the bulk runner (chunks of settings.bulk.lockChunkSize,
 *   settings.bulk.concurrency in flight, journal and job log fsynced), vs the same calls in a bare loop;
 * - members.import: import 5,000 employees (100 per call, fresh names per run), vs the same in a bare loop.
 * Both sides get the same untimed warm-up (10 calls), then each side runs `--reps` times (default 5), alternating, and the fastest run of each side counts, so the
 * order of runs and a noisy neighbour on the 2 shared cores weigh the same on both sides. As in the app, one
 * engine (journal, client pool, runner over one data folder) serves every run of a scenario, each a new job;
 * the bare loop likewise keeps its agent and tokens.
 *
 * The sandbox runs in a child process (its CPU is not counted against the client). `lost`: input items without
 * a final result, or reported done but not so in the service afterwards. `duplicated`: items the journal shows
 * in more than one call (automatic retries of the same call excluded). peakRssMB: this process, runner runs.
 * Then the sandbox's own throughput bench (test/bench/sandbox-throughput.ts) runs, if present.
 *
 * Options: --reps N, --locks N, --members N, --latency MS (added by the sandbox to every call, default 0: the
 * sandbox answers in well under a millisecond, so the engine's own cost shows at its largest; a real service
 * over a network takes tens of milliseconds per call), --no-sandbox-bench, --no-ui-bench. Diagnostics go to stderr; stdout is
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
const REPS = arg('reps', 5)
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
  const t0 = performance.now()
  const value = await fn()
  return { value, seconds: (performance.now() - t0) / 1000 }
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

/** Items the journal shows in more than one call of the job (automatic retries of one call excluded). */
async function duplicatedInJournal(journal: Journal, jobId: string, keysOf: (body: unknown) => string[]): Promise<number> {
  const seen = new Map<string, number>()
  let offset = 0
  for (;;) {
    const page = await journal.list({ jobId, offset, limit: 500 })
    for (const e of page.entries) {
      if (e.attempt > 0) continue
      for (const k of keysOf(e.body)) seen.set(k, (seen.get(k) ?? 0) + 1)
    }
    offset += page.entries.length
    if (page.entries.length === 0 || offset >= page.total) break
  }
  return [...seen.values()].filter((n) => n > 1).length
}

function notFinal(items: JobItem[], inputCount: number): number {
  return inputCount - items.length + items.filter((i) => i.result.state === 'pending').length
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
  // Warm-up, untimed: both sides' code paths and the sandbox's, and the enable that resets the state.
  await bareLocks(agent, url, tokens, chunks.slice(0, 10), DEFAULT_BULK.concurrency, false)

  const runnerTimes: number[] = []
  const baseTimes: number[] = []
  let peak = 0
  let lost = 0
  let duplicated = 0
  const dir = mkdtempSync(join(tmpdir(), 'ld-bench-'))
  const { runner, client, journal } = engine(url, dir)
  await client.ensureTokens('order')
  // The runner gets the same untimed warm-up as the bare loop (10 chunks), so both are timed with warm code.
  await runner.wait((await runner.start({ kind: 'locks.disable', items: items.slice(0, 10 * DEFAULT_BULK.lockChunkSize) })).id)
  try {
    for (let rep = 0; rep < REPS; rep++) {
      // Everything enabled again before each timed disable, so both sides do the same work.
      await bareLocks(agent, url, tokens, chunks, DEFAULT_BULK.concurrency, false)
      const base = await timed(() => bareLocks(agent, url, tokens, chunks, DEFAULT_BULK.concurrency, true))
      if (base.value !== items.length) throw new Error(`baseline disabled ${base.value} of ${items.length}`)
      baseTimes.push(base.seconds)
      await bareLocks(agent, url, tokens, chunks, DEFAULT_BULK.concurrency, false)

      const r = await withPeakRss(() =>
        timed(async () => {
          const job = await runner.start({ kind: 'locks.disable', items })
          return runner.wait(job.id)
        }),
      )
      runnerTimes.push(r.value.seconds)
      peak = Math.max(peak, r.peakMB)
      const job = r.value.value
      const results = await runner.allItems(job.id)
      const okNums = new Set(results.filter((i) => i.result.state === 'ok').map((i) => i.key))
      // Reported done but not disabled in the service counts as lost too.
      const state = new Map((await setup.listVirtualAssets(EID)).map((a) => [a.assetNum, a.locked]))
      const notReally = [...okNums].filter((n) => state.get(n) !== true).length
      lost = Math.max(lost, notFinal(results, items.length) + (items.length - okNums.size) + notReally)
      duplicated = Math.max(duplicated, await duplicatedInJournal(journal, job.id, (b) => (b as { assetNums?: string[] }).assetNums ?? []))
      log(`locks rep ${rep + 1}: runner ${round(r.value.seconds)} s, baseline ${round(base.seconds)} s (${job.counts.ok} ok)`)
    }
  } finally {
    await runner.close()
    await journal.close()
    await client.close()
    rmSync(dir, { recursive: true, force: true })
  }
  await agent.close()
  await setup.close()
  const seconds = Math.min(...runnerTimes)
  const baselineSeconds = Math.min(...baseTimes)
  return { scenario: 'locks.disable', items: items.length, seconds: round(seconds), baselineSeconds: round(baselineSeconds), ratio: round(seconds / baselineSeconds), peakRssMB: peak, lost, duplicated }
}

async function memberScenario(url: string): Promise<Line> {
  const setup = createApiClient(config(url))
  const agent = bareAgent()
  const tokens = await bareTokens(url)
  const runId = Date.now().toString(36)
  const people = (tag: string) =>
    Array.from({ length: MEMBERS }, (_, i) => ({ userName: `b${runId}${tag}${i}`, password: `Bench${i}pw`, name: `Bench ${i}` }))
  // Warm-up, untimed.
  await bareMembers(agent, url, tokens, EID, chunk(people('w').slice(0, 500), SPEC_LIMITS.membersPerAddCall), DEFAULT_BULK.concurrency)

  const runnerTimes: number[] = []
  const baseTimes: number[] = []
  let peak = 0
  let lost = 0
  let duplicated = 0
  const dir = mkdtempSync(join(tmpdir(), 'ld-bench-'))
  const { runner, client, journal } = engine(url, dir)
  await client.ensureTokens('member')
  // Same untimed warm-up for the runner as for the bare loop above (500 employees).
  await runner.wait((await runner.start({ kind: 'members.import', enterpriseGlobalId: EID, items: people('v').slice(0, 500) })).id)
  try {
    for (let rep = 0; rep < REPS; rep++) {
      const baseItems = people(`x${rep}`)
      const base = await timed(() => bareMembers(agent, url, tokens, EID, chunk(baseItems, SPEC_LIMITS.membersPerAddCall), DEFAULT_BULK.concurrency))
      if (base.value !== MEMBERS) throw new Error(`baseline created ${base.value} of ${MEMBERS}`)
      baseTimes.push(base.seconds)

      const items = people(`r${rep}`)
      const r = await withPeakRss(() =>
        timed(async () => {
          const job = await runner.start({ kind: 'members.import', enterpriseGlobalId: EID, items })
          return runner.wait(job.id)
        }),
      )
      runnerTimes.push(r.value.seconds)
      peak = Math.max(peak, r.peakMB)
      const job = r.value.value
      const results = await runner.allItems(job.id)
      const okNames = new Set(results.filter((i) => i.result.state === 'ok').map((i) => i.key))
      const prefix = `b${runId}r${rep}`
      const inService = new Set((await listAllMembers(setup, EID)).map((m) => m.userName).filter((u) => u.startsWith(prefix)))
      const notReally = [...okNames].filter((u) => !inService.has(u)).length
      lost = Math.max(lost, notFinal(results, items.length) + (items.length - okNames.size) + notReally)
      duplicated = Math.max(
        duplicated,
        await duplicatedInJournal(journal, job.id, (b) => ((b as { userList?: { userName: string }[] }).userList ?? []).map((m) => m.userName)),
      )
      log(`members rep ${rep + 1}: runner ${round(r.value.seconds)} s, baseline ${round(base.seconds)} s (${job.counts.ok} ok)`)
    }
  } finally {
    await runner.close()
    await journal.close()
    await client.close()
    rmSync(dir, { recursive: true, force: true })
  }
  await agent.close()
  await setup.close()
  const seconds = Math.min(...runnerTimes)
  const baselineSeconds = Math.min(...baseTimes)
  return { scenario: 'members.import', items: MEMBERS, seconds: round(seconds), baselineSeconds: round(baselineSeconds), ratio: round(seconds / baselineSeconds), peakRssMB: peak, lost, duplicated }
}

async function main(): Promise<void> {
  // Scale 200: 20,000 demo assets, of which about 12,000 are locks that can be disabled.
  const scale = Math.max(200, Math.ceil((LOCKS / 0.55) / 100))
  log(`starting the sandbox (scale ${scale}, latency ${LATENCY} ms) in a child process`)
  const sb = await startChildSandbox(['--scale', String(scale), '--latency', String(LATENCY)])
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
  if (!process.argv.includes('--no-ui-bench')) process.stdout.write(JSON.stringify(await (await import('./assets-table')).runAssetsTableBench()) + '\n')
}

main().catch((err: unknown) => {
  process.stderr.write(`[bench] failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`)
  process.exit(1)
})
