/**
 * The bulk runner: turns one job (kind + items) into calls of at most `chunkSize` items, `concurrency` at a
 * time, and ends with exactly one result per input item. Pause finishes the calls in flight and starts no new
 * ones; cancel aborts them; every result is on disk (job log) before it counts, so a job interrupted by a crash
 * resumes without resending what is done. Create calls whose outcome is unknown are read back before anything
 * is sent again.
 */
import { randomUUID } from 'node:crypto'
import { setMaxListeners } from 'node:events'
import pLimit, { type LimitFunction } from 'p-limit'
import { AppError, type AppErrorData } from '@shared/errors/app-error'
import type {
  BulkProgress,
  BulkStart,
  ItemResult,
  ItemState,
  JobCounts,
  JobDetail,
  JobItem,
  JobStatus,
  JobSummary,
} from '@shared/ipc/channels/bulk'
import type { BulkSettings } from '@shared/settings'
import type { ApiClient, CallOptions, PreparedCall } from '../../api/client'
import { kindRunner, stopsTheJob, type ChunkAnswer, type ChunkCall, type ChunkItemOutcome, type KindRunner } from './kinds'
import { JobStore, groupResults, positionsOf, type JobFile, type JobLogLine } from './job-store'
import { RateMeter, Throttle } from './progress'

export interface BulkRunnerDeps {
  dataDir: string
  /** The API client of a profile (with the journal attached). */
  clientFor(profileId: string): Promise<ApiClient>
  settings(): Promise<BulkSettings>
  /** The profile a job uses when the start input names none. */
  activeProfileId(): Promise<string>
  /** The profile's default operator identity for lock jobs. */
  operatorIdentity(profileId: string): Promise<string>
  onProgress(progress: BulkProgress): void
  now?: () => number
  /** Sends of one create item before it is given up (each after a read-back said "not done"). */
  maxSends?: number
  /** Read-back failures in a row before unknown items are given up as unknown. */
  maxReconcileFailures?: number
  /** Least time between progress events of a job. */
  progressIntervalMs?: number
}

interface Job {
  file: JobFile
  kind: KindRunner
  results: (ItemResult | undefined)[]
  /** Unique items per final state (kept up to date by setResult, so counts never walk every item). */
  tally: Record<FinalState, number>
  status: JobStatus
  error?: AppErrorData
  updatedAt: number
  /** Items whose outcome is unknown: read back before anything of theirs is sent again. */
  unknown: Set<number>
  sends: Map<number, number>
  reconcileFailures: number
  pauseRequested: boolean
  cancelRequested: boolean
  /** The error that stopped the current run (credentials refused, journal not writable). */
  stopError: AppError | null
  abort: AbortController | null
  loop: Promise<void> | null
  chunkSeq: number
  /** The job file on disk (no call is sent before). */
  written: Promise<void>
  /** Result lines not yet on disk. */
  writes: Set<Promise<void>>
  meter: RateMeter
  throttle: Throttle
}

type FinalState = 'ok' | 'failed' | 'unknown' | 'cancelled'
const FINAL: ReadonlySet<ItemState> = new Set<FinalState>(['ok', 'failed', 'unknown', 'cancelled'])

function tallyOf(results: readonly (ItemResult | undefined)[]): Record<FinalState, number> {
  const t = { ok: 0, failed: 0, unknown: 0, cancelled: 0 }
  for (const r of results) if (r && FINAL.has(r.state)) t[r.state as FinalState]++
  return t
}

/** Duplicate key: trimmed, case-insensitive (lowercasing only when there is something to lower). */
function keyOf(item: BulkStart['items'][number]): string {
  const s = (typeof item === 'string' ? item : item.userName).trim()
  return /[A-Z]/.test(s) ? s.toLowerCase() : s
}

/** Splits a list into consecutive chunks of at most `size`. */
export function chunk<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size))
  return out
}

