/**
 * The assignment planner: a plan (the ticks and unticks of a matrix of employees × asset numbers, or the rows of a
 * file) checked against what the enterprise holds, turned into the fewest configure calls (member operation 9: one
 * per employee with its `addAssets` and `deleteAssets`), and said as a diff in words; and the undo of a run: the
 * reverse of the calls the journal says were applied. The same rules serve the screen, the CLI and the tests.
 * Pure: no Node, no DOM.
 *
 * A tick of a number someone else holds is a move: the plan withdraws it from its holder (a row of its own on the
 * same line, `move: true`) and gives it after that withdrawal. Calls go in two runs of the bulk runner, because the
 * runner sends the calls of one run side by side: the first run has every employee who receives no moved number;
 * the second the employees who do (their whole call, when none of their own withdrawals feeds a move; else only
 * the moved numbers, the rest going first). A chain of moves therefore costs two runs, not one per link.
 */
import { assetNumberKey } from '../lists/asset-numbers'
import { checkAssignRows, groupRows, isSendable, MAX_NUMBERS_PER_CALL, type AssignContext, type AssignRow, type CheckedRow, type ConfigureGroup } from './assign-rows'
import { productRefused, resolveProductCells, type ProductCell, type ProductContext, type ProductResolution } from './plan-products'

// The marks live with the product cells (plan-products.ts imports them; this file imports that one).
export { PLAN_MARKS, type PlanMark } from './plan-products'
import type { PlanMark } from './plan-products'

/** One marked cell: an employee (account or global id), an asset number, and the mark. */
export interface PlanCell {
  employee: string
  assetNum: string
  mark: PlanMark
}

/** Most cells one plan takes (the matrix or a file). */
export const MAX_PLAN_CELLS = 100_000

/** The rows the checker reads of a plan's cells: one row a cell, its line the cell's position + 1. */
export function rowsOfCells(cells: readonly PlanCell[]): AssignRow[] {
  return cells.map((c, i) => ({ line: i + 1, employee: c.employee, assetNum: c.assetNum, action: c.mark === 'give' ? 'assign' : 'withdraw', actionText: '' }))
}

/** One change of the diff: an employee gets a number, gives one back, or gets one moved from `from`. */
export interface PlanChange {
  line: number
  kind: 'gets' | 'givesBack' | 'moves'
  /** The employee (global id): who gets the number, or who gives it back. */
  member: string
  /** For a move: who gives it (global id). */
  from?: string
  assetNum: string
  /** The product column (its `productUri`) the change comes from, when it comes from one. */
  product?: string
}

export interface PlanCounts {
  gets: number
  givesBack: number
  moves: number
  /** Cells already as asked (nothing to send). */
  unchanged: number
  /** Cells the check refused (nothing of them is sent). */
  problems: number
  /** Employees with a call, and the configure calls of both runs. */
  employees: number
  calls: number
}

export interface CheckedPlan {
  /** The rows checked: the plan's, and the withdrawals of its moves (`move: true`, on the line of the tick). */
  rows: CheckedRow[]
  /** The calls of the first run, and of the second (after the withdrawals that feed moves). */
  first: ConfigureGroup[]
  second: ConfigureGroup[]
  changes: PlanChange[]
  counts: PlanCounts
  /** What each product cell became (src/shared/holdings/plan-products.ts); empty without product cells. */
  products: ProductResolution[]
}

const key = (member: string, assetNum: string) => `${member}\u0000${assetNumberKey(assetNum)}`

/**
 * Checks a plan (see the module's comment): the checks of a bulk assignment (unknown employee or number, another
 * customer's number, a borrowed lock, a number given to two people, repeats), with a tick of a number held by
 * someone else made a move instead of refused.
 */
