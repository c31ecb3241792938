/**
 * What happened to each row of a bulk assignment, from the results of its configure calls (one per employee):
 * configure is all or nothing, so a call refused because of one number leaves the employee's other numbers
 * undone ("blocked", sent again by a retry); the number an error is about is found where the service names it.
 * Also: which rows a retry sends, and which codes are about a number or about the employee. Pure.
 */
import type { AppErrorData } from '../errors/app-error'
import type { ItemResult } from '../ipc/channels/bulk'
import { assetNumberKey } from '../lists/asset-numbers'
import type { ItemOutcome } from '../i18n/run-words'
import { groupEntry, type AssignIssue, type AssignNote, type CheckedRow, type ConfigureGroup } from './assign-rows'

/** Refusals of configure about one number (unknown, another customer's, given twice or held by someone else). */
export const NUMBER_CODES: ReadonlySet<string> = new Set(['60024', '60025', '60028'])
/** Refusals of configure about the employee (the account matched several employees, or none). */
export const EMPLOYEE_CODES: ReadonlySet<string> = new Set(['60023', '60026'])
/** Refusals a retry would get again: the number or the employee is not what the call needs. */
export const FINAL_CODES: ReadonlySet<string> = new Set(['60024', '60025', '60023', '60026'])

/**
 * What became of a row: the runs' outcomes (src/shared/i18n/run-words.ts) a row can have, and two of its own.
 * - done: the number is assigned (withdrawn) as asked;
 * - nothingToDo: it already was (no call needed);
 * - notSent: the check refused the row (`issue`);
 * - refused: the service refused the call because of this row's number or employee (`error`);
 * - callError: the call failed (network, the app): nothing of it was done;
 * - unknown, cancelled, pending: as the bulk runner says;
 * - blocked (own): the call was refused because of another number of the same employee: nothing of it was done;
 * - skipped (own): an assignment after a withdrawal in the file that did not happen (`otherLine`).
 */
export const ROW_OUTCOMES = ['done', 'nothingToDo', 'notSent', 'refused', 'blocked', 'callError', 'unknown', 'cancelled', 'pending', 'skipped'] as const satisfies readonly (ItemOutcome | 'blocked' | 'skipped')[]
export type RowOutcome = (typeof ROW_OUTCOMES)[number]
/** The outcomes only a bulk assignment has. */
export type AssignOwnOutcome = Exclude<RowOutcome, ItemOutcome>

export interface RowResult {
  line: number
  employee: string
  assetNum: string
  action: CheckedRow['action']
  outcome: RowOutcome
  issue?: AssignIssue
  note?: AssignNote
  error?: AppErrorData
  otherLine?: number
  holder?: string | null
  /** An assignment that waits for the withdrawal on this line. */
  after?: number
  memberGlobalId?: string
  /** otherEnterprise: the enterprise the number is under. */
  enterprise?: string
}

/** What the results need of a checked row (a CheckedRow, or one rebuilt from a screen's draft). */
export type RowCheck = Pick<CheckedRow, 'line' | 'employee' | 'assetNum' | 'action' | 'issue' | 'note' | 'otherLine' | 'holder' | 'after' | 'enterprise'> & {
  person?: { globalId: string } | null
  number?: { assetNum: string } | null
}

/** A run of groups (one bulk job) with its results, by group. */
export interface GroupRun {
  groups: readonly ConfigureGroup[]
  /** Each group's result; undefined while not known. */
  results: readonly (ItemResult | undefined)[]
}

/** Numbers of a group that an error names (in the service's message or cause), compared ignoring case. */
export function numbersNamed(error: AppErrorData, numbers: readonly string[]): Set<string> {
  const text = `${error.details.serverMessage ?? ''} ${error.details.cause ?? ''} ${error.params['detail'] ?? ''}`.toLowerCase()
  const named = new Set<string>()
  for (const n of numbers) if (n !== '' && text.includes(assetNumberKey(n))) named.add(assetNumberKey(n))
  return named
}

/** The outcome of a number in a group whose call failed with `error`. */
export function failedOutcome(error: AppErrorData | undefined, assetNum: string, named: ReadonlySet<string>): RowOutcome {
  if (!error) return 'callError'
  if (EMPLOYEE_CODES.has(error.code)) return 'refused'
  if (NUMBER_CODES.has(error.code)) return named.size === 0 || named.has(assetNumberKey(assetNum)) ? 'refused' : 'blocked'
  return 'callError'
}

