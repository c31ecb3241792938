/**
 * Asset assignment and lending through the holdings channels, against a sandbox over HTTP: the numbers table, one
 * configure call (assign and withdraw together, repeat-safe), each refusal at the number or employee it is about,
 * a move and a move whose second step fails, the check of a bulk file, lending (and a lost answer read back, never
 * sent twice), every lending refusal, the lending overview from the journal, and the audit workbook.
 */
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { IpcResult } from '@shared/ipc/channel'
import { HOLDING_FLAG, type CheckedRows, type ConfigureResult, type HoldingTable, type HoldingWindow, type LentLocks, type MemberHoldings, type MoveResult } from '@shared/ipc/channels/holdings'
import type { ExportedFile } from '@shared/ipc/channels/imports'
import type { ProfileView } from '@shared/ipc/channels/profiles'
import { rowsOfText } from '@shared/holdings/assign-rows'
import type { Core } from '../../../src/main/core'
import { DEMO_ASSETS, MAGIC_LOCKS, type SandboxHandle } from '../../../src/sandbox/index'
import { testCore } from '../../support/core'
import { removeDir, tempDir } from '../../support/tmp'
import { DEMO_EID, demoProfileInput, sandbox } from '../api/support'

const ZHANGSAN = 'M000000000000001'
const LISI = 'M000000000000002'
const WANGWU = 'M000000000000003'
const MAGIC_60023 = 'M000000000000005'

const ctx = { transport: 'test' } as const
let sb: SandboxHandle
let dir: string
let core: Core
let profile: ProfileView

async function result<T>(channel: string, input: unknown): Promise<IpcResult<T>> {
  return (await core.registry.invoke(channel, input, ctx)) as IpcResult<T>
}
async function call<T>(channel: string, input: unknown): Promise<T> {
  const r = await result<T>(channel, input)
  if (!r.ok) throw new Error(`${channel}: ${JSON.stringify(r.error)}`)
  return r.value
}
const on = <T extends object>(x: T) => ({ profileId: profile.id, enterpriseGlobalId: DEMO_EID, ...x })
const holderOf = (t: HoldingTable, num: string) => {
  const i = t.assetNum.indexOf(num)
  return t.holder[i]! < 0 ? null : t.holders[t.holder[i]!]!
}
const assetIdOf = (num: string) => sb.inspect.asset(num)!.id

beforeAll(async () => {
  sb = await sandbox()
  dir = await tempDir('ld-holdings-')
  core = await testCore(dir)
  profile = await call<ProfileView>('profiles.create', demoProfileInput(sb, 'Holdings'))
})
afterAll(async () => {
  await core?.dispose()
  await sb?.close()
  await removeDir(dir)
})

describe('the numbers table', () => {
  it('lists every number with its holder, lent and borrowed-lock flags', async () => {
    const t = await call<HoldingTable>('holdings.numbers', on({}))
    expect(t.count).toBeGreaterThanOrEqual(100)
    expect(holderOf(t, '8100000041')).toBe(ZHANGSAN)
    expect(holderOf(t, '8100000002')).toBeNull()
    const lent = t.assetNum.indexOf('8100000042')
    expect(t.flags[lent]! & HOLDING_FLAG.lent).toBe(HOLDING_FLAG.lent)
    const lock = t.assetNum.indexOf(DEMO_ASSETS.lentBorrowedLock)
    expect(t.flags[lock]! & HOLDING_FLAG.borrowedLock).toBe(HOLDING_FLAG.borrowedLock)
    expect(holderOf(t, DEMO_ASSETS.lentBorrowedLock)).toBe(LISI)
    const again = await call<HoldingTable>('holdings.numbers', on({}))
    expect(again.cached).toBe(true)
  })

  it('sends the screen a window of the table the core filters, searches and sorts, holders named', async () => {
    const q = { state: 'all', text: '', sort: null, offset: 0, limit: 10 }
    const t = await call<HoldingTable>('holdings.numbers', on({}))
    const all = await call<HoldingWindow>('holdings.window', on(q))
    expect(all.total).toBe(t.count)
    expect(all.counts.all).toBe(t.count)
    expect(all.rows).toHaveLength(10)
    expect(all.rows.map((r) => r.assetNum)).toEqual(t.assetNum.slice(0, 10))
    // The last window: what is left past the offset.
    const last = await call<HoldingWindow>('holdings.window', on({ ...q, offset: t.count - 3 }))
    expect(last.rows.map((r) => r.assetNum)).toEqual(t.assetNum.slice(-3))
    // A state filter: the new count and its first rows.
    const held = await call<HoldingWindow>('holdings.window', on({ ...q, state: 'held', limit: 1000 }))
    const heldNums = t.assetNum.filter((_, i) => t.holder[i]! >= 0)
    expect(held.total).toBe(heldNums.length)
    expect(held.counts.held).toBe(heldNums.length)
    expect(held.rows.map((r) => r.assetNum)).toEqual(heldNums)
    // A search by the holder's name finds their numbers (named from the employee list once it is read).
    await core.services.memberDirectory.whenRead(profile.id, DEMO_EID)
    const byName = await call<HoldingWindow>('holdings.window', on({ ...q, text: 'zhangsan', limit: 1000 }))
    expect(byName.named).toBe(true)
    expect(byName.total).toBe(t.assetNum.filter((n) => holderOf(t, n) === ZHANGSAN).length)
    expect(byName.rows.every((r) => r.holder === ZHANGSAN && r.name?.includes('(zhangsan)'))).toBe(true)
    // Sorted by number, descending: the largest first.
    const sorted = await call<HoldingWindow>('holdings.window', on({ ...q, sort: { key: 'assetNum', order: 'desc' }, limit: 2 }))
    expect(sorted.rows.map((r) => r.assetNum)).toEqual([...t.assetNum].sort().reverse().slice(0, 2))
  })

  it('names an employee’s numbers and lent lock', async () => {
    const h = await call<MemberHoldings>('holdings.ofMember', on({ memberGlobalId: LISI }))
    expect(h.numbers.map((n) => n.assetNum).sort()).toEqual(['8100000042', '8100000044'])
    expect(h.lentLock?.assetNum).toBe(DEMO_ASSETS.lentBorrowedLock)
  })
})

