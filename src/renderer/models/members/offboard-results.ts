/**
 * The results of an offboarding in the general run panel: one row per person, "done" or the step it stopped at
 * (the job keeps it in the error's params), the details as for other runs on employees. A retry sends an
 * unfinished person again from the start: the engine's rule (`members.offboard`'s `retryable`).
 */
import { failedStep } from '@shared/members/offboard'
import type { JobItem } from '@shared/ipc/channels/bulk'
import type { BulkRowFormat } from '../bulk/bulk-run'
import { MEMBER_RESULT_CATEGORIES, MEMBER_RESULT_TONE, memberCategory, memberDetails } from './member-results'

/** The message key and params of a person's result. */
export function offboardWords(it: JobItem): { key: string; params?: Record<string, string> } {
  const c = memberCategory(it.result)
  if (c === 'done') return { key: 'offboard.result.done' }
  const step = failedStep(it.result.error)
  if (it.result.state === 'failed' && step) return { key: 'offboard.result.failedAt', params: { step } }
  return { key: `item.${c}` }
}

export function offboardRowFormat(): BulkRowFormat {
  return {
    categories: MEMBER_RESULT_CATEGORIES.map((id) => ({ id, label: `item.${id}`, tone: MEMBER_RESULT_TONE[id] })),
    category: (it) => memberCategory(it.result),
    columns: [
      { key: 'line', title: 'run.col.line', width: 70, align: 'right', look: 'muted', text: (it) => String(it.index + 1), value: (it) => it.index + 1 },
      { key: 'key', title: 'members.col2.account', width: 170, look: 'mono', text: (it) => it.key },
      { key: 'label', title: 'members.col2.name', width: 140, text: (it) => it.label ?? '' },
      {
        key: 'words',
        title: 'run.col.result',
        width: 220,
        look: 'tag',
        text: (it, ctx) => {
          const w = offboardWords(it)
          return w.params?.['step'] ? ctx.t(w.key, { step: ctx.t(`offboard.step.${w.params['step']}`) }) : ctx.t(w.key)
        },
      },
      { key: 'details', title: 'run.col.details', width: 300, grow: true, text: (it, ctx) => memberDetails(it.result, ctx) },
    ],
    exportBaseName: 'offboarding',
    sheetName: 'offboard.sheetName',
    messages: {
      what: 'offboard.runWhat',
      waiting: 'offboard.runWaiting',
      retryHint: 'offboard.retryHint',
      nothingToRetry: 'offboard.nothingToRetry',
      noRows: 'offboard.noRows',
    },
  }
}