/** The outcome of every row, from the check and the runs (first run, then the one after the withdrawals). */
export function rowResults(rows: readonly RowCheck[], runs: readonly GroupRun[]): RowResult[] {
  // Where each sent line is: its group's run, group and position in it. A line sent again by a retry is found in
  // the later run (later runs win).
  const at = new Map<number, { run: GroupRun; g: number; k: number }>()
  for (const run of runs) {
    run.groups.forEach((group, g) => group.lines.forEach((line, k) => at.set(line * 2 + (groupEntry(group, k).action === 'assign' ? 1 : 0), { run, g, k })))
  }
  const named = new Map<string, Set<string>>()
  const byLine = new Map<number, RowResult>()
  const out = rows.map((r): RowResult => {
    const base: RowResult = { line: r.line, employee: r.employee, assetNum: r.number?.assetNum ?? r.assetNum, action: r.action, outcome: 'pending' }
    if (r.person) base.memberGlobalId = r.person.globalId
    if (r.otherLine !== undefined) base.otherLine = r.otherLine
    if (r.holder !== undefined) base.holder = r.holder
    if (r.after !== undefined) base.after = r.after
    if (r.enterprise !== undefined) base.enterprise = r.enterprise
    if (r.issue) return { ...base, outcome: 'notSent', issue: r.issue }
    if (r.note) return { ...base, outcome: 'nothingToDo', note: r.note }
    const where = at.get(r.line * 2 + (r.action === 'assign' ? 1 : 0))
    if (!where) return base
    const result = where.run.results[where.g]
    if (!result || result.state === 'pending') return base
    switch (result.state) {
      case 'ok':
        return { ...base, outcome: 'done' }
      case 'failed': {
        const group = where.run.groups[where.g]!
        const key = `${runs.indexOf(where.run)}/${where.g}`
        let n = named.get(key)
        if (!n) named.set(key, (n = result.error ? numbersNamed(result.error, [...group.del, ...group.add]) : new Set()))
        const outcome = failedOutcome(result.error, groupEntry(group, where.k).assetNum, n)
        return result.error ? { ...base, outcome, error: result.error } : { ...base, outcome }
      }
      case 'duplicate':
        return { ...base, outcome: 'done' }
      default:
        return result.error ? { ...base, outcome: result.state, error: result.error } : { ...base, outcome: result.state }
    }
  })
  for (const r of out) byLine.set(r.line * 2 + (r.action === 'assign' ? 1 : 0), r)
  // Assignments waiting for a withdrawal: skipped when it ended other than done.
  rows.forEach((r, i) => {
    if (r.after === undefined || out[i]!.outcome !== 'pending') return
    const w = byLine.get(r.after * 2)
    if (w && w.outcome !== 'done' && w.outcome !== 'pending') out[i] = { ...out[i]!, outcome: 'skipped', otherLine: r.after }
  })
  return out
}

/** Whether sending a row again may change its outcome ("retry the failed ones"). */
export function rowRetryable(r: RowResult): boolean {
  switch (r.outcome) {
    case 'blocked':
    case 'callError':
    case 'unknown':
    case 'cancelled':
    case 'skipped':
      return true
    case 'refused':
      return !r.error || !FINAL_CODES.has(r.error.code)
    default:
      return false
  }
}

/** Counts of each outcome. */
export function countOutcomes(results: readonly RowResult[]): Record<RowOutcome, number> {
  const c = Object.fromEntries(ROW_OUTCOMES.map((o) => [o, 0])) as Record<RowOutcome, number>
  for (const r of results) c[r.outcome]++
  return c
}

/**
 * The assignments that waited for a withdrawal in the file, for the second run: each group of `second` keeps the
 * numbers whose withdrawal (`afterOf` its line) is done by now; the others are left out (their rows read
 * "skipped").
 */
export function readyGroups(second: readonly ConfigureGroup[], afterOf: (line: number) => number | undefined, withdrawDone: (line: number) => boolean): ConfigureGroup[] {
  const out: ConfigureGroup[] = []
  for (const g of second) {
    const keep = g.lines.map((line) => {
      const after = afterOf(line)
      return after === undefined || withdrawDone(after)
    })
    if (!keep.some(Boolean)) continue
    const del = g.del.filter((_, k) => keep[k])
    const add = g.add.filter((_, k) => keep[g.del.length + k])
    out.push({ ...g, del, add, lines: g.lines.filter((_, k) => keep[k]) })
  }
  return out
}
