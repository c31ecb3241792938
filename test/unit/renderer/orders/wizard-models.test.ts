/**
 * The wizard's models: issue paths to places, labels and anchors in both languages; the cached check equal to the
 * shared one; review sentences; list edits and the asset-number box.
 */
import { describe, expect, it } from 'vitest'
import { checkOrderDraft, emptyEntry, emptyMerchandise, emptyProduct, type OrderDraft, type OrderEntryDraft } from '@shared/orders/draft'
import { anchorId, fieldDomId, issueLocation, issueMessage, issuePlace, issuesByAnchor, showIssue } from '../../../../src/renderer/models/orders/fields'
import { createOrderChecker } from '../../../../src/renderer/models/orders/check'
import { durationWords, entrySentences, reviewCounts } from '../../../../src/renderer/models/orders/review'
import { countedLicenses, licenseTypeGroups } from '../../../../src/renderer/models/orders/license-types'
import { addNumbers, boxSays, copyEntry, moveItem, newOrder, orderFromTemplate, orderTemplate, readNumbersBox } from '../../../../src/renderer/models/orders/wizard'
import { sayIn, tIn } from '../support/say'

/** A complete new_buy entry the rules accept. */
function goodEntry(over: Partial<OrderEntryDraft> = {}): OrderEntryDraft {
  const e = emptyEntry('new_buy')
  const product = { ...emptyProduct(), crmProductId: 'I-1', productUri: 'GMS-1001', productName: 'Cost Estimator', productType: 'tool', limitConcurrent: 5 }
  const pkg = { ...emptyMerchandise(), crmProductId: 'I-2', merchandiseNum: 'M-1', merchandiseName: 'Suite', products: [{ ...product, crmProductId: 'I-3' }] }
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
    address: 'No. 1 Road',
    assets: [{ ...e.assets[0]!, assetNos: ['8100000001', '8100000002'], products: [product], merchandises: [{ ...pkg, children: [{ ...emptyMerchandise(), crmProductId: 'I-4', merchandiseNum: 'M-2', merchandiseName: 'Add-on', parentMerchandiseNum: 'M-1' }] }] }],
    ...over,
  }
}

