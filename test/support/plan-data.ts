/**
 * A plan over many employees and numbers, for the planner's integration test and bench: every employee gets one
 * free number, some held numbers are taken back, others move to another employee. Seeded, so a run repeats.
 */
import type { PlanCell } from '@shared/holdings/plan'

export interface PlanShape {
  /** Numbers taken back from their holders. */
  takes: number
  /** Numbers moved from their holder to another employee. */
  moves: number
  seed?: number
}

/** A small seeded generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * Cells of a plan over `employees` (global ids) and the enterprise's numbers with their holders (null: free;
 * numbers that cannot be given are left out by the caller): one free number each, `takes` and `moves` of held ones.
 */
export function makePlan(employees: readonly string[], holders: ReadonlyMap<string, string | null>, shape: PlanShape): PlanCell[] {
  const rnd = random(shape.seed ?? 1)
  const ours = new Set(employees)
  const free = [...holders].filter(([, h]) => h === null).map(([n]) => n)
  const held = [...holders].filter(([, h]) => h !== null && ours.has(h)).map(([n, h]) => [n, h!] as const)
  if (free.length < employees.length) throw new Error(`${free.length} free numbers for ${employees.length} employees`)
  if (held.length < shape.takes + shape.moves) throw new Error(`${held.length} held numbers for ${shape.takes + shape.moves} changes`)
  const cells: PlanCell[] = employees.map((e, i) => ({ employee: e, assetNum: free[i]!, mark: 'give' }))
  for (let i = 0; i < shape.takes; i++) cells.push({ employee: held[i]![1], assetNum: held[i]![0], mark: 'take' })
  for (let i = shape.takes; i < shape.takes + shape.moves; i++) {
    const [n, h] = held[i]!
    let to = employees[Math.floor(rnd() * employees.length)]!
    if (to === h) to = employees[(employees.indexOf(h) + 1) % employees.length]!
    cells.push({ employee: to, assetNum: n, mark: 'give' })
  }
  return cells
}

/** Who holds each number after the plan's cells are applied (from `holders`). */
export function expectedHolders(holders: ReadonlyMap<string, string | null>, cells: readonly PlanCell[]): Map<string, string | null> {
  const out = new Map(holders)
  for (const c of cells) {
    if (c.mark === 'give') out.set(c.assetNum, c.employee)
    else if (out.get(c.assetNum) === c.employee) out.set(c.assetNum, null)
  }
  return out
}
