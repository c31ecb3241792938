/**
 * The bulk runner: turns one job (kind + items) into calls of at most `chunkSize` items, `concurrency` at a
 * time, and ends with exactly one result per input item. Pause finishes the calls in flight and starts no new
 * ones; cancel aborts them; every result is on disk (job log) before it counts, so a job interrupted by a crash
 * resumes without resending what is done. Create calls whose outcome is unknown are read back before anything
 * is sent again. What a kind sends and how it reads the answers is in kinds/ (one file per kind).
 */
import { randomUUID } from 'node:crypto'
import { AppError, type AppErrorData } from '@shared/errors/app-error'
import type {
  BulkKind,
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
import type { ApiClient, CallOptions } from '../../api/client'
import { chunk } from './dedupe'
import { JobStore, positionsOf, type JobLogLine } from './job-store'
import type { JobSecretVault } from '../vault/job-secrets'
import {
  buildJob,
  itemError,
  jobTarget,
  mayBeAnItemsDoing,
  openJob,
  stopsTheJob,
  type ChunkItemOutcome,
  type JobBase,
  type KindRunner,
  type ReadyCall,
  type SentAnswer,
} from './kinds'
import { RateMeter, Throttle } from './progress'
import { Slots, type Lease } from './slots'

export { chunk, dedupe, dedupeKeys, type Deduped } from './dedupe'

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
  /**
   * Throws (app.dataDirBusy) when this process does not own the data folder: another process runs its jobs, so
   * this one only reads them (see core/owner.ts). Default: always the owner.
   */
  owner?: () => void
  /** Where items' secrets (an import's initial passwords) live: the vault's (default: this process's memory). */
  secrets?: JobSecretVault
  now?: () => number
  /** Sends of one create item before it is given up (each after a read-back said "not done"). */
  maxSends?: number
  /** Read-back failures in a row before unknown items are given up as unknown. */
  maxReconcileFailures?: number
  /** Least time between progress events of a job. */
  progressIntervalMs?: number
}

type FinalState = 'ok' | 'failed' | 'unknown' | 'cancelled'
const FINAL: ReadonlySet<ItemState> = new Set<FinalState>(['ok', 'failed', 'unknown', 'cancelled'])
function isFinal(state: ItemState): state is FinalState {
  return FINAL.has(state)
}

interface Job {
  file: JobBase
  kind: KindRunner
  results: (ItemResult | undefined)[]
  /** Results each item has had (its first run's and each retry's). */
  tries: Uint16Array
  /** Unique items per final state (kept up to date by setResult, so counts never walk every item). */
  tally: Record<FinalState, number>
  /** Items whose result a retry may change (kind.retryable), likewise. */
  retryable: number
  /** Items in calls out now. */
  inFlight: number
  status: JobStatus
  error?: AppErrorData
  updatedAt: number
  /** Items whose outcome is unknown: read back before anything of theirs is sent again. */
  unknown: Set<number>
  /** Per item, how many of its calls may have reached the service in this session (a typed array: one per item). */
  sends: Uint16Array
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
  /** The job file on disk (no create is sent before). */
  written: Promise<void>
  /** The last result line appended (on disk once this resolves, and every earlier one too). */
  lastWrite: Promise<void>
  meter: RateMeter
  throttle: Throttle
  /** A removal of finished items' secrets from the job file, waiting (timer) or being written. */
  dropTimer: NodeJS.Timeout | null
  dropping: Promise<void>
}

/** A prepared call and the options it is sent with. */
interface Queued {
  call: ReadyCall
  opts: CallOptions
}

/**
 * Items without a result that are not waiting to be read back: those a run sends, and among them those whose
 * secret is gone (which cannot be). A function of its own so that V8 optimises its loop.
 */
function unsentItems(job: Job): { pending: number[]; secretGone: number[] } {
  const pending: number[] = []
  const secretGone: number[] = []
  const { results, unknown } = job
  const secrets = job.kind.secrets
  const anyUnknown = unknown.size > 0
  for (let i = 0; i < results.length; i++) {
    if (results[i] !== undefined || (anyUnknown && unknown.has(i))) continue
    if (secrets && !secrets.held(i)) secretGone.push(i)
    else pending.push(i)
  }
  return { pending, secretGone }
}