describe('configure', () => {
  it('assigns and withdraws in one call, and a repeat changes nothing', async () => {
    sb.resetStats()
    const r = await call<ConfigureResult>('holdings.configure', on({ memberGlobalId: WANGWU, add: ['8100000002', '8100000003'], del: [] }))
    expect(r).toEqual({ done: true, problems: [] })
    expect(sb.inspect.assetNumsOf(WANGWU)).toEqual(expect.arrayContaining(['8100000002', '8100000003']))
    const both = await call<ConfigureResult>('holdings.configure', on({ memberGlobalId: WANGWU, add: ['8100000004'], del: ['8100000003'] }))
    expect(both.done).toBe(true)
    expect(sb.stats().byOperation['configureAssets']).toBe(2)
    const held = sb.inspect.assetNumsOf(WANGWU)
    expect(held).toContain('8100000004')
    expect(held).not.toContain('8100000003')
    // The same call again: configure is idempotent, the service's state does not move.
    const repeat = await call<ConfigureResult>('holdings.configure', on({ memberGlobalId: WANGWU, add: ['8100000004'], del: ['8100000003'] }))
    expect(repeat.done).toBe(true)
    expect(sb.inspect.assetNumsOf(WANGWU).sort()).toEqual([...held].sort())
    // The table kept by the core follows without a new read.
    const t = await call<HoldingTable>('holdings.numbers', on({}))
    expect(t.cached).toBe(true)
    expect(holderOf(t, '8100000004')).toBe(WANGWU)
    expect(holderOf(t, '8100000003')).toBeNull()
  })

  it.each([
    ['60024', ['8199999999'], '8199999999'],
    ['60025', [DEMO_ASSETS.otherEnterprise[0]], DEMO_ASSETS.otherEnterprise[0]],
    ['60028', ['8100000041'], '8100000041'],
  ])('says %s at the number it is about, and nothing else of the call is done', async (code, bad, at) => {
    const before = sb.inspect.assetNumsOf(LISI)
    const r = await call<ConfigureResult>('holdings.configure', on({ memberGlobalId: LISI, add: ['8100000005', ...bad], del: [] }))
    expect(r.done).toBe(false)
    expect(r.error?.code).toBe(code)
    expect(r.problems).toEqual([{ assetNum: at, action: 'assign', code }])
    expect(sb.inspect.assetNumsOf(LISI)).toEqual(before)
  })

  it.each([
    ['60023', MAGIC_60023],
    ['60026', 'M999999999999999'],
  ])('says %s at the employee', async (code, member) => {
    const r = await call<ConfigureResult>('holdings.configure', on({ memberGlobalId: member, add: ['8100000006'], del: [] }))
    expect(r).toMatchObject({ done: false, problems: [{ code }] })
    expect(r.problems[0]!.assetNum).toBeUndefined()
  })

  it('refuses a number that is both to assign and to withdraw before sending', async () => {
    const r = await result('holdings.configure', on({ memberGlobalId: LISI, add: ['8100000006'], del: ['8100000006'] }))
    expect(r.ok).toBe(false)
  })
})

