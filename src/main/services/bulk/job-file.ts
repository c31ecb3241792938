/** The job file's part: rewriting it without the secrets (an import's initial passwords) of finished items. */
import { recount, type Job, type RunnerContext } from './job'
import { openJob, type JobBase } from './kinds'

/** Longest wait before the secrets of items that reached a final state leave the job file, during a run. */
const SECRET_DROP_MS = 1_000

export class JobFileSecrets {
  constructor(private readonly ctx: RunnerContext) {}

  /**
   * Removes from the job file the secrets of items that reached a final state (all of them once the job has
   * ended). Rewrites are queued one after the other; a failure leaves them for the next one (and for the
   * next load, which removes them too).
   */
  drop(job: Job): Promise<void> {
    if (!job.kind.secrets) return Promise.resolve()
    const drop = async () => {
      const secrets = job.kind.secrets
      if (!secrets || !this.ctx.jobs.has(job.file.id)) return
      const ended = job.status === 'completed' || job.status === 'cancelled'
      const next = secrets.without((i) => ended || job.results[i] !== undefined)
      if (!next) return
      // The job stops relying on the secrets first, then they leave the disk: the file never lacks one the job
      // still offers to retry with (the rewrite ends with a folder fsync, after the new file is in place).
      const before = job.file
      const use = (f: JobBase) => {
        job.file = f
        job.kind = openJob(f, { dataDir: this.ctx.deps.dataDir })
        recount(job)
      }
      use(next)
      try {
        await this.ctx.store.writeJob(next)
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
  schedule(job: Job): void {
    if (job.dropTimer || !job.kind.secrets) return
    job.dropTimer = setTimeout(() => {
      job.dropTimer = null
      this.ctx.track(this.drop(job))
    }, SECRET_DROP_MS)
    job.dropTimer.unref?.()
  }

  /** Forgets a removal waiting for its timer (the run's end, or a deletion, does its own). */
  unschedule(job: Job): void {
    if (job.dropTimer) clearTimeout(job.dropTimer)
    job.dropTimer = null
  }

  /** Removes secrets of finished items now (a removal waiting for its timer is done at once). */
  async flush(job: Job): Promise<void> {
    this.unschedule(job)
    await this.drop(job).catch(() => undefined)
  }
}
