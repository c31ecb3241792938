// Order operations 1-4 and 6-9 over HTTP: success paths with responses checked against the shared schemas,
// state changes read back, every 13004 condition, per-lock statuses 1-4 and the shell-number rules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EnterpriseCreation, EnterpriseCustomer, LockResult, VirtualAsset } from '@shared/api/models'
import { DEMO_ASSETS, MAGIC_LOCKS, type SandboxHandle } from '../../../src/sandbox/index'
import { lockEntry, product } from './fixtures'
import { Client, DEMO_ENTERPRISE, expectError, sandbox } from './helpers'

let sb: SandboxHandle
let c: Client
beforeAll(async () => {
  sb = await sandbox()
  c = await Client.connect(sb.url)
})
afterAll(() => sb.close())

const bindBody = {
  channelCode: 'TESTCH',
  channelCustomerId: 'T-0001',
  customerName: 'Test Customer',
  branchName: 'Test Branch',
  enterpriseName: 'Test Enterprise Ltd',
  passwordMobile: '13912345678',
}

describe('1. bind enterprise master account', () => {
  it('creates a customer bound to a new enterprise (default) and to an existing one (not default)', async () => {
    const first = await c.ok<EnterpriseCustomer>('bindEnterprise', { body: bindBody })
    expect(first).toMatchObject({ channelCode: 'TESTCH', channelCustomerId: 'T-0001', enterpriseName: 'Test Enterprise Ltd', isDefault: true })
    const second = await c.ok<EnterpriseCustomer>('bindEnterprise', { body: { ...bindBody, channelCustomerId: 'T-0002' } })
    expect(second.enterpriseGlobalId).toBe(first.enterpriseGlobalId)
    expect(second.isDefault).toBe(false)
    expect(second.customerId).not.toBe(first.customerId)
    const all = await c.ok<EnterpriseCustomer[]>('queryEnterprise', { query: { channelCode: 'TESTCH', channelCustomerId: 'T-0002', defaultCustomer: 'N' } })
    expect(all.map((x) => x.channelCustomerId).sort()).toEqual(['T-0001', 'T-0002'])
  })

  it.each(Object.keys(bindBody))('13004 when %s is missing, naming it', async (field) => {
    const body: Record<string, string> = { ...bindBody, channelCustomerId: `T-miss-${field}` }
    delete body[field]
    const r = await c.fails('bindEnterprise', '13004', { body })
    expect(r['message']).toContain(field)
  })

  it('13004 for an invalid mobile number and for a channel customer already bound', async () => {
    const bad = await c.fails('bindEnterprise', '13004', { body: { ...bindBody, channelCustomerId: 'T-9', passwordMobile: '12' } })
    expect(bad['message']).toContain('passwordMobile')
    const dup = await c.fails('bindEnterprise', '13004', { body: { ...bindBody, channelCustomerId: 'DEMO-0001', channelCode: 'DEMO' } })
    expect(dup['message']).toContain('already exists')
  })

  it('13004 for a body that is not JSON or not an object', async () => {
    await c.fails('bindEnterprise', '13004', { rawBody: '{"channelCode":' })
    await c.fails('bindEnterprise', '13004', { body: [1, 2] })
  })
})

describe('2. create industry customer', () => {
  it('creates an enterprise with its default customer and the admin member', async () => {
    const r = await c.ok<EnterpriseCreation>('createEnterprise', { body: { crmCustomerId: 'CRM-T-1', customerName: '测试设计院', branchName: '测试分公司', address: '上海' } })
    expect(r.defaultType).toBe(true)
    expect(r.members).toHaveLength(1)
    expect(r.members[0]?.memberIdentity).toMatch(/^admin@e\d{7}$/)
    const found = await c.ok<EnterpriseCustomer[]>('queryEnterprise', { query: { channelCode: 'INDUSTRY', channelCustomerId: 'CRM-T-1', defaultCustomer: 'Y' } })
    expect(found).toEqual([expect.objectContaining({ enterpriseGlobalId: r.enterpriseGlobalId, isDefault: true, enterpriseName: '测试设计院' })])
    // The created admin can log in and sees the admin as an employee.
    const admin = await c.as(r.members[0]?.memberIdentity as string)
    const page = await admin.ok<{ list: { globalId: string }[] }>('listMembers', { path: { enterpriseGlobalId: r.enterpriseGlobalId }, query: { pageNum: 1, pageSize: 10 } })
    expect(page.list.map((m) => m.globalId)).toEqual([r.members[0]?.memberGlobalId])
  })

  it('13004 for missing required fields and a CRM id already used', async () => {
    for (const f of ['crmCustomerId', 'customerName', 'branchName']) {
      const body: Record<string, string> = { crmCustomerId: 'CRM-T-2', customerName: 'n', branchName: 'b' }
      delete body[f]
      expect((await c.fails('createEnterprise', '13004', { body }))['message']).toContain(f)
    }
    await c.fails('createEnterprise', '13004', { body: { crmCustomerId: 'CRM-DEMO-0001', customerName: 'n', branchName: 'b' } })
  })
})

