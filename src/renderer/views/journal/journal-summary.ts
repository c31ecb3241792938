/**
 * The result of a journal entry in the user's language, from its counts (the English `summary` is kept for
 * exports and search, and shown as it is for entries written before counts existed).
 */
import type { OperationId } from '@shared/api/operations'
import { LOCK_ACTION, lockActionOfOperation } from '@shared/api/lock-actions'
import type { JournalCounts, JournalEntry, JournalEntryOutcome, JournalRun } from '@shared/ipc/channels/journal'

type Translate = (key: string, params?: Record<string, unknown>, plural?: number) => string

/** Counts in words: "100 locks: 97 disabled, 3 do not exist", "新增 98 个，失败 2 个". */
export function countsWords(c: JournalCounts, operation: OperationId, t: Translate, n: (x: number) => string): string {
  switch (c.kind) {
    case 'locks': {
      const parts: string[] = []
      const action = lockActionOfOperation(operation) ?? 'disable'
      if (c.ok) parts.push(t(`${LOCK_ACTION[action].messages}.done`, { n: n(c.ok) }))
      if (c.notFound) parts.push(t('journal.counts.notFound', { n: n(c.notFound) }, c.notFound))
      if (c.failed) parts.push(t('journal.counts.failed', { n: n(c.failed) }))
      if (c.wrongType) parts.push(t('journal.counts.wrongType', { n: n(c.wrongType) }))
      const detail = parts.length ? parts.join(t('journal.counts.sep')) : t('journal.counts.none')
      return t('journal.counts.locks', { total: n(c.total), detail }, c.total)
    }
    case 'employees':
      return t('journal.counts.employees', { added: n(c.added), failed: n(c.failed) })
    case 'shellNumbers':
      return t('journal.counts.shellNumbers', { n: n(c.issued) }, c.issued)
    case 'items':
      return t('journal.counts.items', { n: n(c.count) }, c.count)
    case 'notSent':
      return t('journal.counts.notSent')
  }
}

/** The entry's result line: its counts in words, else its summary as written; undefined when it has neither. */
export function entrySummary(e: JournalEntry, t: Translate, n: (x: number) => string): string | undefined {
  return e.counts ? countsWords(e.counts, e.operation, t, n) : e.summary
}

/** A run's result line: its calls' counts added up in words, else how many calls ended how. */
export function runSummary(run: JournalRun, t: Translate, n: (x: number) => string): string {
  if (run.counts) return countsWords(run.counts, run.operations[0]!, t, n)
  const parts = (Object.entries(run.outcomes) as [JournalEntryOutcome, number][]).map(([o, k]) => `${t(`journal.outcome.${o}`)} ${n(k)}`)
  return parts.length ? parts.join(t('journal.counts.sep')) : t('journal.run.none')
}
