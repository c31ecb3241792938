/** The journal's part: a job's results, resets and status changes, in memory and in its job log (in that order of truth). */
import type { AppErrorData } from '@shared/errors/app-error'
import type { ItemResult, JobStatus } from '@shared/ipc/channels/bulk'
import { doneCount, setResult, stop, type Job, type RunnerContext } from './job'
import type { JobFileSecrets } from './job-file'
import type { JobLogLine } from './job-store'

export class JobLog {
  constructor(
    private readonly ctx: RunnerContext,
    private readonly secrets: JobFileSecrets,
  ) {}

  /**
   * Records results: in memory at once (the run decides its next steps from them) and in the job log, whose
   * write the run awaits before it ends. A crash before the write lands only redoes these items: a lock is
   * toggled again (harmless), a create is read back first (its "send" line is on disk).
   */
  record(job: Job, items: readonly number[], results: readonly ItemResult[]): Promise<void> {
    if (results.length === 0) return Promise.resolve()
    job.updatedAt = this.ctx.now()
    for (let k = 0; k < results.length; k++) setResult(job, items[k]!, results[k])
    job.meter.record(doneCount(job))
    job.throttle.poke()
    if (job.kind.secrets) this.secrets.schedule(job)
    // Lazy: written with the next flush (the next "send" line, a status, or within 100 ms), in one line with the
    // other results until then. Lines are written in order, so the last one on disk means every earlier one is;
    // a failed write stops the job.
    const written = this.ctx.store.addResults(job.file.id, items, results, job.updatedAt)
    if (written !== job.lastWrite) {
      written.catch((err: unknown) => stop(job, err))
      job.lastWrite = written
    }
    return written
  }

  /** Records one result for several items. */
  recordAll(job: Job, items: readonly number[], result: ItemResult): Promise<void> {
    return this.record(job, items, items.map(() => result))
  }

  /** Waits until every result line of the job is on disk (a failed write has stopped the job). */
  async settleWrites(job: Job): Promise<void> {
    await job.lastWrite.catch(() => undefined)
  }

  /**
   * Writes a status change, then shows it (job summary and a progress event in the same step), so whoever sees
   * a job end also has its last progress event. Shown even if the write fails (the run is over either way).
   */
  async setStatus(job: Job, status: JobStatus, error?: AppErrorData): Promise<void> {
    const at = this.ctx.now()
    const line: JobLogLine = { e: 'status', status, at }
    if (error) line.error = error
    try {
      await this.ctx.store.append(job.file.id, line)
    } finally {
      job.status = status
      if (error) job.error = error
      else delete job.error
      job.updatedAt = at
      job.throttle.flush()
    }
  }

  /** Puts items back to pending for a retry: on disk first, then in memory. */
  async reset(job: Job, items: number[]): Promise<void> {
    await this.ctx.store.append(job.file.id, { e: 'reset', items, at: this.ctx.now() })
    for (const i of items) {
      // An unknown create is read back before it is sent again (after a restart too: see JobStore.load).
      if (job.kind.create && job.results[i]?.state === 'unknown') job.unknown.add(i)
      setResult(job, i, undefined)
      job.sends[i] = 0
    }
    job.reconcileFailures = 0
  }
}
