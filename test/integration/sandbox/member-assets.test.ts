// Member operations 6-10 over HTTP: asset numbers, products of an asset, lent locks, configuring asset numbers
// (60023-60028) and lending (33003-33018), each change read back.
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import type { AssetProducts, EnterpriseAssetNum, LentLock } from '@shared/api/models'
import { DEMO_ASSETS, DEMO_LOGINS, MAGIC_LOCKS, MAGIC_USER_NAMES, type SandboxHandle } from '../../../src/sandbox/index'
import { Client, DEMO_ENTERPRISE, sandbox } from './helpers'

// A fresh sandbox per test: these operations move state around.
let sb: SandboxHandle
let c: Client
beforeEach(async () => {
  await sb?.close()
  sb = await sandbox()
  c = await Client.connect(sb.url)
})
afterAll(() => sb?.close())

const at = { enterpriseGlobalId: DEMO_ENTERPRISE }
const member = (userName: string): string => sb.inspect.employeeByUserName(DEMO_ENTERPRISE, userName)?.globalId as string
const assetId = (no: string): string => sb.inspect.asset(no)?.id as string

describe('6. enterprise asset numbers', () => {
  it('lists every asset number with holder, lent flag and online flag', async () => {
    const list = await c.ok<EnterpriseAssetNum[]>('listAssetNums', { path: at })
    const by = new Map(list.map((a) => [a.assetNum, a]))
    expect(by.get(DEMO_ASSETS.cloudAccounts[0])).toMatchObject({ assetId: assetId(DEMO_ASSETS.cloudAccounts[0]), cloudAccountGlobalId: member('zhangsan'), borrowedFlag: false })
    expect(by.get(DEMO_ASSETS.cloudAccounts[1])).toMatchObject({ cloudAccountGlobalId: member('lisi'), borrowedFlag: true })
    expect(by.get(DEMO_ASSETS.lentBorrowedLock)).toMatchObject({ cloudAccountGlobalId: member('lisi'), borrowedFlag: true })
    expect(by.get(DEMO_ASSETS.freeBorrowedLocks[0])).toMatchObject({ cloudAccountGlobalId: null, borrowedFlag: false })
    expect(by.has(DEMO_ASSETS.otherEnterprise[0])).toBe(false)
    expect(list.every((a) => typeof a.onlineFlag === 'boolean')).toBe(true)
  })

  it('60017 for an admin whose enterprise has no authorized customer (ops 6, 7, 8)', async () => {
    const u = await c.as(DEMO_LOGINS.unbound)
    await u.fails('listAssetNums', '60017', { path: { enterpriseGlobalId: 'E000000000000004' } })
    await u.fails('listLentLocks', '60017', { path: { enterpriseGlobalId: 'E000000000000004' } })
    await u.fails('listAssetProducts', '60017', { path: { assetId: assetId(DEMO_ASSETS.cloudAccounts[0]) } })
  })
})

describe('7. products under an asset', () => {
  it('gives loose products and the package tree', async () => {
    const d = await c.ok<AssetProducts>('listAssetProducts', { path: { assetId: assetId(DEMO_ASSETS.cloudAccounts[0]) } })
    expect(d.productInstanceList?.length).toBe(1)
    const suite = d.children?.[0]
    expect(suite).toMatchObject({ merchandiseNum: 'PKG-SUITE', parentId: null })
    expect(suite?.productInstanceList?.length).toBe(1)
    expect(suite?.children?.[0]).toMatchObject({ merchandiseNum: 'PKG-BASIC', parentMerchandiseNum: 'PKG-SUITE', children: null })
    expect(suite?.children?.[0]?.productInstanceList?.length).toBe(2)
    const p = d.productInstanceList?.[0]
    expect(p).toMatchObject({ assetId: assetId(DEMO_ASSETS.cloudAccounts[0]), assetNum: DEMO_ASSETS.cloudAccounts[0], limitType: 'basic' })
  })

  it('60024 for an unknown asset or another enterprise’s', async () => {
    await c.fails('listAssetProducts', '60024', { path: { assetId: 'A999999999999999' } })
    await c.fails('listAssetProducts', '60024', { path: { assetId: assetId(DEMO_ASSETS.otherEnterprise[5]) } })
  })
})

describe('8. lent locks', () => {
  it('lists free and lent borrowed locks', async () => {
    const locks = await c.ok<LentLock[]>('listLentLocks', { path: at })
    const nums = locks.map((l) => l.assetNum)
    for (const n of [...DEMO_ASSETS.freeBorrowedLocks, DEMO_ASSETS.lentBorrowedLock, MAGIC_LOCKS.lend33008, MAGIC_LOCKS.lend33009]) expect(nums).toContain(n)
    expect(locks.filter((l) => l.borrowedFlag)).toEqual([{ assetId: assetId(DEMO_ASSETS.lentBorrowedLock), assetNum: DEMO_ASSETS.lentBorrowedLock, borrowedFlag: true, cloudAccountGlobalId: member('lisi') }])
    expect(nums).not.toContain(DEMO_ASSETS.refillable[0])
  })
})