describe('issue places', () => {
  it('reads a deep path into entry, steps, field and the draft path', () => {
    const p = issuePlace('orderList[2].assets[0].merchandises[1].children[0].licenseOrderProductList[3].productFeatures[1].featureCode')
    expect(p.entry).toBe(2)
    expect(p.field).toBe('featureCode')
    expect(p.path).toBe('orderList[2].assets[0].merchandises[1].children[0].products[3].productFeatures[1].featureCode')
    expect(issueLocation(p, tIn('en'))).toBe('Entry 3 › Asset group 1 › Package 2 › Package 1 › Product 4 › Feature 2')
    expect(issueLocation(p, tIn('zh-CN'))).toBe('条目 3 › 资产组 1 › 产品包 2 › 产品包 1 › 产品 4 › 功能 2')
  })

  it('an item of a list of values shows at the list, named by its place', () => {
    const p = issuePlace('orderList[0].assets[1].assetNos[4]')
    expect(p.item).toBe(4)
    expect(p.path).toBe('orderList[0].assets[1].assetNos')
    expect(anchorId(p.path)).toBe('of-orderList-0-assets-1-assetNos')
    // In the page, an entry's input is named without its entry (one entry shows at a time); the order's own keep theirs.
    expect(fieldDomId(p.path)).toBe('of-entry-assets-1-assetNos')
    expect(fieldDomId('orderList[57].customerName')).toBe('of-entry-customerName')
    expect(fieldDomId('channelOrderId')).toBe('of-channelOrderId')
    const msg = issueMessage({ code: '13004', field: 'orderList[0].assets[1].assetNos[4]', rule: 'duplicate', params: { value: '8100000001' }, sequence: 1 }, sayIn('en'))
    expect(msg).toBe('Asset number 5 repeats "8100000001"')
  })

  it('header fields have no entry and no location', () => {
    const s = showIssue({ code: '13004', field: 'channelOrderId', rule: 'required' }, sayIn('zh-CN'))
    expect(s.place.entry).toBeNull()
    expect(s.location).toBe('')
    expect(s.message).toBe('客户订单号不能为空')
    expect(s.anchor).toBe('of-channelOrderId')
  })

  it('names fields as the screen does, never the raw path, in both languages', () => {
    const draft: OrderDraft = { ...newOrder(''), entries: [emptyEntry('new_buy')] }
    draft.entries[0]!.assets[0]!.products = [emptyProduct()]
    const issues = checkOrderDraft(draft, '')
    expect(issues.length).toBeGreaterThan(10)
    for (const locale of ['en', 'zh-CN'] as const) {
      for (const i of issues) {
        const m = issueMessage(i, sayIn(locale))
        expect(m).not.toMatch(/orderList|\[\d+\]|assets\.|productName|crmProductId|Order sequence|订单序号/)
      }
    }
    expect(issueMessage(issues.find((i) => i.field.endsWith('productName'))!, sayIn('en'))).toBe('Product name is required')
  })

  it('says the lent-lock rule in words', () => {
    const i = { code: '13004', field: 'orderList[0].assets[0].borrowedUsbKey', rule: 'notAllowed' as const, params: { detail: 'softkey is not a lock' } }
    expect(issueMessage(i, sayIn('en'))).toContain('Lent lock applies only to locks')
    expect(issueMessage(i, sayIn('zh-CN'))).toContain('借用锁只适用于加密锁')
  })

  it('groups issues by the anchor of their input', () => {
    const m = issuesByAnchor([
      { code: '13004', field: 'orderList[0].assets[0].assetNos[1]', rule: 'duplicate' },
      { code: '13004', field: 'orderList[0].assets[0].assetNos[3]', rule: 'assetNumber' },
      { code: '13004', field: 'orderList[0].customerName', rule: 'required' },
    ])
    expect(m.get('of-orderList-0-assets-0-assetNos')).toHaveLength(2)
    expect(m.get('of-orderList-0-customerName')).toHaveLength(1)
  })
})

