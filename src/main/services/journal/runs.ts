/**
 * The journal listed by bulk run: a run of 10,000 locks is one row with its 100 calls inside, not 100 rows. Calls
 * of one job (`jobId`) are taken together at the place of the run's newest call; a job with one matching call, and a
 * call of no job, stay a call. Pure: the journal service pages the rows this makes.
 */
import type { JournalCounts, JournalEntry, JournalEntryOutcome, JournalRow, JournalRun } from '@shared/ipc/channels/journal'
import type { OperationId } from '@shared/api/operations'

/** Outcomes of calls still under way: the run is running while one of its calls is. */
const UNDER_WAY: ReadonlySet<JournalEntryOutcome> = new Set(['pending', 'queued'])
/** Outcomes that leave it open whether the call was done. */
const OPEN: ReadonlySet<JournalEntryOutcome> = new Set(['unknown', 'interrupted'])

/** The run's outcome in one word (see JournalRun.outcome). */
export function runOutcome(outcomes: Partial<Record<JournalEntryOutcome, number>>): JournalEntryOutcome {
  const present = (Object.keys(outcomes) as JournalEntryOutcome[]).filter((o) => (outcomes[o] ?? 0) > 0)
  if (present.some((o) => UNDER_WAY.has(o))) return 'pending'
  if (present.length === 1) return present[0]!
  if (present.some((o) => OPEN.has(o))) return 'unknown'
  return 'partial'
}

/** Counts added up when they are all of one kind (calls without counts are left out); else undefined. */
export function addCounts(list: readonly (JournalCounts | undefined)[]): JournalCounts | undefined {
  const all = list.filter((c): c is JournalCounts => c !== undefined)
  const first = all[0]
  if (!first || all.some((c) => c.kind !== first.kind)) return undefined
  switch (first.kind) {
    case 'locks': {
      const sum = { kind: 'locks' as const, total: 0, ok: 0, notFound: 0, failed: 0, wrongType: 0 }
      for (const c of all as Extract<JournalCounts, { kind: 'locks' }>[]) {
        sum.total += c.total
        sum.ok += c.ok
        sum.notFound += c.notFound
        sum.failed += c.failed
        sum.wrongType += c.wrongType
      }
      return sum
    }
    case 'employees': {
      const list2 = all as Extract<JournalCounts, { kind: 'employees' }>[]
      return { kind: 'employees', added: list2.reduce((s, c) => s + c.added, 0), failed: list2.reduce((s, c) => s + c.failed, 0) }
    }
    case 'shellNumbers':
      return { kind: 'shellNumbers', issued: (all as Extract<JournalCounts, { kind: 'shellNumbers' }>[]).reduce((s, c) => s + c.issued, 0) }
    case 'items':
      return { kind: 'items', count: (all as Extract<JournalCounts, { kind: 'items' }>[]).reduce((s, c) => s + c.count, 0) }
    case 'notSent':
      return first
  }
}

/** A run's summary from its calls (newest first, as listed). */
export function runOf(jobId: string, calls: readonly JournalEntry[]): JournalRun {
  const outcomes: Partial<Record<JournalEntryOutcome, number>> = {}
  const operations: OperationId[] = []
  let firstStartedAt = Infinity
  let lastStartedAt = -Infinity
  let endedAt: number | undefined = -Infinity
  for (const c of calls) {
    outcomes[c.outcome] = (outcomes[c.outcome] ?? 0) + 1
    if (!operations.includes(c.operation)) operations.push(c.operation)
    firstStartedAt = Math.min(firstStartedAt, c.startedAt)
    lastStartedAt = Math.max(lastStartedAt, c.startedAt)
    endedAt = endedAt === undefined || c.endedAt === undefined ? undefined : Math.max(endedAt, c.endedAt)
  }
  const run: JournalRun = {
    jobId,
    profileId: calls[0]!.profileId,
    operations,
    calls: calls.length,
    outcomes,
    outcome: runOutcome(outcomes),
    firstStartedAt,
    lastStartedAt,
  }
  const counts = addCounts(calls.map((c) => c.counts))
  if (counts) run.counts = counts
  if (endedAt !== undefined) run.endedAt = endedAt
  return run
}

/** Entries (newest first) as rows: each job's calls together at its newest call's place, other calls as they are. */
export function groupByRun(entries: readonly JournalEntry[]): JournalRow[] {
  const byJob = new Map<string, JournalEntry[]>()
  for (const e of entries) {
    if (e.jobId === undefined) continue
    const list = byJob.get(e.jobId)
    if (list) list.push(e)
    else byJob.set(e.jobId, [e])
  }
  const rows: JournalRow[] = []
  const placed = new Set<string>()
  for (const e of entries) {
    const calls = e.jobId === undefined ? undefined : byJob.get(e.jobId)
    if (!calls || calls.length < 2) {
      rows.push({ kind: 'call', entry: e })
      continue
    }
    if (placed.has(e.jobId!)) continue
    placed.add(e.jobId!)
    rows.push({ kind: 'run', run: runOf(e.jobId!, calls) })
  }
  return rows
}
