/** Which entries a filter keeps, and an entry as a page shows it (long lists in its body cut). */
import { JOURNAL_BODY_LIST_MAX, type JournalEntry, type JournalFilter } from '@shared/ipc/channels/journal'

export function matches(e: JournalEntry, f: JournalFilter): boolean {
  if (f.profileId && e.profileId !== f.profileId) return false
  if (f.jobId && e.jobId !== f.jobId) return false
  if (f.operations?.length && !f.operations.includes(e.operation)) return false
  if (f.outcomes?.length && !f.outcomes.includes(e.outcome)) return false
  if (f.from !== undefined && e.startedAt < f.from) return false
  if (f.to !== undefined && e.startedAt >= f.to) return false
  if (f.text) {
    const needle = f.text.toLowerCase()
    const hay = [e.operation, e.path, e.summary, e.nonce, e.jobId, e.error?.code, e.error?.details.serverMessage, JSON.stringify(e.body ?? ''), e.shellNumbers?.join(' ')]
      .filter(Boolean)
      .join('\n')
      .toLowerCase()
    if (!hay.includes(needle)) return false
  }
  return true
}

/** Cuts lists longer than JOURNAL_BODY_LIST_MAX anywhere in a value; the same value when none is. */
function cutLists(v: unknown): unknown {
  if (Array.isArray(v)) {
    const cut = v.length > JOURNAL_BODY_LIST_MAX ? v.slice(0, JOURNAL_BODY_LIST_MAX) : v
    let changed = cut !== v
    const out = cut.map((x) => {
      const y = cutLists(x)
      if (y !== x) changed = true
      return y
    })
    return changed ? out : v
  }
  if (v && typeof v === 'object') {
    let out: Record<string, unknown> | null = null
    for (const [k, x] of Object.entries(v)) {
      const y = cutLists(x)
      if (y !== x) (out ??= { ...(v as Record<string, unknown>) })[k] = y
    }
    return out ?? v
  }
  return v
}

/** A page's entry: long lists in its request body cut (the export has them whole). */
export function cutLongLists(e: JournalEntry): JournalEntry {
  if (e.body === undefined) return e
  const body = cutLists(e.body)
  return body === e.body ? e : { ...e, body, bodyTruncated: true }
}
