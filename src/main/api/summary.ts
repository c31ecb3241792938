/** One-line summaries of a write's result for the journal (counts only: never personal data or secrets). */
import type { OperationId } from '@shared/api/operations'

interface Counted {
  succeeded?: unknown[]
  failed?: unknown[]
}

/** "100 locks: 97 ok, 2 status 2, 1 status 3" and the like. */
export function summarize(opId: OperationId, data: unknown): string | undefined {
  if ((opId === 'lockAssets' || opId === 'unlockAssets') && Array.isArray(data)) {
    const counts = new Map<number, number>()
    for (const r of data as { status: number }[]) counts.set(r.status, (counts.get(r.status) ?? 0) + 1)
    const parts = [...counts.entries()].sort((a, b) => a[0] - b[0]).map(([s, n]) => (s === 1 ? `${n} ok` : `${n} status ${s}`))
    return `${data.length} locks: ${parts.join(', ') || 'none'}`
  }
  if (opId === 'addMembers' && data && typeof data === 'object') {
    const d = data as Counted
    return `${d.succeeded?.length ?? 0} added, ${d.failed?.length ?? 0} failed`
  }
  if (Array.isArray(data)) return `${data.length} items`
  return undefined
}
