/** Password expiry: unfinished imports that kept their passwords longer than the setting allows are ended (sweep). */
import { AppError } from '@shared/errors/app-error'
import type { ItemResult } from '@shared/ipc/channels/bulk'
import { DAY_MS, type Job, type RunnerContext } from './job'
import type { JobFileSecrets } from './job-file'
import type { JobLog } from './job-log'

/** How often unfinished imports are checked for passwords kept too long. */
const SWEEP_MS = 60 * 60 * 1000

export class PasswordExpiry {
  private days = 7
  private timer: NodeJS.Timeout | null = null

  constructor(
    private readonly ctx: RunnerContext,
    private readonly log: JobLog,
    private readonly secrets: JobFileSecrets,
  ) {}

  /** settings.bulk.passwordRetentionDays as last read. */
  get retentionDays(): number {
    return this.days
  }

  /** Sweeps now, then every SWEEP_MS until stopped. */
  async start(): Promise<void> {
    await this.sweep().catch(() => undefined)
    this.timer = setInterval(() => void this.sweep().catch(() => undefined), SWEEP_MS)
    this.timer.unref?.()
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
  }

  private async readRetention(): Promise<number> {
    try {
      this.days = (await this.ctx.deps.settings()).passwordRetentionDays
    } catch {
      // keep the last value read
    }
    return this.days
  }

  /** Ends every unfinished import that has kept its passwords longer than the setting allows. */
  private async sweep(): Promise<void> {
    const days = await this.readRetention()
    for (const job of [...this.ctx.jobs.values()]) await this.expire(job, days).catch(() => undefined)
  }

  /** Whether an unfinished import has kept its secrets longer than `days` (and is not running). */
  expired(job: Job, days: number): boolean {
    if (!job.kind.secrets || job.loop || (job.status !== 'paused' && job.status !== 'interrupted')) return false
    return this.ctx.now() - job.updatedAt >= days * DAY_MS
  }

  /**
   * An import paused or interrupted for longer than `days` (since it last did anything) is ended: its
   * unfinished employees fail with `app.passwordExpired` (those sent without an answer are `unknown`: a retry
   * reads them back), the job is completed with that error, and every password leaves the disk.
   */
  async expire(job: Job, days: number): Promise<void> {
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
    await this.log.record(job, items, results)
    await this.log.setStatus(job, 'completed', error.toData())
    await this.secrets.flush(job)
    await this.ctx.store.closeLog(job.file.id).catch(() => undefined)
  }
}
