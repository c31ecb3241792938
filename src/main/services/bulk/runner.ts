/**
 * The bulk runner: turns one job (kind + items) into calls of at most `chunkSize` items, `concurrency` at a
 * time, and ends with exactly one result per input item. Pause finishes the calls in flight and starts no new
 * ones; cancel aborts them; every result is on disk (job log) before it counts, so a job interrupted by a crash
 * resumes without resending what is done. Create calls whose outcome is unknown are read back before anything
 * is sent again.
 */
import { randomUUID } from 'node:crypto'
import type { OperationRequests } from '@shared/api/operations'
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
import { AbortScope, type Abortable } from '../../api/abort-scope'
import type { ApiClient, CallOptions, PreparedCall } from '../../api/client'
import type { JournalContext } from '../../api/journal-sink'
import { kindRunner, stopsTheJob, type ChunkAnswer, type ChunkCall, type ChunkItemOutcome, type KindRunner } from './kinds'
import { JobStore, positionsOf, type JobFile, type JobLogLine } from './job-store'
import { memberActionJobFile } from './member-actions'
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
  /** The run has decided how it ends (left its loop): a resume or cancel now comes too late for it. */
  ending: boolean
  /** A resume or cancel that came while the run was ending: acted on once it has ended. */
  next: 'resume' | 'cancel' | null
  /** The error that stopped the current run (credentials refused, journal not writable). */
  stopError: AppError | null
  abort: AbortScope | null
  loop: Promise<void> | null
  chunkSeq: number
  /** The job file on disk (no call is sent before). */
  written: Promise<void>
  /** The last result line appended (on disk once this resolves, and every earlier one too). */
  lastWrite: Promise<void>
  meter: RateMeter
  throttle: Throttle
}

/** A chunk's call, built and journaled, waiting for a free slot. */
interface ReadyCall {
  client: ApiClient
  items: number[]
  call: ChunkCall
  opts: CallOptions
  prepared: PreparedCall
}

/**
 * Most calls journaled ahead of sending (their start entries on disk, and for creates their items in a "send"
 * line, waiting for a free slot), topped up when down to a quarter. Far enough ahead that a slow disk (an fsync
 * takes 0.2 ms on a quiet machine, 5 ms and more on a busy one) never leaves a slot waiting, in few, large
 * writes (each costs about as much CPU as tens of calls). After a crash an entry journaled but never sent reads
 * "interrupted": a lock toggle is simply sent again; a create's items are read back first (one pass over the
 * employee list however many there are), so going far ahead costs a resume nothing more.
 */
const AHEAD = 128
/** A batch whose journal write took longer than this (ms) says the disk is busy: see sendChunks. */
const SLOW_WRITE_MS = 2

/** Builds (and journals) the calls of a job's chunks, which all call the same operation. */
function prepareCalls(client: ApiClient, calls: ChunkCall[], contexts: JournalContext[]): Promise<PreparedCall[]> {
  const op = calls[0]!.op
  // Every call of a job is of one operation: the request of each is that operation's.
  return client.prepareAll<typeof op>(op, calls.map((c, k) => ({ req: c.req as OperationRequests[typeof op], context: contexts[k]! })))
}

type FinalState = 'ok' | 'failed' | 'unknown' | 'cancelled'
const FINAL: ReadonlySet<ItemState> = new Set<FinalState>(['ok', 'failed', 'unknown', 'cancelled'])

function tallyOf(results: readonly (ItemResult | undefined)[]): Record<FinalState, number> {
  const t = { ok: 0, failed: 0, unknown: 0, cancelled: 0 }
  for (const r of results) if (r && FINAL.has(r.state)) t[r.state as FinalState]++
  return t
}

/** Duplicate key: trimmed, case-insensitive. */
function keyOf(item: BulkStart['items'][number]): string {
  return (typeof item === 'string' ? item : item.userName).trim().toLowerCase()
}

/** Splits a list into consecutive chunks of at most `size`. */
export function chunk<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size))
  return out
}

/** The first occurrence of each key, and where the repeats are. */
export function dedupe<T>(items: readonly T[], key: (t: T) => string): Deduped<T> {
  return dedupeKeys(items, items.map(key))
}

export interface Deduped<T> {
  unique: T[]
  /** Input position of each unique item. */
  positions: number[]
  duplicates: { index: number; of: number }[]
}

