/**
 * The API client against the sandbox over real HTTP: all 19 typed methods, error mapping (HTTP 299 business
 * errors, unknown codes raw, 60027 partial), tokens (single-flight, re-issue once), retries (only for retry-safe
 * operations, fresh g_nonce each), UNKNOWN for creates and reading back, abort and timeouts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { SANDBOX_DEMO } from '@shared/sandbox-demo'
import { AppError } from '@shared/errors/app-error'
import { createApiClient, type ApiClient } from '../../../src/main/api/client'
import { findMembers, reconcileBind } from '../../../src/main/api/reconcile'
import { DEMO_ASSETS, MAGIC_LOCKS, type SandboxHandle } from '../../../src/sandbox/index'
import { DEMO_EID, DEMO_SECRETS, demoConfig, sandbox, unique } from './support'
import { waitFor } from '../../support/wait'

let sb: SandboxHandle
let api: ApiClient
const opened: ApiClient[] = []

function client(...args: Parameters<typeof demoConfig> extends [unknown, ...infer R] ? R : never): ApiClient {
  const c = createApiClient(demoConfig(sb, ...args), { settings: { retryBaseMs: 5, maxRetries: 4 } })
  opened.push(c)
  return c
}

beforeAll(async () => {
  sb = await sandbox()
  api = client()
})
afterAll(async () => {
  await Promise.all(opened.map((c) => c.close()))
  await sb.close()
})
beforeEach(async () => {
  sb.clearFaults()
  // Warm the shared client's tokens (a test may have revoked them) so request counts below are exact.
  await api.listLentLocks(DEMO_EID)
  await api.queryEnterprise({ channelCode: 'DEMO', channelCustomerId: 'DEMO-0001', defaultCustomer: 'Y' })
  sb.resetStats()
})

async function err(p: Promise<unknown>): Promise<AppError> {
  const e = await p.then(
    () => undefined,
    (x: unknown) => x,
  )
  expect(e).toBeInstanceOf(AppError)
  return e as AppError
}

const memberId = (userName: string) => sb.inspect.employeeByUserName(DEMO_EID, userName)!.globalId
const assetId = (no: string) => sb.inspect.asset(no)!.id

describe('all 19 operations', () => {
  it('order group: bind, create, query, update, batch order, lock, unlock, list assets, shell numbers', async () => {
    const cust = unique('IT-')
    const bound = await api.bindEnterprise({ channelCode: 'DEMO', channelCustomerId: cust, customerName: '集成测试', branchName: '北京', enterpriseName: '集成测试企业', passwordMobile: '13800138000' })
    expect(bound).toMatchObject({ channelCode: 'DEMO', channelCustomerId: cust })
    const crm = unique('CRM-IT-')
    const created = await api.createEnterprise({ crmCustomerId: crm, customerName: '新客户', branchName: '上海' })
    expect(created.enterpriseGlobalId).toBeTruthy()
    const found = await api.queryEnterprise({ channelCode: 'DEMO', channelCustomerId: SANDBOX_DEMO.channelCustomerId, defaultCustomer: 'Y' })
    expect(found[0]).toMatchObject({ enterpriseGlobalId: DEMO_EID, isDefault: true })
    expect(await api.updateEnterprise({ crmCustomerId: crm, customerName: '新客户（改）', branchName: '上海' })).toBeNull()

    const customerId = found[0]!.customerId
    const assetNo = `83${String(Date.now()).slice(-8)}`
    const orders = await api.batchOrder({
      channelCode: 'DEMO',
      channelOrderId: unique('ORD-'),
      syncMode: 'sync',
      orderList: [
        {
          sequence: 1, customerId, crmCustomerId: 'CRM-DEMO-0001', customerName: '演示科技有限公司', channelCustomerId: 'DEMO-0001',
          adminName: '管理员', adminAccount: 'demoadmin', adminEmail: 'admin@example.com', adminCellNumber: '13800138000',
          passwordMobile: '13800138000', address: '北京', customerType: 'company', branchCode: 'BJ', branchName: '北京分公司',
          enterpriseGlobalId: DEMO_EID, licenseType: 'normal_recover_usbkey', orderType: 'new_buy',
          assets: [{ assetNos: [assetNo], products: [{ crmProductId: unique('P-'), parentCrmProductId: '', productUri: 'GMS-1001', productName: '计价软件', gmsPid: 'GMS-1001', productType: 'tool', limitConcurrent: 1, limitTimeDuration: 0, strictMatchWhenDelete: false, trial: 0, trialEndDate: 0, timeUnit: 'year', timeUnitQuantity: 1, timeDurationExpression: '1-0-0', productFeatures: [] }] }],
        },
      ],
    })
    expect(orders[0]).toMatchObject({ sequence: 1, customerId })

    const lockNo = DEMO_ASSETS.refillable[1]
    expect(await api.lockAssets({ assetNums: [lockNo, '8999999999'], operatorIdentity: 'it' })).toEqual([
      { assetNum: lockNo, status: 1 },
      { assetNum: '8999999999', status: 2 },
    ])
    expect(sb.inspect.asset(lockNo)?.locked).toBe(true)
    expect(await api.unlockAssets({ assetNums: [lockNo], operatorIdentity: 'it' })).toEqual([{ assetNum: lockNo, status: 1 }])
    const assets = await api.listVirtualAssets(DEMO_EID)
    expect(assets.map((a) => a.assetNum)).toContain(assetNo)
    const shells = await api.getShellNums(3)
    expect(shells).toHaveLength(3)
    for (const s of shells) expect(s).toMatch(/^[86]\d{9}$/)
  })

  it('member group: add, edit, reset password, list, asset numbers, products, lent locks, configure, lend, delete', async () => {
    const u = unique('it')
    const added = await api.addMembers(DEMO_EID, [{ userName: u, password: 'Secret123', name: '测试员' }])
    expect(added.partial).toBe(false)
    const gid = added.succeeded[0]!.globalId
    expect(await api.editMember(DEMO_EID, gid, { userName: u, name: '测试员二' })).toBeNull()
    expect(await api.resetPassword(DEMO_EID, gid, 'Secret456')).toBeNull()
    const page = await api.listMembers(DEMO_EID, { keyword: u, pageNum: 1, pageSize: 10 })
    expect(page.list).toEqual([expect.objectContaining({ userName: u, name: '测试员二', globalId: gid })])
    const nums = await api.listAssetNums(DEMO_EID)
    expect(nums.length).toBeGreaterThan(10)
    const products = await api.listAssetProducts(assetId(DEMO_ASSETS.cloudAccounts[2]))
    expect(products.productInstanceList?.length ?? 0).toBeGreaterThanOrEqual(0)
    expect(Array.isArray(await api.listLentLocks(DEMO_EID))).toBe(true)
    expect(await api.configureAssets(gid, { deleteAssets: [], addAssets: [DEMO_ASSETS.refillable[3]] })).toBeNull()
    expect(sb.inspect.assetNumsOf(gid)).toContain(DEMO_ASSETS.refillable[3])
    expect(await api.lendAssets(memberId('zhangsan'), { borrowedUsbKey: DEMO_ASSETS.freeBorrowedLocks[1], assetIDs: [assetId(DEMO_ASSETS.cloudAccounts[2])] })).toBeNull()
    expect((await api.listLentLocks(DEMO_EID)).find((l) => l.assetNum === DEMO_ASSETS.freeBorrowedLocks[1])?.cloudAccountGlobalId).toBe(memberId('zhangsan'))
    expect(await api.deleteMember(DEMO_EID, gid)).toBeNull()
    expect((await api.listMembers(DEMO_EID, { keyword: u, pageNum: 1, pageSize: 10 })).list).toEqual([])
  })
})

describe('error mapping', () => {
  it('a business error on HTTP 299 keeps the code, the server message and cause, the status and the operation', async () => {
    const e = await err(api.editMember(DEMO_EID, 'M999999999999999', { userName: 'x', name: 'y' }))
    expect(e.code).toBe('60002')
    expect(e.details).toMatchObject({ httpStatus: 299, operation: 'editMember' })
    expect(e.details.serverMessage).toBeTruthy()
  })

  it('the service answers in the user language when asked (Accept-Language)', async () => {
    const zh = createApiClient(demoConfig(sb), { locale: 'zh-CN' })
    opened.push(zh)
    const e = await err(zh.editMember(DEMO_EID, 'M999999999999999', { userName: 'x', name: 'y' }))
    expect(e.details.serverMessage).toMatch(/[\u4e00-\u9fff]/)
  })

  it('13004 from the order group with its reason', async () => {
    const e = await err(api.lockAssets({ assetNums: [], operatorIdentity: 'it' }))
    expect(e.code).toBe('13004')
    expect(e.details.retryable).toBe(false)
  })

  it('a 60027 partial success comes back as data: succeeded and failed lists', async () => {
    const u = unique('it')
    const r = await api.addMembers(DEMO_EID, [
      { userName: u, password: 'Secret123', name: 'A' },
      { userName: 'zhangsan', password: 'Secret123', name: 'exists already' },
    ])
    expect(r.partial).toBe(true)
    expect(r.succeeded.map((s) => s.userName)).toEqual([u])
    expect(r.failed).toEqual([expect.objectContaining({ userName: 'zhangsan' })])
  })

  it('an unknown code is kept raw with the server message and shown as such', async () => {
    // A profile whose base URL has a wrong path: the service answers its own undocumented code 404.
    const c = createApiClient(demoConfig(sb, DEMO_SECRETS, { baseUrl: `${sb.url}/wrong-prefix` }), { settings: { maxRetries: 0 } })
    opened.push(c)
    const e = await err(c.lockAssets({ assetNums: ['1'], operatorIdentity: 'it' }))
    expect(e.code).toBe('404')
    expect(e.messageKey).toBe('app.unknownApiCode')
    expect(e.details).toMatchObject({ httpStatus: 404, cause: 'not found', operation: 'lockAssets' })
    expect(e.message).toContain('404')
    expect(e.message).toContain('No operation at POST')
  })
})

describe('tokens', () => {
  it('50 concurrent calls on a fresh client cause one token request per kind', async () => {
    const c = client()
    sb.resetStats()
    await Promise.all(Array.from({ length: 50 }, () => c.listAssetNums(DEMO_EID)))
    expect(sb.stats().tokenRequests).toBe(2) // client_credentials + password: one each
    await Promise.all(Array.from({ length: 50 }, () => c.listVirtualAssets(DEMO_EID)))
    expect(sb.stats().tokenRequests).toBe(3) // + the order app token
  })

  it('tokens revoked on the service (60000/60005) are re-issued once and the calls repeated', async () => {
    const c = client()
    await c.listAssetNums(DEMO_EID)
    await c.queryEnterprise({ channelCode: 'DEMO', channelCustomerId: 'DEMO-0001', defaultCustomer: 'Y' })
    sb.revokeTokens()
    sb.resetStats()
    await Promise.all(Array.from({ length: 20 }, () => c.listAssetNums(DEMO_EID)))
    expect(sb.stats().tokenRequests).toBe(2)
    await c.queryEnterprise({ channelCode: 'DEMO', channelCustomerId: 'DEMO-0001', defaultCustomer: 'Y' })
    expect(sb.stats().tokenRequests).toBe(3)
  })

  it('expired tokens are re-issued the same way', async () => {
    const c = client()
    await c.listLentLocks(DEMO_EID)
    sb.advanceClock(3 * 3600_000)
    sb.resetStats()
    await c.listLentLocks(DEMO_EID)
    expect(sb.stats().tokenRequests).toBeGreaterThanOrEqual(2)
  })

  it('a rejected pasted token is a clear error, not a loop', async () => {
    const c = client({ orderAccessToken: 'not-a-real-token' })
    const e = await err(c.listVirtualAssets(DEMO_EID))
    expect(e.code).toBe('app.pastedTokenRejected')
    expect(e.params['secret']).toBe('orderAccessToken')
  })

  it('wrong credentials are a token-endpoint error with the reason', async () => {
    const c = client({ ...DEMO_SECRETS, orderAppSecret: 'wrong' })
    const e = await err(c.listVirtualAssets(DEMO_EID))
    expect(e.code).toBe('app.tokenRequest')
    expect(String(e.params['detail']).length).toBeGreaterThan(0)
  })
})

describe('retries', () => {
  it('a read is retried on 500 and dropped connections, with a fresh g_nonce each time', async () => {
    sb.queueFault({ kind: 'fail500', operation: 'listAssetNums' })
    sb.queueFault({ kind: 'drop', operation: 'listAssetNums' })
    const nums = await api.listAssetNums(DEMO_EID)
    expect(nums.length).toBeGreaterThan(0)
    // three requests reached the operation; a replayed g_nonce would have been refused by the sandbox
    expect(sb.stats().byOperation['listAssetNums']).toBe(3)
  })

  it('an idempotent write (lock disable) is retried on 500', async () => {
    sb.queueFault({ kind: 'fail500', operation: 'lockAssets', times: 2 })
    const r = await api.lockAssets({ assetNums: [DEMO_ASSETS.refillable[2]], operatorIdentity: 'it' })
    expect(r).toEqual([{ assetNum: DEMO_ASSETS.refillable[2], status: 1 }])
    expect(sb.stats().byOperation['lockAssets']).toBe(3)
  })

  it("a caller's place: given back when an answer is in (read a turn later), while waiting to retry, taken again before the retry", async () => {
    const events: string[] = []
    let open = (): void => undefined
    const gate = new Promise<void>((r) => (open = r))
    const slot = {
      held: true,
      release() {
        if (!this.held) return
        this.held = false
        events.push('release')
        setImmediate(() => events.push('a turn later'))
      },
      async acquire() {
        if (this.held) return
        events.push('acquire')
        await gate
        this.held = true
      },
    }
    sb.queueFault({ kind: 'fail500', operation: 'lockAssets' })
    const call = api.call('lockAssets', { body: { assetNums: [DEMO_ASSETS.refillable[3]], operatorIdentity: 'it' } }, { slot }).then((r) => {
      events.push('answer read')
      return r
    })
    await waitFor(() => expect(events).toContain('acquire'))
    // The retry waits for its place: nothing more reached the service meanwhile.
    await new Promise((r) => setTimeout(r, 50))
    expect(sb.stats().byOperation['lockAssets']).toBe(1)
    open()
    expect((await call).data).toEqual([{ assetNum: DEMO_ASSETS.refillable[3], status: 1 }])
    expect(sb.stats().byOperation['lockAssets']).toBe(2)
    expect(events.filter((e) => e !== 'a turn later')).toEqual(['release', 'acquire', 'release', 'answer read'])
    // The successful answer was read only after the place it gave back could be used.
    expect(events.lastIndexOf('a turn later')).toBeLessThan(events.indexOf('answer read'))
    expect(slot.held).toBe(false)
  })

  it('the magic lock answering 500 every time gives up after maxRetries with code 500', async () => {
    const e = await err(api.lockAssets({ assetNums: [MAGIC_LOCKS.error500], operatorIdentity: 'it' }))
    expect(e.code).toBe('500')
    expect(sb.stats().byOperation['lockAssets']).toBe(5)
  })

  it('a create is never retried: 500 and dropped connections end UNKNOWN', async () => {
    sb.queueFault({ kind: 'fail500', operation: 'addMembers' })
    const e1 = await err(api.addMembers(DEMO_EID, [{ userName: unique('it'), password: 'Secret123', name: 'A' }]))
    expect(e1.code).toBe('app.unknownOutcome')
    sb.queueFault({ kind: 'dropAfterWork', operation: 'getShellNums' })
    const e2 = await err(api.getShellNums(2))
    expect(e2.code).toBe('app.unknownOutcome')
    expect(sb.stats().byOperation['addMembers']).toBe(1)
    expect(sb.stats().byOperation['getShellNums']).toBe(1)
  })
})

describe('reading back after UNKNOWN', () => {
  it('add-employees dropped after the work: the read-back finds them, so nothing is sent twice', async () => {
    const names = [unique('ita'), unique('itb')]
    sb.queueFault({ kind: 'dropAfterWork', operation: 'addMembers' })
    const e = await err(api.addMembers(DEMO_EID, names.map((userName) => ({ userName, password: 'Secret123', name: 'N' }))))
    expect(e.code).toBe('app.unknownOutcome')
    const found = await findMembers(api, DEMO_EID, names)
    expect([...found.keys()].sort()).toEqual([...names].sort())
    expect(sb.stats().creates.received.addMembers?.[names[0]!]).toBe(1)
  })

  it('add-employees dropped before the work: the read-back finds none', async () => {
    const names = [unique('itc')]
    sb.queueFault({ kind: 'drop', operation: 'addMembers' })
    await err(api.addMembers(DEMO_EID, names.map((userName) => ({ userName, password: 'Secret123', name: 'N' }))))
    expect((await findMembers(api, DEMO_EID, names)).size).toBe(0)
  })

  it('bind dropped after the work is found by querying the enterprise', async () => {
    const body = { channelCode: 'DEMO', channelCustomerId: unique('IT-'), customerName: 'c', branchName: 'b', enterpriseName: 'e', passwordMobile: '13800138000' }
    sb.queueFault({ kind: 'dropAfterWork', operation: 'bindEnterprise' })
    expect((await err(api.bindEnterprise(body))).code).toBe('app.unknownOutcome')
    expect(await reconcileBind(api, body)).toMatchObject({ channelCustomerId: body.channelCustomerId })
  })
})

describe('abort and timeouts', () => {
  it('an aborted call stops at once with app.cancelled', async () => {
    sb.setFaults({ latencyMs: 5_000 })
    const ac = new AbortController()
    const asked = sb.stats().byOperation['listAssetNums'] ?? 0
    const p = api.listAssetNums(DEMO_EID, { signal: ac.signal })
    // Aborted once the service has the request (an event, not a time); "at once": before the service answers it.
    await waitFor(() => expect(sb.stats().byOperation['listAssetNums']).toBe(asked + 1))
    ac.abort()
    expect((await err(p)).code).toBe('app.cancelled')
    expect(await Promise.race([sb.idle().then(() => 'answered'), Promise.resolve('still being answered')])).toBe('still being answered')
  })

  it('a read that takes too long times out (and is retried); a create that times out is UNKNOWN', async () => {
    sb.setFaults({ latencyMs: 1_500 })
    const c = createApiClient(demoConfig(sb), { settings: { retryBaseMs: 1, maxRetries: 1 } })
    opened.push(c)
    await c.listAssetNums(DEMO_EID, { timeoutMs: 5_000 }) // warm tokens up with room to spare
    sb.resetStats()
    expect((await err(c.listAssetNums(DEMO_EID, { timeoutMs: 300 }))).code).toBe('app.timeout')
    expect(sb.stats().byOperation['listAssetNums']).toBe(2)
    expect((await err(c.getShellNums(1, { timeoutMs: 300 }))).code).toBe('app.unknownOutcome')
  })
})