describe('3. query enterprise master account', () => {
  it('Y gives the default customer, N all customers of the enterprise', async () => {
    const y = await c.ok<EnterpriseCustomer[]>('queryEnterprise', { query: { channelCode: 'DEMO', channelCustomerId: 'DEMO-0001', defaultCustomer: 'Y' } })
    expect(y).toEqual([{ customerId: sb.demo.customerId, channelCode: 'DEMO', channelCustomerId: 'DEMO-0001', enterpriseGlobalId: DEMO_ENTERPRISE, enterpriseName: '演示科技有限公司', isDefault: true }])
    const n = await c.ok<EnterpriseCustomer[]>('queryEnterprise', { query: { channelCode: 'DEMO', channelCustomerId: 'DEMO-0001', defaultCustomer: 'N' } })
    expect(n.map((x) => x.channelCustomerId)).toEqual(['DEMO-0001', 'DEMO-0001-SH'])
    expect(DEMO_ENTERPRISE).toBe(sb.demo.enterpriseGlobalId)
  })

  it('an unknown channel customer gives an empty list', async () => {
    expect(await c.ok('queryEnterprise', { query: { channelCode: 'DEMO', channelCustomerId: 'NOPE', defaultCustomer: 'N' } })).toEqual([])
  })

  it('13004 for a missing parameter or a defaultCustomer other than Y/N', async () => {
    await c.fails('queryEnterprise', '13004', { query: { channelCode: 'DEMO', defaultCustomer: 'Y' } })
    await c.fails('queryEnterprise', '13004', { query: { channelCustomerId: 'DEMO-0001', defaultCustomer: 'Y' } })
    await c.fails('queryEnterprise', '13004', { query: { channelCode: 'DEMO', channelCustomerId: 'DEMO-0001' } })
    expect((await c.fails('queryEnterprise', '13004', { query: { channelCode: 'DEMO', channelCustomerId: 'DEMO-0001', defaultCustomer: 'yes' } }))['message']).toContain('Y, N')
  })
})

describe('4. update enterprise customer', () => {
  it('changes the customer name; the answer has no data field', async () => {
    await c.ok('createEnterprise', { body: { crmCustomerId: 'CRM-T-UPD', customerName: 'Before', branchName: 'b' } })
    await c.ok('updateEnterprise', { body: { crmCustomerId: 'CRM-T-UPD', customerName: 'After', branchName: 'b2', address: 'new address' } })
    // No operation returns the customer name; read it back from the state.
    expect(sb.inspect.customerByCrm('CRM-T-UPD')).toMatchObject({ customerName: 'After', branchName: 'b2', address: 'new address' })
    // Leaving address out keeps it.
    await c.ok('updateEnterprise', { body: { crmCustomerId: 'CRM-T-UPD', customerName: 'Again', branchName: 'b2' } })
    expect(sb.inspect.customerByCrm('CRM-T-UPD')).toMatchObject({ customerName: 'Again', address: 'new address' })
  })

  it('13004 for an unknown CRM customer and missing fields', async () => {
    expect((await c.fails('updateEnterprise', '13004', { body: { crmCustomerId: 'NOPE', customerName: 'x', branchName: 'y' } }))['message']).toContain('NOPE')
    await c.fails('updateEnterprise', '13004', { body: { crmCustomerId: 'CRM-DEMO-0001', branchName: 'y' } })
    await c.fails('updateEnterprise', '13004', { body: { crmCustomerId: 'CRM-DEMO-0001', customerName: 'y' } })
  })
})

