// One practice session through all 19 operations in the order a user would meet them, each answer checked
// against the shared response schemas, each step building on the state the previous ones left.
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { AddMembersResult, BatchOrderResult, EnterpriseCreation, EnterpriseCustomer, LentLock, MemberPage, VirtualAsset } from '@shared/api/models'
import { OPERATION_IDS } from '@shared/api/operations'
import type { SandboxHandle } from '../../../src/sandbox/index'
import { APP_KEY, batch, cloudEntry, lockEntry, product } from './fixtures'
import { Client, sandbox } from './helpers'

let sb: SandboxHandle
beforeAll(async () => {
  sb = await sandbox()
})
afterAll(() => sb.close())

it('walks every operation’s success path', async () => {
  const c = await Client.connect(sb.url)

  // Order group: find the demo enterprise, bind and create customers, update one.
  const [demo] = await c.ok<EnterpriseCustomer[]>('queryEnterprise', { query: { channelCode: 'DEMO', channelCustomerId: 'DEMO-0001', defaultCustomer: 'Y' } })
  const ent = demo?.enterpriseGlobalId as string
  await c.ok<EnterpriseCustomer>('bindEnterprise', { body: { channelCode: 'WALK', channelCustomerId: 'W-1', customerName: 'Walk', branchName: 'B', enterpriseName: '演示科技有限公司', passwordMobile: '13800000000' } })
  const created = await c.ok<EnterpriseCreation>('createEnterprise', { body: { crmCustomerId: 'CRM-WALK', customerName: 'Walk Co', branchName: 'B' } })
  expect(created.members).toHaveLength(1)
  await c.ok('updateEnterprise', { body: { crmCustomerId: 'CRM-WALK', customerName: 'Walk Co 2', branchName: 'B', address: 'A' } })

  // Lock numbers, a purchase of locks on them and of a cloud account, then the locks off and on again.
  const shells = await c.ok<string[]>('getShellNums', { body: { size: 2 } })
  const results = await c.ok<BatchOrderResult[]>('batchOrder', {
    query: APP_KEY,
    body: batch('WALK-1', [
      { ...lockEntry(demo?.customerId as string), sequence: 1, assets: [{ assetNos: shells, products: [product('W-P')] }] },
      cloudEntry(demo?.customerId as string, 'WALK0000001', 2),
    ]),
  })
  expect(results.map((r) => r.sequence)).toEqual([1, 2])
  const assets = await c.ok<VirtualAsset[]>('listVirtualAssets', { path: { enterpriseGlobalId: ent } })
  const cloud = assets.find((a) => a.assetNum === 'WALK0000001') as VirtualAsset
  expect(assets.filter((a) => shells.includes(a.assetNum))).toHaveLength(2)
  expect(await c.ok('lockAssets', { body: { assetNums: shells, operatorIdentity: 'walk' } })).toEqual(shells.map((assetNum) => ({ assetNum, status: 1 })))
  expect(await c.ok('unlockAssets', { body: { assetNums: shells, operatorIdentity: 'walk' } })).toEqual(shells.map((assetNum) => ({ assetNum, status: 1 })))

  // Member group: a new employee gets the new cloud account and lends it into a free borrowed lock.
  const added = await c.ok<AddMembersResult>('addMembers', { path: { enterpriseGlobalId: ent }, body: { userList: [{ userName: 'walker', password: 'Walk1234', name: '步行者' }] } })
  const walker = added.succeeded[0]?.globalId as string
  await c.ok('editMember', { path: { enterpriseGlobalId: ent, memberGlobalId: walker }, body: { userName: 'walker', name: '步行者二' } })
  await c.ok('resetPassword', { path: { enterpriseGlobalId: ent, memberGlobalId: walker }, body: { password: 'Walk5678' } })
  await c.ok('configureAssets', { path: { memberGlobalId: walker }, body: { deleteAssets: [], addAssets: ['WALK0000001'] } })
  const nums = await c.ok<{ assetNum: string; cloudAccountGlobalId: string | null }[]>('listAssetNums', { path: { enterpriseGlobalId: ent } })
  expect(nums.find((n) => n.assetNum === 'WALK0000001')?.cloudAccountGlobalId).toBe(walker)
  const products = await c.ok<{ productInstanceList: unknown[] }>('listAssetProducts', { path: { assetId: cloud.id } })
  expect(products.productInstanceList).toHaveLength(1)
  const free = (await c.ok<LentLock[]>('listLentLocks', { path: { enterpriseGlobalId: ent } })).find((l) => !l.borrowedFlag) as LentLock
  await c.ok('lendAssets', { path: { memberGlobalId: walker }, body: { borrowedUsbKey: free.assetNum, assetIDs: [cloud.id] } })
  const page = await c.ok<MemberPage>('listMembers', { path: { enterpriseGlobalId: ent }, query: { pageNum: 1, pageSize: 10, keyword: 'walker' } })
  expect(page.list[0]).toMatchObject({ name: '步行者二', assetNums: ['WALK0000001'], borrowNum: free.assetNum })
  await c.ok('deleteMember', { path: { enterpriseGlobalId: ent, memberGlobalId: walker } })

  const stats = sb.stats()
  for (const id of OPERATION_IDS) expect(stats.byOperation[id], id).toBeGreaterThan(0)
  expect(Object.keys(stats.byCode)).toEqual(['0'])
})
