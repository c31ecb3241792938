/**
 * The bulk assignment screen's logic: what the draft keeps of a check (only the rows that are not simply sent),
 * the rows' results over attempts (the first, then each retry; a later attempt's result of a line wins), the rows
 * a retry sends, the filter categories and the export of failures. Plain: no calls, no stores.
 */
import type { ItemResult } from '@shared/ipc/channels/bulk'
import type { BulkAssignAttempt, BulkAssignRun, RowMark } from '@shared/ipc/channels/holdings'
import type { AssignRow, CheckedRow, ConfigureGroup } from '@shared/holdings/assign-rows'
import { rowResults, rowRetryable, type RowCheck, type RowResult } from '@shared/holdings/assign-results'

/** What the draft keeps of a checked row that is not simply sent. */
export function marksOf(rows: readonly CheckedRow[]): RowMark[] {
  const out: RowMark[] = []
  for (const r of rows) {
    if (r.issue === null && r.note === null && r.after === undefined) continue
    const m: RowMark = { line: r.line, action: r.action, issue: r.issue, note: r.note }
    if (r.otherLine !== undefined) m.otherLine = r.otherLine
    if (r.holder !== undefined) m.holder = r.holder
    if (r.after !== undefined) m.after = r.after
    if (r.person) m.member = r.person.globalId
    out.push(m)
  }
  return out
}

/** The checks of an attempt, rebuilt from the rows as given, its marks, and the groups its runs were given. */
export function attemptChecks(rows: readonly AssignRow[], attempt: BulkAssignAttempt, groups: readonly ConfigureGroup[]): RowCheck[] {
  const byLine = new Map(rows.map((r) => [r.line, r]))
  const marks = new Map(attempt.marks.map((m) => [m.line, m]))
  const sentTo = new Map<number, { memberGlobalId: string; assetNum: string }>()
  for (const g of [...groups, ...attempt.second]) {
    g.lines.forEach((line, k) => sentTo.set(line, { memberGlobalId: g.memberGlobalId, assetNum: k < g.del.length ? g.del[k]! : g.add[k - g.del.length]! }))
  }
  const out: RowCheck[] = []
  for (const line of attempt.lines) {
    const r = byLine.get(line)
    if (!r) continue
    const m = marks.get(line)
    const sent = sentTo.get(line)
    const c: RowCheck = { line, employee: r.employee, assetNum: sent?.assetNum ?? r.assetNum, action: m?.action ?? r.action, issue: m?.issue ?? null, note: m?.note ?? null }
    if (m?.otherLine !== undefined) c.otherLine = m.otherLine
    if (m?.holder !== undefined) c.holder = m.holder
    if (m?.after !== undefined) c.after = m.after
    if (sent) c.person = { globalId: sent.memberGlobalId }
    else if (m?.member) c.person = { globalId: m.member }
    out.push(c)
  }
  return out
}

/** Results of runs, by job id (undefined: not read yet). */
export type RunResults = ReadonlyMap<string, readonly (ItemResult | undefined)[]>

/** Every row's result: each attempt's rows from its runs, a later attempt's result of a line winning. */
export function mergedResults(rows: readonly AssignRow[], attempts: readonly BulkAssignAttempt[], runs: readonly BulkAssignRun[], results: RunResults): RowResult[] {
  const latest = new Map<number, RowResult>()
  attempts.forEach((attempt, a) => {
    const mine = runs.filter((r) => r.attempt === a)
    const checks = attemptChecks(rows, attempt, mine.flatMap((r) => r.groups))
    const groupRuns = mine.map((r) => ({ groups: r.groups, results: results.get(r.jobId) ?? [] }))
    for (const res of rowResults(checks, groupRuns)) latest.set(res.line, res)
  })
  return [...latest.values()].sort((x, y) => x.line - y.line)
}

/** The rows as given of the results a retry may change. */
export function retryRows(rows: readonly AssignRow[], results: readonly RowResult[]): AssignRow[] {
  const again = new Set(results.filter(rowRetryable).map((r) => r.line))
  return rows.filter((r) => again.has(r.line))
}

/** Filter categories of the results table. */
export const RESULT_FILTERS = ['all', 'problems', 'done', 'notSent'] as const
export type ResultFilter = (typeof RESULT_FILTERS)[number]

/** Whether a result went as asked (done, or already so). */
export function wentWell(r: RowResult): boolean {
  return r.outcome === 'done' || r.outcome === 'nothingToDo'
}

export function inFilter(r: RowResult, f: ResultFilter): boolean {
  switch (f) {
    case 'all':
      return true
    case 'done':
      return wentWell(r)
    case 'notSent':
      return r.outcome === 'notSent'
    case 'problems':
      return !wentWell(r) && r.outcome !== 'pending'
  }
}

/** Counts per filter. */
export function filterCounts(results: readonly RowResult[]): Record<ResultFilter, number> {
  const c = { all: results.length, problems: 0, done: 0, notSent: 0 }
  for (const r of results) {
    if (inFilter(r, 'done')) c.done++
    if (inFilter(r, 'notSent')) c.notSent++
    if (inFilter(r, 'problems')) c.problems++
  }
  return c
}

/** The rows of an export of results: line, employee, number, action, outcome and message in the screen's words. */
export function resultExportRows(results: readonly RowResult[], words: { action(a: RowResult['action']): string; outcome(r: RowResult): string; message(r: RowResult): string }): (string | number)[][] {
  return results.map((r) => [r.line, r.employee, r.assetNum, words.action(r.action), words.outcome(r), words.message(r)])
}

/** Whether every run of an attempt has ended (none running or paused). */
export function attemptSettled(attempt: number, runs: readonly BulkAssignRun[], ended: (jobId: string) => boolean): boolean {
  return runs.filter((r) => r.attempt === attempt).every((r) => ended(r.jobId))
}

/** The check's words for a row about to be sent: where it goes, and whether it waits for a withdrawal. */
export function checkState(r: CheckedRow): 'notSent' | 'nothingToDo' | 'after' | 'send' {
  if (r.issue) return 'notSent'
  if (r.note) return 'nothingToDo'
  return r.after !== undefined ? 'after' : 'send'
}

export const CHECK_FILTERS = ['all', 'send', 'notSent', 'nothingToDo'] as const
export type CheckFilter = (typeof CHECK_FILTERS)[number]

export function inCheckFilter(r: CheckedRow, f: CheckFilter): boolean {
  if (f === 'all') return true
  const s = checkState(r)
  return f === 'send' ? s === 'send' || s === 'after' : s === f
}

export function checkCounts(rows: readonly CheckedRow[]): Record<CheckFilter, number> & { after: number } {
  const c = { all: rows.length, send: 0, notSent: 0, nothingToDo: 0, after: 0 }
  for (const r of rows) {
    const s = checkState(r)
    if (s === 'send' || s === 'after') c.send++
    if (s === 'after') c.after++
    if (s === 'notSent') c.notSent++
    if (s === 'nothingToDo') c.nothingToDo++
  }
  return c
}