/**
 * Most calls journaled ahead of sending (their start entries on disk, and for creates their items in a "send"
 * line, waiting for a free slot), topped up when down to a quarter. Far enough ahead that a slow disk (an fsync
 * takes 0.2 ms on a quiet machine, 5 ms and more on a busy one) never leaves a slot waiting, in writes that each
 * carry what was built while the one before was under way (an fsync costs the CPU of tens of calls). The send
 * itself is then recorded as it happens (a line written at once, not fsynced: see Journal.sent and
 * JobStore.markSent), so after the app is killed a call never sent reads "not sent" and its items are simply sent
 * again; only creates that left are read back.
 */
const AHEAD = 128
/** Automatic retries of each call made to isolate the item that fails a chunk (the chunk's failure was retried already). */
const SPLIT_RETRIES = 1
/** Calls of an isolation that all failed alike, none answered, after which the failure is taken as not one item's doing. */
const SPLIT_GIVE_UP = 4
/** Longest wait before the secrets of items that reached a final state leave the job file, during a run. */
const SECRET_DROP_MS = 1_000
/** How often unfinished imports are checked for passwords kept too long. */
const SWEEP_MS = 60 * 60 * 1000
const DAY_MS = 24 * 60 * 60 * 1000

/** Counts a call of these items as one more (or one fewer: journaled but not sent) send, within the array's range. */
function countSends(job: Job, items: readonly number[], delta: 1 | -1): void {
  for (const i of items) job.sends[i] = Math.min(0xffff, Math.max(0, job.sends[i]! + delta))
}

/** Halves of a list (the first one the larger). */
function halves(items: number[]): number[][] {
  const mid = Math.ceil(items.length / 2)
  return [items.slice(0, mid), items.slice(mid)]
}

export class BulkRunner {
  private readonly store: JobStore
  private readonly jobs = new Map<string, Job>()
  private readonly now: () => number
  private readonly maxSends: number
  private readonly maxReconcileFailures: number
  private loaded: Promise<void> | null = null
  private readonly background = new Set<Promise<void>>()
  private sweepTimer: NodeJS.Timeout | null = null
  /** settings.bulk.passwordRetentionDays as last read. */
  private retentionDays = 7

  constructor(private readonly deps: BulkRunnerDeps) {
    this.store = new JobStore(deps.dataDir, deps.secrets)
    this.now = deps.now ?? Date.now
    this.maxSends = deps.maxSends ?? 3
    this.maxReconcileFailures = deps.maxReconcileFailures ?? 3
  }

  /**
   * Loads the jobs on disk; jobs that were running when the app stopped become `interrupted`, jobs that were
   * cancelling are cancelled; imports left unfinished longer than their passwords are kept are ended.
   */
  init(): Promise<void> {
    this.loaded ??= this.loadAll()
    return this.loaded
  }

  /** Throws unless this process owns the data folder (it alone runs, changes and tidies jobs). */
  private mustOwn(): void {
    this.deps.owner?.()
  }

  private owns(): boolean {
    try {
      this.mustOwn()
      return true
    } catch {
      return false
    }
  }

  private async loadAll(): Promise<void> {
    // Not the owner: the jobs are read as they are (one "running" runs in the owner), and left untouched.
    const owns = this.owns()
    for (const id of await this.store.ids()) {
      if (this.jobs.has(id)) continue
      const loaded = await this.store.load(id)
      if (!loaded) continue
      const job = this.makeJob(loaded.file, loaded.results, loaded.tries)
      this.recount(job)
      job.updatedAt = loaded.updatedAt
      if (loaded.error) job.error = loaded.error
      job.status = loaded.status
      if (!owns) {
        this.jobs.set(id, job)
        continue
      }
      if (loaded.status === 'running') {
        job.status = 'interrupted'
        await this.store.append(id, { e: 'status', status: 'interrupted', at: this.now() })
      }
      // Creates that may have left when the app stopped: they may have been done (read back first). Those that
      // surely never left are simply sent; lock toggles are simply sent again.
      if (job.kind.create) for (const i of loaded.maybeSent) job.unknown.add(i)
      this.jobs.set(id, job)
      // The app stopped while cancelling: the cancel is finished now (never resumed, which would send the rest).
      if (loaded.status === 'cancelling') this.launch(job, { cancel: true })
      // Secrets of finished items are removed after each run; the app may have stopped before that.
      else this.track(this.dropSecrets(job))
    }
    if (!owns) return
    await this.sweep().catch(() => undefined)
    this.sweepTimer = setInterval(() => void this.sweep().catch(() => undefined), SWEEP_MS)
    this.sweepTimer.unref?.()
  }