describe('move', () => {
  it('withdraws from one and gives to the other', async () => {
    await call('holdings.configure', on({ memberGlobalId: ZHANGSAN, add: ['8100000007'], del: [] }))
    const r = await call<MoveResult>('holdings.move', on({ assetNum: '8100000007', from: ZHANGSAN, to: WANGWU }))
    expect(r).toEqual({ step: 'done', problems: [] })
    expect(sb.inspect.assetNumsOf(WANGWU)).toContain('8100000007')
    expect(sb.inspect.assetNumsOf(ZHANGSAN)).not.toContain('8100000007')
  })

  it('says precisely when the second step fails: withdrawn, not given', async () => {
    const r = await call<MoveResult>('holdings.move', on({ assetNum: '8100000007', from: WANGWU, to: MAGIC_60023 }))
    expect(r.step).toBe('withdrawnOnly')
    expect(r.error?.code).toBe('60023')
    expect(sb.inspect.asset('8100000007')!.assignMemberId).toBeNull()
  })

  it('sends nothing when the number is not the first employee’s', async () => {
    sb.resetStats()
    const r = await call<MoveResult>('holdings.move', on({ assetNum: '8100000041', from: LISI, to: WANGWU }))
    expect(r).toMatchObject({ step: 'nothing', problems: [{ code: 'notHeld' }] })
    expect(sb.stats().byOperation['configureAssets'] ?? 0).toBe(0)
  })
})

describe('checking a bulk file', () => {
  it('finds each kind of bad row and the rows that wait for a withdrawal', async () => {
    const text = [
      'employee\tasset\taction',
      'zhangsan\t8100000008\tassign', // 2 ok
      'nobody\t8100000008\tassign', // 3 unknown employee
      'lisi\t8199999999\tassign', // 4 not ours
      'lisi\t8100000052\tassign', // 5 borrowed lock
      'lisi\t8100000041\tassign', // 6 held by zhangsan
      'wangwu\t8100000008\tassign', // 7 given twice (with line 2)
      'zhangsan\t8100000043\twithdraw', // 8 withdraw
      'lisi\t8100000043\tassign', // 9 after line 8
      'lisi\t8100000044\tassign', // 10 already held
      'lisi\t8100000046\tmaybe', // 11 bad action
      'zhangsan\t8100000043\twithdraw', // 12 duplicate of 8
    ].join('\n')
    const r = await call<CheckedRows>('holdings.check', on({ rows: rowsOfText(text) }))
    const by = Object.fromEntries(r.rows.map((x) => [x.line, x]))
    expect(by[2]!.issue).toBe('givenTwice')
    expect(by[3]!.issue).toBe('unknownEmployee')
    expect(by[4]!.issue).toBe('notOurs')
    expect(by[5]!.issue).toBe('borrowedLock')
    expect(by[6]).toMatchObject({ issue: 'heldByOther', holder: ZHANGSAN })
    expect(by[7]!.issue).toBe('givenTwice')
    expect(by[8]).toMatchObject({ issue: null, note: null })
    expect(by[9]).toMatchObject({ issue: null, after: 8 })
    expect(by[10]!.note).toBe('alreadyHeld')
    expect(by[11]!.issue).toBe('badAction')
    expect(by[12]).toMatchObject({ issue: 'duplicate', otherLine: 8 })
    expect(r.people.map((p) => p.globalId)).toContain(ZHANGSAN)
  })
})

