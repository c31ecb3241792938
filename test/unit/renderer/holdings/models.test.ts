/** The screens' plain logic: the numbers table (200,000 rows filter in loops), the bulk results over attempts, lending. */
import { describe, expect, it } from 'vitest'
import type { HoldingTable, LentLockView } from '@shared/ipc/channels/holdings'
import { HOLDING_FLAG } from '@shared/ipc/channels/holdings'
import { checkAssignRows, planGroups, rowsOfText, type AssignContext } from '@shared/holdings/assign-rows'
import { buildNumbersModel, filterNumbers, numberExportRow, stateWords } from '../../../../src/renderer/models/holdings/numbers-model'
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

describe('numbers table', () => {
  const m = buildNumbersModel(table(200_000))
  const label = (id: string) => ({ M1: '张三 (zhangsan)', M2: '李四 (lisi)' })[id]
  it('counts each state and filters by state and by the holder’s name', () => {
    expect(m.counts).toEqual({ all: 200_000, free: 160_000, held: 40_000, lent: 2_000, online: 66_667 })
    expect(filterNumbers(m, { state: 'held', text: '' }, null, label)).toHaveLength(40_000)
    expect(filterNumbers(m, { state: 'all', text: '李四' }, null, label)).toHaveLength(20_000)
    expect(filterNumbers(m, { state: 'free', text: '8100000005' }, null, label).map((r) => r.assetNum)).toEqual(['8100000005'])
  })

  it('finds holders by names that arrive or change after a search, and by the id in any case', () => {
    const small = buildNumbersModel(table(12))
    let names: Record<string, string> = {}
    const late = (id: string) => names[id]
    const find = (text: string) => filterNumbers(small, { state: 'all', text }, null, late).map((r) => r.assetNum)
    expect(find('zhangsan')).toEqual([])
    expect(find('m1')).toEqual(['8100000000', '8100000010'])
    names = { M1: '张三 (zhangsan)' }
    expect(find('zhangsan')).toEqual(['8100000000', '8100000010'])
    names = { M1: '王五 (wangwu)' }
    expect(find('zhangsan')).toEqual([])
    expect(filterNumbers(small, { state: 'all', text: '' }, { key: 'holder', order: 'asc' }, late)[0]!.holder).toBe('M2')
  })

  it('sorts by holder name with free numbers last, and words states for the export', () => {
    const small = buildNumbersModel(table(12))
    const byHolder = filterNumbers(small, { state: 'all', text: '' }, { key: 'holder', order: 'desc' }, label)
    // By the names' code points: 李 (U+674E) after 张 (U+5F20).
    expect(byHolder.slice(0, 2).map((r) => r.holder)).toEqual(['M2', 'M2'])
    expect(byHolder[byHolder.length - 1]!.holder).toBe('')
    const w = { free: 'Free', held: 'Held', lent: 'Lent', borrowedFree: 'BL free', borrowedLent: 'BL lent', online: 'Online' }
    expect(stateWords(small.rows[5]!, w)).toBe('BL free')
    expect(numberExportRow(small.rows[0]!, w, () => ({ name: '张三', userName: 'zhangsan' }))).toEqual(['8100000000', '张三', 'zhangsan', 'M1', 'Lent', 'Online', 'A0'])
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
