/**
 * The background reading of renewals as a bulk job of the runner (`renewals.read`, kinds/renewals.ts): one item
 * per enterprise of the book, with the runner's progress, pause, resume (in this process or, after a restart, in
 * the next), its one retry rule and its run states. This part starts the job, follows its progress events, and
 * merges the job's readings (readings.ts) into the profile's cache whenever the run stops (paused, finished,
 * cancelled), before it reports that state, so the list read then is the new one. One reading per profile; a
 * finished one is removed (job and readings) when the next starts, its readings merged first.
 */
import type { BulkKind, BulkStart, JobDetail, JobStatus, JobSummary } from '@shared/ipc/channels/bulk'
import type { RenewalStatus } from '@shared/ipc/channels/renewals'
import type { RenewalCache } from './cache'
import { readingsPath, readReadings, removeReadings } from './readings'

/** What the reading needs of the bulk runner. */
export interface ReadRunner {
  init(): Promise<void>
  start(input: BulkStart): Promise<JobSummary>
  pause(id: string): Promise<JobSummary>
  resume(id: string): Promise<JobSummary>
  wait(id: string): Promise<JobSummary>
  delete(id: string): Promise<void>
  get(id: string, opts?: { limit?: number }): Promise<JobDetail>
  listPage(opts: { kinds?: BulkKind[]; limit?: number }): Promise<{ jobs: JobSummary[]; total: number }>
}

export interface ReadingDeps {
  bulk: ReadRunner
  dataDir: string
  cache: RenewalCache
  onProgress(s: RenewalStatus): void
}

/** States of a run not over: it goes on (running, cancelling) or may be resumed (paused, interrupted). */
const UNFINISHED: ReadonlySet<JobStatus> = new Set(['running', 'cancelling', 'paused', 'interrupted'])
const KIND: BulkKind[] = ['renewals.read']

export function idleStatus(profileId: string): RenewalStatus {
  return { profileId, jobId: null, state: 'idle', done: 0, total: 0, failed: 0, error: null }
}

function statusOf(s: JobSummary): RenewalStatus {
  const c = s.counts
  return { profileId: s.profileId, jobId: s.id, state: s.status, done: c.total - c.pending, total: c.total, failed: c.failed, error: s.error ?? null }
}

export class RenewalReading {
  /** Merges and the events after them, one at a time in the order they came. */
  private chain: Promise<unknown> = Promise.resolve()

  constructor(private readonly deps: ReadingDeps) {}

  /** The profile's reading jobs, newest first. */
  private async jobs(profileId: string): Promise<JobSummary[]> {
    await this.deps.bulk.init()
    const { jobs } = await this.deps.bulk.listPage({ kinds: KIND, limit: 500 })
    return jobs.filter((j) => j.profileId === profileId)
  }

  private async latest(profileId: string): Promise<JobSummary | null> {
    return (await this.jobs(profileId))[0] ?? null
  }

  async status(profileId: string): Promise<RenewalStatus> {
    const j = await this.latest(profileId)
    return j ? statusOf(j) : idleStatus(profileId)
  }

  /** Applies the job's readings to the cache and writes it (idempotent: a later line of an enterprise wins). */
  private async mergeNow(profileId: string, jobId: string): Promise<void> {
    const lines = await readReadings(readingsPath(this.deps.dataDir, jobId))
    if (lines.length === 0) return
    const cached = await this.deps.cache.get(profileId)
    for (const line of lines) {
      const before = cached.get(line.enterpriseGlobalId)
      // Assets not read: the last good reading stays, said as failed.
      await this.deps.cache.put(profileId, line.error && before ? { ...before, error: line.error } : line)
    }
    await this.deps.cache.save(profileId)
  }

  /** Runs `work` after the merges and reports queued before it. */
  private queued<T>(work: () => Promise<T>): Promise<T> {
    const run = this.chain.then(work)
    this.chain = run.catch(() => {})
    return run
  }

  private merge(profileId: string, jobId: string): Promise<void> {
    return this.queued(() => this.mergeNow(profileId, jobId))
  }

  /** Starts a reading of these enterprises, or returns the one not over (running, or paused: resume it). */
  async refresh(profileId: string, enterprises: readonly string[]): Promise<RenewalStatus> {
    const jobs = await this.jobs(profileId)
    const open = jobs.find((j) => UNFINISHED.has(j.status))
    if (open) return statusOf(open)
    if (enterprises.length === 0) {
      const s: RenewalStatus = { ...idleStatus(profileId), state: 'completed' }
      this.deps.onProgress(s)
      return s
    }
    for (const old of jobs) {
      await this.merge(profileId, old.id)
      await this.deps.bulk.delete(old.id)
      await removeReadings(readingsPath(this.deps.dataDir, old.id))
    }
    return statusOf(await this.deps.bulk.start({ kind: 'renewals.read', profileId, items: enterprises.map((enterpriseGlobalId) => ({ enterpriseGlobalId })) }))
  }

  async pause(profileId: string): Promise<RenewalStatus> {
    const j = await this.latest(profileId)
    if (j?.status !== 'running') return j ? statusOf(j) : idleStatus(profileId)
    return statusOf(await this.deps.bulk.pause(j.id))
  }

  async resume(profileId: string): Promise<RenewalStatus> {
    const j = await this.latest(profileId)
    if (j?.status !== 'paused' && j?.status !== 'interrupted') return j ? statusOf(j) : idleStatus(profileId)
    return statusOf(await this.deps.bulk.resume(j.id))
  }

  /** A reading to its end in this process (the CLI): a paused or interrupted one is resumed; merged when it stops. */
  async read(profileId: string, enterprises: readonly string[]): Promise<RenewalStatus> {
    let s = await this.refresh(profileId, enterprises)
    if (s.state === 'paused' || s.state === 'interrupted') s = await this.resume(profileId)
    if (!s.jobId) return s
    const end = await this.deps.bulk.wait(s.jobId)
    await this.merge(profileId, s.jobId)
    return statusOf(end)
  }

  /** A `bulk.progress` event of a reading job: passed on as the profile's status, merged first when the run stopped. */
  onJobProgress(jobId: string, status: JobStatus): void {
    const report = async (): Promise<void> => {
      const { job } = await this.deps.bulk.get(jobId, { limit: 1 })
      if (status !== 'running' && status !== 'cancelling') await this.mergeNow(job.profileId, jobId)
      // The summary after the merge: the state reported is never older than the list it goes with.
      this.deps.onProgress(statusOf((await this.deps.bulk.get(jobId, { limit: 1 })).job))
    }
    void this.queued(report).catch(() => {})
  }
}
