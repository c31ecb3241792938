/** Reading a lock run from the bulk runner: every item of a job, and what the progress line shows. */
import type { BulkProgress, JobItem, JobStatus, JobSummary } from '@shared/ipc/channels/bulk'
import { invoke } from '../../bridge'

/** Items per `bulk.get` page (its maximum). */
const PAGE = 1000

/** Every item of a job in input order. */
export async function fetchAllJobItems(id: string): Promise<JobItem[]> {
  const out: JobItem[] = []
  for (;;) {
    const page = await invoke('bulk.get', { id, offset: out.length, limit: PAGE })
    out.push(...page.items)
    if (page.items.length === 0 || out.length >= page.matching) return out
  }
}

/** Statuses after which nothing more happens to a job by itself. */
export function isFinal(status: JobStatus): boolean {
  return status === 'completed' || status === 'cancelled'
}

/** The numbers of the progress line. */
export interface ProgressView {
  /** Locks sent (duplicates excluded). */
  unique: number
  done: number
  ok: number
  /** Failed, unknown and cancelled. */
  failed: number
  remaining: number
  duplicates: number
  percent: number
  rate: number
  etaSeconds: number | null
}

/** The progress line from the latest event, else from the job's summary. */
export function progressOf(summary: JobSummary | null, progress: BulkProgress | null): ProgressView {
  const c = progress?.counts ?? summary?.counts
  if (!c) return { unique: 0, done: 0, ok: 0, failed: 0, remaining: 0, duplicates: 0, percent: 0, rate: 0, etaSeconds: null }
  const unique = c.total - c.duplicate
  const remaining = c.pending
  const done = unique - remaining
  return {
    unique,
    done,
    ok: c.ok,
    failed: c.failed + c.unknown + c.cancelled,
    remaining,
    duplicates: c.duplicate,
    percent: unique === 0 ? 100 : Math.floor((done / unique) * 100),
    rate: progress?.rate ?? 0,
    etaSeconds: progress?.etaSeconds ?? null,
  }
}
