/**
 * Results of a lock run as the screen shows them: one row per input lock, its status in words (the disable or the
 * enable wording), categories for the filter, which ones a retry can fix, and the merge of a retry's results
 * into the run's.
 */
import type { ItemResult, JobItem } from '@shared/ipc/channels/bulk'
import type { LockAction } from '@shared/ipc/channels/locks'

/** What a row is, for the filter. */
export const RESULT_CATEGORIES = ['ok', 'notFound', 'failed', 'wrongType', 'callError', 'unknown', 'cancelled', 'duplicate', 'pending'] as const
export type ResultCategory = (typeof RESULT_CATEGORIES)[number]

/** The category of an item's result. */
export function resultCategory(r: ItemResult): ResultCategory {
  switch (r.state) {
    case 'ok':
      return 'ok'
    case 'failed':
      if (r.status === 2) return 'notFound'
      if (r.status === 3) return 'failed'
      if (r.status === 4) return 'wrongType'
      return 'callError'
    default:
      return r.state
  }
}

/**
 * Whether sending the lock again may change the answer: status 3 (operation failed), a failed call, an unknown
 * outcome, or not sent (cancelled). Status 2 (no such lock) and 4 (wrong type) are facts about the lock: a retry
 * gives the same answer.
 */
export function isRetryable(r: ItemResult): boolean {
  const c = resultCategory(r)
  return c === 'failed' || c === 'callError' || c === 'unknown' || c === 'cancelled'
}

/**
 * The i18n key of a row's words: the status's wording of the action (the spec gives the enable answer the disable
 * wording for 1 and 3; 2 and 4 have their own), else the item state's.
 */
export function resultWordsKey(action: LockAction, r: ItemResult): string {
  if (r.status !== undefined) return `lockStatus.${action}.${r.status}`
  return `lockState.${resultCategory(r)}`
}

/** One row of the results: the input item and its latest result (from the run or a retry of it). */
export interface ResultRow {
  /** Input position (0-based); line numbers shown are index + 1. */
  index: number
  key: string
  /** The item's label (an employee's name), when it has one. */
  label?: string
  result: ItemResult
  /** The job whose answer this is. */
  jobId: string
  /** Tries of this lock across the run and its retries. */
  tries: number
}

/** Rows of a run from its job's items. */
export function rowsOfJob(jobId: string, items: readonly JobItem[]): ResultRow[] {
  return items.map((it) => {
    const row: ResultRow = { index: it.index, key: it.key, result: it.result, jobId, tries: it.result.state === 'duplicate' ? 0 : 1 }
    if (it.label !== undefined) row.label = it.label
    return row
  })
}

/** A retry's answers applied to the run's rows, by lock number (the retry job holds only the retried locks, each once). */
export function applyRetry(rows: readonly ResultRow[], jobId: string, items: readonly JobItem[]): ResultRow[] {
  const byKey = new Map<string, ItemResult>()
  for (const it of items) if (it.result.state !== 'duplicate') byKey.set(it.key.toLowerCase(), it.result)
  return rows.map((row) => {
    if (row.result.state === 'duplicate') return row
    const r = byKey.get(row.key.toLowerCase())
    if (!r) return row
    return { ...row, result: r, jobId, tries: row.tries + 1 }
  })
}

/** How many rows of each category. */
export function countCategories(rows: readonly ResultRow[]): Record<ResultCategory, number> {
  const counts = Object.fromEntries(RESULT_CATEGORIES.map((c) => [c, 0])) as Record<ResultCategory, number>
  for (const r of rows) counts[resultCategory(r.result)]++
  return counts
}

/** The lock numbers a "retry the failed ones" sends, each once. */
export function retryableKeys(rows: readonly ResultRow[]): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const r of rows) {
    if (!isRetryable(r.result)) continue
    const k = r.key.toLowerCase()
    if (seen.has(k)) continue
    seen.add(k)
    out.push(r.key)
  }
  return out
}
