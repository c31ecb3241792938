/** The run loop: a job's run from its start to the status it ends in (rounds of sends, read-backs, cancel, pause). */
import { AppError } from '@shared/errors/app-error'
import type { ItemResult } from '@shared/ipc/channels/bulk'
import { AbortScope, type Abortable } from '../../api/abort-scope'
import type { ApiClient } from '../../api/client'
import { chunk } from './dedupe'
import { doneCount, type Job, type RunnerContext } from './job'
import type { JobFileSecrets } from './job-file'
import type { JobLog } from './job-log'
import { stopsTheJob } from './kinds'
import type { Sender } from './sender'

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

export class JobRuns {
  constructor(
    private readonly ctx: RunnerContext,
    private readonly log: JobLog,
    private readonly sender: Sender,
    private readonly secrets: JobFileSecrets,
  ) {}

  /**
   * Starts a run (`cancel`: one that cancels the job); `before` (awaited first) is part of it, so its failure
   * pauses the job with the error.
   */
  launch(job: Job, opts: { before?: () => Promise<void>; cancel?: boolean } = {}): void {
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
      job.updatedAt = this.ctx.now()
      const running = job.cancelRequested
        ? Promise.resolve()
        : this.ctx.store.append(job.file.id, { e: 'status', status: 'running', at: job.updatedAt }, { lazy: true })
      running.catch(() => undefined)
      // Shown once the caller has the job's summary (the first progress event never comes before it).
      setImmediate(() => job.throttle.flush())
      const settings = await this.ctx.deps.settings()
      job.meter.record(doneCount(job))
      while (!job.pauseRequested && !job.cancelRequested) {
        if (job.unknown.size > 0) await this.reconcile(job, await this.ctx.deps.clientFor(job.file.profileId), job.abort!)
        if (job.pauseRequested || job.cancelRequested) break
        const { pending, secretGone } = unsentItems(job)
        // Not done, and its secret no longer kept (a retry of an unknown one read back as not done): cannot be sent.
        if (secretGone.length > 0) void this.log.recordAll(job, secretGone, { state: 'failed', error: AppError.app('app.passwordNotKept').toData() })
        if (pending.length === 0 && job.unknown.size === 0) break
        if (pending.length === 0) continue
        // Every call of the round ends before the next round (or the run's end), so a resume can never overlap a
        // call still out.
        await this.sender.sendChunks(job, chunk(pending, job.kind.chunkSize(settings)), settings.concurrency)
        if (job.stopError) throw job.stopError
      }
      job.ending = true
      if (job.cancelRequested) {
        await this.log.settleWrites(job)
        await this.finishCancel(job)
      } else if (job.pauseRequested) {
        await this.log.settleWrites(job)
        await this.log.setStatus(job, 'paused')
      } else {
        // Queued behind the last results, so they usually share one fsync.
        const completed = this.log.setStatus(job, 'completed')
        await this.log.settleWrites(job)
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
      await this.log.settleWrites(job)
      await this.log.setStatus(job, 'paused', e.toData()).catch(() => undefined)
    } finally {
      this.secrets.unschedule(job)
      // Every line of the run is on disk by now; a job at rest holds no file open (the next write reopens it).
      // Closed behind the run's end (nothing is left to write; close() waits for it).
      this.ctx.track(this.ctx.store.closeLog(job.file.id))
      job.throttle.flush()
      // Secrets of the items finished in this run leave the job file now (all of them if the job ended). Not
      // awaited by the run, and begun once whoever waits for its end has heard (setImmediate): rewriting the file
      // of 5,000 employees takes 4 ms of this thread, which delayed that by as much. close() and settled() wait for it.
      if (job.kind.secrets) this.ctx.track(new Promise((r) => setImmediate(r)).then(() => this.secrets.drop(job)))
    }
  }

  /** Reads back unknown items: found ones are done; the others go back to pending (or, out of sends, stay unknown). */
  private async reconcile(job: Job, client: ApiClient, signal: Abortable): Promise<void> {
    const items = [...job.unknown]
    if (!job.kind.reconcile) {
      job.unknown.clear()
      await this.log.recordAll(job, items, { state: 'unknown', error: AppError.app('app.unknownOutcome').toData() })
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
      if (job.reconcileFailures >= this.ctx.maxReconcileFailures) {
        job.unknown.clear()
        await this.log.recordAll(job, items, { state: 'unknown', error: AppError.app('app.unknownOutcome', {}, { cause: e.code }).toData() })
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
      } else if (job.sends[i]! >= this.ctx.maxSends) {
        done.push(i)
        results.push({ state: 'failed', error: AppError.app('app.unknownOutcome', {}, { cause: `not done after ${this.ctx.maxSends} sends` }).toData() })
      }
      // else: read back as not done, so it is sent again in the next round.
    })
    await this.log.record(job, done, results)
  }

  /** Ends a cancelled job: read back create items in flight, then every item not done becomes cancelled. */
  private async finishCancel(job: Job, client?: ApiClient): Promise<void> {
    await this.log.setStatus(job, 'cancelling')
    if (job.unknown.size > 0 && job.kind.create) {
      try {
        const c = client ?? (await this.ctx.deps.clientFor(job.file.profileId))
        job.reconcileFailures = this.ctx.maxReconcileFailures - 1 // one read-back attempt, then give up as unknown
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
    await this.log.record(job, left, results)
    await this.log.setStatus(job, 'cancelled')
  }
}
