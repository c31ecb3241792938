/**
 * How the runs of the Members area read in the run panel (a row formatter per kind: import, delete, reset
 * password): one row per employee with what happened in words, filter categories, the details (the service's
 * own message, an error, "confirmed by reading the list back"), and "retry the failed ones" as a retry of the
 * same job (unknown outcomes are read back by the core before anything is sent again).
 */
import { errorAdvice } from '@shared/errors/advice'
import { memberResultRetryable, type MemberJobKind } from '@shared/bulk/member-actions'
import type { ItemResult } from '@shared/ipc/channels/bulk'
import type { AppErrorData } from '@shared/errors/app-error'
import type { RunFormat, RunTag } from '../../components/run-format'
import { retryMemberJob } from '../../api/members'

type Translate = (key: string, params?: Record<string, unknown>) => string

export const MEMBER_RESULT_CATEGORIES = ['done', 'refused', 'callError', 'unknown', 'cancelled', 'duplicate', 'pending'] as const
export type MemberResultCategory = (typeof MEMBER_RESULT_CATEGORIES)[number]

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

const TAGS: Record<MemberResultCategory, RunTag> = {
  done: 'success',
  refused: 'danger',
  callError: 'danger',
  unknown: 'danger',
  cancelled: 'info',
  duplicate: 'info',
  pending: 'primary',
}

/** The words of a result for a kind of run. */
export function memberResultWords(kind: MemberJobKind, r: ItemResult, t: Translate): string {
  const c = memberCategory(r)
  if (c !== 'done') return t(`members.result.${c}`)
  if (kind === 'members.import') return t('members.result.added')
  if (kind === 'members.resetPassword') return t('members.result.reset')
  // A delete of an employee the service no longer had ends as done, with its words beside it.
  return r.message ? t('members.result.alreadyGone') : t('members.result.deleted')
}

/**
 * The run format of a kind of member job. `errorText` words an error in the user's language; `lines` (an import)
 * gives each employee's line in the file.
 */
export function memberRunFormat(kind: MemberJobKind, t: Translate, errorText: (e: AppErrorData) => string, lines?: readonly number[]): RunFormat {
  const what = kind === 'members.import' ? 'members.runWhatImport' : kind === 'members.delete' ? 'members.runWhatDelete' : 'members.runWhatReset'
  return {
    ...(lines && lines.length > 0 ? { lineOf: (index: number) => lines[index] ?? index + 1 } : {}),
    title: (count) => t(what, { count }),
    keyTitle: t('members.col2.account'),
    labelTitle: t('members.col2.name'),
    categories: MEMBER_RESULT_CATEGORIES,
    category: memberCategory,
    categoryLabel: (c) => t(`members.result.${c}`),
    tag: (r) => TAGS[memberCategory(r)],
    words: (r) => memberResultWords(kind, r, t),
    details(r) {
      const parts: string[] = []
      if (r.message) parts.push(r.message)
      if (r.error) parts.push(errorText(r.error))
      if (r.reconciled) parts.push(t('members.result.reconciled'))
      return parts.join(' · ')
    },
    retryCount: (rows) => rows.filter((row) => memberResultRetryable(kind, row.result)).length,
    async retry(jobIds) {
      const id = jobIds[jobIds.length - 1]
      if (id) await retryMemberJob(id)
      return null
    },
    retryHint: t('members.retryHint'),
    resultsWhenDone: t('members.runResultsWhenDone'),
    sheetName: t('members.sheetName'),
    exportBase: kind === 'members.import' ? 'employees-import' : kind === 'members.delete' ? 'employees-delete' : 'employees-reset',
  }
}