describe('6/7. disable and enable locks', () => {
  const body = (assetNums: unknown, operatorIdentity: unknown = 'ops@example.com') => ({ body: { assetNums, operatorIdentity } })

  it('statuses 1 success, 2 missing, 3 failed (magic), 4 wrong type; the state follows', async () => {
    const nums = [DEMO_ASSETS.refillable[1], 'NOPE000000', MAGIC_LOCKS.status3, DEMO_ASSETS.nonRefillable[0], DEMO_ASSETS.cloudAccounts[0], DEMO_ASSETS.keyAccount[0]]
    const r = await c.ok<LockResult[]>('lockAssets', body(nums))
    expect(r).toEqual([
      { assetNum: nums[0], status: 1 },
      { assetNum: nums[1], status: 2 },
      { assetNum: nums[2], status: 3 },
      { assetNum: nums[3], status: 4 },
      { assetNum: nums[4], status: 4 },
      { assetNum: nums[5], status: 1 },
    ])
    expect(sb.inspect.asset(nums[0] as string)?.locked).toBe(true)
    expect(sb.inspect.asset(nums[3] as string)?.locked).toBe(false)
    const listed = await c.ok<VirtualAsset[]>('listVirtualAssets', { path: { enterpriseGlobalId: DEMO_ENTERPRISE } })
    expect(listed.find((a) => a.assetNum === nums[0])?.locked).toBe(true)
    const back = await c.ok<LockResult[]>('unlockAssets', body([nums[0], nums[2], 'NOPE000000', nums[3]]))
    expect(back.map((x) => x.status)).toEqual([1, 3, 2, 4])
    expect(sb.inspect.asset(nums[0] as string)?.locked).toBe(false)
  })

  it('repeating a disable reports success again (a retry sees the same result)', async () => {
    const n = DEMO_ASSETS.refillable[2]
    expect(await c.ok('lockAssets', body([n]))).toEqual([{ assetNum: n, status: 1 }])
    expect(await c.ok('lockAssets', body([n]))).toEqual([{ assetNum: n, status: 1 }])
    expect(sb.inspect.asset(n)?.locked).toBe(true)
  })

  it('every refillable and key-account type can be toggled; identity and non-refillable cannot', async () => {
    const ok = [DEMO_ASSETS.refillable[3], DEMO_ASSETS.refillableLan[0], DEMO_ASSETS.keyAccount[0], DEMO_ASSETS.keyAccount[1]]
    const no = [DEMO_ASSETS.nonRefillableLan[0], DEMO_ASSETS.identity[0], DEMO_ASSETS.identity[1], DEMO_ASSETS.certificates[0]]
    const r = await c.ok<LockResult[]>('lockAssets', body([...ok, ...no]))
    expect(r.map((x) => x.status)).toEqual([1, 1, 1, 1, 4, 4, 4, 4])
  })

  it('the magic lock 8000000500 answers 500 and changes nothing', async () => {
    const n = DEMO_ASSETS.refillable[4]
    await c.fails('lockAssets', '500', body([n, MAGIC_LOCKS.error500]))
    expect(sb.inspect.asset(n)?.locked).toBe(false)
  })

  it('13004 for missing, empty or malformed lists and a missing operatorIdentity', async () => {
    await c.fails('lockAssets', '13004', { body: { operatorIdentity: 'x' } })
    await c.fails('lockAssets', '13004', body([]))
    await c.fails('lockAssets', '13004', body('8100000001'))
    await c.fails('lockAssets', '13004', body([8100000001]))
    expect((await c.fails('unlockAssets', '13004', body(['8100000001'], '')))['message']).toContain('operatorIdentity')
    await c.fails('lockAssets', '13004', body(Array.from({ length: 5001 }, (_, i) => String(8_300_000_000 + i))))
  })
})

