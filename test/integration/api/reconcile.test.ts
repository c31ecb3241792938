/**
 * Reading back after a create that ended UNKNOWN, against the sandbox: the connection is dropped after the work
 * (done) or before it (not done), and each reconciler tells which.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { AppError } from '@shared/errors/app-error'
import type { BatchOrderBody } from '@shared/api/orders'
import { createApiClient, type ApiClient } from '../../../src/main/api/client'
import { reconcileBatchOrder, reconcileDeleteMember, reconcileLend, reconcileShellNums } from '../../../src/main/api/reconcile'
import { DEMO_ASSETS, type SandboxHandle } from '../../../src/sandbox/index'
import { DEMO_EID, demoConfig, sandbox, unique } from './support'

let sb: SandboxHandle
let api: ApiClient

beforeAll(async () => {
  sb = await sandbox()
  api = createApiClient(demoConfig(sb), { settings: { retryBaseMs: 5 } })
})
afterAll(async () => {
  await api.close()
  await sb.close()
})
beforeEach(() => sb.clearFaults())

async function unknown(p: Promise<unknown>): Promise<void> {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  )
  expect(e).toBeInstanceOf(AppError)
  expect((e as AppError).code).toBe('app.unknownOutcome')
}

function order(customerId: string, assetNo: string, sequence: number): BatchOrderBody['orderList'][number] {
  return {
    sequence, customerId, crmCustomerId: 'CRM-DEMO-0001', customerName: '演示科技有限公司', channelCustomerId: 'DEMO-0001',
    adminName: '管理员', adminAccount: 'demoadmin', adminEmail: 'admin@example.com', adminCellNumber: '13800138000',
    passwordMobile: '13800138000', address: '北京', customerType: 'company', branchCode: 'BJ', branchName: '北京分公司',
    enterpriseGlobalId: DEMO_EID, licenseType: 'normal_recover_usbkey', orderType: 'new_buy',
    assets: [{ assetNos: [assetNo], products: [{ crmProductId: unique('P-'), parentCrmProductId: '', productUri: 'GMS-1001', productName: '计价软件', productType: 'tool', limitConcurrent: 1, limitTimeDuration: 0, strictMatchWhenDelete: false, trial: 0, trialEndDate: 0, timeUnit: 'year', timeUnitQuantity: 1, timeDurationExpression: '1-0-0', productFeatures: [] }] }],
  }
}

describe('reconcilers', () => {
  it('batch order: a new purchase dropped after the work is done; one dropped before it is not', async () => {
    const customerId = (await api.queryEnterprise({ channelCode: 'DEMO', channelCustomerId: 'DEMO-0001', defaultCustomer: 'Y' }))[0]!.customerId
    const a = `84${String(Date.now()).slice(-8)}`
    const b = `85${String(Date.now()).slice(-8)}`
    const after: BatchOrderBody = { channelCode: 'DEMO', channelOrderId: unique('O-'), syncMode: 'sync', orderList: [order(customerId, a, 1)] }
    sb.queueFault({ kind: 'dropAfterWork', operation: 'batchOrder' })
    await unknown(api.batchOrder(after))
    expect((await reconcileBatchOrder(api, after, { memberProducts: true })).get(1)).toBe('done')
    // Without products to read and without knowing what was listed before, a listed asset proves nothing.
    expect((await reconcileBatchOrder(api, after)).get(1)).toBe('unknown')
    expect((await reconcileBatchOrder(api, after, { preExisting: [] })).get(1)).toBe('done')
    const before: BatchOrderBody = { channelCode: 'DEMO', channelOrderId: unique('O-'), syncMode: 'sync', orderList: [order(customerId, b, 1)] }
    sb.queueFault({ kind: 'drop', operation: 'batchOrder' })
    await unknown(api.batchOrder(before))
    expect((await reconcileBatchOrder(api, before)).get(1)).toBe('notDone')
  })

  it('lend: done when the lent lock now belongs to the employee', async () => {
    const zhangsan = sb.inspect.employeeByUserName(DEMO_EID, 'zhangsan')!.globalId
    const body = { borrowedUsbKey: DEMO_ASSETS.freeBorrowedLocks[2], assetIDs: [sb.inspect.asset(DEMO_ASSETS.cloudAccounts[2])!.id] }
    expect(await reconcileLend(api, DEMO_EID, zhangsan, body)).toBe('notDone')
    sb.queueFault({ kind: 'dropAfterWork', operation: 'lendAssets' })
    await unknown(api.lendAssets(zhangsan, body))
    expect(await reconcileLend(api, DEMO_EID, zhangsan, body)).toBe('done')
  })

  it('delete employee: done when the employee is gone', async () => {
    const u = unique('del')
    const gid = (await api.addMembers(DEMO_EID, [{ userName: u, password: 'Secret123', name: 'D' }])).succeeded[0]!.globalId
    sb.queueFault({ kind: 'drop', operation: 'deleteMember' })
    await unknown(api.deleteMember(DEMO_EID, gid))
    expect(await reconcileDeleteMember(api, DEMO_EID, gid, { userName: u })).toBe('notDone')
    sb.queueFault({ kind: 'dropAfterWork', operation: 'deleteMember' })
    await unknown(api.deleteMember(DEMO_EID, gid))
    expect(await reconcileDeleteMember(api, DEMO_EID, gid, { userName: u })).toBe('done')
    expect(await reconcileDeleteMember(api, DEMO_EID, gid)).toBe('done')
  })

  it('shell numbers cannot be read back', () => {
    expect(reconcileShellNums()).toBe('unknown')
  })
})