describe('lending', () => {
  it('lends an employee’s asset into a free borrowed lock and shows it in the overview', async () => {
    const lock = DEMO_ASSETS.freeBorrowedLocks[0]
    const r = await call<{ reconciled: boolean }>('holdings.lend', on({ memberGlobalId: WANGWU, lockNum: lock, assetIds: [assetIdOf('8100000045')] }))
    expect(r.reconciled).toBe(false)
    expect(sb.inspect.asset(lock)!.lentTo).toBe(WANGWU)
    const o = await call<LentLocks>('holdings.lentLocks', on({}))
    const view = o.locks.find((l) => l.assetNum === lock)!
    expect(view).toMatchObject({ lent: true, holder: WANGWU, recorded: true, assetsSource: 'journal', lentAssets: [{ assetNum: '8100000045' }] })
    expect(view.since).toBeGreaterThan(Date.now() - 60_000)
    // Lent before this computer knew: the service's holder, no time; lisi's one lent lock holds lisi's lent asset.
    const old = o.locks.find((l) => l.assetNum === DEMO_ASSETS.lentBorrowedLock)!
    expect(old).toMatchObject({ lent: true, holder: LISI, recorded: false, since: null, assetsSource: 'service', lentAssets: [{ assetNum: '8100000042' }] })
    const free = o.locks.find((l) => l.assetNum === DEMO_ASSETS.freeBorrowedLocks[1])!
    expect(free).toMatchObject({ lent: false, holder: null })
  })

  it('reads a lost answer back instead of sending the lend again', async () => {
    const lock = DEMO_ASSETS.freeBorrowedLocks[2]
    expect(await call<ConfigureResult>('holdings.configure', on({ memberGlobalId: ZHANGSAN, add: ['8100000009'], del: [] }))).toMatchObject({ done: true })
    sb.resetStats()
    sb.queueFault({ kind: 'dropAfterWork', operation: 'lendAssets' })
    const r = await call<{ reconciled: boolean }>('holdings.lend', on({ memberGlobalId: ZHANGSAN, lockNum: lock, assetIds: [assetIdOf('8100000009')] }))
    expect(r.reconciled).toBe(true)
    expect(sb.stats().creates.received['lendAssets']?.[`${ZHANGSAN}/${lock}`]).toBe(1)
    const o = await call<LentLocks>('holdings.lentLocks', on({}))
    expect(o.locks.find((l) => l.assetNum === lock)).toMatchObject({ holder: ZHANGSAN, recorded: true, lentAssets: [{ assetNum: '8100000009' }] })
  })

  it('sends again when reading back shows a lost request was never done', async () => {
    const lock = DEMO_ASSETS.freeBorrowedLocks[3]
    expect(await call<ConfigureResult>('holdings.configure', on({ memberGlobalId: LISI, add: ['8100000010'], del: [] }))).toMatchObject({ done: true })
    sb.resetStats()
    sb.queueFault({ kind: 'drop', operation: 'lendAssets' })
    const r = await call<{ reconciled: boolean }>('holdings.lend', on({ memberGlobalId: LISI, lockNum: lock, assetIds: [assetIdOf('8100000010')] }))
    expect(r.reconciled).toBe(false)
    expect(sb.stats().creates.received['lendAssets']?.[`${LISI}/${lock}`]).toBe(1)
    expect(sb.inspect.asset(lock)!.lentTo).toBe(LISI)
  })

  it.each([
    ['33018', LISI, DEMO_ASSETS.lentBorrowedLock, '8100000044', ZHANGSAN],
    ['33007', LISI, DEMO_ASSETS.freeBorrowedLocks[1], '8100000042', LISI],
    ['33003', LISI, DEMO_ASSETS.freeBorrowedLocks[1], '8100000045', LISI],
    ['33006', WANGWU, DEMO_ASSETS.freeBorrowedLocks[1], MAGIC_LOCKS.noNodes33006, WANGWU],
    ['33008', WANGWU, MAGIC_LOCKS.lend33008, '8100000004', WANGWU],
    ['33009', WANGWU, MAGIC_LOCKS.lend33009, '8100000004', WANGWU],
  ])('%s comes back as the service said it, nothing moved', async (code, holderOfAsset, lock, asset, member) => {
    void holderOfAsset
    const r = await result('holdings.lend', on({ memberGlobalId: member, lockNum: lock, assetIds: [assetIdOf(asset)] }))
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.code).toBe(code)
  })
})

describe('the audit workbook', () => {
  it('has one sheet per view, products included when asked', async () => {
    const file = await call<ExportedFile>('holdings.audit', on({ includeProducts: true }))
    expect(file.fileName).toMatch(/\.xlsx$/)
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(Buffer.from(file.contentBase64, 'base64') as unknown as ArrayBuffer)
    expect(book.worksheets.map((s) => s.name)).toEqual(['Employees', 'Asset numbers', 'Lent locks', 'Products'])
    const employees = book.getWorksheet('Employees')!
    const zhang = employees.getRows(2, employees.rowCount - 1)!.find((r) => r.getCell(2).text === 'zhangsan')!
    expect(zhang.getCell(1).text).toBe('张三')
    expect(zhang.getCell(6).text).toContain('8100000041')
    const products = book.getWorksheet('Products')!
    expect(products.rowCount).toBeGreaterThan(10)
  })
})