/** The first occurrence of each key, and where the repeats are. */
export function dedupe<T>(items: readonly T[], key: (t: T) => string): { unique: T[]; positions: number[]; duplicates: { index: number; of: number }[] } {
  const first = new Map<string, number>()
  const unique: T[] = []
  const positions: number[] = []
  const duplicates: { index: number; of: number }[] = []
  for (let index = 0; index < items.length; index++) {
    const item = items[index]!
    const k = key(item)
    const of = first.get(k)
    if (of !== undefined) {
      duplicates.push({ index, of })
      continue
    }
    first.set(k, index)
    unique.push(item)
    positions.push(index)
  }
  return { unique, positions, duplicates }
}

export class BulkRunner {
  private readonly store: JobStore
  private readonly jobs = new Map<string, Job>()
  private readonly now: () => number
  private readonly maxSends: number
  private readonly maxReconcileFailures: number
  private loaded: Promise<void> | null = null
  private readonly background = new Set<Promise<void>>()

  constructor(private readonly deps: BulkRunnerDeps) {
    this.store = new JobStore(deps.dataDir)
    this.now = deps.now ?? Date.now
    this.maxSends = deps.maxSends ?? 3
    this.maxReconcileFailures = deps.maxReconcileFailures ?? 3
  }

  /** Loads the jobs on disk; jobs that were running when the app stopped become `interrupted`. */
  init(): Promise<void> {
    this.loaded ??= this.loadAll()
    return this.loaded
  }

  private async loadAll(): Promise<void> {
    for (const id of await this.store.ids()) {
      if (this.jobs.has(id)) continue
      const loaded = await this.store.load(id)
      if (!loaded) continue
      const job = this.makeJob(loaded.file, loaded.results)
      job.updatedAt = loaded.updatedAt
      if (loaded.error) job.error = loaded.error
      job.status = loaded.status
      if (loaded.status === 'running' || loaded.status === 'cancelling') {
        job.status = 'interrupted'
        await this.store.append(id, { e: 'status', status: 'interrupted', at: this.now() })
      }
      // Calls in flight when the app stopped: a create may have been done (read back first); a lock
      // toggle is simply sent again.
      if (job.kind.create) for (const i of loaded.inFlight) job.unknown.add(i)
      this.jobs.set(id, job)
      // Passwords of employees that exist are dropped after each run; the app may have stopped before that.
      this.track(this.dropDonePasswords(job).catch(() => undefined))
    }
  }

  private makeJob(file: JobFile, results: (ItemResult | undefined)[]): Job {
    const meter = new RateMeter(this.now)
    const job: Job = {
      file,
      kind: kindRunner(file),
      results,
      tally: tallyOf(results),
      status: 'paused',
      updatedAt: file.createdAt,
      unknown: new Set(),
      sends: new Map(),
      reconcileFailures: 0,
      pauseRequested: false,
      cancelRequested: false,
      stopError: null,
      abort: null,
      loop: null,
      chunkSeq: 0,
      written: Promise.resolve(),
      writes: new Set(),
      meter,
      throttle: new Throttle(this.deps.progressIntervalMs ?? 100, () => this.deps.onProgress(this.progress(job)), this.now),
    }
    return job
  }

  // ---- commands

  /** Creates a job and starts it; returns at once. Duplicate items are found here and never sent. */
  async start(input: BulkStart): Promise<JobSummary> {
    await this.init()
    const profileId = input.profileId ?? (await this.deps.activeProfileId())
    const id = `${new Date(this.now()).toISOString().slice(0, 10)}-${randomUUID().slice(0, 8)}`
    const base = { v: 1 as const, id, profileId, createdAt: this.now(), inputCount: input.items.length }
    let file: JobFile
    if (input.kind === 'members.import') {
      const d = dedupe(input.items, keyOf)
      file = { ...base, kind: input.kind, enterpriseGlobalId: input.enterpriseGlobalId, items: d.unique, duplicates: d.duplicates }
      if (d.duplicates.length > 0) file.positions = d.positions
    } else {
      const items = input.items.map((n) => n.trim())
      const d = dedupe(items, keyOf)
      const settings = await this.deps.settings()
      const operatorIdentity = input.operatorIdentity ?? (await this.deps.operatorIdentity(profileId))
      if (!operatorIdentity) {
        throw AppError.app('app.invalidInput', { detail: 'operatorIdentity: set the operator (name, mobile or e-mail) for lock operations' }, {
          issues: [{ path: 'operatorIdentity', message: 'required' }],
        })
      }
      file = {
        ...base,
        kind: input.kind,
        operatorIdentity,
        chunkSize: input.chunkSize ?? settings.lockChunkSize,
        items: d.unique,
        duplicates: d.duplicates,
      }
      if (d.duplicates.length > 0) file.positions = d.positions
    }
    const job = this.makeJob(file, new Array<ItemResult | undefined>(file.items.length).fill(undefined))
    // The job file is written while the first calls are prepared (creates wait for it before sending).
    job.written = this.store.writeJob(file)
    job.written.catch((err: unknown) => this.stop(job, err))
    this.jobs.set(id, job)
    // Returns at once; if the job file cannot be written the run stops (paused, with the storage error).
    this.launch(job)
    return this.summary(job)
  }

