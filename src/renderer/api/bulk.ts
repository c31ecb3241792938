/** Calls of the bulk runner: jobs, their items, and what can be done to them. */
import type { BulkProgress, ItemState, JobDetail, JobItem, JobSummary } from '@shared/ipc/channels/bulk'
import { invoke, onEvent } from '../bridge'

/** Items per `bulk.get` page (its maximum). */
const PAGE = 1000

/** Every job, newest first (interrupted ones included). */
export async function listJobs(): Promise<JobSummary[]> {
  return (await invoke('bulk.list', {})).jobs
}

/** A job and a page of its items (by input position). */
export function getJob(id: string, page: { offset?: number; limit?: number; states?: ItemState[] } = {}): Promise<JobDetail> {
  return invoke('bulk.get', { id, ...page })
}

/**
 * Every item of a job in input order, and the job as it was when they were read. The job's counts are read with
 * the first and the last page: if they differ (a call in flight finished meanwhile) the items are read again, so
 * the items and the counts shown with them always agree.
 */
export async function getJobSnapshot(id: string): Promise<{ job: JobSummary; items: JobItem[] }> {
  for (let attempt = 0; ; attempt++) {
    const items: JobItem[] = []
    let first: JobSummary | null = null
    let last: JobSummary | null = null
    for (;;) {
      const page = await invoke('bulk.get', { id, offset: items.length, limit: PAGE })
      first ??= page.job
      last = page.job
      items.push(...page.items)
      if (page.items.length === 0 || items.length >= page.matching) break
    }
    if (sameCounts(first, last) || attempt >= 4) return { job: last, items }
  }
}

function sameCounts(a: JobSummary, b: JobSummary): boolean {
  const x = a.counts
  const y = b.counts
  return a.status === b.status && x.total === y.total && x.ok === y.ok && x.failed === y.failed && x.unknown === y.unknown && x.cancelled === y.cancelled && x.pending === y.pending
}

export function pauseJob(id: string): Promise<JobSummary> {
  return invoke('bulk.pause', { id })
}

export function resumeJob(id: string): Promise<JobSummary> {
  return invoke('bulk.resume', { id })
}

export function cancelJob(id: string): Promise<JobSummary> {
  return invoke('bulk.cancel', { id })
}

/** Sends again, in the same job, what the engine's rule says a retry may change (nothing else). */
export function retryFailed(id: string): Promise<JobSummary> {
  return invoke('bulk.retryFailed', { id })
}

/**
 * Deletes a job that is not running, with its files (job log, results): an unfinished employee import's initial
 * passwords go with it.
 */
export function deleteJob(id: string): Promise<null> {
  return invoke('bulk.delete', { id })
}

/** Progress of every job (about ten a second per running job, and one at each change of status). */
export function onBulkProgress(handler: (p: BulkProgress) => void): () => void {
  return onEvent('bulk.progress', handler)
}