describe('8. list enterprise virtual assets', () => {
  it('lists every asset of the enterprise, each a valid record', async () => {
    const all = await c.ok<VirtualAsset[]>('listVirtualAssets', { path: { enterpriseGlobalId: DEMO_ENTERPRISE } })
    expect(all.length).toBeGreaterThanOrEqual(100)
    const nums = new Set(all.map((a) => a.assetNum))
    for (const n of [...DEMO_ASSETS.refillable, ...DEMO_ASSETS.cloudAccounts, ...DEMO_ASSETS.secondCustomer, ...DEMO_ASSETS.freeBorrowedLocks]) expect(nums.has(n)).toBe(true)
    for (const n of DEMO_ASSETS.otherEnterprise) expect(nums.has(n)).toBe(false)
    const lent = all.find((a) => a.assetNum === DEMO_ASSETS.lentBorrowedLock)
    expect(lent?.borrowedUsbKey).toBe(true)
    const assigned = all.find((a) => a.assetNum === DEMO_ASSETS.cloudAccounts[0])
    expect(assigned?.assignStatus?.assignMemberId).toMatch(/^M\d{15}$/)
    expect(assigned?.assignStatus?.createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)
    const lock = all.find((a) => a.assetNum === DEMO_ASSETS.refillable[0])
    expect(lock?.keyShellNumber).toBe(DEMO_ASSETS.refillable[0])
    expect([1, 2]).toContain(lock?.keyChipType)
    // Every license type of the demo data is there.
    expect(new Set(all.map((a) => a.licenseType)).size).toBeGreaterThanOrEqual(13)
  })

  it('extendCode keeps the assets carrying that extension', async () => {
    const gxxp = await c.ok<VirtualAsset[]>('listVirtualAssets', { path: { enterpriseGlobalId: DEMO_ENTERPRISE }, query: { extendCode: 'gxxp' } })
    expect(gxxp.map((a) => a.assetNum).sort()).toEqual([DEMO_ASSETS.cloudAccounts[2], DEMO_ASSETS.cloudAccounts[3]])
    expect(await c.ok('listVirtualAssets', { path: { enterpriseGlobalId: DEMO_ENTERPRISE }, query: { extendCode: 'none' } })).toEqual([])
  })

  it('13004 for an unknown enterprise', async () => {
    expect((await c.fails('listVirtualAssets', '13004', { path: { enterpriseGlobalId: 'E000000000009999' } }))['message']).toContain('E000000000009999')
  })
})

describe('9. get asset numbers', () => {
  it('10 digits, region 8 first, the other 9 increasing by one and never repeating', async () => {
    const a = await c.ok<string[]>('getShellNums', { body: { size: 5 } })
    const b = await c.ok<string[]>('getShellNums', { body: { size: 3 } })
    const all = [...a, ...b]
    expect(all).toHaveLength(8)
    for (const n of all) expect(n).toMatch(/^8\d{9}$/)
    for (let i = 1; i < all.length; i++) expect(Number((all[i] as string).slice(1))).toBe(Number((all[i - 1] as string).slice(1)) + 1)
    expect(new Set(all).size).toBe(8)
  })

  it('never hands out a number an asset already has', async () => {
    const local = await sandbox()
    try {
      const lc = await Client.connect(local.url)
      const [next] = await lc.ok<string[]>('getShellNums', { body: { size: 1 } })
      // Buy the next two numbers as locks, then ask again: both are skipped.
      const n1 = `8${String(Number((next as string).slice(1)) + 1).padStart(9, '0')}`
      const n2 = `8${String(Number((next as string).slice(1)) + 2).padStart(9, '0')}`
      await lc.ok('batchOrder', {
        query: { appKey: 'demo-order-app' },
        body: {
          channelCode: 'DEMO',
          channelOrderId: 'SKIP-1',
          syncMode: 'sync',
          orderList: [{ ...lockEntry(local.demo.customerId), assets: [{ assetNos: [n1, n2], products: [product('P-1')] }] }],
        },
      })
      const [after] = await lc.ok<string[]>('getShellNums', { body: { size: 1 } })
      expect(Number((after as string).slice(1))).toBe(Number((next as string).slice(1)) + 3)
    } finally {
      await local.close()
    }
  })

  it('region 6 when the sandbox is set for Singapore', async () => {
    const local = await sandbox({ shellRegion: '6' })
    try {
      const lc = await Client.connect(local.url)
      for (const n of await lc.ok<string[]>('getShellNums', { body: { size: 2 } })) expect(n).toMatch(/^6\d{9}$/)
    } finally {
      await local.close()
    }
  })

  it('13004 for a missing, non-integer, zero or too large size', async () => {
    for (const size of [undefined, '3', 2.5, 0, -1, 1001]) {
      const r = await c.call('getShellNums', { body: size === undefined ? {} : { size } })
      expectError(r, '13004')
      expect(r.body['message']).toContain('size')
    }
  })
})