  /** Finishes the calls in flight and starts no new ones. */
  async pause(id: string): Promise<JobSummary> {
    const job = await this.job(id)
    if (job.loop && job.status === 'running') {
      job.pauseRequested = true
      job.status = 'paused'
      job.throttle.flush()
    }
    return this.summary(job)
  }

  /** Continues a paused or interrupted job. */
  async resume(id: string): Promise<JobSummary> {
    const job = await this.job(id)
    if (job.status === 'cancelling') throw AppError.app('app.readOnly', { what: `job ${id} is being cancelled` })
    if (job.loop) {
      // Paused but its calls still finishing: keep going instead of stopping.
      job.pauseRequested = false
      job.status = 'running'
    } else if (job.status === 'paused' || job.status === 'interrupted') {
      this.launch(job)
    }
    return this.summary(job)
  }

  /** Aborts calls in flight; items not done become cancelled (create items in flight are read back first). */
  async cancel(id: string): Promise<JobSummary> {
    const job = await this.job(id)
    if (job.status === 'completed' || job.status === 'cancelled') return this.summary(job)
    job.cancelRequested = true
    job.status = 'cancelling'
    job.abort?.abort(AppError.app('app.cancelled'))
    job.throttle.flush()
    if (!job.loop) {
      job.loop = this.finishCancel(job).finally(() => (job.loop = null))
    }
    return this.summary(job)
  }

  /** Sends the failed and unknown items of a finished (or stopped) job again; unknown ones are read back first. */
  async retryFailed(id: string): Promise<JobSummary> {
    const job = await this.job(id)
    if (job.loop) throw AppError.app('app.readOnly', { what: `job ${id} is still running` })
    const reset: number[] = []
    job.results.forEach((r, i) => {
      if (!r) return
      if (r.state === 'failed' || r.state === 'cancelled') {
        this.setResult(job, i, undefined)
        reset.push(i)
      } else if (r.state === 'unknown') {
        this.setResult(job, i, undefined)
        job.unknown.add(i)
        reset.push(i)
      }
    })
    if (reset.length > 0) {
      for (const i of reset) job.sends.delete(i)
      job.reconcileFailures = 0
      await this.store.append(id, { e: 'reset', items: reset, at: this.now() })
      this.launch(job)
    }
    return this.summary(job)
  }

  /** A job with a page of its items (by input position), optionally only some states. */
  async get(id: string, opts: { states?: ItemState[]; offset?: number; limit?: number } = {}): Promise<JobDetail> {
    const job = await this.job(id)
    const offset = opts.offset ?? 0
    const limit = opts.limit ?? 100
    const want = opts.states?.length ? new Set(opts.states) : null
    const items: JobItem[] = []
    let matching = 0
    for (const item of this.itemsInInputOrder(job)) {
      if (want && !want.has(item.result.state)) continue
      if (matching >= offset && items.length < limit) items.push(item)
      matching++
    }
    return { job: this.summary(job), items, matching }
  }

  /** Every item of a job in input order with its result (the CLI's results file). */
  async allItems(id: string): Promise<JobItem[]> {
    return [...this.itemsInInputOrder(await this.job(id))]
  }