/**
 * The first occurrence of each key (`keys[i]` of `items[i]`), and where the repeats are. The keys are sorted
 * first (much cheaper than hashing ten thousand fresh strings into a Map): repeats sit side by side, and a list
 * without any, the usual case, is done there. Only keys that repeat are then followed through a Map.
 */
export function dedupeKeys<T>(items: readonly T[], keys: readonly string[]): Deduped<T> {
  const sorted = keys.slice().sort()
  let repeated: Set<string> | null = null
  for (let i = 1; i < sorted.length; i++) if (sorted[i] === sorted[i - 1]) (repeated ??= new Set()).add(sorted[i]!)
  if (!repeated) return { unique: items.slice(), positions: keys.map((_, i) => i), duplicates: [] }
  const first = new Map<string, number>()
  const unique: T[] = []
  const positions: number[] = []
  const duplicates: { index: number; of: number }[] = []
  for (let index = 0; index < items.length; index++) {
    const k = keys[index]!
    if (repeated.has(k)) {
      const of = first.get(k)
      if (of !== undefined) {
        duplicates.push({ index, of })
        continue
      }
      first.set(k, index)
    }
    unique.push(items[index]!)
    positions.push(index)
  }
  return { unique, positions, duplicates }
}

/**
 * Whether trim() or toLowerCase() could change a lock number: an end that is not printable ASCII, or an upper-case
 * or non-ASCII letter. Lock numbers are digits and latin letters: this scan lets a clean list skip two passes of
 * string calls over ten thousand items.
 */
