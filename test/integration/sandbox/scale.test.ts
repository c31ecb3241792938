// The large demo data: scale 2000 gives the demo enterprise 50,000 employees and 200,000 assets, and the
// operations stay usable at that size (paging, keyword search, asset numbers).
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { EnterpriseAssetNum, MemberPage } from '@shared/api/models'
import type { SandboxHandle } from '../../../src/sandbox/index'
import { Client, DEMO_ENTERPRISE, sandbox } from './helpers'

let sb: SandboxHandle
let c: Client
beforeAll(async () => {
  sb = await sandbox({ scale: 2000 })
  c = await Client.connect(sb.url)
})
afterAll(() => sb.close())

const at = { enterpriseGlobalId: DEMO_ENTERPRISE }

it('holds 50,000 employees, paged', async () => {
  const last = await c.ok<MemberPage>('listMembers', { path: at, query: { pageNum: 100, pageSize: 500 } })
  expect(last).toMatchObject({ total: 50_000, pages: 100, size: 500, isLastPage: true, endRow: 50_000 })
  expect(last.navigatepageNums).toEqual([93, 94, 95, 96, 97, 98, 99, 100])
})

it('finds employees by keyword among 50,000', async () => {
  const found = await c.ok<MemberPage>('listMembers', { path: at, query: { pageNum: 1, pageSize: 10, keyword: 'zhangsan' } })
  expect(found.list[0]?.userName).toBe('zhangsan')
  const many = await c.ok<MemberPage>('listMembers', { path: at, query: { pageNum: 1, pageSize: 10, keyword: 'wang' } })
  expect(many.total).toBeGreaterThan(1000)
})

it('holds 200,000 assets', async () => {
  const nums = await c.ok<EnterpriseAssetNum[]>('listAssetNums', { path: at })
  expect(nums).toHaveLength(200_000)
  expect(new Set(nums.map((n) => n.assetNum)).size).toBe(200_000)
})