  /** Every job, newest first. */
  async list(): Promise<JobSummary[]> {
    await this.init()
    return [...this.jobs.values()].map((j) => this.summary(j)).sort((a, b) => b.createdAt - a.createdAt)
  }

  /** Resolves when the job's current run (if any) has ended; returns its summary. */
  async wait(id: string): Promise<JobSummary> {
    const job = await this.job(id)
    while (job.loop) await job.loop
    return this.summary(job)
  }

  /** Pauses every running job (their calls in flight finish) and closes the job logs. */
  async close(): Promise<void> {
    for (const job of this.jobs.values()) {
      if (job.loop && job.status === 'running') {
        job.pauseRequested = true
        job.status = 'paused'
      }
    }
    await Promise.all([...this.jobs.values()].map((j) => j.loop))
    await Promise.all([...this.background])
    await this.store.close()
  }

  /** Work that outlives a run (rewriting a job file) and that close() must wait for. */
  private track(p: Promise<void>): void {
    this.background.add(p)
    void p.finally(() => this.background.delete(p))
  }

  // ---- state

  private async job(id: string): Promise<Job> {
    await this.init()
    const job = this.jobs.get(id)
    if (!job) throw AppError.app('app.notFound', { what: `job ${id}` })
    return job
  }

  private *itemsInInputOrder(job: Job): Generator<JobItem> {
    const f = job.file
    const byPosition = new Map<number, number>()
    positionsOf(f).forEach((p, i) => byPosition.set(p, i))
    const dupOf = new Map(f.duplicates.map((d) => [d.index, d.of]))
    for (let index = 0; index < f.inputCount; index++) {
      const u = byPosition.get(index)
      const of = dupOf.get(index)
      if (u !== undefined) {
        const d = job.kind.describe(u)
        const item: JobItem = { index, key: d.key, result: job.results[u] ?? { state: 'pending' } }
        if (d.label !== undefined) item.label = d.label
        yield item
      } else if (of !== undefined) {
        const d = job.kind.describe(byPosition.get(of)!)
        yield { index, key: d.key, result: { state: 'duplicate', duplicateOf: of } }
      }
    }
  }

  private counts(job: Job): JobCounts {
    const t = job.tally
    const duplicate = job.file.duplicates.length
    const finished = t.ok + t.failed + t.unknown + t.cancelled
    return { total: job.file.inputCount, ...t, duplicate, pending: job.file.items.length - finished }
  }

  /** Items finished (final result or duplicate), without walking every result. */
  private doneCount(job: Job): number {
    const t = job.tally
    return t.ok + t.failed + t.unknown + t.cancelled + job.file.duplicates.length
  }

  private setResult(job: Job, i: number, r: ItemResult | undefined): void {
    const before = job.results[i]
    if (before && FINAL.has(before.state)) job.tally[before.state as FinalState]--
    if (r && FINAL.has(r.state)) job.tally[r.state as FinalState]++
    job.results[i] = r
  }

  private summary(job: Job): JobSummary {
    const f = job.file
    const s: JobSummary = {
      id: f.id,
      kind: f.kind,
      profileId: f.profileId,
      status: job.status,
      createdAt: f.createdAt,
      updatedAt: job.updatedAt,
      target: f.kind === 'members.import' ? f.enterpriseGlobalId : f.operatorIdentity,
      counts: this.counts(job),
    }
    if (job.error) s.error = job.error
    return s
  }

  private progress(job: Job): BulkProgress {
    const counts = this.counts(job)
    const remaining = counts.pending
    return {
      jobId: job.file.id,
      kind: job.file.kind,
      status: job.status,
      counts,
      done: counts.total - remaining,
      remaining,
      rate: Math.round(job.meter.rate() * 10) / 10,
      etaSeconds: job.status === 'running' ? job.meter.eta(remaining) : null,
    }
  }

