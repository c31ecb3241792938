/**
 * The bulk runner's face: its commands (start, pause, resume, cancel, retry, delete, reads) and the jobs it loads.
 *
 * The runner turns one job (kind + items) into calls of at most `chunkSize` items, `concurrency` at a time, and
 * ends with exactly one result per input item. Pause finishes the calls in flight and starts no new ones; cancel
 * aborts them; every result is on disk (job log) before it counts, so a job interrupted by a crash resumes without
 * resending what is done. Create calls whose outcome is unknown are read back before anything is sent again.
 * Its parts: job.ts (a job in memory), runs.ts (the run loop), sender.ts (scheduling and concurrency), job-log.ts
 * (results and statuses in the job log), job-file.ts (secrets leaving the job file), expiry.ts (password expiry),
 * job-view.ts (summaries and progress); what a kind sends and how it reads the answers is in kinds/.
 */
import { randomUUID } from 'node:crypto'
import { AppError } from '@shared/errors/app-error'
import type { BulkKind, BulkStart, ItemResult, ItemState, JobDetail, JobItem, JobSummary } from '@shared/ipc/channels/bulk'
import { PasswordExpiry } from './expiry'
import { makeJob, recount, stop, type BulkRunnerDeps, type Job, type RunnerContext } from './job'
import { JobFileSecrets } from './job-file'
import { JobLog } from './job-log'
import { JobStore } from './job-store'
import { itemsInInputOrder, progress, summary } from './job-view'
import { buildJob, type JobBase } from './kinds'
import { JobRuns } from './runs'
import { Sender } from './sender'
import { isoUtc } from '@shared/time/dates'

export { chunk, dedupe, dedupeKeys, type Deduped } from './dedupe'
export type { BulkRunnerDeps } from './job'

export class BulkRunner {
  private readonly store: JobStore
  private readonly jobs = new Map<string, Job>()
  private readonly now: () => number
  private loaded: Promise<void> | null = null
  private readonly background = new Set<Promise<void>>()
  private readonly secrets: JobFileSecrets
  private readonly log: JobLog
  private readonly runs: JobRuns
  private readonly expiry: PasswordExpiry

