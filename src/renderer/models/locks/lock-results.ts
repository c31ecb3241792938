/**
 * The results of a lock run in the general run panel: one row per lock sent, its status in the words of the
 * action (the spec gives enable the disable wording for 1 and 3), categories for the filter, and the columns of
 * the table and of the export. What a retry sends is not decided here: the engine's rule (`bulk.retryFailed`).
 */
import { LOCK_ACTION, type LockAction } from '@shared/api/lock-actions'
import type { ItemResult, JobItem } from '@shared/ipc/channels/bulk'
import { isItemOutcome } from '@shared/i18n/run-words'
import type { BulkRowFormat, RowContext, Tone } from '../bulk/bulk-run'

/** What a row is, for the filter. */
export const LOCK_CATEGORIES = ['ok', 'notFound', 'failed', 'wrongType', 'callError', 'unknown', 'cancelled', 'duplicate', 'pending'] as const
export type LockCategory = (typeof LOCK_CATEGORIES)[number]

const TONE: Record<LockCategory, Tone> = {
  ok: 'success',
  notFound: 'warning',
  failed: 'danger',
  wrongType: 'warning',
  callError: 'danger',
  unknown: 'danger',
  cancelled: 'info',
  duplicate: 'info',
  pending: 'primary',
}

/** The category of a lock's result. */
export function lockCategory(r: ItemResult): LockCategory {
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

/** The message key of a category: the runs' words (`item.*`), or a lock's own (`lockState.*`: statuses 2 to 4). */
export function lockCategoryKey(c: LockCategory): string {
  return c === 'ok' ? 'item.done' : isItemOutcome(c) && c !== 'failed' ? `item.${c}` : `lockState.${c}`
}

/**
 * The run's word for what became of a lock (`item.*`, the words every run uses): done, refused by the service (it
 * answered this lock with a status other than 1), the call failed, or the item's own state. Never the status code.
 */
export function lockOutcomeKey(r: ItemResult): string {
  if (r.state === 'ok') return 'item.done'
  if (r.state === 'failed') return r.status !== undefined ? 'item.refused' : 'item.callError'
  return `item.${r.state}`
}

/** The message key of a row's words: the status in the action's wording, else the category's. */
export function lockWordsKey(action: LockAction, r: ItemResult): string {
  if (r.status !== undefined) return `${LOCK_ACTION[action].statusMessages}.${r.status}`
  return lockCategoryKey(lockCategory(r))
}

function details(item: JobItem, ctx: RowContext): string {
  const r = item.result
  if (r.state === 'duplicate' && r.duplicateOf !== undefined) return ctx.t('run.duplicateOf', { line: r.duplicateOf + 1 })
  if (r.error) return ctx.errorText(r.error)
  return r.message ?? ''
}

/** The run panel's format for a lock job of `action`. */
export function lockRowFormat(action: LockAction): BulkRowFormat {
  const msg = LOCK_ACTION[action].messages
  return {
    categories: LOCK_CATEGORIES.map((id) => ({ id, label: lockCategoryKey(id), tone: TONE[id] })),
    category: (it) => lockCategory(it.result),
    columns: [
      { key: 'line', title: 'run.col.line', width: 70, align: 'right', look: 'muted', text: (it) => String(it.index + 1), value: (it) => it.index + 1 },
      { key: 'key', title: 'run.col.lock', width: 150, look: 'mono', text: (it) => it.key },
      {
        key: 'status',
        title: 'run.col.status',
        width: 130,
        text: (it, ctx) => ctx.t(lockOutcomeKey(it.result)),
      },
      { key: 'words', title: 'run.col.result', width: 260, look: 'tag', text: (it, ctx) => ctx.t(lockWordsKey(action, it.result)) },
      { key: 'details', title: 'run.col.details', width: 300, grow: true, text: details },
    ],
    exportBaseName: `locks-${action}`,
    sheetName: 'run.sheetName',
    messages: {
      what: `${msg}.what`,
      waiting: 'run.resultsWhenDone',
      retryHint: 'run.retryHint',
      nothingToRetry: 'run.nothingToRetry',
      noRows: 'run.noRows',
    },
    note: { categories: ['notFound', 'wrongType'], message: 'run.notRetriedNote' },
  }
}