  /**
   * Writes a status change, then shows it (job summary and a progress event in the same step), so whoever sees
   * a job end also has its last progress event. Shown even if the write fails (the run is over either way).
   */
  private async setStatus(job: Job, status: JobStatus, error?: AppErrorData): Promise<void> {
    const at = this.now()
    const line: JobLogLine = { e: 'status', status, at }
    if (error) line.error = error
    try {
      await this.store.append(job.file.id, line)
    } finally {
      job.status = status
      if (error) job.error = error
      else delete job.error
      job.updatedAt = at
      job.throttle.flush()
    }
  }

  /**
   * Records results: in memory at once (the run decides its next steps from them) and in the job log, whose
   * write the run awaits before it ends. A crash before the write lands only redoes these items: a lock is
   * toggled again (harmless), a create is read back first (its "send" line is on disk).
   */
  private record(job: Job, results: [number, ItemResult][]): Promise<void> {
    if (results.length === 0) return Promise.resolve()
    job.updatedAt = this.now()
    for (const [i, r] of results) this.setResult(job, i, r)
    job.meter.record(this.doneCount(job))
    job.throttle.poke()
    // Lazy: written with the next flush (the next "send" line, a status, or within 25 ms), not one each.
    const written = this.store.append(job.file.id, { e: 'result', g: groupResults(results), at: job.updatedAt }, { lazy: true })
    job.writes.add(written)
    written.then(
      () => job.writes.delete(written),
      () => job.writes.delete(written),
    )
    return written
  }

  /** Waits for every result write of the job; a failed one stops the job. */
  private async settleWrites(job: Job): Promise<void> {
    for (const r of await Promise.allSettled([...job.writes])) if (r.status === 'rejected') this.stop(job, r.reason)
  }

  // ---- running

  private launch(job: Job): void {
    job.pauseRequested = false
    job.cancelRequested = false
    job.stopError = null
    job.abort = new AbortController()
    // Every call in flight or prepared listens on it (more than Node's default warning threshold of 10).
    setMaxListeners(1000, job.abort.signal)
    job.status = 'running'
    delete job.error
    job.meter.reset()
    job.loop = this.run(job).finally(() => {
      job.loop = null
      job.abort = null
    })
  }

  private async run(job: Job): Promise<void> {
    try {
      // Not awaited on its own: it is flushed with the first lines after it (lines keep their order).
      const running = this.setStatus(job, 'running')
      running.catch(() => undefined)
      const settings = await this.deps.settings()
      // `http` bounds the calls in flight; `ahead` lets as many more be prepared (journaled, on disk) while
      // those are out, so no call waits on the disk before it goes (and no more are journaled than that).
      // Results are written after a chunk leaves both, so recording never holds back the next call.
      const http = pLimit(settings.concurrency)
      const ahead = pLimit(settings.concurrency * 4)
      job.meter.record(this.doneCount(job))
      while (!job.pauseRequested && !job.cancelRequested) {
        if (job.unknown.size > 0) await this.reconcile(job, await this.deps.clientFor(job.file.profileId), job.abort!.signal)
        if (job.pauseRequested || job.cancelRequested) break
        const pending: number[] = []
        job.results.forEach((r, i) => {
          if (r === undefined && !job.unknown.has(i)) pending.push(i)
        })
        if (pending.length === 0 && job.unknown.size === 0) break
        if (pending.length === 0) continue
        const chunks = chunk(pending, job.kind.chunkSize(settings))
        // allSettled: every call in flight ends before the run can end, so a resume can never overlap a call
        // still out.
        await Promise.allSettled(chunks.map((c) => ahead(() => this.runChunk(job, c, http))))
        if (job.stopError) throw job.stopError
      }
      await running
      if (job.cancelRequested) {
        await this.settleWrites(job)
        await this.finishCancel(job)
      } else if (job.pauseRequested) {
        await this.settleWrites(job)
        await this.setStatus(job, 'paused')
      } else {
        // Queued behind the last results, so they usually share one fsync.
        const completed = this.setStatus(job, 'completed')
        await this.settleWrites(job)
        await completed
      }
      if (job.stopError) throw job.stopError
    } catch (err) {
      // A job-stopping error (credentials refused, journal not writable): keep every item as it is and pause
      // with the error, so the user can fix it and resume.
      const e = err instanceof AppError ? err : AppError.app('app.internal')
      await this.settleWrites(job)
      await this.setStatus(job, 'paused', e.toData()).catch(() => undefined)
    } finally {
      // Not awaited by the run (the job's end does not wait on rewriting its file); close() waits for it.
      this.track(this.dropDonePasswords(job).catch(() => undefined))
      job.throttle.flush()
    }
  }