describe('9. configure assets', () => {
  const path = (userName: string) => ({ memberGlobalId: member(userName) })

  it('assigns and withdraws; the list shows it', async () => {
    const before = sb.inspect.assetNumsOf(member('wangwu'))
    expect(before).toContain(DEMO_ASSETS.cloudAccounts[4])
    await c.ok('configureAssets', { path: path('wangwu'), body: { deleteAssets: [DEMO_ASSETS.cloudAccounts[4]], addAssets: [DEMO_ASSETS.refillable[5], DEMO_ASSETS.certificates[2]] } })
    const expected = [...before.filter((n) => n !== DEMO_ASSETS.cloudAccounts[4]), DEMO_ASSETS.refillable[5], DEMO_ASSETS.certificates[2]]
    expect(sb.inspect.assetNumsOf(member('wangwu')).sort()).toEqual(expected.sort())
    const nums = await c.ok<EnterpriseAssetNum[]>('listAssetNums', { path: at })
    expect(nums.find((a) => a.assetNum === DEMO_ASSETS.cloudAccounts[4])?.cloudAccountGlobalId).toBeNull()
    // The second customer's assets are the enterprise's too.
    await c.ok('configureAssets', { path: path('wangwu'), body: { deleteAssets: [], addAssets: [DEMO_ASSETS.secondCustomer[0]] } })
  })

  it('repeating the same call succeeds and changes nothing more', async () => {
    const body = { deleteAssets: [DEMO_ASSETS.cloudAccounts[4]], addAssets: [DEMO_ASSETS.refillable[6]] }
    await c.ok('configureAssets', { path: path('wangwu'), body })
    const after = sb.inspect.assetNumsOf(member('wangwu')).sort()
    await c.ok('configureAssets', { path: path('wangwu'), body })
    expect(sb.inspect.assetNumsOf(member('wangwu')).sort()).toEqual(after)
  })

  it('60024 unknown number, 60025 another customer’s, 60026 unknown member, 60028 repeated or held by another', async () => {
    await c.fails('configureAssets', '60024', { path: path('wangwu'), body: { deleteAssets: [], addAssets: ['8999999999'] } })
    await c.fails('configureAssets', '60024', { path: path('wangwu'), body: { deleteAssets: ['8999999999'], addAssets: [] } })
    await c.fails('configureAssets', '60025', { path: path('wangwu'), body: { deleteAssets: [], addAssets: [DEMO_ASSETS.otherEnterprise[0]] } })
    await c.fails('configureAssets', '60026', { path: { memberGlobalId: 'M999999999999999' }, body: { deleteAssets: [], addAssets: [] } })
    const other = sb.inspect.employees(sb.demo.otherEnterpriseGlobalId)[0]
    await c.fails('configureAssets', '60026', { path: { memberGlobalId: other?.globalId as string }, body: { deleteAssets: [], addAssets: [] } })
    await c.fails('configureAssets', '60028', { path: path('wangwu'), body: { deleteAssets: [], addAssets: [DEMO_ASSETS.refillable[7], DEMO_ASSETS.refillable[7]] } })
    await c.fails('configureAssets', '60028', { path: path('wangwu'), body: { deleteAssets: [DEMO_ASSETS.cloudAccounts[4]], addAssets: [DEMO_ASSETS.cloudAccounts[4]] } })
    await c.fails('configureAssets', '60028', { path: path('wangwu'), body: { deleteAssets: [], addAssets: [DEMO_ASSETS.cloudAccounts[0]] } })
    // All or nothing: a valid number in a failed call is not assigned.
    await c.fails('configureAssets', '60024', { path: path('wangwu'), body: { deleteAssets: [], addAssets: [DEMO_ASSETS.refillable[7], '8999999999'] } })
    expect(sb.inspect.asset(DEMO_ASSETS.refillable[7])?.assignMemberId).toBeNull()
  })

  it('60023 for the magic employee that matches several', async () => {
    await c.fails('configureAssets', '60023', { path: path(MAGIC_USER_NAMES.several60023), body: { deleteAssets: [], addAssets: [] } })
  })

  it('40000 when a list is missing', async () => {
    await c.fails('configureAssets', '40000', { path: path('wangwu'), body: { addAssets: [] } })
    await c.fails('configureAssets', '40000', { path: path('wangwu'), body: { deleteAssets: [] } })
  })
})

