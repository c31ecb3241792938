/**
 * The Journal table's lines from a page listed by run: a run's row, then (when opened) its calls under it and a
 * line saying what is not listed; single calls as they are.
 */
import type { JournalEntry, JournalRow, JournalRun } from '@shared/ipc/channels/journal'
import type { OpenedRun } from '../../stores/journal'

export type JournalLine =
  | { key: string; kind: 'call'; entry: JournalEntry }
  | { key: string; kind: 'run'; run: JournalRun; open: boolean }
  /** A call of an opened run. */
  | { key: string; kind: 'inner'; entry: JournalEntry }
  /** Under an opened run: its calls being read, not readable, or more than listed. */
  | { key: string; kind: 'note'; run: JournalRun; state: OpenedRun }

export function journalLines(rows: readonly JournalRow[], opened: ReadonlyMap<string, OpenedRun>): JournalLine[] {
  const out: JournalLine[] = []
  for (const r of rows) {
    if (r.kind === 'call') {
      out.push({ key: r.entry.id, kind: 'call', entry: r.entry })
      continue
    }
    const state = opened.get(r.run.jobId)
    out.push({ key: `run:${r.run.jobId}`, kind: 'run', run: r.run, open: state !== undefined })
    if (!state) continue
    for (const e of state.calls ?? []) out.push({ key: e.id, kind: 'inner', entry: e })
    if (state.calls === null || state.error || state.total > state.calls.length) out.push({ key: `note:${r.run.jobId}`, kind: 'note', run: r.run, state })
  }
  return out
}
