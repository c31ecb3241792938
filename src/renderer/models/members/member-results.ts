/**
 * The results of a run on employees in the general run panel (components/bulk/BulkRunPanel.vue), one format per
 * kind (import, delete, reset password): one row per employee, what happened in words, filter categories, the
 * details (the service's own message, an error, "confirmed by reading the list back"). What a retry sends is the
 * engine's rule (`bulk.retryFailed`; for the screen's count, `memberResultRetryable`).
 */
import { errorAdvice } from '@shared/errors/advice'
import type { MemberJobKind } from '@shared/bulk/member-actions'
import type { AppErrorData } from '@shared/errors/app-error'
import type { ItemResult, JobItem } from '@shared/ipc/channels/bulk'
import type { ItemOutcome } from '@shared/i18n/run-words'
import type { BulkRowFormat, RowContext, Tone } from '../bulk/bulk-run'

/** What a row is, for the filter: outcomes of the runs' one vocabulary (their words: `item.*`). */
export const MEMBER_RESULT_CATEGORIES = ['done', 'refused', 'callError', 'unknown', 'cancelled', 'duplicate', 'pending'] as const satisfies readonly ItemOutcome[]
export type MemberResultCategory = (typeof MEMBER_RESULT_CATEGORIES)[number]

/** How each outcome is shown (the employees' runs and offboarding's share it). */
export const MEMBER_RESULT_TONE: Record<MemberResultCategory, Tone> = {
  done: 'success',
  refused: 'danger',
  callError: 'danger',
  unknown: 'danger',
  cancelled: 'info',
  duplicate: 'info',
  pending: 'primary',
}

/** A failure of the call itself (connection, a passing fault, the app) rather than a refusal of this employee. */
function callFailed(e: AppErrorData | undefined): boolean {
  if (!e) return false
  return e.code.startsWith('app.') || errorAdvice(e) !== 'none'
}

/** The filter category of a result. */
export function memberCategory(r: ItemResult): MemberResultCategory {
  switch (r.state) {
    case 'ok':
      return 'done'
    case 'failed':
      return callFailed(r.error) ? 'callError' : 'refused'
    default:
      return r.state
  }
}

/** The message key of a result's words for a kind of run. */
export function memberWordsKey(kind: MemberJobKind, r: ItemResult): string {
  const c = memberCategory(r)
  if (c !== 'done') return `item.${c}`
  if (kind === 'members.import') return 'members.result.added'
  if (kind === 'members.resetPassword') return 'members.result.reset'
  // A delete of an employee the service no longer had ends as done, with its words beside it.
  return r.message ? 'members.result.alreadyGone' : 'members.result.deleted'
}

/** The details of a result: the service's message, the error, whether it was confirmed by reading back. */
export function memberDetails(r: ItemResult, ctx: Pick<RowContext, 't' | 'errorText'>): string {
  if (r.state === 'duplicate' && r.duplicateOf !== undefined) return ctx.t('run.duplicateOf', { line: r.duplicateOf + 1 })
  const parts: string[] = []
  if (r.message) parts.push(r.message)
  if (r.error) parts.push(ctx.errorText(r.error))
  if (r.reconciled) parts.push(ctx.t('members.result.reconciled'))
  return parts.join(' · ')
}

const WHAT: Record<MemberJobKind, string> = {
  'members.import': 'members.runWhatImport',
  'members.delete': 'members.runWhatDelete',
  'members.resetPassword': 'members.runWhatReset',
}
/** What "retry the failed ones" does, per kind (the engine's rule: `memberResultRetryable`, an import's `unknown`). */
const RETRY_HINT: Record<MemberJobKind, string> = {
  // An import sends an employee once: only outcomes not known are read back, and sent when not there.
  'members.import': 'members.retryHintImport',
  'members.delete': 'members.retryHint',
  'members.resetPassword': 'members.retryHintReset',
}
const NOTHING_TO_RETRY: Record<MemberJobKind, string> = {
  'members.import': 'members.nothingToRetryImport',
  'members.delete': 'members.nothingToRetry',
  'members.resetPassword': 'members.nothingToRetry',
}
const EXPORT: Record<MemberJobKind, string> = {
  'members.import': 'employees-import',
  'members.delete': 'employees-delete',
  'members.resetPassword': 'employees-reset',
}

/**
 * The run panel's format of a kind of member job. `lines` (an import) gives each employee's line in the file,
 * so the rows are numbered as the user's spreadsheet is.
 */
export function memberRowFormat(kind: MemberJobKind, lines?: readonly number[]): BulkRowFormat {
  const line = (it: JobItem) => (lines && lines.length > 0 ? (lines[it.index] ?? it.index + 1) : it.index + 1)
  return {
    categories: MEMBER_RESULT_CATEGORIES.map((id) => ({ id, label: `item.${id}`, tone: MEMBER_RESULT_TONE[id] })),
    category: (it) => memberCategory(it.result),
    columns: [
      { key: 'line', title: 'run.col.line', width: 70, align: 'right', look: 'muted', text: (it) => String(line(it)), value: line },
      { key: 'key', title: 'members.col2.account', width: 170, look: 'mono', text: (it) => it.key },
      { key: 'label', title: 'members.col2.name', width: 140, text: (it) => it.label ?? '' },
      { key: 'words', title: 'run.col.result', width: 200, look: 'tag', text: (it, ctx) => ctx.t(memberWordsKey(kind, it.result)) },
      { key: 'details', title: 'run.col.details', width: 300, grow: true, text: (it, ctx) => memberDetails(it.result, ctx) },
    ],
    exportBaseName: EXPORT[kind],
    sheetName: 'members.sheetName',
    messages: {
      what: WHAT[kind],
      waiting: 'members.runResultsWhenDone',
      retryHint: RETRY_HINT[kind],
      nothingToRetry: NOTHING_TO_RETRY[kind],
      noRows: 'members.noRows',
    },
  }
}
