/** The screens' plain logic: the numbers table (200,000 rows filter in loops), the bulk results over attempts, lending. */
import { describe, expect, it } from 'vitest'
import type { HoldingTable, LentLockView } from '@shared/ipc/channels/holdings'
import { HOLDING_FLAG } from '@shared/ipc/channels/holdings'
import { checkAssignRows, planGroups, rowsOfText, type AssignContext } from '@shared/holdings/assign-rows'
import { buildNumbersModel, filterNumbers, numberExportRow, numberRow, numberRows, stateWords, type HolderNames, type NumberSort, type NumberStateFilter, type NumbersModel } from '../../../../src/renderer/models/holdings/numbers-model'
import { filterCounts, marksOf, mergedResults, retryRows } from '../../../../src/renderer/models/holdings/bulk-assign-model'
import { filterLocks, lendableLocks, lockCounts } from '../../../../src/renderer/models/holdings/lending-model'

function table(n: number): HoldingTable {
  const t: HoldingTable = { profileId: 'p', enterpriseGlobalId: 'E', fetchedAt: 0, cached: false, count: n, holders: ['M1', 'M2'], assetNum: [], assetId: [], holder: [], flags: [] }
  for (let i = 0; i < n; i++) {
    t.assetNum.push(String(8100000000 + i))
    t.assetId.push(`A${i}`)
    t.holder.push(i % 10 === 0 ? 0 : i % 10 === 1 ? 1 : -1)
    t.flags.push((i % 100 === 0 ? HOLDING_FLAG.lent : 0) | (i % 3 === 0 ? HOLDING_FLAG.online : 0) | (i === 5 ? HOLDING_FLAG.borrowedLock : 0))
  }
  return t
}

/** The rows a filter answers, as objects. */
function found(m: NumbersModel, state: NumberStateFilter, text: string, sort: NumberSort, names: HolderNames) {
  return numberRows(m, filterNumbers(m, { state, text }, sort, names))
}

describe('numbers table', () => {
  const m = buildNumbersModel(table(200_000))
  const names: HolderNames = { version: 0, label: (id: string) => ({ M1: '张三 (zhangsan)', M2: '李四 (lisi)' })[id] }
  it('counts each state and filters by state, by number and by the holder’s name', () => {
    expect(m.counts).toEqual({ all: 200_000, free: 160_000, held: 40_000, lent: 2_000, online: 66_667 })
    expect(filterNumbers(m, { state: 'held', text: '' }, null, names)).toHaveLength(40_000)
    expect(filterNumbers(m, { state: 'online', text: '' }, null, names)).toHaveLength(66_667)
    expect(filterNumbers(m, { state: 'all', text: '李四' }, null, names)).toHaveLength(20_000)
    expect(found(m, 'free', '8100000005', null, names).map((r) => r.assetNum)).toEqual(['8100000005'])
    // A piece of a number: only 8100000005 has it; with a state, the hits in that state.
    expect(found(m, 'all', '00000005', null, names).map((r) => r.assetNum)).toEqual(['8100000005'])
    expect(found(m, 'held', '810000001', null, names).map((r) => r.assetNum)).toEqual(['8100000010', '8100000011'])
    // By the holder's name within a state: M1 holds every tenth number, and every hundredth is lent.
    expect(filterNumbers(m, { state: 'lent', text: 'zhangsan' }, null, names)).toHaveLength(2_000)
    expect(found(m, 'all', '81000001', null, names).map((r) => r.assetNum).slice(0, 3)).toEqual(['8100000100', '8100000101', '8100000102'])
    expect(filterNumbers(m, { state: 'all', text: 'no such' }, null, names)).toHaveLength(0)
  })

  it('finds holders by names that arrive or change after a search, and by the id in any case', () => {
    const small = buildNumbersModel(table(12))
    let known: Record<string, string> = {}
    const late: HolderNames = { version: 0, label: (id) => known[id] }
    const find = (text: string) => found(small, 'all', text, null, late).map((r) => r.assetNum)
    expect(find('zhangsan')).toEqual([])
    expect(find('m1')).toEqual(['8100000000', '8100000010'])
    known = { M1: '张三 (zhangsan)' }
    late.version++
    expect(find('zhangsan')).toEqual(['8100000000', '8100000010'])
    // The same version: the names the model took stand (the caller bumps it with every change).
    known = { M1: '王五 (wangwu)' }
    expect(find('zhangsan')).toEqual(['8100000000', '8100000010'])
    late.version++
    expect(find('zhangsan')).toEqual([])
    expect(find('wangwu')).toEqual(['8100000000', '8100000010'])
    // Sorted by holder: 王五 (wangwu) after M2, who has no name yet and sorts by the id ("m2" < "王").
    expect(found(small, 'all', '', { key: 'holder', order: 'asc' }, late)[0]!.holder).toBe('M2')
    known = { M1: '王五 (wangwu)', M2: '张三 (zhangsan)' }
    late.version++
    // 张 (U+5F20) before 王 (U+738B): the sort kept for the old names is made again.
    expect(found(small, 'all', '', { key: 'holder', order: 'asc' }, late)[0]!.holder).toBe('M2')
    expect(found(small, 'all', '', { key: 'holder', order: 'desc' }, late)[0]!.holder).toBe('M1')
  })

  it('sorts by number, state and holder name with free numbers last, the same rows in each order', () => {
    const small = buildNumbersModel(table(12))
    const byHolder = found(small, 'all', '', { key: 'holder', order: 'desc' }, names)
    // By the names' code points: 李 (U+674E) after 张 (U+5F20).
    expect(byHolder.slice(0, 2).map((r) => r.holder)).toEqual(['M2', 'M2'])
    expect(byHolder[byHolder.length - 1]!.holder).toBe('')
    expect(found(small, 'all', '', { key: 'assetNum', order: 'desc' }, names).map((r) => r.assetNum).slice(0, 2)).toEqual(['8100000011', '8100000010'])
    // By state: lent (0), then held (1, 10, 11), then free; ties by number ascending in both orders.
    expect(found(small, 'all', '', { key: 'state', order: 'desc' }, names).map((r) => r.index).slice(0, 4)).toEqual([0, 1, 10, 11])
    expect(found(small, 'held', '', { key: 'state', order: 'asc' }, names).map((r) => r.index)).toEqual([1, 10, 11, 0])
    expect(found(small, 'all', '810000001', { key: 'assetNum', order: 'desc' }, names).map((r) => r.assetNum)).toEqual(['8100000011', '8100000010'])
    const w = { free: 'Free', held: 'Held', lent: 'Lent', borrowedFree: 'BL free', borrowedLent: 'BL lent', online: 'Online' }
    expect(stateWords(numberRow(small, 5), w)).toBe('BL free')
    expect(numberExportRow(numberRow(small, 0), w, () => ({ name: '张三', userName: 'zhangsan' }))).toEqual(['8100000000', '张三', 'zhangsan', 'M1', 'Lent', 'Online', 'A0'])
  })
})

