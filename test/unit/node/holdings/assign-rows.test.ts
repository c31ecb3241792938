/** The rows of a bulk assignment: reading (headers in both languages, actions, pasted text), the check, grouping. */
import { describe, expect, it } from 'vitest'
import {
  actionOf,
  checkAssignRows,
  groupEntry,
  planGroups,
  rowsOfTable,
  rowsOfText,
  type AssignContext,
  type AssignRow,
  type KnownNumber,
} from '@shared/holdings/assign-rows'

const people = {
  zhangsan: { globalId: 'M1', userName: 'zhangsan', name: '张三' },
  lisi: { globalId: 'M2', userName: 'lisi', name: '李四' },
  wangwu: { globalId: 'M3', userName: 'wangwu', name: '王五' },
}
const numbers: Record<string, KnownNumber> = {
  '8100000001': { assetNum: '8100000001', assetId: 'A1', holder: 'M1', borrowedLock: false },
  '8100000002': { assetNum: '8100000002', assetId: 'A2', holder: null, borrowedLock: false },
  '8100000003': { assetNum: '8100000003', assetId: 'A3', holder: null, borrowedLock: false },
  '8100000051': { assetNum: '8100000051', assetId: 'A51', holder: null, borrowedLock: true },
  ABC0001: { assetNum: 'ABC0001', assetId: 'A9', holder: 'M2', borrowedLock: false },
}
const ctx: AssignContext = {
  person: (ref) => Object.values(people).find((p) => p.userName === ref.toLowerCase() || p.globalId === ref) ?? null,
  number: (n) => numbers[n] ?? Object.values(numbers).find((x) => x.assetNum.toLowerCase() === n.toLowerCase()) ?? null,
}
const row = (line: number, employee: string, assetNum: string, action: AssignRow['action'] = 'assign'): AssignRow => ({ line, employee, assetNum, action, actionText: action ?? '' })

describe('reading rows', () => {
  it('knows the actions in both languages and refuses other words', () => {
    expect(['assign', 'Give', '分配', '+'].map(actionOf)).toEqual(['assign', 'assign', 'assign', 'assign'])
    expect(['withdraw', 'take back', '收回', '-'].map(actionOf)).toEqual(['withdraw', 'withdraw', 'withdraw', 'withdraw'])
    expect(actionOf('lend')).toBeNull()
  })

  it('maps columns by a header in English or Chinese, in any order, with the file’s own lines', () => {
    const en = rowsOfTable([['Action', 'Asset number', 'Account'], ['withdraw', '8100000001', 'zhangsan']], { lines: [1, 4] })
    expect(en.hasHeader).toBe(true)
    expect(en.rows).toEqual([{ line: 4, employee: 'zhangsan', assetNum: '8100000001', action: 'withdraw', actionText: 'withdraw' }])
    const zh = rowsOfTable([['账号', '资产编号'], ['lisi', '８１０００００００２'], ['', '']], { defaultAction: 'assign' })
    expect(zh.rows).toEqual([{ line: 2, employee: 'lisi', assetNum: '8100000002', action: 'assign', actionText: '' }])
  })

  it('reads pasted text split by tabs, commas or spaces, empty cells kept', () => {
    expect(rowsOfText('zhangsan 8100000002 assign\nlisi\t8100000003\t收回\n\nwangwu,,assign', null)).toEqual([
      { line: 1, employee: 'zhangsan', assetNum: '8100000002', action: 'assign', actionText: 'assign' },
      { line: 2, employee: 'lisi', assetNum: '8100000003', action: 'withdraw', actionText: '收回' },
      { line: 4, employee: 'wangwu', assetNum: '', action: 'assign', actionText: 'assign' },
    ])
  })
})

describe('checking rows', () => {
  it('says what is wrong with each row, and what needs no call', () => {
    const out = checkAssignRows(
      [
        row(1, '', '8100000002'),
        row(2, 'lisi', ''),
        row(3, 'lisi', '81 00'),
        row(4, 'lisi', '8100000002', null),
        row(5, 'nobody', '8100000002'),
        row(6, 'lisi', '8199999999'),
        row(7, 'lisi', '8100000051'),
        row(8, 'lisi', '8100000001'),
        row(9, 'lisi', 'abc0001'),
        row(10, 'wangwu', '8100000001', 'withdraw'),
      ],
      ctx,
    )
    expect(out.map((r) => r.issue ?? r.note)).toEqual(['noEmployee', 'noNumber', 'badNumber', 'badAction', 'unknownEmployee', 'notOurs', 'borrowedLock', 'heldByOther', 'alreadyHeld', 'notHeld'])
    expect(out[7]!.holder).toBe('M1')
    // The enterprise's own spelling of the number is what is sent.
    expect(out[8]!.number!.assetNum).toBe('ABC0001')
  })

  it('finds repeats, a number given to two people, and given and taken from one', () => {
    const out = checkAssignRows(
      [row(1, 'lisi', '8100000002'), row(2, 'LISI', '8100000002'), row(3, 'wangwu', '8100000002'), row(4, 'lisi', '8100000003'), row(5, 'lisi', '8100000003', 'withdraw')],
      ctx,
    )
    expect(out.map((r) => [r.issue, r.otherLine])).toEqual([
      ['givenTwice', 3],
      ['duplicate', 1],
      ['givenTwice', 1],
      ['contradicts', 5],
      ['contradicts', 4],
    ])
  })

  it('sends an assignment after the file’s withdrawal of the number from its holder; a move only when the withdrawal can be done', () => {
    const out = checkAssignRows([row(1, 'zhangsan', '8100000001', 'withdraw'), row(2, 'lisi', '8100000001')], ctx)
    expect(out[1]).toMatchObject({ issue: null, after: 1 })
    const move = (from: string, num: string): AssignRow[] => [
      { ...row(7, from, num, 'withdraw'), move: true },
      { ...row(7, 'wangwu', num), move: true },
    ]
    expect(checkAssignRows(move('zhangsan', '8100000001'), ctx).map((r) => [r.issue ?? r.note, r.after])).toEqual([
      [null, undefined],
      [null, 7],
    ])
    // The first employee does not hold it: nothing is given.
    expect(checkAssignRows(move('lisi', '8100000002'), ctx).map((r) => r.issue ?? r.note)).toEqual(['notHeld', 'moveSource'])
  })
})

describe('grouping', () => {
  it('makes one call per employee in the order they appear, withdrawals first, big groups split; waiting rows apart', () => {
    const rows = checkAssignRows(
      [row(1, 'lisi', '8100000002'), row(2, 'zhangsan', '8100000001', 'withdraw'), row(3, 'lisi', '8100000003'), row(4, 'wangwu', '8100000001')],
      ctx,
    )
    const plan = planGroups(rows)
    expect(plan.first).toEqual([
      { memberGlobalId: 'M2', userName: 'lisi', name: '李四', del: [], add: ['8100000002', '8100000003'], lines: [1, 3] },
      { memberGlobalId: 'M1', userName: 'zhangsan', name: '张三', del: ['8100000001'], add: [], lines: [2] },
    ])
    expect(plan.second).toEqual([{ memberGlobalId: 'M3', userName: 'wangwu', name: '王五', del: [], add: ['8100000001'], lines: [4] }])
    const split = planGroups(rows, 1)
    expect(split.first.filter((g) => g.memberGlobalId === 'M2')).toHaveLength(2)
    expect(groupEntry(plan.first[1]!, 0)).toEqual({ assetNum: '8100000001', action: 'withdraw' })
  })
})
