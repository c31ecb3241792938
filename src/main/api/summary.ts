/**
 * What the journal's end entry says about a write's result: counts (structured, worded by the Journal screen in
 * the user's language), the same in one English line for exports and text search, and the shell numbers a
 * getShellNums call issued. Counts only otherwise: never personal data or secrets.
 */
import type { OperationId } from '@shared/api/operations'
import type { JournalCounts } from '@shared/ipc/channels/journal'

export interface ResultSummary {
  summary: string
  counts: JournalCounts
  shellNumbers?: string[]
}

interface Counted {
  succeeded?: unknown[]
  failed?: unknown[]
}

/** The English line of some counts ("100 locks: 97 ok, 2 status 2, 1 status 3" and the like). */
export function countsText(c: JournalCounts): string {
  switch (c.kind) {
    case 'locks': {
      const parts: string[] = []
      if (c.ok) parts.push(`${c.ok} ok`)
      if (c.notFound) parts.push(`${c.notFound} status 2`)
      if (c.failed) parts.push(`${c.failed} status 3`)
      if (c.wrongType) parts.push(`${c.wrongType} status 4`)
      return `${c.total} locks: ${parts.join(', ') || 'none'}`
    }
    case 'employees':
      return `${c.added} added, ${c.failed} failed`
    case 'shellNumbers':
      return `${c.issued} shell numbers`
    case 'items':
      return `${c.count} items`
    case 'notSent':
      return 'not sent'
  }
}

/** The summary of a write's (validated) data; undefined when there is nothing to count. */
export function summarize(opId: OperationId, data: unknown): ResultSummary | undefined {
  if ((opId === 'lockAssets' || opId === 'unlockAssets') && Array.isArray(data)) {
    const by = [0, 0, 0, 0, 0]
    for (const r of data as { status: number }[]) by[r.status] = (by[r.status] ?? 0) + 1
    const counts: JournalCounts = { kind: 'locks', total: data.length, ok: by[1]!, notFound: by[2]!, failed: by[3]!, wrongType: by[4]! }
    return { summary: countsText(counts), counts }
  }
  if (opId === 'addMembers' && data && typeof data === 'object') {
    const d = data as Counted
    const counts: JournalCounts = { kind: 'employees', added: d.succeeded?.length ?? 0, failed: d.failed?.length ?? 0 }
    return { summary: countsText(counts), counts }
  }
  if (opId === 'getShellNums' && Array.isArray(data)) {
    const numbers = data.filter((n): n is string => typeof n === 'string')
    const counts: JournalCounts = { kind: 'shellNumbers', issued: numbers.length }
    return { summary: countsText(counts), counts, shellNumbers: numbers }
  }
  if (Array.isArray(data)) {
    const counts: JournalCounts = { kind: 'items', count: data.length }
    return { summary: countsText(counts), counts }
  }
  return undefined
}
