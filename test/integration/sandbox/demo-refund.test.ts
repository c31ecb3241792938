// The demo data lets a new user practise a products refund: the demo enterprise's locks carry products that a
// delete_product order, built as the wizard builds it from the asset's products (member operation 7), removes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AssetProducts } from '@shared/api/models'
import { DEMO_ASSETS, type SandboxHandle } from '../../../src/sandbox/index'
import { APP_KEY, batch, revokeBase } from './fixtures'
import { Client, sandbox } from './helpers'

let sb: SandboxHandle
let c: Client
beforeAll(async () => {
  sb = await sandbox()
  c = await Client.connect(sb.url)
})
afterAll(() => sb.close())

describe('demo locks whose products can be removed', () => {
  it('each refundable demo lock has products, and revoking one as the wizard does removes just it', async () => {
    for (const no of DEMO_ASSETS.productRefund) {
      const a = sb.inspect.asset(no)!
      const d = await c.ok<AssetProducts>('listAssetProducts', { path: { assetId: a.id } })
      expect(d.productInstanceList?.length ?? 0, no).toBeGreaterThanOrEqual(2)
    }
    const no = DEMO_ASSETS.productRefund[0]
    const a = sb.inspect.asset(no)!
    const d = await c.ok<AssetProducts>('listAssetProducts', { path: { assetId: a.id } })
    const p = d.productInstanceList![0]!
    const product = { crmProductId: p.crmProductId, productUri: p.productUri, limitStartDate: p.limitStartTime, limitEndDate: p.limitEndTime, limitConcurrent: p.limitConcurrent, strictMatchWhenDelete: true }
    const entry = { ...revokeBase(a.licenseType, 'delete_product'), srcLicenseOrderId: p.licenseOrderId, assets: [{ assetNos: [no], limitStartDate: null, limitEndDate: null, products: [product] }] }
    const before = sb.inspect.productIdsOf(no).length
    await c.ok('batchOrder', { query: APP_KEY, body: batch('DEMO-REFUND-1', [entry]) })
    expect(sb.inspect.productIdsOf(no)).toHaveLength(before - 1)
  })
})