  private makeJob(file: JobBase, results: (ItemResult | undefined)[], tries: Uint16Array): Job {
    const meter = new RateMeter(this.now)
    const job: Job = {
      file,
      kind: openJob(file),
      results,
      tries,
      tally: { ok: 0, failed: 0, unknown: 0, cancelled: 0 },
      retryable: 0,
      inFlight: 0,
      status: 'paused',
      updatedAt: file.createdAt,
      unknown: new Set(),
      sends: new Uint16Array(results.length),
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
      dropTimer: null,
      dropping: Promise.resolve(),
    }
    return job
  }

  /** Counts every item's result again (after loading, or when what a retry may change has changed). */
  private recount(job: Job): void {
    const t = { ok: 0, failed: 0, unknown: 0, cancelled: 0 }
    let retryable = 0
    job.results.forEach((r, i) => {
      if (!r || !isFinal(r.state)) return
      t[r.state]++
      if (job.kind.retryable(r, i)) retryable++
    })
    job.tally = t
    job.retryable = retryable
  }

  // ---- commands

  /** Creates a job and starts it; returns at once. Duplicate items are found here and never sent. */
  async start(input: BulkStart): Promise<JobSummary> {
    this.mustOwn()
    await this.init()
    const profileId = input.profileId ?? (await this.deps.activeProfileId())
    const createdAt = this.now()
    const id = `${new Date(createdAt).toISOString().slice(0, 10)}-${randomUUID().slice(0, 8)}`
    const file = await buildJob(input, { v: 1, id, profileId, createdAt, inputCount: input.items.length }, this.deps)
    const n = file.items.length
    const job = this.makeJob(file, new Array<ItemResult | undefined>(n).fill(undefined), new Uint16Array(n))
    // The job is written while the first calls are prepared (creates wait for it before sending). A job whose
    // items hold secrets has a file of its own, rewritten without them later.
    job.written = this.store.create(file, { ownFile: job.kind.secrets !== undefined })
    job.written.catch((err: unknown) => this.stop(job, err))
    this.jobs.set(id, job)
    // Returns at once; if the job file cannot be written the run stops (paused, with the storage error).
    this.launch(job)
    return this.summary(job)
  }

  /** Finishes the calls in flight and starts no new ones. */
  async pause(id: string): Promise<JobSummary> {
    this.mustOwn()
    const job = await this.job(id)
    if (job.next === 'resume') job.next = null
    if (job.loop && job.status === 'running') {
      job.pauseRequested = true
      job.status = 'paused'
      job.throttle.flush()
    }
    return this.summary(job)
  }

  /** Continues a paused or interrupted job (an import left unfinished too long is ended instead: see sweep). */
  async resume(id: string): Promise<JobSummary> {
    this.mustOwn()
    const job = await this.job(id)
    if (job.status === 'cancelling' || job.next === 'cancel') throw AppError.app('app.readOnly', { what: `job ${id} is being cancelled` })
    if (job.loop && job.ending) {
      // The run is writing its end: resumed once it has, if it ends paused.
      job.next = 'resume'
    } else if (job.loop) {
      // Paused but its calls still finishing: keep going instead of stopping.
      job.pauseRequested = false
      job.status = 'running'
      job.throttle.flush()
    } else if (job.status === 'paused' || job.status === 'interrupted') {
      // Checked against the setting as last read, so the run is claimed in this step (no await before launch).
      if (this.expired(job, this.retentionDays)) await this.expire(job, this.retentionDays)
      else this.launch(job)
    }
    return this.summary(job)
  }

