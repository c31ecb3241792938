/** What a job shows: its counts, summary, progress event and items in input order (reads only, never writes). */
import type { BulkProgress, ItemResult, JobCounts, JobItem, JobSummary } from '@shared/ipc/channels/bulk'
import { DAY_MS, type Job } from './job'
import { positionsOf } from './job-store'
import { jobTarget } from './kinds'

/** The counts of a job: the one function behind bulk.list, bulk.get and bulk.progress. */
export function counts(job: Job): JobCounts {
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

/** A job's summary; `retentionDays` (the setting as last read) dates when a paused import's passwords expire. */
export function summary(job: Job, retentionDays: number): JobSummary {
  const f = job.file
  const s: JobSummary = {
    id: f.id,
    kind: f.kind,
    profileId: f.profileId,
    status: job.status,
    createdAt: f.createdAt,
    updatedAt: job.updatedAt,
    target: jobTarget(f),
    counts: counts(job),
  }
  if (job.error) s.error = job.error
  if ((job.status === 'paused' || job.status === 'interrupted') && job.kind.secrets && !job.loop) {
    s.passwordsExpireAt = job.updatedAt + retentionDays * DAY_MS
  }
  return s
}

export function progress(job: Job): BulkProgress {
  const c = counts(job)
  const remaining = c.pending
  return {
    jobId: job.file.id,
    kind: job.file.kind,
    status: job.status,
    counts: c,
    done: c.total - remaining,
    remaining,
    rate: Math.round(job.meter.rate() * 10) / 10,
    etaSeconds: job.status === 'running' ? job.meter.eta(remaining) : null,
  }
}

export function* itemsInInputOrder(job: Job): Generator<JobItem> {
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