function mayFold(s: string): boolean {
  const n = s.length
  if (n === 0) return true
  const a = s.charCodeAt(0)
  const z = s.charCodeAt(n - 1)
  if (a <= 0x20 || a >= 0x7f || z <= 0x20 || z >= 0x7f) return true
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i)
    if ((c >= 0x41 && c <= 0x5a) || c >= 0x7f) return true
  }
  return false
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

  /**
   * Loads the jobs on disk; jobs that were running when the app stopped become `interrupted`, jobs that were
   * cancelling are cancelled.
   */
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
      if (loaded.status === 'running') {
        job.status = 'interrupted'
        await this.store.append(id, { e: 'status', status: 'interrupted', at: this.now() })
      }
      // Calls in flight when the app stopped: a create may have been done (read back first); a lock
      // toggle is simply sent again.
      if (job.kind.create) for (const i of loaded.inFlight) job.unknown.add(i)
      this.jobs.set(id, job)
      // The app stopped while cancelling: the cancel is finished now (never resumed, which would send the rest).
      if (loaded.status === 'cancelling') this.launch(job, { cancel: true })
      // Passwords of employees that exist are dropped after each run; the app may have stopped before that.
      this.track(this.dropDonePasswords(job).catch(() => undefined))
    }
  }

  private makeJob(file: JobFile, results: (ItemResult | undefined)[], fresh = false): Job {
    const meter = new RateMeter(this.now)
    const job: Job = {
      file,
      kind: kindRunner(file),
      results,
      tally: fresh ? { ok: 0, failed: 0, unknown: 0, cancelled: 0 } : tallyOf(results),
      status: 'paused',
      updatedAt: file.createdAt,
      unknown: new Set(),
      sends: new Map(),
      reconcileFailures: 0,
      pauseRequested: false,
      cancelRequested: false,
      ending: false,
      next: null,
      stopError: null,
      abort: null,
      loop: null,
      chunkSeq: 0,
      written: Promise.resolve(),
      lastWrite: Promise.resolve(),
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
    if (input.kind === 'members.delete' || input.kind === 'members.resetPassword') {
      file = memberActionJobFile(input, base)
    } else if (input.kind === 'members.import') {
      const d = dedupe(input.items, keyOf)
      file = { ...base, kind: input.kind, enterpriseGlobalId: input.enterpriseGlobalId, items: d.unique, duplicates: d.duplicates }
      if (d.duplicates.length > 0) file.positions = d.positions
    } else {
      const raw = input.items
      const fold = raw.some(mayFold)
      const items = fold ? raw.map((n) => n.trim()) : raw
      const d = dedupeKeys(items, fold ? items.map((n) => n.toLowerCase()) : items)
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
    const job = this.makeJob(file, new Array<ItemResult | undefined>(file.items.length).fill(undefined), true)
    // The job is written while the first calls are prepared (creates wait for it before sending).
    job.written = this.store.create(file)
    job.written.catch((err: unknown) => this.stop(job, err))
    this.jobs.set(id, job)
    // Returns at once; if the job file cannot be written the run stops (paused, with the storage error).
    this.launch(job)
    return this.summary(job)
  }

  /** Finishes the calls in flight and starts no new ones. */
  async pause(id: string): Promise<JobSummary> {
    const job = await this.job(id)
    if (job.next === 'resume') job.next = null
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
    if (job.status === 'cancelling' || job.next === 'cancel') throw AppError.app('app.readOnly', { what: `job ${id} is being cancelled` })
    if (job.loop && job.ending) {
      // The run is writing its end: resumed once it has, if it ends paused.
      job.next = 'resume'
    } else if (job.loop) {
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
    if (job.loop && job.ending) {
      // The run is writing its end: cancelled once it has, if it ends paused.
      job.next = 'cancel'
      return this.summary(job)
    }
    if (job.loop) {
      job.cancelRequested = true
      job.status = 'cancelling'
      job.abort?.abort(AppError.app('app.cancelled'))
    } else {
      // A run of its own: if cancelling fails (the log not writable), it pauses with the error.
      this.launch(job, { cancel: true })
    }
    job.throttle.flush()
    return this.summary(job)
  }

  /**
   * Sends again the items of a finished (or stopped) job that a retry may change: for a lock job status 3
   * (operation failed), failed calls, unknown and cancelled ones, never status 2 (no such lock) or 4 (wrong
   * type), which would come back the same; for an import every failed, unknown and cancelled employee. Unknown
   * creates are read back first. Nothing to retry: the job is left as it is.
   */
  async retryFailed(id: string): Promise<JobSummary> {
    const job = await this.job(id)
    if (job.loop) throw AppError.app('app.readOnly', { what: `job ${id} is still running` })
    const reset: number[] = []
    job.results.forEach((r, i) => {
      if (r && job.kind.retryable(r)) reset.push(i)
    })
    // Claimed at once (a resume or cancel meanwhile joins this run); the items go back to pending only once
    // their reset line is on disk.
    if (reset.length > 0) this.launch(job, { before: () => this.reset(job, reset) })
    return this.summary(job)
  }

  /** Puts items back to pending for a retry: on disk first, then in memory. */
  private async reset(job: Job, items: number[]): Promise<void> {
    await this.store.append(job.file.id, { e: 'reset', items, at: this.now() })
    for (const i of items) {
      // An unknown create is read back before it is sent again (after a restart too: see JobStore.load).
      if (job.kind.create && job.results[i]?.state === 'unknown') job.unknown.add(i)
      this.setResult(job, i, undefined)
      job.sends.delete(i)
    }
    job.reconcileFailures = 0
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
      if (job.next === 'resume') job.next = null
      if (job.loop && job.status === 'running') {
        job.pauseRequested = true
        job.status = 'paused'
      }
    }
    // A cancel waiting for a run's end starts a run of its own: waited for too.
    for (const job of this.jobs.values()) while (job.loop) await job.loop
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
    const t = job.tally as Record<string, number>
    const before = job.results[i]
    if (before && t[before.state] !== undefined) t[before.state]!--
    if (r && t[r.state] !== undefined) t[r.state]!++
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
      target: 'enterpriseGlobalId' in f ? f.enterpriseGlobalId : f.operatorIdentity,
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
  private record(job: Job, items: readonly number[], results: readonly ItemResult[]): Promise<void> {
    if (results.length === 0) return Promise.resolve()
    job.updatedAt = this.now()
    for (let k = 0; k < results.length; k++) this.setResult(job, items[k]!, results[k])
    job.meter.record(this.doneCount(job))
    job.throttle.poke()
    // Lazy: written with the next flush (the next "send" line, a status, or within 25 ms), in one line with the
    // other results until then. Lines are written in order, so the last one on disk means every earlier one is;
    // a failed write stops the job.
    const written = this.store.addResults(job.file.id, items, results, job.updatedAt)
    if (written !== job.lastWrite) {
      written.catch((err: unknown) => this.stop(job, err))
      job.lastWrite = written
    }
    return written
  }

  /** Records one result for several items. */
  private recordAll(job: Job, items: readonly number[], result: ItemResult): Promise<void> {
    return this.record(job, items, items.map(() => result))
  }

  /** Waits until every result line of the job is on disk (a failed write has stopped the job). */
  private async settleWrites(job: Job): Promise<void> {
    await job.lastWrite.catch(() => undefined)
  }

  // ---- running

  /**
   * Starts a run (`cancel`: one that cancels the job); `before` (awaited first) is part of it, so its failure
   * pauses the job with the error.
   */
  private launch(job: Job, opts: { before?: () => Promise<void>; cancel?: boolean } = {}): void {
    job.pauseRequested = false
    job.cancelRequested = opts.cancel === true
    job.stopError = null
    job.ending = false
    job.next = null
    // One scope for every call of the run: a cancel stops them all, and each call in flight costs one Set entry
    // (not an AbortSignal listener each, which Node counts and warns about past 10).
    job.abort = new AbortScope()
    job.status = job.cancelRequested ? 'cancelling' : 'running'
    delete job.error
    job.meter.reset()
    job.loop = this.run(job, opts.before).finally(() => {
      job.loop = null
      job.abort = null
      const next = job.next
      job.next = null
      if (next && job.status === 'paused') this.launch(job, { cancel: next === 'cancel' })
    })
  }

  private async run(job: Job, before?: () => Promise<void>): Promise<void> {
    try {
      if (before) await before()
      // Written lazily, with the first lines after it (lines keep their order): if the app stops before, the job
      // still reads as unfinished (no status, the pause it resumes from, or a reset), and its results replay the same.
      job.updatedAt = this.now()
      const running = job.cancelRequested
        ? Promise.resolve()
        : this.store.append(job.file.id, { e: 'status', status: 'running', at: job.updatedAt }, { lazy: true })
      running.catch(() => undefined)
      // Shown once the caller has the job's summary (the first progress event never comes before it).
      setImmediate(() => job.throttle.flush())
      const settings = await this.deps.settings()
      job.meter.record(this.doneCount(job))
      while (!job.pauseRequested && !job.cancelRequested) {
        if (job.unknown.size > 0) await this.reconcile(job, await this.deps.clientFor(job.file.profileId), job.abort!)
        if (job.pauseRequested || job.cancelRequested) break
        const pending: number[] = []
        for (let i = 0; i < job.results.length; i++) if (job.results[i] === undefined && !job.unknown.has(i)) pending.push(i)
        if (pending.length === 0 && job.unknown.size === 0) break
        if (pending.length === 0) continue
        // Every call of the round ends before the next round (or the run's end), so a resume can never overlap a
        // call still out.
        await this.sendChunks(job, chunk(pending, job.kind.chunkSize(settings)), settings.concurrency)
        if (job.stopError) throw job.stopError
      }
      job.ending = true
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
      // On disk by now (written before the lines above); awaited only for its error.
      await running
      if (job.stopError) throw job.stopError
    } catch (err) {
      job.ending = true
      // A job-stopping error (credentials refused, journal not writable): keep every item as it is and pause
      // with the error, so the user can fix it and resume.
      const e = err instanceof AppError ? err : AppError.app('app.internal')
      await this.settleWrites(job)
      await this.setStatus(job, 'paused', e.toData()).catch(() => undefined)
    } finally {
      // Not awaited by the run, and started after its end is told (the job's end does not wait on rewriting
      // its file, nor on going through its employees); close() waits for it.
      if (job.kind.create || job.kind.withoutSecrets) this.track(new Promise((r) => setImmediate(r)).then(() => this.dropDonePasswords(job)).catch(() => undefined))
      // Every line of the run is on disk by now; a job at rest holds no file open (the next write reopens it).
      await this.store.closeLog(job.file.id).catch(() => undefined)
      job.throttle.flush()
    }
  }

  private stop(job: Job, err: unknown): void {
    job.stopError ??= err instanceof AppError ? err : AppError.app('app.internal')
    job.pauseRequested = true
  }

  private stopping(job: Job): boolean {
    return job.pauseRequested || job.cancelRequested
  }

  /**
   * Sends chunks, `concurrency` calls at a time. Calls are journaled ahead in batches (their start entries
   * written with one write and one fsync, creates' "send" line likewise; see AHEAD): a call never waits
   * on the disk, and a 100-call lock job costs three fsyncs of its journal instead of one per call. Results are
   * recorded as answers come.
   */
  private async sendChunks(job: Job, chunks: number[][], concurrency: number): Promise<void> {
    const window = Math.max(AHEAD, concurrency * 4)
    const low = Math.max(concurrency, window >> 2)
    const queue: ReadyCall[] = []
    let next = 0
    // Batches grow fivefold from `concurrency` (4, 20, 100, …): the first calls go out after one short write,
    // and each batch is written while the calls of the one before are out, so sending does not stall on the
    // disk. When a write proves slow (a busy disk), the next batch fills the window: one more wait, not several.
    let batchSize = concurrency
    let feeding: Promise<void> | null = null

    // One batch at a time; `feeding` is the batch being written, null when none is.
    const feed = (): Promise<void> | null => {
      if (feeding) return feeding
      if (next >= chunks.length || this.stopping(job)) return null
      const room = Math.min(batchSize, window - queue.length)
      batchSize *= 5
      const batch = chunks.slice(next, next + room)
      next += batch.length
      const t0 = performance.now()
      const p: Promise<void> = this.prepareChunks(job, batch)
        .then(
          (ready) => {
            if (performance.now() - t0 > SLOW_WRITE_MS) batchSize = window
            queue.push(...ready)
          },
          (err: unknown) => this.stop(job, err),
        )
        .finally(() => {
          if (feeding === p) feeding = null
        })
      feeding = p
      return p
    }

    const worker = async (): Promise<void> => {
      for (;;) {
        if (queue.length <= low) void feed()
        let r = queue.shift()
        while (!r) {
          const f = feeding ?? feed()
          if (!f) return // nothing left to prepare, nothing queued
          await f
          r = queue.shift()
        }
        if (this.stopping(job)) {
          await this.unsent(job, r)
          continue
        }
        await this.sendChunk(job, r)
      }
    }
    await Promise.all(Array.from({ length: concurrency }, worker))
    await feeding
    // Journaled but not sent (the run stopped): their entries end as "not sent".
    for (const r of queue.splice(0)) await this.unsent(job, r)
  }

  /** Closes the journal entry of a call that will not be sent; its items stay pending. */
  private async unsent(job: Job, r: ReadyCall): Promise<void> {
    await r.prepared.abandon().catch(() => undefined)
    if (job.kind.create) for (const i of r.items) job.sends.set(i, (job.sends.get(i) ?? 1) - 1)
  }

  /**
   * Builds the calls of some chunks and puts their journal start entries on disk (one write), and for creates
   * the job's "sending these" line (after a crash those items are read back, never blindly resent).
   */
  private async prepareChunks(job: Job, chunks: number[][]): Promise<ReadyCall[]> {
    // Asked per batch: when the profile changes mid-job, the next calls use its new client.
    let client: ApiClient
    try {
      client = await this.deps.clientFor(job.file.profileId)
    } catch (err) {
      this.stop(job, err)
      return []
    }
    const calls: { items: number[]; call: ChunkCall; context: JournalContext; opts: CallOptions }[] = []
    for (const items of chunks) {
      try {
        const call = job.kind.request(items)
        const context = { jobId: job.file.id, chunk: job.chunkSeq++ }
        calls.push({ items, call, context, opts: { signal: job.abort!, context, awaitJournalEnd: false } })
      } catch (err) {
        // An item that cannot be sent (e.g. its password is no longer kept): fail the chunk's items, go on.
        const e = err instanceof AppError ? err : AppError.app('app.internal')
        void this.recordAll(job, items, { state: 'failed', error: e.toData() })
      }
    }
    if (calls.length === 0) return []
    const items = job.kind.create ? calls.flatMap((c) => c.items) : []
    for (const i of items) job.sends.set(i, (job.sends.get(i) ?? 0) + 1)
    const [prep, sendLine] = await Promise.allSettled([
      prepareCalls(client, calls.map((c) => c.call), calls.map((c) => c.context)),
      job.kind.create ? this.store.append(job.file.id, { e: 'send', items, at: this.now() }) : undefined,
    ])
    if (prep.status === 'rejected' || sendLine.status === 'rejected') {
      if (prep.status === 'fulfilled') for (const p of prep.value) await p.abandon().catch(() => undefined)
      for (const i of items) job.sends.set(i, (job.sends.get(i) ?? 1) - 1)
      const err: unknown = prep.status === 'rejected' ? prep.reason : (sendLine as PromiseRejectedResult).reason
      // While cancelling, nothing more is sent anyway: no error to show. Otherwise the job stops with it.
      if (!job.cancelRequested) this.stop(job, err)
      return []
    }
    return calls.map((c, k) => ({ client, items: c.items, call: c.call, opts: c.opts, prepared: prep.value[k]! }))
  }

  /** Sends one prepared call and records its items' results (their write is awaited at the end of the run). */
  private async sendChunk(job: Job, r: ReadyCall): Promise<void> {
    // A create waits for the job file: after a crash its items must be found and read back. A lock toggle
    // need not: if the app dies in those few milliseconds, the job is gone but nothing was done twice.
    if (job.kind.create) {
      const failed = await job.written.then(
        () => null,
        (err: unknown) => err,
      )
      if (failed !== null) this.stop(job, failed)
      if (this.stopping(job)) {
        await this.unsent(job, r)
        return
      }
    }
    const o = r.opts
    o.prepared = r.prepared
    let answer: ChunkAnswer
    try {
      // One call, narrowed so `op` and `req` stay paired for the type checker.
      const res = await r.client.call<ChunkCall['op']>(r.call.op, r.call.req, o)
      answer = { data: res.data, partial: res.partial }
    } catch (err) {
      answer = { error: err instanceof AppError ? err : AppError.app('app.internal') }
    }
    let outcomes: ChunkItemOutcome[]
    try {
      outcomes = job.kind.interpret(r.items, answer)
    } catch (err) {
      // Only job-stopping errors get here: stop sending, keep these items as they are (a create is read back
      // before it is sent again).
      if (job.kind.create) for (const i of r.items) job.unknown.add(i)
      this.stop(job, err)
      return
    }
    const done: number[] = []
    const results: ItemResult[] = []
    for (let k = 0; k < outcomes.length; k++) {
      const o = outcomes[k]!
      const i = r.items[k]!
      if ('result' in o) {
        done.push(i)
        results.push(o.result)
      } else if ('unknown' in o) {
        job.unknown.add(i)
      } else if ((job.sends.get(i) ?? 0) >= this.maxSends) {
        done.push(i)
        results.push({ state: 'failed', error: o.retry })
      }
      // else: surely not sent; it stays pending and goes out in the next round.
    }
    void this.record(job, done, results)
  }

  /** Reads back unknown items: found ones are done; the others go back to pending (or, out of sends, stay unknown). */
  private async reconcile(job: Job, client: ApiClient, signal: Abortable): Promise<void> {
    const items = [...job.unknown]
    if (!job.kind.reconcile) {
      job.unknown.clear()
      await this.recordAll(job, items, { state: 'unknown', error: AppError.app('app.unknownOutcome').toData() })
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
        job.unknown.clear()
        await this.recordAll(job, items, { state: 'unknown', error: AppError.app('app.unknownOutcome', {}, { cause: e.code }).toData() })
      }
      return
    }
    job.reconcileFailures = 0
    const done: number[] = []
    const results: ItemResult[] = []
    items.forEach((i, k) => {
      const r = found[k]
      job.unknown.delete(i)
      if (r) {
        done.push(i)
        results.push(r)
      } else if ((job.sends.get(i) ?? 0) >= this.maxSends) {
        done.push(i)
        results.push({ state: 'failed', error: AppError.app('app.unknownOutcome', {}, { cause: `not done after ${this.maxSends} sends` }).toData() })
      }
      // else: read back as not done, so it is sent again in the next round.
    })
    await this.record(job, done, results)
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
    const unknown: ItemResult = { state: 'unknown', error: AppError.app('app.unknownOutcome').toData() }
    const cancelled: ItemResult = { state: 'cancelled' }
    const left: number[] = []
    const results: ItemResult[] = []
    job.results.forEach((r, i) => {
      if (r !== undefined) return
      left.push(i)
      results.push(job.unknown.has(i) ? unknown : cancelled)
    })
    job.unknown.clear()
    await this.record(job, left, results)
    await this.setStatus(job, 'cancelled')
  }

  /** Employees that exist no longer need their initial password on disk. */
  private async dropDonePasswords(job: Job): Promise<void> {
    const f = job.file
    const dropped = job.kind.withoutSecrets?.(job.results)
    if (dropped) {
      job.file = dropped
      job.kind = kindRunner(dropped)
      await this.store.writeJob(dropped)
      return
    }
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
