/**
 * Product columns of the assignment planner: a tick on a product means "this person should hold a number carrying
 * this product", an untick "this person should hold none". The spec knows products only under assets (member
 * operation 7), and configure (operation 9) only gives and takes back asset numbers, so each product cell becomes
 * number cells by one rule:
 * - tick, and the person already holds a number carrying the product (one the plan does not take back), or the
 *   plan already gives them one: nothing to do ("has");
 * - tick otherwise: the free number (no holder, not a borrowed lock) carrying the product with the fewest other
 *   products, then the lowest number, that the plan gives no one else ("gets"); none left: refused ("noFree");
 * - untick: every number the person holds that carries the product is given back ("givesBack"); none: "hasNot".
 * Cells are resolved in order, so two people ticked on one product get two different numbers. A number whose
 * products could not be read counts as not carrying it; a person with such a number is told so ("notRead")
 * rather than given a second one. Pure: no Node, no DOM.
 */
import { assetNumberKey } from '../lists/asset-numbers'
import type { AssignRow, KnownNumber, KnownPerson } from './assign-rows'

/** What the plan says of a cell: the employee gets the number (tick) or gives it back (untick). Absent: leave. */
export const PLAN_MARKS = ['give', 'take'] as const
export type PlanMark = (typeof PLAN_MARKS)[number]

/** A marked cell of a product column: an employee (account or global id), a product (its `productUri`), the mark. */
export interface ProductCell {
  employee: string
  productUri: string
  mark: PlanMark
}

/** What resolving a product cell said. */
export const PRODUCT_OUTCOMES = ['gets', 'givesBack', 'has', 'hasNot', 'noFree', 'notRead', 'unknownEmployee'] as const
export type ProductOutcome = (typeof PRODUCT_OUTCOMES)[number]

/** One product cell, resolved: the numbers it gives or takes back (gets, givesBack) or the one it found (has). */
export interface ProductResolution {
  /** The cell's position in the product cells (0-based). */
  cell: number
  employee: string
  member: string | null
  productUri: string
  mark: PlanMark
  outcome: ProductOutcome
  numbers: string[]
}

/** What resolving asks about the enterprise (the numbers read within seconds, the products read lazily). */
export interface ProductContext {
  person(ref: string): KnownPerson | null
  /** The numbers an employee holds (not borrowed locks), in the enterprise's list order. */
  heldBy(globalId: string): readonly KnownNumber[]
  /** The free numbers (no holder, not borrowed locks), in list order. */
  free(): readonly KnownNumber[]
  /** The products (`productUri`s) a number carries; undefined when they could not be read. */
  productsOf(assetNum: string): readonly string[] | undefined
}

/** Whether the outcome is a refusal (counted with the plan's problems) rather than "nothing to do". */
export function productRefused(o: ProductOutcome): boolean {
  return o === 'noFree' || o === 'notRead' || o === 'unknownEmployee'
}

/** Asset numbers in a stable order: shorter first, then by their characters (ignoring case). */
function byNumber(a: string, b: string): number {
  const x = assetNumberKey(a)
  const y = assetNumberKey(b)
  return x.length - y.length || (x < y ? -1 : x > y ? 1 : 0)
}

/**
 * Resolves product cells (see the module's comment) after the plan's number rows `numberRows`: the rows to add to
 * the plan (lines from `firstLine` on, one a number), each row's product by line, and what each cell became.
 */
export function resolveProductCells(
  cells: readonly ProductCell[],
  numberRows: readonly AssignRow[],
  ctx: ProductContext,
  firstLine: number,
): { rows: AssignRow[]; productOfLine: Map<number, string>; resolutions: ProductResolution[] } {
  const k = (member: string, n: string) => `${member}\u0000${assetNumberKey(n)}`
  // What the plan's own number cells already do: numbers given (to anyone), and each employee's ticks and unticks.
  const given = new Set<string>()
  const ticks = new Map<string, string[]>()
  const unticked = new Set<string>()
  for (const r of numberRows) {
    const p = ctx.person(r.employee)
    if (r.action === 'assign') {
      given.add(assetNumberKey(r.assetNum))
      if (p) ticks.set(p.globalId, [...(ticks.get(p.globalId) ?? []), r.assetNum])
    } else if (r.action === 'withdraw' && p) unticked.add(k(p.globalId, r.assetNum))
  }
  const carries = (n: string, uri: string) => ctx.productsOf(n)?.includes(uri) === true

  // The free numbers by product, best first (fewest products, then the lowest number), built once.
  let freeByProduct: Map<string, string[]> | null = null
  const candidates = (uri: string): string[] => {
    if (!freeByProduct) {
      freeByProduct = new Map()
      const free = ctx
        .free()
        .map((n) => ({ n: n.assetNum, products: ctx.productsOf(n.assetNum) }))
        .filter((x): x is { n: string; products: readonly string[] } => x.products !== undefined)
        .sort((a, b) => a.products.length - b.products.length || byNumber(a.n, b.n))
      for (const f of free) for (const u of new Set(f.products)) freeByProduct.set(u, [...(freeByProduct.get(u) ?? []), f.n])
    }
    return freeByProduct.get(uri) ?? []
  }

  const rows: AssignRow[] = []
  const productOfLine = new Map<number, string>()
  const resolutions: ProductResolution[] = []
  let line = firstLine
  const add = (employee: string, assetNum: string, action: 'assign' | 'withdraw', uri: string) => {
    rows.push({ line, employee, assetNum, action, actionText: '' })
    productOfLine.set(line++, uri)
  }
  cells.forEach((c, cell) => {
    const p = ctx.person(c.employee)
    const base = { cell, employee: c.employee, member: p?.globalId ?? null, productUri: c.productUri, mark: c.mark }
    if (!p) {
      resolutions.push({ ...base, outcome: 'unknownEmployee', numbers: [] })
      return
    }
    const held = ctx.heldBy(p.globalId).filter((n) => !unticked.has(k(p.globalId, n.assetNum)))
    const having = held.filter((n) => carries(n.assetNum, c.productUri)).map((n) => n.assetNum)
    if (c.mark === 'take') {
      if (having.length === 0) {
        resolutions.push({ ...base, outcome: held.some((n) => ctx.productsOf(n.assetNum) === undefined) ? 'notRead' : 'hasNot', numbers: [] })
        return
      }
      for (const n of having) add(c.employee, n, 'withdraw', c.productUri)
      resolutions.push({ ...base, outcome: 'givesBack', numbers: having })
      return
    }
    const planned = (ticks.get(p.globalId) ?? []).filter((n) => carries(n, c.productUri))
    if (having.length > 0 || planned.length > 0) {
      resolutions.push({ ...base, outcome: 'has', numbers: [...having, ...planned].slice(0, 1) })
      return
    }
    if (held.some((n) => ctx.productsOf(n.assetNum) === undefined)) {
      resolutions.push({ ...base, outcome: 'notRead', numbers: [] })
      return
    }
    const pick = candidates(c.productUri).find((n) => !given.has(assetNumberKey(n)))
    if (pick === undefined) {
      resolutions.push({ ...base, outcome: 'noFree', numbers: [] })
      return
    }
    given.add(assetNumberKey(pick))
    ticks.set(p.globalId, [...(ticks.get(p.globalId) ?? []), pick])
    add(c.employee, pick, 'assign', c.productUri)
    resolutions.push({ ...base, outcome: 'gets', numbers: [pick] })
  })
  return { rows, productOfLine, resolutions }
}