  private stop(job: Job, err: unknown): void {
    job.stopError ??= err instanceof AppError ? err : AppError.app('app.internal')
    job.pauseRequested = true
  }

  /** Sends one chunk and records its results (their write is awaited at the end of the run). */
  private async runChunk(job: Job, items: number[], http: LimitFunction): Promise<void> {
    if (job.pauseRequested || job.cancelRequested) return
    const chunkNo = job.chunkSeq++
    const opts: CallOptions = { signal: job.abort!.signal, context: { jobId: job.file.id, chunk: chunkNo }, awaitJournalEnd: false }
    // Asked per chunk: when the profile changes mid-job, the next chunks use its new client.
    let client: ApiClient
    try {
      client = await this.deps.clientFor(job.file.profileId)
    } catch (err) {
      this.stop(job, err)
      return
    }
    let call: ChunkCall
    try {
      call = job.kind.request(items)
    } catch (err) {
      // An item that cannot be sent (e.g. its password is no longer kept): fail the chunk's items, go on.
      const e = err instanceof AppError ? err : AppError.app('app.internal')
      this.record(job, items.map((i) => [i, { state: 'failed', error: e.toData() }])).catch((err: unknown) => this.stop(job, err))
      return
    }
    if (job.kind.create) for (const i of items) job.sends.set(i, (job.sends.get(i) ?? 0) + 1)
    const unsend = () => {
      if (job.kind.create) for (const i of items) job.sends.set(i, (job.sends.get(i) ?? 1) - 1)
    }
    // Before sending, on disk: the journal's start entry and, for creates, the job's "sending these" line
    // (after a crash those items are read back, never blindly resent).
    const [prep, sendLine] = await Promise.allSettled([
      // Both branches are the same call: the test only lets TypeScript pair `op` with its own `req` type.
      call.op === 'addMembers' ? client.prepare(call.op, call.req, opts) : client.prepare(call.op, call.req, opts),
      job.kind.create ? this.store.append(job.file.id, { e: 'send', items, at: this.now() }) : Promise.resolve(),
    ])
    if (prep.status === 'rejected' || sendLine.status === 'rejected') {
      if (prep.status === 'fulfilled') await prep.value.abandon().catch(() => undefined)
      unsend()
      const err = prep.status === 'rejected' ? prep.reason : (sendLine as PromiseRejectedResult).reason
      if (!(err instanceof AppError && err.code === 'app.cancelled')) this.stop(job, err)
      return
    }
    const prepared: PreparedCall = prep.value
    // The answer is read inside the slot, so an error that stops the job does so before another call goes.
    const outcomes = await http(async (): Promise<ChunkItemOutcome[] | null> => {
      // A create waits for the job file: after a crash its items must be found and read back. A lock toggle
      // need not: if the app dies in those few milliseconds, the job is gone but nothing was done twice.
      if (job.kind.create) {
        const failed = await job.written.then(
          () => null,
          (err: unknown) => err,
        )
        if (failed !== null) this.stop(job, failed)
      }
      if (job.pauseRequested || job.cancelRequested) {
        await prepared.abandon().catch(() => undefined)
        return null
      }
      const o = { ...opts, prepared }
      let answer: ChunkAnswer
      try {
        // As above: one call, narrowed so `op` and `req` stay paired for the type checker.
        const r = call.op === 'addMembers' ? await client.call(call.op, call.req, o) : await client.call(call.op, call.req, o)
        answer = { data: r.data, partial: r.partial }
      } catch (err) {
        answer = { error: err instanceof AppError ? err : AppError.app('app.internal') }
      }
      try {
        return job.kind.interpret(items, answer)
      } catch (err) {
        // Only job-stopping errors get here: stop starting chunks, keep these items as they are (a create
        // is read back before it is sent again).
        if (job.kind.create) for (const i of items) job.unknown.add(i)
        this.stop(job, err)
        return []
      }
    })
    if (outcomes === null) {
      unsend()
      return
    }
    const results: [number, ItemResult][] = []
    outcomes.forEach((o, k) => {
      const i = items[k]!
      if ('result' in o) {
        results.push([i, o.result])
      } else if ('unknown' in o) {
        job.unknown.add(i)
      } else if ((job.sends.get(i) ?? 0) >= this.maxSends) {
        results.push([i, { state: 'failed', error: o.retry }])
      }
      // else: surely not sent; it stays pending and goes out in the next round.
    })
    this.record(job, results).catch((err: unknown) => this.stop(job, err))
    return
  }

