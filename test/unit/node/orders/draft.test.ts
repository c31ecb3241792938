import { describe, expect, it } from 'vitest'
import {
  checkOrderDraft,
  countOrder,
  emptyAssetGroup,
  emptyEntry,
  emptyMerchandise,
  emptyOrderDraft,
  emptyProduct,
  orderDraftCustomer,
  orderDraftSchema,
  orderDraftType,
  toBatchOrderBody,
  type OrderDraft,
  type OrderEntryDraft,
} from '@shared/orders/draft'
import { DRAFT_KINDS } from '@shared/drafts/kinds'
import { checkBatchOrderBody } from '@shared/rules/order-rules'

function customer(e: OrderEntryDraft): OrderEntryDraft {
  return {
    ...e,
    licenseType: 'normal_recover_usbkey',
    customerName: 'ACME Ltd',
    customerId: 'C1',
    crmCustomerId: 'CRM1',
    channelCustomerId: 'CH1',
    enterpriseGlobalId: 'E000000000000001',
    branchCode: 'B1',
    branchName: 'North',
    adminName: 'Ann',
    adminAccount: 'ann',
    adminEmail: 'ann@example.com',
    adminCellNumber: '13800000000',
    passwordMobile: '13800000000',
    address: '1 Road',
  }
}

function fullProduct() {
  return { ...emptyProduct(), crmProductId: 'P-1', productUri: 'gms-1', productName: 'Product X', productType: 'tool' }
}

function newBuyDraft(): OrderDraft {
  const d = emptyOrderDraft('LD-1')
  const e = customer(emptyEntry('new_buy'))
  e.assets[0]!.assetNos = ['8000000001', ' 8000000002 ']
  e.assets[0]!.products = [fullProduct()]
  const pkg = { ...emptyMerchandise(), crmProductId: 'M-1', merchandiseNum: 'PK1', merchandiseName: 'Pack', products: [fullProduct()] }
  pkg.children = [{ ...emptyMerchandise(), crmProductId: 'M-2', parentCrmProductId: 'M-1', merchandiseNum: 'PK2', parentMerchandiseNum: 'PK1', merchandiseName: 'Sub' }]
  e.assets[0]!.merchandises = [pkg]
  d.entries = [e]
  return d
}

describe('order draft → order operation 5', () => {
  it('a complete new purchase has no issues and carries every new_buy field, trimmed', () => {
    const d = newBuyDraft()
    expect(checkOrderDraft(d, 'CH')).toEqual([])
    const body = toBatchOrderBody(d, ' CH ')
    expect(body.channelCode).toBe('CH')
    const entry = body.orderList[0]!
    expect(entry.sequence).toBe(1)
    expect(entry.customerId).toBe('C1')
    expect(entry.address).toBe('1 Road')
    expect(entry.assets[0]!.assetNos).toEqual(['8000000001', '8000000002'])
    expect(entry.assets[0]!.merchandises![0]!.children![0]!.children).toBeNull()
    expect(entry.assets[0]!.products![0]!.gmsPid).toBeUndefined()
  })

  it('delete_asset carries only asset numbers and omits the four new_buy fields (rules 2 and 3)', () => {
    const d = newBuyDraft()
    d.entries[0]!.orderType = 'delete_asset'
    const entry = toBatchOrderBody(d, 'CH').orderList[0]!
    expect(entry.assets[0]).toEqual({ assetNos: ['8000000001', '8000000002'] })
    for (const k of ['customerId', 'crmCustomerId', 'passwordMobile', 'address']) expect(entry).not.toHaveProperty(k)
    expect(checkOrderDraft(d, 'CH')).toEqual([])
  })

  it('delete_product carries the six product fields of rule 4 only', () => {
    const d = newBuyDraft()
    d.entries[0]!.orderType = 'delete_product'
    const a = toBatchOrderBody(d, 'CH').orderList[0]!.assets[0]!
    expect(Object.keys(a).sort()).toEqual(['assetNos', 'products'])
    expect(Object.keys(a.products![0]!).sort()).toEqual(['crmProductId', 'limitConcurrent', 'productUri', 'strictMatchWhenDelete'])
  })

  it('a cloud revoke without srcLicenseOrderId is an issue at the entry field (rule 1)', () => {
    const d = newBuyDraft()
    d.entries[0]!.orderType = 'delete_asset'
    d.entries[0]!.licenseType = 'cloud_account'
    const issues = checkOrderDraft(d, 'CH')
    expect(issues.map((i) => i.field)).toEqual(['orderList[0].srcLicenseOrderId'])
    d.entries[0]!.srcLicenseOrderId = 'LO-9'
    expect(checkOrderDraft(d, 'CH')).toEqual([])
  })

  it('an empty field is reported at the draft path that holds it', () => {
    const d = newBuyDraft()
    d.entries.push(customer(emptyEntry('new_buy')))
    d.entries[1]!.assets[0]!.assetNos = ['8000000003']
    d.entries[1]!.assets[0]!.products = [{ ...fullProduct(), productName: '  ', limitConcurrent: null }]
    const fields = checkOrderDraft(d, 'CH').map((i) => i.field)
    expect(fields).toContain('orderList[1].assets[0].products[0].productName')
    expect(fields).toContain('orderList[1].assets[0].products[0].limitConcurrent')
    // The same body through the rules directly gives the same issues (one rule set).
    expect(checkBatchOrderBody(toBatchOrderBody(d, 'CH')).map((i) => i.field)).toEqual(fields)
  })

  it('a new empty draft and entry parse, and the Drafts summary counts issues and is not ready', () => {
    const d = emptyOrderDraft()
    d.entries = [emptyEntry()]
    d.ready = true
    expect(orderDraftSchema.parse(JSON.parse(JSON.stringify(d)))).toEqual(d)
    const s = DRAFT_KINDS['orders.order'].summarize(d)
    expect(s.issues).toBeGreaterThan(0)
    expect(s.ready).toBe(false)
    expect(s.type).toBe('new_buy')
  })

  it('the schema refuses what is out of bounds', () => {
    const d = emptyOrderDraft()
    d.entries = [emptyEntry()]
    d.entries[0]!.assets[0]!.assetNos = Array.from({ length: 20_001 }, (_, i) => String(i))
    expect(orderDraftSchema.safeParse(d).success).toBe(false)
  })

  it('counts, type and customer words', () => {
    const d = newBuyDraft()
    d.entries.push({ ...customer(emptyEntry('delete_asset')), customerName: 'Beta Co', assets: [emptyAssetGroup()] })
    expect(countOrder(d)).toEqual({ entries: 2, assetNumbers: 2, products: 2, merchandises: 2 })
    expect(orderDraftType(d)).toBe('mixed')
    expect(orderDraftCustomer(d)).toBe('ACME Ltd +1')
  })
})