describe('bulk results over attempts', () => {
  const ctx: AssignContext = { person: (r) => (r === 'x' ? null : { globalId: `M-${r}`, userName: r, name: r }), number: (n) => ({ assetNum: n, assetId: n, holder: null, borrowedLock: false }) }
  const rows = rowsOfText('a 1\nb 2\nx 3', 'assign')
  const checked = checkAssignRows(rows, ctx)
  const plan = planGroups(checked)
  it('rebuilds the rows’ results from the draft: marks, the groups of runs, and a later attempt winning', () => {
    const attempt = { lines: [1, 2, 3], marks: marksOf(checked), second: plan.second }
    expect(attempt.marks).toEqual([{ line: 3, action: 'assign', issue: 'unknownEmployee', note: null }])
    const runs = [{ jobId: 'j1', phase: 1 as const, attempt: 0, groups: plan.first }]
    const first = mergedResults(rows, [attempt], runs, new Map([['j1', [{ state: 'ok' }, { state: 'failed', error: { code: 'app.network', messageKey: 'app.network', params: {}, details: {} } }]]]))
    expect(first.map((r) => r.outcome)).toEqual(['done', 'callError', 'notSent'])
    expect(retryRows(rows, first).map((r) => r.line)).toEqual([2])
    const again = { lines: [2], marks: [], second: [] }
    const runs2 = [...runs, { jobId: 'j2', phase: 1 as const, attempt: 1, groups: [plan.first[1]!] }]
    const merged = mergedResults(rows, [attempt, again], runs2, new Map([['j1', [{ state: 'ok' }, { state: 'failed' }]], ['j2', [{ state: 'ok' }]]]))
    expect(merged.map((r) => r.outcome)).toEqual(['done', 'done', 'notSent'])
    expect(filterCounts(merged)).toEqual({ all: 3, problems: 1, done: 2, notSent: 1 })
  })
})

describe('lending', () => {
  const locks: LentLockView[] = [
    { assetNum: 'L1', assetId: '1', lent: true, holder: 'M1', lentAssets: [{ assetId: 'a', assetNum: '8100000042' }], assetsSource: 'journal', since: 1, recorded: true },
    { assetNum: 'L2', assetId: '2', lent: false, holder: null, lentAssets: [], assetsSource: 'none', since: null, recorded: false },
    { assetNum: 'L3', assetId: '3', lent: true, holder: 'M2', lentAssets: [], assetsSource: 'none', since: null, recorded: false },
  ]
  it('filters locks by state and by lock, employee or lent asset, and offers the free ones and the employee’s own', () => {
    const label = (id: string) => (id === 'M1' ? '李四 (lisi)' : undefined)
    expect(lockCounts(locks)).toEqual({ all: 3, lent: 2, free: 1 })
    expect(filterLocks(locks, { state: 'lent', text: '' }, label).map((l) => l.assetNum)).toEqual(['L1', 'L3'])
    expect(filterLocks(locks, { state: 'all', text: '李四' }, label).map((l) => l.assetNum)).toEqual(['L1'])
    expect(filterLocks(locks, { state: 'all', text: '0042' }, label).map((l) => l.assetNum)).toEqual(['L1'])
    expect(lendableLocks(locks, 'M1').map((l) => l.assetNum)).toEqual(['L1', 'L2'])
  })
})