  /** Reads back unknown items: found ones are done; the others go back to pending (or, out of sends, stay unknown). */
  private async reconcile(job: Job, client: ApiClient, signal: AbortSignal): Promise<void> {
    const items = [...job.unknown]
    const results: [number, ItemResult][] = []
    if (!job.kind.reconcile) {
      const unknown: ItemResult = { state: 'unknown', error: AppError.app('app.unknownOutcome').toData() }
      for (const i of items) results.push([i, unknown])
      job.unknown.clear()
      await this.record(job, results)
      return
    }
    let found: (ItemResult | null)[]
    try {
      found = await job.kind.reconcile(client, items, { signal })
    } catch (err) {
      const e = err instanceof AppError ? err : AppError.app('app.internal')
      if (e.code === 'app.cancelled') return
      if (stopsTheJob(e)) throw e
      job.reconcileFailures++
      if (job.reconcileFailures >= this.maxReconcileFailures) {
        const unknown: ItemResult = { state: 'unknown', error: AppError.app('app.unknownOutcome', {}, { cause: e.code }).toData() }
        for (const i of items) results.push([i, unknown])
        job.unknown.clear()
        await this.record(job, results)
      }
      return
    }
    job.reconcileFailures = 0
    items.forEach((i, k) => {
      const r = found[k]
      job.unknown.delete(i)
      if (r) results.push([i, r])
      else if ((job.sends.get(i) ?? 0) >= this.maxSends) {
        results.push([i, { state: 'failed', error: AppError.app('app.unknownOutcome', {}, { cause: `not done after ${this.maxSends} sends` }).toData() }])
      }
      // else: read back as not done, so it is sent again in the next round.
    })
    await this.record(job, results)
  }

  /** Ends a cancelled job: read back create items in flight, then every item not done becomes cancelled. */
  private async finishCancel(job: Job, client?: ApiClient): Promise<void> {
    await this.setStatus(job, 'cancelling')
    if (job.unknown.size > 0 && job.kind.create) {
      try {
        const c = client ?? (await this.deps.clientFor(job.file.profileId))
        job.reconcileFailures = this.maxReconcileFailures - 1 // one read-back attempt, then give up as unknown
        await this.reconcile(job, c, AbortSignal.timeout(60_000))
      } catch {
        // Could not read back: those items stay unknown below.
      }
    }
    const results: [number, ItemResult][] = []
    const unknown: ItemResult = { state: 'unknown', error: AppError.app('app.unknownOutcome').toData() }
    const cancelled: ItemResult = { state: 'cancelled' }
    job.results.forEach((r, i) => {
      if (r !== undefined) return
      results.push([i, job.unknown.has(i) ? unknown : cancelled])
    })
    job.unknown.clear()
    await this.record(job, results)
    await this.setStatus(job, 'cancelled')
  }

  /** Employees that exist no longer need their initial password on disk. */
  private async dropDonePasswords(job: Job): Promise<void> {
    const f = job.file
    if (f.kind !== 'members.import') return
    let changed = false
    const items = f.items.map((m, i) => {
      if (m.password === undefined || job.results[i]?.state !== 'ok') return m
      changed = true
      const { password: _drop, ...rest } = m
      return rest
    })
    if (!changed) return
    job.file = { ...f, items }
    job.kind = kindRunner(job.file)
    await this.store.writeJob(job.file)
  }
}