  /** Aborts calls in flight; items not done become cancelled (create items in flight are read back first). */
  async cancel(id: string): Promise<JobSummary> {
    this.mustOwn()
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
   * Sends again, in the same job, the items whose result a retry may change (kind.retryable: the one retry
   * rule), their new results replacing the old ones; unknown creates are read back first. Nothing to retry: the
   * job is left as it is.
   */
  async retryFailed(id: string): Promise<JobSummary> {
    this.mustOwn()
    const job = await this.job(id)
    if (job.loop) throw AppError.app('app.readOnly', { what: `job ${id} is still running` })
    if (this.expired(job, this.retentionDays)) await this.expire(job, this.retentionDays)
    if (job.loop) throw AppError.app('app.readOnly', { what: `job ${id} is still running` })
    const reset: number[] = []
    job.results.forEach((r, i) => {
      if (r && job.kind.retryable(r, i)) reset.push(i)
    })
    // Claimed at once (a resume or cancel meanwhile joins this run); the items go back to pending only once
    // their reset line is on disk.
    if (reset.length > 0) this.launch(job, { before: () => this.reset(job, reset) })
    return this.summary(job)
  }

  /** Deletes a job and its files; refused while it runs (its calls in flight included). */
  async delete(id: string): Promise<void> {
    this.mustOwn()
    const job = await this.job(id)
    // A run that is only writing its end (its status told) is waited for; one that runs (or a resume that
    // follows it) refuses.
    while (job.loop) {
      if (!job.ending || job.next) throw AppError.app('app.jobRunning', {}, { cause: `job ${id} is ${job.status}` })
      await job.loop
    }
    if (job.dropTimer) clearTimeout(job.dropTimer)
    job.dropTimer = null
    this.jobs.delete(id)
    job.throttle.cancel()
    await job.dropping
    await this.store.remove(id)
  }

  /** Puts items back to pending for a retry: on disk first, then in memory. */
  private async reset(job: Job, items: number[]): Promise<void> {
    await this.store.append(job.file.id, { e: 'reset', items, at: this.now() })
    for (const i of items) {
      // An unknown create is read back before it is sent again (after a restart too: see JobStore.load).
      if (job.kind.create && job.results[i]?.state === 'unknown') job.unknown.add(i)
      this.setResult(job, i, undefined)
      job.sends[i] = 0
    }
    job.reconcileFailures = 0
  }

  /** A job with a page of its items (by input position), optionally only some states, or only what a retry would send. */
  async get(id: string, opts: { states?: ItemState[]; retryable?: boolean; offset?: number; limit?: number } = {}): Promise<JobDetail> {
    const job = await this.job(id)
    const offset = opts.offset ?? 0
    const limit = opts.limit ?? 100
    const want = opts.states?.length ? new Set(opts.states) : null
    const items: JobItem[] = []
    let matching = 0
    for (const item of this.itemsInInputOrder(job)) {
      if (want && !want.has(item.result.state)) continue
      if (opts.retryable !== undefined && item.retryable !== opts.retryable) continue
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

  /** The newest `limit` jobs (of some kinds), and how many there are. */
  async listPage(opts: { kinds?: BulkKind[]; limit?: number } = {}): Promise<{ jobs: JobSummary[]; total: number }> {
    await this.init()
    const kinds = opts.kinds?.length ? new Set(opts.kinds) : null
    const jobs = [...this.jobs.values()].filter((j) => !kinds || kinds.has(j.file.kind)).sort((a, b) => b.file.createdAt - a.file.createdAt)
    return { jobs: jobs.slice(0, opts.limit ?? 100).map((j) => this.summary(j)), total: jobs.length }
  }

  /** Resolves when the job's current run (if any) has ended; returns its summary. */
  async wait(id: string): Promise<JobSummary> {
    const job = await this.job(id)
    while (job.loop) await job.loop
    return this.summary(job)
  }

  /** Resolves when the job's run has ended and its finished items' secrets are off the disk. */
  async settled(id: string): Promise<JobSummary> {
    const job = await this.job(id)
    await this.wait(id)
    await this.flushSecrets(job)
    return this.summary(job)
  }

  /** Pauses every running job (their calls in flight finish) and closes the job logs. */
  async close(): Promise<void> {
    if (this.sweepTimer) clearInterval(this.sweepTimer)
    this.sweepTimer = null
    for (const job of this.jobs.values()) {
      if (job.next === 'resume') job.next = null
      if (job.loop && job.status === 'running') {
        job.pauseRequested = true
        job.status = 'paused'
      }
    }
    // A cancel waiting for a run's end starts a run of its own: waited for too.
    for (const job of this.jobs.values()) while (job.loop) await job.loop
    for (const job of this.jobs.values()) await this.flushSecrets(job)
    await Promise.all([...this.background])
    await this.store.close()
  }

  /** Work that outlives a run (rewriting a job file) and that close() must wait for. */
  private track(p: Promise<void>): void {
    const q = p.catch(() => undefined)
    this.background.add(q)
    void q.finally(() => this.background.delete(q))
  }

  // ---- secrets (an import's initial passwords)

  /**
   * Removes from the job file the secrets of items that reached a final state (all of them once the job has
   * ended). Rewrites are queued one after the other; a failure leaves them for the next one (and for the
   * next load, which removes them too).
   */
  private dropSecrets(job: Job): Promise<void> {
    if (!job.kind.secrets) return Promise.resolve()
    const drop = async () => {
      const secrets = job.kind.secrets
      if (!secrets || !this.jobs.has(job.file.id)) return
      const ended = job.status === 'completed' || job.status === 'cancelled'
      const next = secrets.without((i) => ended || job.results[i] !== undefined)
      if (!next) return
      // The job stops relying on the secrets first, then they leave the disk: the file never lacks one the job
      // still offers to retry with (the rewrite ends with a folder fsync, after the new file is in place).
      const before = job.file
      const use = (f: JobBase) => {
        job.file = f
        job.kind = openJob(f)
        this.recount(job)
      }
      use(next)
      try {
        await this.store.writeJob(next)
      } catch (err) {
        // Still on disk: the job keeps them, and the next removal tries again.
        use(before)
        throw err
      }
    }
    job.dropping = job.dropping.then(drop, drop)
    return job.dropping
  }

  /** Removes secrets of finished items within SECRET_DROP_MS (one rewrite for the results of that time). */
  private scheduleDrop(job: Job): void {
    if (job.dropTimer || !job.kind.secrets) return
    job.dropTimer = setTimeout(() => {
      job.dropTimer = null
      this.track(this.dropSecrets(job))
    }, SECRET_DROP_MS)
    job.dropTimer.unref?.()
  }

  /** Removes secrets of finished items now (a removal waiting for its timer is done at once). */
  private async flushSecrets(job: Job): Promise<void> {
    if (job.dropTimer) {
      clearTimeout(job.dropTimer)
      job.dropTimer = null
    }
    await this.dropSecrets(job).catch(() => undefined)
  }

  private async readRetention(): Promise<number> {
    try {
      this.retentionDays = (await this.deps.settings()).passwordRetentionDays
    } catch {
      // keep the last value read
    }
    return this.retentionDays
  }

  /** Ends every unfinished import that has kept its passwords longer than the setting allows. */
  private async sweep(): Promise<void> {
    const days = await this.readRetention()
    for (const job of [...this.jobs.values()]) await this.expire(job, days).catch(() => undefined)
  }

  /** Whether an unfinished import has kept its secrets longer than `days` (and is not running). */
  private expired(job: Job, days: number): boolean {
    if (!job.kind.secrets || job.loop || (job.status !== 'paused' && job.status !== 'interrupted')) return false
    return this.now() - job.updatedAt >= days * DAY_MS
  }

  /**
   * An import paused or interrupted for longer than `days` (since it last did anything) is ended: its
   * unfinished employees fail with `app.passwordExpired` (those sent without an answer are `unknown`: a retry
   * reads them back), the job is completed with that error, and every password leaves the disk.
   */
  private async expire(job: Job, days: number): Promise<void> {
    if (!this.expired(job, days)) return
    const error = AppError.app('app.passwordExpired', { days })
    const expired: ItemResult = { state: 'failed', error: error.toData() }
    const unknown: ItemResult = { state: 'unknown', error: AppError.app('app.unknownOutcome').toData() }
    const items: number[] = []
    const results: ItemResult[] = []
    job.results.forEach((r, i) => {
      if (r !== undefined) return
      items.push(i)
      results.push(job.unknown.has(i) ? unknown : expired)
    })
    job.unknown.clear()
    await this.record(job, items, results)
    await this.setStatus(job, 'completed', error.toData())
    await this.flushSecrets(job)
    await this.store.closeLog(job.file.id).catch(() => undefined)
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
    const pending: ItemResult = { state: 'pending' }
    for (let index = 0; index < f.inputCount; index++) {
      const u = byPosition.get(index)
      const of = dupOf.get(index)
      if (u !== undefined) {
        const d = job.kind.describe(u)
        const r = job.results[u]
        const item: JobItem = { index, key: d.key, result: r ?? pending, tries: job.tries[u]!, retryable: r !== undefined && job.kind.retryable(r, u) }
        if (d.label !== undefined) item.label = d.label
        yield item
      } else if (of !== undefined) {
        const d = job.kind.describe(byPosition.get(of)!)
        yield { index, key: d.key, result: { state: 'duplicate', duplicateOf: of }, tries: 0, retryable: false }
      }
    }
  }

  /** The counts of a job: the one function behind bulk.list, bulk.get and bulk.progress. */
  private counts(job: Job): JobCounts {
    const t = job.tally
    const finished = t.ok + t.failed + t.unknown + t.cancelled
    return {
      total: job.file.inputCount,
      ...t,
      duplicate: job.file.duplicates.length,
      pending: job.file.items.length - finished,
      inFlight: job.inFlight,
      retryable: job.retryable,
    }
  }

  /** Items finished (final result or duplicate), without walking every result. */
  private doneCount(job: Job): number {
    const t = job.tally
    return t.ok + t.failed + t.unknown + t.cancelled + job.file.duplicates.length
  }

  private setResult(job: Job, i: number, r: ItemResult | undefined): void {
    const t = job.tally
    const before = job.results[i]
    if (before && isFinal(before.state)) {
      t[before.state]--
      if (job.kind.retryable(before, i)) job.retryable--
    }
    if (r && isFinal(r.state)) {
      t[r.state]++
      if (job.kind.retryable(r, i)) job.retryable++
    }
    if (r && job.tries[i]! < 0xffff) job.tries[i]!++
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
      target: jobTarget(f),
      counts: this.counts(job),
    }
    if (job.error) s.error = job.error
    if ((job.status === 'paused' || job.status === 'interrupted') && job.kind.secrets && !job.loop) {
      s.passwordsExpireAt = job.updatedAt + this.retentionDays * DAY_MS
    }
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
    if (job.kind.secrets) this.scheduleDrop(job)
    // Lazy: written with the next flush (the next "send" line, a status, or within 100 ms), in one line with the
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
        const { pending, secretGone } = unsentItems(job)
        // Not done, and its secret no longer kept (a retry of an unknown one read back as not done): cannot be sent.
        if (secretGone.length > 0) void this.recordAll(job, secretGone, { state: 'failed', error: AppError.app('app.passwordNotKept').toData() })
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
      if (job.dropTimer) clearTimeout(job.dropTimer)
      job.dropTimer = null
      // Every line of the run is on disk by now; a job at rest holds no file open (the next write reopens it).
      // Closed behind the run's end (nothing is left to write; close() waits for it).
      this.track(this.store.closeLog(job.file.id))
      job.throttle.flush()
      // Secrets of the items finished in this run leave the job file now (all of them if the job ended). Not
      // awaited by the run, and begun once whoever waits for its end has heard (setImmediate): rewriting the file
      // of 5,000 employees takes 4 ms of this thread, which delayed that by as much. close() and settled() wait for it.
      if (job.kind.secrets) this.track(new Promise((r) => setImmediate(r)).then(() => this.dropSecrets(job)))
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
   * Sends chunks, at most `concurrency` requests in flight at a time (Slots). Calls are journaled ahead in
   * batches (their start entries written with one write and one fsync, creates' "send" line likewise, batches
   * built meanwhile joining the next write; see AHEAD): a call never waits on the disk, and a job costs a few
   * fsyncs, not one per call. Results are recorded as answers come.
   */
  private async sendChunks(job: Job, chunks: number[][], concurrency: number): Promise<void> {
    const window = Math.max(AHEAD, concurrency * 4)
    const low = Math.max(concurrency, window >> 2)
    const queue: Queued[] = []
    let next = 0
    let preparing = 0
    const feeding = new Set<Promise<void>>()
    // Set once the round's calls are done: a batch still waiting for its turn then starts nothing (after a pause
    // and a quick resume it would otherwise journal calls that this round will not send).
    let ended = false
    // Calls are journaled in batches of `concurrency`. The first batch goes alone; the others wait until the first
    // calls have left (for a create, once the job file is on disk as well), then each is built in a turn of the
    // event loop of its own (setImmediate). Answers that come in meanwhile are read between two batches, not after
    // all of them (building 20 calls of 100 employees at once held the first answers back 8 ms), and the batches'
    // journal writes join in the log's group commit (a batch built while one is written goes with the next write).
    let release = (): void => undefined
    const released = new Promise<void>((r) => (release = r))
    let turn: Promise<void> = Promise.resolve()
    let first = true

    const feed = (): void => {
      while (!ended && next < chunks.length && !this.stopping(job)) {
        const room = Math.min(concurrency, window - queue.length - preparing)
        if (room <= 0) return
        const batch = chunks.slice(next, next + room)
        next += batch.length
        preparing += batch.length
        const myTurn = turn
        turn = (first ? released : turn).then(() => new Promise<void>((r) => setImmediate(r)))
        const wasFirst = first
        first = false
        const p: Promise<void> = myTurn
          .then(() => (ended || this.stopping(job) ? [] : this.prepareChunks(job, batch)))
          .then((ready) => {
            for (const r of ready) queue.push(r)
          })
          .finally(() => {
            preparing -= batch.length
            feeding.delete(p)
            if (!wasFirst) return
            // In a timer, not setImmediate: the HTTP client writes the requests taken in this step from
            // an immediate queued after it. The job log's lazy lines (a lock job's own line among them) were held
            // back until now too.
            const after = job.kind.create ? job.written.catch(() => undefined) : Promise.resolve()
            void after.then(() =>
              setTimeout(() => {
                this.store.flushSoon(job.file.id)
                release()
              }, 0),
            )
          })
        feeding.add(p)
      }
    }

    // A place first, then a call for it. A call gives its place back as soon as its answer is in (the client
    // reads the answer after the next request has left: see CallSlot), so the calls are not awaited here one by one.
    const slots = new Slots(concurrency)
    const sending: Promise<void>[] = []
    let failure: { err: unknown } | null = null
    while (!this.stopping(job)) {
      const lease = await slots.take()
      if (queue.length <= low) feed()
      let r = queue.shift()
      while (!r) {
        if (feeding.size === 0) feed()
        if (feeding.size === 0) break // nothing left to prepare, nothing queued
        await Promise.race(feeding)
        r = queue.shift()
      }
      if (!r || this.stopping(job)) {
        lease.release()
        if (r) queue.unshift(r)
        break
      }
      sending.push(
        this.sendChunk(job, r, lease).then(
          () => lease.release(),
          (err: unknown) => {
            lease.release()
            failure ??= { err }
          },
        ),
      )
    }
    await Promise.all(sending)
    ended = true
    await Promise.all(feeding)
    // Journaled but not sent (the run stopped): their entries end as "not sent".
    await Promise.all(queue.splice(0).map((r) => this.unsent(job, r)))
    if (failure) throw failure.err
  }

  /** Closes the journal entry of a call that will not be sent; its items stay pending. */
  private async unsent(job: Job, r: Queued): Promise<void> {
    await r.call.abandon().catch(() => undefined)
    if (job.kind.create) countSends(job, r.call.items, -1)
  }

  /**
   * Builds the calls of some chunks and puts their journal start entries on disk (one write), and for creates
   * the job's "sending these" line (after a crash those items are read back, never blindly resent).
   */
  private async prepareChunks(job: Job, chunks: number[][]): Promise<Queued[]> {
    // Asked per batch: when the profile changes mid-job, the next calls use its new client.
    let client: ApiClient
    try {
      client = await this.deps.clientFor(job.file.profileId)
    } catch (err) {
      this.stop(job, err)
      return []
    }
    const built = job.kind.calls(chunks.map((items) => ({ items, context: { jobId: job.file.id, chunk: job.chunkSeq++ } })))
    // An item that cannot be sent: its chunk's items fail with the error; the job goes on.
    for (const r of built.refused) void this.recordAll(job, r.items, { state: 'failed', error: itemError(r.error) })
    if (built.chunks.length === 0) return []
    const items = job.kind.create ? built.chunks.flatMap((c) => c.items) : []
    countSends(job, items, 1)
    const [prep, sendLine] = await Promise.allSettled([
      built.prepare(client, { signal: job.abort!, ahead: true }),
      job.kind.create ? this.store.append(job.file.id, { e: 'send', items, at: this.now() }) : undefined,
    ])
    if (prep.status === 'rejected' || sendLine.status === 'rejected') {
      if (prep.status === 'fulfilled') for (const p of prep.value) await p.abandon().catch(() => undefined)
      countSends(job, items, -1)
      const err: unknown = prep.status === 'rejected' ? prep.reason : (sendLine as PromiseRejectedResult).reason
      // While cancelling, nothing more is sent anyway: no error to show. Otherwise the job stops with it.
      if (!job.cancelRequested) this.stop(job, err)
      return []
    }
    return prep.value.map((call, k) => ({ call, opts: { signal: job.abort!, context: built.chunks[k]!.context, awaitJournalEnd: false } }))
  }

  /** Sends a call, counting its items in flight meanwhile. */
  private async sendOne(job: Job, q: Queued, lease: Lease): Promise<SentAnswer> {
    const n = q.call.items.length
    job.inFlight += n
    try {
      q.opts.slot = lease
      return await q.call.send(q.opts)
    } finally {
      job.inFlight -= n
    }
  }

  /** Sends one prepared call and records its items' results (their write is awaited at the end of the run). */
  private async sendChunk(job: Job, q: Queued, lease: Lease): Promise<void> {
    // A create waits for the job file: after a crash its items must be found and read back. A lock toggle
    // need not: if the app dies in those few milliseconds, the job is gone but nothing was done twice.
    if (job.kind.create) {
      const failed = await job.written.then(
        () => null,
        (err: unknown) => err,
      )
      if (failed !== null) this.stop(job, failed)
      if (this.stopping(job)) {
        await this.unsent(job, q)
        return
      }
      // In the job log before the request leaves (see the log's `sent` line): after the app is killed, items
      // without it were never sent, and are not read back.
      const marked = this.store.markSent(job.file.id, q.call.items, this.now())
      if (marked) {
        const failed = await marked.then(
          () => null,
          (err: unknown) => err,
        )
        if (failed !== null) {
          this.stop(job, failed)
          await this.unsent(job, q)
          return
        }
      }
    }
    const items = q.call.items
    const answer = await this.sendOne(job, q, lease)
    if ('error' in answer && job.kind.splittable && items.length > 1 && mayBeAnItemsDoing(answer.error) && !this.stopping(job)) {
      await this.isolate(job, items, lease)
      return
    }
    this.answered(job, items, answer)
  }

  /** Records the outcomes of an answer (or of its error); a job-stopping error stops the job instead. */
  private answered(job: Job, items: number[], answer: SentAnswer): void {
    let outcomes: ChunkItemOutcome[]
    if ('outcomes' in answer) {
      outcomes = answer.outcomes
    } else {
      try {
        outcomes = job.kind.failure(items, answer.error)
      } catch (err) {
        // Only job-stopping errors get here: stop sending, keep these items as they are (a create is read back
        // before it is sent again).
        if (job.kind.create) for (const i of items) job.unknown.add(i)
        this.stop(job, err)
        return
      }
    }
    const done: number[] = []
    const results: ItemResult[] = []
    for (let k = 0; k < outcomes.length; k++) {
      const o = outcomes[k]!
      const i = items[k]!
      if ('result' in o) {
        done.push(i)
        results.push(o.result)
      } else if ('unknown' in o) {
        job.unknown.add(i)
      } else if (job.sends[i]! >= this.maxSends) {
        done.push(i)
        results.push({ state: 'failed', error: o.retry })
      }
      // else: surely not sent; it stays pending and goes out in the next round.
    }
    void this.record(job, done, results)
  }

  /**
   * A chunk of an idempotent kind failed as a whole, after the client's retries, with an error the service gave
   * (one of its items may cause it: a lock that makes the service fail): sends its halves, and the halves of
   * those that fail alike, until the failing items are alone, so the others get their own answers. The items
   * left alone with the failure end failed with it. When every call of it fails alike and none is answered
   * (SPLIT_GIVE_UP), the failure is the service's, whatever the items: they all end failed with it.
   */
  private async isolate(job: Job, items: number[], lease: Lease): Promise<void> {
    let groups = halves(items)
    let answered = 0
    let failed = 0
    let last: AppError | null = null
    while (groups.length > 0) {
      if (this.stopping(job)) return // the items stay pending: sent again by the next run
      if (answered === 0 && failed >= SPLIT_GIVE_UP && last) {
        void this.recordAll(job, groups.flat(), { state: 'failed', error: itemError(last) })
        return
      }
      const level = groups
      groups = []
      for (const q of await this.prepareChunks(job, level)) {
        if (this.stopping(job)) {
          await this.unsent(job, q)
          continue
        }
        q.opts.maxRetries = SPLIT_RETRIES
        // Each call of the isolation takes a place of its own, in turn with the run's other calls.
        await lease.acquire()
        const answer = await this.sendOne(job, q, lease)
        if ('error' in answer && mayBeAnItemsDoing(answer.error)) {
          failed++
          last = answer.error
          if (q.call.items.length > 1) groups.push(...halves(q.call.items))
          else void this.recordAll(job, q.call.items, { state: 'failed', error: itemError(answer.error) })
          continue
        }
        if ('outcomes' in answer) answered++
        this.answered(job, q.call.items, answer)
      }
    }
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
      } else if (job.sends[i]! >= this.maxSends) {
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
}