describe('the cached check', () => {
  it('finds exactly what the shared check finds, and re-checks only the entry replaced', () => {
    const bad = emptyEntry('delete_product')
    const draft: OrderDraft = { ...newOrder('LD-1'), entries: [goodEntry(), bad, goodEntry({ licenseType: 'softkey' })] }
    draft.entries[2]!.assets[0]!.borrowedUsbKey = true
    const checker = createOrderChecker()
    const first = checker.check(draft, 'DEMO')
    expect(first.all).toEqual(checkOrderDraft(draft, 'DEMO'))
    expect(first.byEntry[0]).toEqual([])
    expect(first.byEntry[2]!.map((i) => i.field)).toContain('orderList[2].assets[0].borrowedUsbKey')

    // The same objects: the same issue lists (from the cache).
    const again = checker.check(draft, 'DEMO')
    expect(again.byEntry[1]).toBe(first.byEntry[1])
    // One entry replaced: only it is new; moved entries are checked at their new place.
    const fixed = { ...draft, entries: [draft.entries[2]!, goodEntry(), draft.entries[0]!] }
    const third = checker.check(fixed, '')
    expect(third.all).toEqual(checkOrderDraft(fixed, ''))
    expect(third.header.map((i) => i.field)).toEqual(['channelCode'])
  })

  it('finds a number in two entries, with the "orders per batch" setting given, as the shared check does (issue 28)', () => {
    const a = goodEntry()
    const b = goodEntry({ assets: [{ ...goodEntry().assets[0]!, assetNos: ['8100000009', '8100000002'] }] })
    const c = goodEntry({ assets: [{ ...goodEntry().assets[0]!, assetNos: ['8100000010'] }] })
    const draft: OrderDraft = { ...newOrder('LD-2'), entries: [a, b, c] }
    const checker = createOrderChecker()
    const limits = { maxOrdersPerBatch: 2 }
    const r = checker.check(draft, 'DEMO', limits)
    expect(r.all).toEqual(checkOrderDraft(draft, 'DEMO', limits))
    expect(r.header.map((i) => `${i.field} ${i.rule}`)).toEqual(['orderList maxItems'])
    expect(r.byEntry[1]!.map((i) => i.field)).toEqual(['orderList[1].assets[0].assetNos[1]'])
    expect(issueMessage(r.byEntry[1]![0]!, sayIn('en'))).toBe('Asset number 2 repeats "8100000002" (first at Entry 1 › Asset group 1 › Asset number 2)')
    expect(issueMessage(r.byEntry[1]![0]!, sayIn('zh-CN'))).toBe('第 2 个资产编号重复：“8100000002”（首次出现在 条目 1 › 资产组 1 › 第 2 个资产编号）')
    // The default limit (100) passes three entries; the repeat stays while nothing changed, as the same list.
    const again = checker.check(draft, 'DEMO')
    expect(again.header).toEqual([])
    expect(again.byEntry[1]).toBe(r.byEntry[1])
    // The first entry removed: the repeat is gone from the entry that was not edited.
    const fixed = { ...draft, entries: [b, c] }
    expect(checker.check(fixed, 'DEMO').all).toEqual([])
    expect(checkOrderDraft(fixed, 'DEMO')).toEqual([])
  })

  it('keeps warnings apart from issues', () => {
    const draft: OrderDraft = { ...newOrder('LD-3'), entries: [goodEntry({ adminEmail: 'ann.example.com' })] }
    const r = createOrderChecker().check(draft, 'DEMO')
    expect(r.all).toEqual([])
    expect(r.warnings.map((i) => `${i.field} ${i.rule}`)).toEqual(['orderList[0].adminEmail unlikelyEmail'])
    expect(issueMessage(r.warnings[0]!, sayIn('en'))).toMatch(/^Administrator e-mail does not look like an e-mail address/)
  })

  it('an order without entries says so at the order', () => {
    const r = createOrderChecker().check({ channelOrderId: 'X', syncMode: 'sync', entries: [] }, 'C')
    expect(r.all).toEqual(checkOrderDraft({ ...newOrder('X'), entries: [] }, 'C'))
    expect(r.all.map((i) => i.field)).toEqual(['orderList'])
  })
})