describe('10. lend assets', () => {
  const path = (userName: string) => ({ memberGlobalId: member(userName) })

  it('moves the product entitlements into the borrowed lock', async () => {
    const asset = DEMO_ASSETS.cloudAccounts[0]
    const lock = DEMO_ASSETS.freeBorrowedLocks[0]
    const before = sb.inspect.productIdsOf(asset)
    expect(before.length).toBeGreaterThan(0)
    await c.ok('lendAssets', { path: path('zhangsan'), body: { borrowedUsbKey: lock, assetIDs: [assetId(asset)] } })
    expect(sb.inspect.productIdsOf(asset)).toEqual([])
    expect(sb.inspect.productIdsOf(lock).sort()).toEqual(before.sort())
    const locks = await c.ok<LentLock[]>('listLentLocks', { path: at })
    expect(locks.find((l) => l.assetNum === lock)).toMatchObject({ borrowedFlag: true, cloudAccountGlobalId: member('zhangsan') })
    const lockProducts = await c.ok<AssetProducts>('listAssetProducts', { path: { assetId: assetId(lock) } })
    expect(lockProducts.productInstanceList?.length).toBe(before.length)
    expect(lockProducts.productInstanceList?.every((p) => p.assetNum === lock)).toBe(true)
    const page = await c.ok<{ list: { userName: string; borrowNum: string | null }[] }>('listMembers', { path: at, query: { pageNum: 1, pageSize: 1 } })
    expect(page.list[0]).toMatchObject({ userName: 'zhangsan', borrowNum: lock })
    // More assets of the same employee can go into the same lock.
    await c.ok('lendAssets', { path: path('zhangsan'), body: { borrowedUsbKey: lock, assetIDs: [assetId(DEMO_ASSETS.cloudAccounts[2])] } })
  })

  it('33003 for an asset the employee does not hold (or unknown)', async () => {
    await c.fails('lendAssets', '33003', { path: path('zhangsan'), body: { borrowedUsbKey: DEMO_ASSETS.freeBorrowedLocks[0], assetIDs: [assetId(DEMO_ASSETS.cloudAccounts[3])] } })
    await c.fails('lendAssets', '33003', { path: path('zhangsan'), body: { borrowedUsbKey: DEMO_ASSETS.freeBorrowedLocks[0], assetIDs: ['A999999999999999'] } })
  })

  it('33006 when the asset has no nodes left', async () => {
    await c.fails('lendAssets', '33006', { path: path('wangwu'), body: { borrowedUsbKey: DEMO_ASSETS.freeBorrowedLocks[1], assetIDs: [assetId(MAGIC_LOCKS.noNodes33006)] } })
  })

  it('33007 when the asset is already lent into another lock', async () => {
    await c.fails('lendAssets', '33007', { path: path('lisi'), body: { borrowedUsbKey: DEMO_ASSETS.freeBorrowedLocks[1], assetIDs: [assetId(DEMO_ASSETS.cloudAccounts[1])] } })
  })

  it('33008 for a disabled borrowed lock or a lock that is not a borrowed lock', async () => {
    await c.fails('lendAssets', '33008', { path: path('zhangsan'), body: { borrowedUsbKey: MAGIC_LOCKS.lend33008, assetIDs: [assetId(DEMO_ASSETS.cloudAccounts[0])] } })
    await c.fails('lendAssets', '33008', { path: path('zhangsan'), body: { borrowedUsbKey: DEMO_ASSETS.refillable[0], assetIDs: [assetId(DEMO_ASSETS.cloudAccounts[0])] } })
    await c.fails('lendAssets', '33008', { path: path('zhangsan'), body: { borrowedUsbKey: DEMO_ASSETS.otherEnterprise[8], assetIDs: [assetId(DEMO_ASSETS.cloudAccounts[0])] } })
  })

  it('33008 also when a free borrowed lock was disabled through the order group', async () => {
    await c.ok('lockAssets', { body: { assetNums: [DEMO_ASSETS.freeBorrowedLocks[2]], operatorIdentity: 'x' } })
    await c.fails('lendAssets', '33008', { path: path('zhangsan'), body: { borrowedUsbKey: DEMO_ASSETS.freeBorrowedLocks[2], assetIDs: [assetId(DEMO_ASSETS.cloudAccounts[0])] } })
  })

  it('33018 when the lock is lent to another employee', async () => {
    await c.fails('lendAssets', '33018', { path: path('zhangsan'), body: { borrowedUsbKey: DEMO_ASSETS.lentBorrowedLock, assetIDs: [assetId(DEMO_ASSETS.cloudAccounts[0])] } })
  })

  it('33009 for the magic lock, and nothing moves', async () => {
    const before = sb.inspect.productIdsOf(DEMO_ASSETS.cloudAccounts[0])
    await c.fails('lendAssets', '33009', { path: path('zhangsan'), body: { borrowedUsbKey: MAGIC_LOCKS.lend33009, assetIDs: [assetId(DEMO_ASSETS.cloudAccounts[0])] } })
    expect(sb.inspect.productIdsOf(DEMO_ASSETS.cloudAccounts[0])).toEqual(before)
  })

  it('60026 for an unknown employee, 40000 for missing fields', async () => {
    await c.fails('lendAssets', '60026', { path: { memberGlobalId: 'M999999999999999' }, body: { borrowedUsbKey: DEMO_ASSETS.freeBorrowedLocks[0], assetIDs: ['A1'] } })
    await c.fails('lendAssets', '40000', { path: path('zhangsan'), body: { assetIDs: [assetId(DEMO_ASSETS.cloudAccounts[0])] } })
    await c.fails('lendAssets', '40000', { path: path('zhangsan'), body: { borrowedUsbKey: DEMO_ASSETS.freeBorrowedLocks[0], assetIDs: [] } })
    await c.fails('lendAssets', '40000', { path: path('zhangsan'), body: { borrowedUsbKey: DEMO_ASSETS.freeBorrowedLocks[0] } })
  })
})