export function checkPlan(plan: readonly AssignRow[], ctx: AssignContext, max = MAX_NUMBERS_PER_CALL): CheckedPlan {
  // Withdrawals the plan asks for itself, so a move adds one only where the plan has none.
  const withdrawn = new Set<string>()
  for (const r of plan) {
    if (r.action !== 'withdraw') continue
    const p = ctx.person(r.employee)
    if (p) withdrawn.add(key(p.globalId, r.assetNum.trim()))
  }
  const rows: AssignRow[] = []
  for (const r of plan) {
    rows.push(r)
    if (r.action !== 'assign') continue
    const p = ctx.person(r.employee)
    const n = p ? ctx.number(r.assetNum.trim()) : null
    if (!p || !n || n.borrowedLock || n.holder === null || n.holder === p.globalId || withdrawn.has(key(n.holder, n.assetNum))) continue
    rows[rows.length - 1] = { ...r, move: true }
    rows.push({ line: r.line, employee: n.holder, assetNum: n.assetNum, action: 'withdraw', actionText: '', move: true })
  }
  const checked = checkAssignRows(rows, ctx)
  // The withdrawal of a move whose tick is refused is not sent either: it is no part of the plan by itself.
  const tickOf = new Map(checked.filter((c) => c.move && c.action === 'assign').map((c) => [c.line, c]))
  const kept = checked.filter((c) => !(c.move && c.action === 'withdraw' && (tickOf.get(c.line)?.issue ?? null) !== null))
  for (const c of kept) {
    if (c.move && c.action === 'withdraw' && c.issue === null && c.note !== null) c.note = null
  }

  const sendable = kept.filter(isSendable)
  // Withdrawals feeding a move (by line; a plan's lines are unique per action), and who makes them.
  const feeds = new Set(sendable.filter((c) => c.action === 'assign' && c.after !== undefined).map((c) => c.after!))
  const feeder = new Map(sendable.filter((c) => c.action === 'withdraw' && feeds.has(c.line)).map((c) => [c.line, c.person!.globalId]))
  const givesMoved = new Set(feeder.values())
  const receives = new Set(sendable.filter((c) => c.after !== undefined).map((c) => c.person!.globalId))
  const firstRows: CheckedRow[] = []
  const secondRows: CheckedRow[] = []
  for (const c of sendable) {
    const m = c.person!.globalId
    if (!receives.has(m)) firstRows.push(c)
    else if (!givesMoved.has(m) || c.after !== undefined) secondRows.push(c)
    else firstRows.push(c)
  }
  const first = groupRows(firstRows, max)
  const second = groupRows(secondRows, max)

  const changes: PlanChange[] = []
  for (const c of sendable) {
    if (c.action === 'withdraw') {
      if (!feeds.has(c.line)) changes.push({ line: c.line, kind: 'givesBack', member: c.person!.globalId, assetNum: c.number!.assetNum })
    } else if (c.after !== undefined) {
      changes.push({ line: c.line, kind: 'moves', member: c.person!.globalId, from: feeder.get(c.after)!, assetNum: c.number!.assetNum })
    } else changes.push({ line: c.line, kind: 'gets', member: c.person!.globalId, assetNum: c.number!.assetNum })
  }
  const counts: PlanCounts = {
    gets: changes.filter((c) => c.kind === 'gets').length,
    givesBack: changes.filter((c) => c.kind === 'givesBack').length,
    moves: changes.filter((c) => c.kind === 'moves').length,
    unchanged: kept.filter((c) => !c.move && c.issue === null && c.note !== null).length,
    problems: kept.filter((c) => c.issue !== null).length,
    employees: new Set(sendable.map((c) => c.person!.globalId)).size,
    calls: first.length + second.length,
  }
  return { rows: kept, first, second, changes, counts, products: [] }
}

/**
 * Checks a plan with product cells: each resolved to number rows after the plan's own (plan-products.ts), then the
 * whole checked as one plan; each change says the product it comes from, and a product cell with nothing to do
 * counts as "already as planned", one refused as a problem.
 */
export function checkProductPlan(plan: readonly AssignRow[], products: readonly ProductCell[], ctx: AssignContext & ProductContext, max = MAX_NUMBERS_PER_CALL): CheckedPlan {
  if (products.length === 0) return checkPlan(plan, ctx, max)
  const firstLine = plan.reduce((m, r) => Math.max(m, r.line), 0) + 1
  const resolved = resolveProductCells(products, plan, ctx, firstLine)
  const out = checkPlan([...plan, ...resolved.rows], ctx, max)
  for (const c of out.changes) {
    const uri = resolved.productOfLine.get(c.line)
    if (uri !== undefined) c.product = uri
  }
  const refused = resolved.resolutions.filter((r) => productRefused(r.outcome)).length
  const nothing = resolved.resolutions.filter((r) => r.outcome === 'has' || r.outcome === 'hasNot').length
  out.counts = { ...out.counts, unchanged: out.counts.unchanged + nothing, problems: out.counts.problems + refused }
  out.products = resolved.resolutions
  return out
}

/** A configure call the journal says was applied (or may have been: its answer was lost). */
export interface AppliedCall {
  memberGlobalId: string
  add: readonly string[]
  del: readonly string[]
}

/**
 * The plan that undoes applied calls (in the order they were sent): each number given is taken back, each number
 * taken back is given again. A number a later call changed again counts as its last change. The plan is checked
 * like any other against what the enterprise holds then, so a step already undone (or never done) is "nothing to
 * do", and giving back a number its receiver holds is a move.
 */
export function undoRows(applied: readonly AppliedCall[]): AssignRow[] {
  const last = new Map<string, AssignRow>()
  for (const call of applied) {
    for (const n of call.del) last.set(key(call.memberGlobalId, n), { line: 0, employee: call.memberGlobalId, assetNum: n, action: 'assign', actionText: '' })
    for (const n of call.add) last.set(key(call.memberGlobalId, n), { line: 0, employee: call.memberGlobalId, assetNum: n, action: 'withdraw', actionText: '' })
  }
  return [...last.values()].map((r, i) => ({ ...r, line: i + 1 }))
}
