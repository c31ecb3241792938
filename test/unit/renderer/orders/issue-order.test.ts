/**
 * The wizard's issues follow the fields on screen: the order's own fields, then entry by entry, and inside an entry
 * the form's order (type, customer, the group's numbers, dates, products with their fields and features, packages
 * with theirs), not the order the rules find them in (required fields first, repeats across entries last).
 */
import { describe, expect, it } from 'vitest'
import { emptyEntry, emptyFeature, emptyMerchandise, emptyProduct, type OrderEntryDraft } from '@shared/orders/draft'
import type { RuleIssue } from '@shared/rules/issue'
import { createOrderChecker } from '../../../../src/renderer/models/orders/check'
import { inScreenOrder, screenOrderCache, screenOrderKey } from '../../../../src/renderer/models/orders/issue-order'

/** An entry with issues all over: customer fields, a number repeated, a product, its feature, a package and its product. */
function messyEntry(over: Partial<OrderEntryDraft> = {}): OrderEntryDraft {
  const e = emptyEntry('new_buy')
  const product = { ...emptyProduct(), crmProductId: 'I-1', productUri: 'GMS-1001', productName: '', productType: 'tool', timeDurationExpression: '1-x', productFeatures: [{ ...emptyFeature(), featureName: 'Seats', featureValue: '5', featureValueType: 'int' }] }
  const pkgProduct = { ...emptyProduct(), crmProductId: 'I-3', productUri: '', productName: 'Inside', productType: 'tool' }
  const pkg = { ...emptyMerchandise(), crmProductId: 'I-2', merchandiseNum: 'M-1', merchandiseName: '', products: [pkgProduct] }
  return {
    ...e,
    licenseType: 'normal_recover_usbkey',
    customerName: 'ACME Ltd',
    customerId: 'C1',
    crmCustomerId: 'CRM1',
    channelCustomerId: 'CH1',
    enterpriseGlobalId: 'E1',
    branchCode: 'B1',
    branchName: 'Shanghai',
    adminName: 'Ann',
    adminAccount: 'ann',
    adminEmail: 'ann@example.com',
    adminCellNumber: '13912345678',
    passwordMobile: '13912345678',
    address: '',
    assets: [{ ...e.assets[0]!, assetNos: ['8100000001', 'bad number'], limitStartDate: 2000, limitEndDate: 1000, products: [product], merchandises: [pkg] }],
    ...over,
  }
}

const fields = (issues: readonly RuleIssue[]) => issues.map((i) => i.field)

describe('issues in the order of the fields on screen', () => {
  it('inside an entry: type, customer, numbers, dates, then the product top to bottom, its features, then packages', () => {
    const check = createOrderChecker().check({ channelOrderId: '', syncMode: 'sync', entries: [messyEntry({ adminName: '', customerType: '' as never })] }, 'DEMO')
    const byRules = fields(check.all)
    const shown = fields(inScreenOrder(check.all))
    expect(shown).toEqual([
      'channelOrderId',
      'orderList[0].customerType',
      'orderList[0].adminName',
      'orderList[0].address',
      'orderList[0].assets[0].assetNos[1]',
      'orderList[0].assets[0].limitStartDate',
      'orderList[0].assets[0].products[0].productName',
      'orderList[0].assets[0].products[0].timeDurationExpression',
      'orderList[0].assets[0].products[0].productFeatures[0].featureCode',
      'orderList[0].assets[0].merchandises[0].merchandiseName',
      'orderList[0].assets[0].merchandises[0].licenseOrderProductList[0].productUri',
    ])
    // The rules find them otherwise (the administrator before the customer type, the address after it): the
    // list used to read in that order.
    expect(byRules).not.toEqual(shown)
    expect(byRules.indexOf('orderList[0].adminName')).toBeLessThan(byRules.indexOf('orderList[0].customerType'))
  })

  it('entry by entry: a number repeated from an earlier entry sits at its field, before the later fields of its entry', () => {
    const first = messyEntry({ address: 'Road 1' })
    const second = messyEntry({ customerName: '', address: 'Road 2' })
    second.assets = [{ ...second.assets[0]!, assetNos: ['8100000001'] }]
    const check = createOrderChecker().check({ channelOrderId: 'LD-1', syncMode: 'sync', entries: [first, second] }, 'DEMO')
    const shown = fields(inScreenOrder(check.all))
    const second0 = shown.findIndex((f) => f.startsWith('orderList[1]'))
    // Every issue of entry 1 before any of entry 2.
    expect(shown.slice(0, second0).every((f) => f.startsWith('orderList[0]'))).toBe(true)
    const entry2 = shown.slice(second0)
    expect(entry2[0]).toBe('orderList[1].customerName')
    expect(entry2[1]).toBe('orderList[1].assets[0].assetNos[0]')
    expect(entry2.indexOf('orderList[1].assets[0].assetNos[0]')).toBeLessThan(entry2.indexOf('orderList[1].assets[0].products[0].productName'))
    // The checker appends the repeat after the entry's other issues: the rules' order put it last.
    expect(fields(check.byEntry[1]!).at(-1)).toBe('orderList[1].assets[0].assetNos[0]')
  })

  it('a list’s own issue comes before its items’; items by their place; a revoke product’s dates after how it matches', () => {
    const key = screenOrderKey
    expect(key('orderList[0].assets[0].products') < key('orderList[0].assets[0].products[0].productName')).toBe(true)
    expect(key('orderList[0].assets[0].assetNos[2]') < key('orderList[0].assets[0].assetNos[10]')).toBe(true)
    expect(key('orderList') < key('orderList[0].sequence')).toBe(true)
    expect(key('orderList[1].sequence') > key('orderList[0].assets[3].merchandises[0].children[2].merchandiseNum')).toBe(true)
    expect(key('orderList[0].assets[0].products[0].strictMatchWhenDelete') < key('orderList[0].assets[0].products[0].limitStartDate')).toBe(true)
    // A field the form does not show goes last of its part.
    expect(key('orderList[0].somethingNew') > key('orderList[0].assets[9].products[0].productName')).toBe(true)
  })

  it('kept per list: the same list is sorted once', () => {
    const check = createOrderChecker().check({ channelOrderId: '', syncMode: 'sync', entries: [messyEntry()] }, 'DEMO')
    const ordered = screenOrderCache()
    const list = check.byEntry[0]!
    expect(ordered(list)).toBe(ordered(list))
    expect(fields(ordered(list))).toEqual(fields(inScreenOrder(list)))
  })
})
