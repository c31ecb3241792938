/**
 * A bulk run as every screen shows it, whatever the job kind: the figures (taken as the engine gives them, never
 * counted again here), whether it is still going, and the row format a job kind plugs into the general run panel
 * (components/bulk/BulkRunPanel.vue): filter categories, columns, words, export. Lock runs use
 * `models/locks/lock-results.ts`; member imports, member bulk changes and asset assignment add their own format.
 */
import type { AppErrorData } from '@shared/errors/app-error'
import type { Locale } from '@shared/i18n/locale'
import type { JobCounts, JobItem, JobStatus } from '@shared/ipc/channels/bulk'
import { outcomeOfState, type ItemOutcome } from '@shared/i18n/run-words'

/** Statuses after which nothing happens to a job by itself. */
export function isFinal(status: JobStatus): boolean {
  return status === 'completed' || status === 'cancelled'
}

/** Statuses in which calls are going out (the rows are not shown then). */
export function isActive(status: JobStatus): boolean {
  return status === 'running' || status === 'cancelling'
}

/** Statuses from which the job can be resumed. */
export function isResumable(status: JobStatus): boolean {
  return status === 'paused' || status === 'interrupted'
}

/** What the run panel and the lists of runs show of a job: the engine's counts, as they are. */
export interface RunFigures extends JobCounts {
  /** Items with an answer (or repeats, answered by their first): `total - pending`. */
  done: number
  /** Whole percent of `done` over `total`. */
  percent: number
}

export function runFigures(c: JobCounts): RunFigures {
  const done = c.total - c.pending
  return { ...c, done, percent: c.total === 0 ? 100 : Math.floor((done / c.total) * 100) }
}

/** The figures a list of runs and the panel's stats show, in order (zeros left out, but `ok`). */
export const FIGURE_KEYS = ['ok', 'failed', 'unknown', 'cancelled', 'pending', 'duplicate'] as const
export type FigureKey = (typeof FIGURE_KEYS)[number]

/** Each figure with its count and the outcome it counts (its words: `itemCount.<outcome>`). */
export function shownFigures(c: JobCounts): { key: FigureKey; outcome: ItemOutcome; value: number }[] {
  return FIGURE_KEYS.filter((k) => k === 'ok' || c[k] > 0).map((key) => ({ key, outcome: outcomeOfState(key), value: c[key] }))
}

/** The tag colours of Element Plus. */
export type Tone = 'success' | 'info' | 'warning' | 'danger' | 'primary'

/** What a row formatter may use. */
export interface RowContext {
  t: (key: string, params?: Record<string, unknown>) => string
  locale: Locale
  /** An error in words in the user's language. */
  errorText: (e: AppErrorData) => string
}

/** One column of the results table. */
export interface BulkColumn {
  key: string
  /** Message key of the header. */
  title: string
  width: number
  /** Takes the width left over. */
  grow?: boolean
  align?: 'left' | 'center' | 'right'
  /** How the cell looks: plain, monospace (numbers, ids), muted, or the result as a coloured tag. */
  look?: 'plain' | 'mono' | 'muted' | 'tag'
  text(item: JobItem, ctx: RowContext): string
  /** Exported as a number (line numbers, status codes) when it has one. */
  value?(item: JobItem): number | null
}

/** How one job kind shows its rows in the general run panel. */
export interface BulkRowFormat {
  /** The filter's categories, in order: an id, its message key and its tag colour. */
  categories: readonly { id: string; label: string; tone: Tone }[]
  category(item: JobItem): string
  columns: readonly BulkColumn[]
  /** Export file names start with this (then the date); the Excel sheet's name is this message. */
  exportBaseName: string
  sheetName: string
  /** Message keys of the panel's words for this kind. */
  messages: {
    /** "Disable {count} locks": the run's title (plural by count). */
    what: string
    /** Shown while the run is going, where the rows will be. */
    waiting: string
    /** Under the retry button: what a retry sends (the engine decides; this only explains it). */
    retryHint: string
    /** When a retry found nothing it could change. */
    nothingToRetry: string
    /** No row in the filter. */
    noRows: string
  }
  /** A note shown when rows of these categories exist (e.g. answers a retry cannot change). */
  note?: { categories: readonly string[]; message: string }
}

/** How many rows of each category (over every row of one snapshot, so they add up to the job's total). */
export function countByCategory(items: readonly JobItem[], format: Pick<BulkRowFormat, 'categories' | 'category'>): Record<string, number> {
  const counts: Record<string, number> = Object.fromEntries(format.categories.map((c) => [c.id, 0]))
  for (const it of items) {
    const c = format.category(it)
    counts[c] = (counts[c] ?? 0) + 1
  }
  return counts
}

/** The cells of one row for an export (numbers where a column has them). */
export function exportRow(item: JobItem, format: BulkRowFormat, ctx: RowContext): (string | number | null)[] {
  return format.columns.map((c) => (c.value ? c.value(item) : c.text(item, ctx)))
}