  constructor(private readonly deps: BulkRunnerDeps) {
    this.store = new JobStore(deps.dataDir, deps.secrets)
    this.now = deps.now ?? Date.now
    const ctx: RunnerContext = {
      deps,
      store: this.store,
      jobs: this.jobs,
      now: this.now,
      maxSends: deps.maxSends ?? 3,
      maxReconcileFailures: deps.maxReconcileFailures ?? 3,
      track: (p) => this.track(p),
    }
    this.secrets = new JobFileSecrets(ctx)
    this.log = new JobLog(ctx, this.secrets)
    this.runs = new JobRuns(ctx, this.log, new Sender(ctx, this.log), this.secrets)
    this.expiry = new PasswordExpiry(ctx, this.log, this.secrets)
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
      recount(job)
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
      if (loaded.status === 'cancelling') this.runs.launch(job, { cancel: true })
      // Secrets of finished items are removed after each run; the app may have stopped before that.
      else this.track(this.secrets.drop(job))
    }
    if (!owns) return
    await this.expiry.start()
  }

  private makeJob(file: JobBase, results: (ItemResult | undefined)[], tries: Uint16Array): Job {
    const onProgress = (job: Job) => this.deps.onProgress(progress(job))
    return makeJob(file, results, tries, { now: this.now, intervalMs: this.deps.progressIntervalMs ?? 100, onProgress, env: { dataDir: this.deps.dataDir } })
  }

  private summary(job: Job): JobSummary {
    return summary(job, this.expiry.retentionDays)
  }

  // ---- commands

  /** Creates a job and starts it; returns at once. Duplicate items are found here and never sent. */
  async start(input: BulkStart): Promise<JobSummary> {
    this.mustOwn()
    await this.init()
    const profileId = input.profileId ?? (await this.deps.activeProfileId())
    const createdAt = this.now()
    const id = `${isoUtc(createdAt).slice(0, 10)}-${randomUUID().slice(0, 8)}`
    const file = await buildJob(input, { v: 1, id, profileId, createdAt, inputCount: input.items.length }, this.deps)
    const n = file.items.length
    const job = this.makeJob(file, new Array<ItemResult | undefined>(n).fill(undefined), new Uint16Array(n))
    // The job is written while the first calls are prepared (creates wait for it before sending). A job whose
    // items hold secrets has a file of its own, rewritten without them later.
    job.written = this.store.create(file, { ownFile: job.kind.secrets !== undefined })
    job.written.catch((err: unknown) => stop(job, err))
    this.jobs.set(id, job)
    // Returns at once; if the job file cannot be written the run stops (paused, with the storage error).
    this.runs.launch(job)
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
      if (this.expiry.expired(job, this.expiry.retentionDays)) await this.expiry.expire(job, this.expiry.retentionDays)
      else this.runs.launch(job)
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
      this.runs.launch(job, { cancel: true })
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
    if (this.expiry.expired(job, this.expiry.retentionDays)) await this.expiry.expire(job, this.expiry.retentionDays)
    if (job.loop) throw AppError.app('app.readOnly', { what: `job ${id} is still running` })
    const reset: number[] = []
    job.results.forEach((r, i) => {
      if (r && job.kind.retryable(r, i)) reset.push(i)
    })
    // Claimed at once (a resume or cancel meanwhile joins this run); the items go back to pending only once
    // their reset line is on disk.
    if (reset.length > 0) this.runs.launch(job, { before: () => this.log.reset(job, reset) })
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
    this.secrets.unschedule(job)
    this.jobs.delete(id)
    job.throttle.cancel()
    await job.dropping
    await this.store.remove(id)
  }

  /** A job with a page of its items (by input position), optionally only some states, or only what a retry would send. */
  async get(id: string, opts: { states?: ItemState[]; retryable?: boolean; offset?: number; limit?: number } = {}): Promise<JobDetail> {
    const job = await this.job(id)
    const offset = opts.offset ?? 0
    const limit = opts.limit ?? 100
    const want = opts.states?.length ? new Set(opts.states) : null
    const items: JobItem[] = []
    let matching = 0
    for (const item of itemsInInputOrder(job)) {
      if (want && !want.has(item.result.state)) continue
      if (opts.retryable !== undefined && item.retryable !== opts.retryable) continue
      if (matching >= offset && items.length < limit) items.push(item)
      matching++
    }
    return { job: this.summary(job), items, matching }
  }

  /** Every item of a job in input order with its result (the CLI's results file). */
  /** The stored job as started (its kind's fields; no secrets), for reports built from a job's own input. */
  async stored(id: string): Promise<JobBase> {
    return (await this.job(id)).file
  }

  async allItems(id: string): Promise<JobItem[]> {
    return [...itemsInInputOrder(await this.job(id))]
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
    await this.secrets.flush(job)
    return this.summary(job)
  }

  /** Pauses every running job (their calls in flight finish) and closes the job logs. */
  async close(): Promise<void> {
    this.expiry.stop()
    for (const job of this.jobs.values()) {
      if (job.next === 'resume') job.next = null
      if (job.loop && job.status === 'running') {
        job.pauseRequested = true
        job.status = 'paused'
      }
    }
    // A cancel waiting for a run's end starts a run of its own: waited for too.
    for (const job of this.jobs.values()) while (job.loop) await job.loop
    for (const job of this.jobs.values()) await this.secrets.flush(job)
    await Promise.all([...this.background])
    await this.store.close()
  }

  /** Work that outlives a run (rewriting a job file) and that close() must wait for. */
  private track(p: Promise<void>): void {
    const q = p.catch(() => undefined)
    this.background.add(q)
    void q.finally(() => this.background.delete(q))
  }

  private async job(id: string): Promise<Job> {
    await this.init()
    const job = this.jobs.get(id)
    if (!job) throw AppError.app('app.notFound', { what: `job ${id}` })
    return job
  }
}
