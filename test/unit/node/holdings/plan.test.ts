/**
 * The assignment planner: moves, the fewest calls in two runs, the diff in words, the undo of applied calls, product
 * columns (which number a tick resolves to), and another enterprise's number told apart from an unknown one.
 */
import { describe, expect, it } from 'vitest'
import type { AssignContext, KnownNumber } from '@shared/holdings/assign-rows'
import { checkPlan, checkProductPlan, rowsOfCells, undoRows, type PlanCell } from '@shared/holdings/plan'
import type { ProductCell, ProductContext } from '@shared/holdings/plan-products'
import { changeWords, countWords, diffWords, productWords } from '@shared/holdings/plan-words'

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

describe('product columns', () => {
  // Who holds what, and what each number carries: P = "Pro", Q = "Quick".
  const holders: Record<string, string | null> = { '8100000010': 'M1', '8100000011': null, '8100000012': null, '8100000013': null, '8100000014': 'M2', '8100000015': null }
  const products: Record<string, string[] | undefined> = {
    '8100000010': ['P'],
    '8100000011': ['P', 'Q'],
    '8100000012': ['P'],
    '8100000013': ['Q'],
    '8100000014': ['Q', 'P'],
    '8100000015': ['P'],
  }
  function productContext(over: Partial<Record<string, string[] | undefined>> = {}): AssignContext & ProductContext {
    const base = context(holders)
    const all = Object.keys(holders).map((n) => base.number(n)!)
    const of = { ...products, ...over }
    return {
      ...base,
      heldBy: (id) => all.filter((n) => n.holder === id),
      free: () => all.filter((n) => n.holder === null && !n.borrowedLock),
      productsOf: (n) => of[n],
    }
  }
  const product = (uri: string) => ({ P: 'Pro', Q: 'Quick' })[uri] ?? uri
  const tick = (employee: string, productUri: string): ProductCell => ({ employee, productUri, mark: 'give' })
  const untick = (employee: string, productUri: string): ProductCell => ({ employee, productUri, mark: 'take' })

  it('gives the free number carrying the product with the fewest other products, then the lowest; two people get two numbers', () => {
    const plan = checkProductPlan([], [tick('lilei', 'P'), tick('hanmei', 'P'), tick('hanmei', 'Q')], productContext())
    // Li Lei holds 8100000014 (Q, P): he has Pro already. Han Mei gets 12 (P alone, lower than 15), then 13 for Quick.
    expect(plan.products.map((r) => [r.member, r.outcome, r.numbers])).toEqual([
      ['M2', 'has', ['8100000014']],
      ['M3', 'gets', ['8100000012']],
      ['M3', 'gets', ['8100000013']],
    ])
    expect(plan.first.map((g) => [g.memberGlobalId, g.del, g.add])).toEqual([['M3', [], ['8100000012', '8100000013']]])
    expect(plan.changes.map((c) => changeWords(c, 'en', name, product))).toEqual(['Han Mei gets 8100000012 for Pro', 'Han Mei gets 8100000013 for Quick'])
    expect(changeWords(plan.changes[0]!, 'zh-CN', name, product)).toBe('Han Mei 获得 8100000012（用于 Pro）')
    expect(productWords(plan.products[0]!, 'en', name, product)).toBe('Li Lei already has Pro (on 8100000014): nothing to do.')
    expect(plan.counts).toMatchObject({ gets: 2, unchanged: 1, problems: 0, calls: 1 })
  })

  it('never picks a number the plan gives otherwise, and refuses when no free number is left', () => {
    const plan = checkProductPlan(rowsOfCells([give('lilei', '8100000012')]), [tick('wangfang', 'Q'), tick('hanmei', 'P'), tick('hanmei', 'Q'), tick('nobody', 'P')], productContext())
    // Wang Fang holds 10 (P only): Quick goes to her as 13 (one product), Han Mei's Pro is 15 (12 is Li Lei's in
    // this plan), her Quick is 11 (the last free number with Quick).
    expect(plan.products.map((r) => [r.outcome, r.numbers])).toEqual([
      ['gets', ['8100000013']],
      ['gets', ['8100000015']],
      ['gets', ['8100000011']],
      ['unknownEmployee', []],
    ])
    const again = checkProductPlan([], [tick('hanmei', 'Q'), tick('wangfang', 'Q'), tick('lilei', 'P'), tick('lilei', 'Q')], productContext({ '8100000011': ['P'] }))
    expect(again.products.map((r) => r.outcome)).toEqual(['gets', 'noFree', 'has', 'has'])
    expect(productWords(again.products[1]!, 'en', name, product)).toContain('No free number carries Quick for Wang Fang')
    expect(again.counts).toMatchObject({ problems: 1, unchanged: 2, gets: 1 })
  })

  it('an untick gives back every number carrying the product; a number ticked in the plan counts as held', () => {
    const plan = checkProductPlan(rowsOfCells([give('wangfang', '8100000011')]), [untick('lilei', 'P'), untick('hanmei', 'P'), tick('wangfang', 'Q')], productContext())
    expect(plan.products.map((r) => [r.outcome, r.numbers])).toEqual([
      ['givesBack', ['8100000014']],
      ['hasNot', []],
      ['has', ['8100000011']],
    ])
    expect(plan.changes.map((c) => changeWords(c, 'en', name, product))).toEqual(['Wang Fang gets 8100000011', 'Li Lei gives back 8100000014 (carries Pro)'])
  })

  it('does not give a second number when the products of a held one could not be read', () => {
    const plan = checkProductPlan([], [tick('wangfang', 'Q')], productContext({ '8100000010': undefined }))
    expect(plan.products.map((r) => r.outcome)).toEqual(['notRead'])
    expect(plan.counts.calls).toBe(0)
  })

  it('the undo of a product plan is the undo of its numbers (from the journal)', () => {
    const plan = checkProductPlan([], [tick('hanmei', 'P')], productContext())
    const applied = plan.first.map((g) => ({ memberGlobalId: g.memberGlobalId, add: g.add, del: g.del }))
    const undo = checkPlan(undoRows(applied), context({ ...holders, '8100000012': 'M3' }))
    expect(undo.changes.map((c) => diffWords([c], 'en', name))).toEqual(['Han Mei gives back 8100000012'])
  })
})

describe('another enterprise’s number', () => {
  it('is told apart from an unknown one where the lists the app holds show it', () => {
    const ctx = { ...context({}), elsewhere: (n: string) => (n === '8100000111' ? 'ent-2' : null) }
    const plan = checkPlan(rowsOfCells([give('wangfang', '8100000111'), give('wangfang', '8100000112')]), ctx)
    expect(plan.rows.map((r) => [r.issue, r.enterprise])).toEqual([
      ['otherEnterprise', 'ent-2'],
      ['notOurs', undefined],
    ])
  })
})