describe('review sentences', () => {
  it('says a new purchase as the issue asks', () => {
    const e = goodEntry()
    e.assets[0]!.assetNos = Array.from({ length: 10 }, (_, i) => `81000000${String(i).padStart(2, '0')}`)
    e.assets[0]!.merchandises = [{ ...emptyMerchandise(), merchandiseName: 'Package Y' }]
    expect(entrySentences(e, tIn('en'))).toEqual(['10 stand-alone refillable locks for ACME Ltd: Cost Estimator, 5 nodes, 1 year; package Package Y'])
    expect(entrySentences(e, tIn('zh-CN'))).toEqual(['为 ACME Ltd 开通 10 个单机可充值锁：Cost Estimator，5 个节点，1 年；产品包 Package Y'])
  })

  it('says packages with their products and sub-packages, and one lock in the singular', () => {
    const e = goodEntry()
    e.assets[0]!.assetNos = ['8100000001']
    expect(entrySentences(e, tIn('en'))[0]).toBe(
      '1 stand-alone refillable lock for ACME Ltd: Cost Estimator, 5 nodes, 1 year; package Suite (Cost Estimator, 5 nodes, 1 year; package Add-on)',
    )
  })

  it('says revokes with their numbers', () => {
    const e = { ...goodEntry(), orderType: 'delete_asset' as const }
    e.assets = [{ ...e.assets[0]!, assetNos: ['8100000001', '8100000002', '8100000003', '8100000004', '8100000005', '8100000006', '8100000007'] }]
    expect(entrySentences(e, tIn('en'))[0]).toBe('Revoke 7 stand-alone refillable locks of ACME Ltd: 8100000001, 8100000002, 8100000003, 8100000004, 8100000005 and 2 more')
    const p = { ...goodEntry(), orderType: 'delete_product' as const }
    p.assets = [{ ...p.assets[0]!, assetNos: ['8100000001'], merchandises: [] }]
    expect(entrySentences(p, tIn('en'))[0]).toBe('Revoke from 1 stand-alone refillable lock of ACME Ltd (8100000001): Cost Estimator, 5 nodes, 1 year')
  })

  it('words durations and counts', () => {
    expect(durationWords('2-6-0', tIn('en'))).toBe('2 years 6 months')
    expect(durationWords('0-0-1', tIn('en'))).toBe('1 day')
    expect(durationWords('1-0-15', tIn('zh-CN'))).toBe('1 年 15 天')
    expect(durationWords('soon', tIn('en'))).toBe('soon')
    const counts = reviewCounts({ entries: [goodEntry(), goodEntry({ licenseType: 'cloud_account' })] })
    expect(counts).toEqual({ entries: 2, locks: 2, otherAssets: 2, products: 4, packages: 4 })
    expect(countedLicenses('lan_softkey', 1, tIn('en'))).toBe('1 network certificate')
  })

  it('groups the 14 license types into the 7 groups, each type once', () => {
    const groups = licenseTypeGroups(tIn('en'))
    expect(groups.map((g) => g.label)).toEqual(['Locks', 'Network locks', 'Identity locks', 'Certificates', 'Cloud licenses', 'Product entity', 'Key-account locks'])
    expect(groups.flatMap((g) => g.types).length).toBe(14)
  })
})

describe('wizard edits', () => {
  it('copies entries with new keys, nothing shared', () => {
    const e = goodEntry()
    const c = copyEntry(e)
    expect(c.key).not.toBe(e.key)
    expect(c.assets[0]!.key).not.toBe(e.assets[0]!.key)
    expect(c.assets[0]!.assetNos).not.toBe(e.assets[0]!.assetNos)
    expect(c.assets[0]!.merchandises[0]!.children[0]!.key).not.toBe(e.assets[0]!.merchandises[0]!.children[0]!.key)
    expect({ ...c, key: '' }.customerName).toBe('ACME Ltd')
  })

  it('templates: an order template drops its number; starting from one gives a new number, not ready', () => {
    const d: OrderDraft = { ...newOrder('LD-OLD'), entries: [goodEntry()], ready: true }
    const t = orderTemplate(d)
    expect(t.scope === 'order' && t.order.channelOrderId).toBe('')
    const n = orderFromTemplate(t, 'LD-NEW')
    expect(n.channelOrderId).toBe('LD-NEW')
    expect(n.ready).toBe(false)
    expect(n.entries[0]!.key).not.toBe(d.entries[0]!.key)
    const one = orderFromTemplate({ scope: 'entry', entry: goodEntry() }, 'LD-2')
    expect(one.entries).toHaveLength(1)
  })

  it('moves items', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a'])
    expect(moveItem(['a', 'b', 'c'], 2, -5)).toEqual(['c', 'a', 'b'])
  })

  it('reads the numbers box as the Locks screen does', () => {
    expect(readNumbersBox('８１００００００01\n8100000002, 8100000003\n\n"8100000004"')).toEqual(['8100000001', '8100000002', '8100000003', '8100000004'])
    expect(readNumbersBox('abc def')).toEqual(['abc def'])
    expect(boxSays('8100000001\n8100000002\n', ['8100000001', '8100000002'])).toBe(true)
    expect(boxSays('8100000001', ['8100000001', '8100000002'])).toBe(false)
    expect(addNumbers(['A1'], ['a1', 'B2', 'B2'])).toEqual(['A1', 'B2'])
  })
})
