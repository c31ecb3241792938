/**
 * The planner screen's matrix, plain logic: employees (rows) × asset numbers and products (columns), what each cell
 * shows (held now, and the plan's mark: tick = gets it, untick = gives it back, none = leave as is), a click on a
 * cell, a whole column at once, and the plan as cells for the core's check (src/shared/holdings/plan.ts; a product
 * column's cells are resolved to numbers there, plan-products.ts). Marks live in one Map keyed by employee and
 * column, so a grid of 1,000 × many columns costs only the cells marked.
 */
import type { PlanCell, PlanMark } from '@shared/holdings/plan'
import type { AssignRow } from '@shared/holdings/assign-rows'
import { assetNumberKey } from '@shared/lists/asset-numbers'

/** An employee row of the matrix. */
export interface PlanPerson {
  globalId: string
  userName: string
  name: string
  department: string
}

/**
 * What a cell shows: held now or not (for a product: holds a number carrying it; null while their numbers'
 * products are not read), and the plan's mark (null: leave).
 */
export interface CellView {
  held: boolean | null
  mark: PlanMark | null
}

/** A column of the matrix: an asset number, or a product (`id` its productUri, `label` its name). */
export interface PlanColumn {
  kind: 'number' | 'product'
  id: string
  label: string
}

/** A column's key (unique among the columns). */
export const columnKey = (c: PlanColumn): string => (c.kind === 'number' ? c.id : `product:${c.id}`)

const key = (member: string, assetNum: string) => `${member}\u0000${assetNumberKey(assetNum)}`

export class PlanMarks {
  private readonly marks = new Map<string, { member: string; assetNum: string; mark: PlanMark }>()

  get size(): number {
    return this.marks.size
  }

  get(member: string, assetNum: string): PlanMark | null {
    return this.marks.get(key(member, assetNum))?.mark ?? null
  }

  set(member: string, assetNum: string, mark: PlanMark | null): void {
    if (mark === null) this.marks.delete(key(member, assetNum))
    else this.marks.set(key(member, assetNum), { member, assetNum, mark })
  }

  /**
   * A click: a number the employee holds is given back (untick), a number they do not hold (or a product not known
   * to be held) is given (tick); a second click leaves it as is.
   */
  toggle(member: string, assetNum: string, held: boolean | null): PlanMark | null {
    const next = this.get(member, assetNum) !== null ? null : held ? 'take' : 'give'
    this.set(member, assetNum, next)
    return next
  }

  /**
   * A whole column for the people shown: `give` ticks it for each (the check then says when a number goes to more
   * than one), `take` unticks it where it is held, null leaves the column as is.
   */
  column(people: readonly PlanPerson[], assetNum: string, mark: PlanMark | null, heldBy: (assetNum: string) => string | null): void {
    const holder = heldBy(assetNum)
    for (const p of people) {
      if (mark === 'take') this.set(p.globalId, assetNum, holder === p.globalId ? 'take' : null)
      else if (mark === 'give') this.set(p.globalId, assetNum, holder === p.globalId ? null : 'give')
      else this.set(p.globalId, assetNum, null)
    }
  }

  /**
   * A whole product column for the people shown: `give` ticks it for each not known to have it, `take` unticks it
   * for each not known to lack it (the core resolves both against the enterprise), null leaves it as is.
   */
  productColumn(people: readonly PlanPerson[], uri: string, mark: PlanMark | null, has: (member: string) => boolean | null): void {
    for (const p of people) {
      const h = has(p.globalId)
      if (mark === 'give') this.set(p.globalId, uri, h === true ? null : 'give')
      else if (mark === 'take') this.set(p.globalId, uri, h === false ? null : 'take')
      else this.set(p.globalId, uri, null)
    }
  }

  clear(): void {
    this.marks.clear()
  }

  /** The marks of one column only (a product column's, kept in their own PlanMarks) as product cells. */
  productCells(): { employee: string; productUri: string; mark: PlanMark }[] {
    return [...this.marks.values()].map((m) => ({ employee: m.member, productUri: m.assetNum, mark: m.mark }))
  }

  /** The plan as cells (employee by global id), in the order marked. */
  cells(): PlanCell[] {
    return [...this.marks.values()].map((m) => ({ employee: m.member, assetNum: m.assetNum, mark: m.mark }))
  }

  /** Marks from a file's rows (an assign is a tick, a withdraw an untick), with `resolve` naming the employee. */
  load(rows: readonly AssignRow[], resolve: (ref: string) => string | null): { loaded: number; unknown: AssignRow[] } {
    const unknown: AssignRow[] = []
    let loaded = 0
    for (const r of rows) {
      const member = resolve(r.employee)
      if (!member || r.action === null || r.assetNum.trim() === '') {
        unknown.push(r)
        continue
      }
      this.set(member, r.assetNum.trim(), r.action === 'assign' ? 'give' : 'take')
      loaded++
    }
    return { loaded, unknown }
  }
}

/** A cell as shown: "held" from the enterprise's list, the mark from the plan. */
export function cellView(marks: PlanMarks, member: string, assetNum: string, heldBy: (assetNum: string) => string | null): CellView {
  return { held: heldBy(assetNum) === member, mark: marks.get(member, assetNum) }
}

/**
 * Whether an employee holds a number carrying a product: true / false from the products read of the numbers they
 * hold, null while any of them is not read yet.
 */
export function holdsProduct(numbers: readonly string[], productsOf: (assetNum: string) => readonly string[] | null | undefined, uri: string): boolean | null {
  let unknown = false
  for (const n of numbers) {
    const p = productsOf(n)
    if (p === undefined) unknown = true
    else if (p?.includes(uri)) return true
  }
  return unknown ? null : false
}

/** The employees a filter keeps: a search (name, account, department; any case) over those loaded. */
export function filterPeople(people: readonly PlanPerson[], search: string): readonly PlanPerson[] {
  const s = search.trim().toLowerCase()
  if (s === '') return people
  return people.filter((p) => p.name.toLowerCase().includes(s) || p.userName.toLowerCase().includes(s) || p.department.toLowerCase().includes(s))
}

/** Accounts (or global ids) of a pasted list: one per line, or separated by commas, semicolons, spaces or tabs. */
export function pastedRefs(text: string): string[] {
  return [...new Set(text.split(/[\s,;，；、]+/).map((s) => s.trim()).filter((s) => s !== ''))]
}

/** The asset numbers of the `free` query (comma-separated), each once. */
export function numbersOfQuery(q: unknown): string[] {
  const raw = Array.isArray(q) ? q.join(',') : typeof q === 'string' ? q : ''
  return [...new Set(raw.split(/[\s,;]+/).map((s) => s.trim()).filter((s) => s !== ''))]
}
