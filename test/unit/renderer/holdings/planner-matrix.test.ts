/** The planner screen's matrix: a click ticks or unticks by what is held, whole columns, a file's rows, the query. */
import { describe, expect, it } from 'vitest'
import { cellView, filterPeople, holdsProduct, numbersOfQuery, pastedRefs, PlanMarks, type PlanPerson } from '../../../../src/renderer/models/holdings/planner-matrix'

const people: PlanPerson[] = [
  { globalId: 'M1', userName: 'wangfang', name: 'Wang Fang', department: 'Sales' },
  { globalId: 'M2', userName: 'lilei', name: 'Li Lei', department: 'R&D' },
]
const heldBy = (n: string) => (n === '8100000007' ? 'M2' : null)

describe('the planner matrix', () => {
  it('a click gives a number not held, takes back one held, and a second click leaves it', () => {
    const m = new PlanMarks()
    expect(m.toggle('M1', '8100000003', false)).toBe('give')
    expect(m.toggle('M2', '8100000007', true)).toBe('take')
    expect(cellView(m, 'M2', '8100000007', heldBy)).toEqual({ held: true, mark: 'take' })
    expect(m.cells()).toEqual([
      { employee: 'M1', assetNum: '8100000003', mark: 'give' },
      { employee: 'M2', assetNum: '8100000007', mark: 'take' },
    ])
    expect(m.toggle('M1', '8100000003', false)).toBeNull()
    expect(m.size).toBe(1)
  })

  it('a whole column: untick takes back only where held, tick skips its holder, leave clears', () => {
    const m = new PlanMarks()
    m.column(people, '8100000007', 'take', heldBy)
    expect(m.cells()).toEqual([{ employee: 'M2', assetNum: '8100000007', mark: 'take' }])
    m.column(people, '8100000007', 'give', heldBy)
    expect(m.cells()).toEqual([{ employee: 'M1', assetNum: '8100000007', mark: 'give' }])
    m.column(people, '8100000007', null, heldBy)
    expect(m.size).toBe(0)
  })

  it('loads a file’s rows as marks and keeps back rows it cannot place', () => {
    const m = new PlanMarks()
    const r = m.load(
      [
        { line: 2, employee: 'wangfang', assetNum: '8100000003', action: 'assign', actionText: '' },
        { line: 3, employee: 'lilei', assetNum: '8100000007', action: 'withdraw', actionText: '收回' },
        { line: 4, employee: 'ghost', assetNum: '8100000009', action: 'assign', actionText: '' },
      ],
      (ref) => people.find((p) => p.userName === ref)?.globalId ?? null,
    )
    expect(r.loaded).toBe(2)
    expect(r.unknown.map((x) => x.line)).toEqual([4])
    expect(m.get('M2', '8100000007')).toBe('take')
  })

  it('filters, reads pasted accounts and the ?free= query', () => {
    expect(filterPeople(people, 'r&d').map((p) => p.userName)).toEqual(['lilei'])
    expect(pastedRefs('wangfang, lilei\nlilei；hanmei')).toEqual(['wangfang', 'lilei', 'hanmei'])
    expect(numbersOfQuery('8100000003,8100000004,,8100000003')).toEqual(['8100000003', '8100000004'])
    expect(numbersOfQuery(undefined)).toEqual([])
  })

  it('a product column: held when a number of theirs carries it, unknown while not read; a whole column skips who is known', () => {
    const products: Record<string, string[] | null> = { '8100000001': ['P'], '8100000002': ['Q'], '8100000003': null }
    const of = (n: string) => products[n]
    expect(holdsProduct(['8100000002', '8100000001'], of, 'P')).toBe(true)
    expect(holdsProduct(['8100000002', '8100000003'], of, 'P')).toBe(false)
    expect(holdsProduct(['8100000002', '8100000009'], of, 'P')).toBeNull()
    const m = new PlanMarks()
    const has = (member: string) => (member === 'M1' ? true : null)
    m.productColumn(people, 'P', 'give', has)
    expect(m.productCells()).toEqual([{ employee: 'M2', productUri: 'P', mark: 'give' }])
    m.productColumn(people, 'P', 'take', has)
    expect(m.productCells()).toEqual([
      { employee: 'M2', productUri: 'P', mark: 'take' },
      { employee: 'M1', productUri: 'P', mark: 'take' },
    ])
    expect(m.toggle('M2', 'P', null)).toBeNull()
    expect(m.toggle('M2', 'P', null)).toBe('give')
  })
})
