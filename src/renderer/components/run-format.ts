/**
 * How a bulk run's rows read for one kind of job: the run panel (LockRunPanel.vue) shows lock runs by default,
 * and any other kind through one of these (a row formatter per kind, e.g. the Members area's in
 * src/renderer/views/members/member-run.ts).
 */
import type { ItemResult, JobSummary } from '@shared/ipc/channels/bulk'
import type { ResultRow } from '../views/locks/lock-results'

export type RunTag = 'success' | 'info' | 'warning' | 'danger' | 'primary'

export interface RunFormat {
  /** The run's heading: what it does to `count` items (already formatted). */
  title(count: string): string
  /** The line shown for an item (default: its input position + 1), e.g. its line in the file it came from. */
  lineOf?(index: number): number
  /** Title of the key column (the account, the lock number). */
  keyTitle: string
  /** Title of the label column (the employee's name); none when the items have no label. */
  labelTitle?: string
  /** Filter categories in the order shown, a result's category, and each category's words. */
  categories: readonly string[]
  category(r: ItemResult): string
  categoryLabel(category: string): string
  tag(r: ItemResult): RunTag
  /** A result's words in the table. */
  words(r: ItemResult): string
  /** The details cell (errors, the service's message), when the panel's own is not enough. */
  details?(r: ItemResult): string
  /** Rows a retry would send. */
  retryCount(rows: readonly ResultRow[]): number
  /** Retries: resolves with a new job to follow, or null when the same job runs again. */
  retry(jobIds: readonly string[], summary: JobSummary, rows: readonly ResultRow[]): Promise<string | null>
  retryHint: string
  /** What shows where the rows will be while the run goes. */
  resultsWhenDone: string
  sheetName: string
  /** File name of an export, without extension. */
  exportBase: string
}
