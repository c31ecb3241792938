/** The assignment planner: moves, the fewest calls in two runs, the diff in words, and the undo of applied calls. */
import { describe, expect, it } from 'vitest'
import type { AssignContext, KnownNumber } from '@shared/holdings/assign-rows'
import { checkPlan, rowsOfCells, undoRows, type PlanCell } from '@shared/holdings/plan'
import { countWords, diffWords } from '@shared/holdings/plan-words'

const people = [
  { globalId: 'M1', userName: 'wangfang', name: 'Wang Fang' },
  { globalId: 'M2', userName: 'lilei', name: 'Li Lei' },
  { globalId: 'M3', userName: 'hanmei', name: 'Han Mei' },
]
function context(holders: Record<string, string | null>): AssignContext {
  const numbers = new Map<string, KnownNumber>(Object.entries(holders).map(([n, h]) => [n, { assetNum: n, assetId: `A${n}`, holder: h, borrowedLock: n === '8100000099' }]))
  return {
    person: (ref) => people.find((p) => p.userName === ref.toLowerCase() || p.globalId === ref) ?? null,
    number: (n) => numbers.get(n) ?? null,
  }
}
const name = (id: string) => people.find((p) => p.globalId === id)?.name ?? id
const give = (employee: string, assetNum: string): PlanCell => ({ employee, assetNum, mark: 'give' })
const take = (employee: string, assetNum: string): PlanCell => ({ employee, assetNum, mark: 'take' })

describe('checking a plan', () => {
  it('makes one call per employee and says the diff in words with counts', () => {
    const ctx = context({ '8100000003': null, '8100000004': null, '8100000007': 'M2', '8100000008': 'M1' })
    const plan = checkPlan(rowsOfCells([give('wangfang', '8100000003'), give('wangfang', '8100000004'), take('lilei', '8100000007'), give('wangfang', '8100000008')]), ctx)
    expect(plan.first).toEqual([
      { memberGlobalId: 'M1', userName: 'wangfang', name: 'Wang Fang', add: ['8100000003', '8100000004'], del: [], lines: [1, 2] },
      { memberGlobalId: 'M2', userName: 'lilei', name: 'Li Lei', add: [], del: ['8100000007'], lines: [3] },
    ])
    expect(plan.second).toEqual([])
    expect(diffWords(plan.changes, 'en', name)).toBe('Wang Fang gets 8100000003; Wang Fang gets 8100000004; Li Lei gives back 8100000007')
    expect(plan.counts).toEqual({ gets: 2, givesBack: 1, moves: 0, unchanged: 1, problems: 0, employees: 2, calls: 2 })
    expect(countWords(plan.counts, 'zh-CN')).toContain('共 2 次配置调用')
  })

  it('makes a tick of a number held by someone else a move: withdrawn first, given in the second run', () => {
    const ctx = context({ '8100000005': 'M2', '8100000006': null })
    const plan = checkPlan(rowsOfCells([give('wangfang', '8100000005'), give('wangfang', '8100000006')]), ctx)
    expect(plan.changes.map((c) => diffWords([c], 'en', name))).toEqual(['8100000005 moves from Li Lei to Wang Fang', 'Wang Fang gets 8100000006'])
    expect(diffWords(plan.changes.slice(0, 1), 'zh-CN', name)).toBe('8100000005 从 Li Lei 转给 Wang Fang')
    // Wang Fang gives nothing that feeds a move: her whole call waits for Li Lei's withdrawal (one call each).
    expect(plan.first.map((g) => [g.memberGlobalId, g.del, g.add])).toEqual([['M2', ['8100000005'], []]])
    expect(plan.second.map((g) => [g.memberGlobalId, g.del, g.add])).toEqual([['M1', [], ['8100000005', '8100000006']]])
    expect(plan.counts).toMatchObject({ moves: 1, gets: 1, calls: 2, problems: 0 })
  })

  it('splits only the employees who both give and receive moved numbers (a swap)', () => {
    const ctx = context({ '8100000001': 'M1', '8100000002': 'M2' })
    const plan = checkPlan(rowsOfCells([give('wangfang', '8100000002'), give('lilei', '8100000001')]), ctx)
    expect(plan.first.map((g) => [g.memberGlobalId, g.del, g.add])).toEqual([
      ['M2', ['8100000002'], []],
      ['M1', ['8100000001'], []],
    ])
    expect(plan.second.map((g) => [g.memberGlobalId, g.add])).toEqual([
      ['M1', ['8100000002']],
      ['M2', ['8100000001']],
    ])
    expect(plan.counts.moves).toBe(2)
  })

  it('refuses unknown numbers, borrowed locks and a number given to two people, and sends nothing of them', () => {
    const ctx = context({ '8100000001': 'M3', '8100000099': null })
    const plan = checkPlan(rowsOfCells([give('wangfang', '9999999999'), give('wangfang', '8100000001'), give('lilei', '8100000001'), give('hanmei', '8100000099'), give('nobody', '8100000001')]), ctx)
    expect(plan.rows.filter((r) => !r.move || r.action === 'assign').map((r) => r.issue)).toEqual(['notOurs', 'givenTwice', 'givenTwice', 'borrowedLock', 'unknownEmployee'])
    // Han Mei keeps 8100000001: the withdrawals of the refused moves are not sent.
    expect(plan.first).toEqual([])
    expect(plan.second).toEqual([])
    expect(plan.counts).toMatchObject({ problems: 5, calls: 0 })
  })

  it('takes an explicit untick of the holder as the move’s withdrawal (no second withdrawal)', () => {
    const ctx = context({ '8100000005': 'M2' })
    const plan = checkPlan(rowsOfCells([take('lilei', '8100000005'), give('wangfang', '8100000005')]), ctx)
    expect(plan.rows).toHaveLength(2)
    expect(plan.changes.map((c) => c.kind)).toEqual(['moves'])
    expect(plan.counts.calls).toBe(2)
  })
})

describe('undo', () => {
  it('reverses what was applied: a move goes back to its first holder after the receiver gives it back', () => {
    const applied = [
      { memberGlobalId: 'M2', add: [], del: ['8100000005'] },
      { memberGlobalId: 'M1', add: ['8100000005', '8100000006'], del: ['8100000004'] },
    ]
    const rows = undoRows(applied)
    // The state after the plan: M1 holds 5 and 6, 4 is free.
    const plan = checkPlan(rows, context({ '8100000004': null, '8100000005': 'M1', '8100000006': 'M1' }))
    expect(plan.first.map((g) => [g.memberGlobalId, g.del, g.add])).toEqual([['M1', ['8100000005', '8100000006'], ['8100000004']]])
    expect(plan.second.map((g) => [g.memberGlobalId, g.del, g.add])).toEqual([['M2', [], ['8100000005']]])
    expect(plan.changes.map((c) => diffWords([c], 'en', name))).toEqual(['8100000005 moves from Wang Fang to Li Lei', 'Wang Fang gets 8100000004', 'Wang Fang gives back 8100000006'])
  })

  it('finds nothing to do for steps already undone', () => {
    const plan = checkPlan(undoRows([{ memberGlobalId: 'M1', add: ['8100000006'], del: [] }]), context({ '8100000006': null }))
    expect(plan.counts).toMatchObject({ calls: 0, unchanged: 1 })
  })
})
