import { describe, expect, it } from 'vitest'
import { checkOrderDraft, emptyEntry, emptyProduct, emptyMerchandise, orderDraftSchema, orderTemplateSchema } from '@shared/orders/draft'
import { DRAFT_KINDS, MAX_DRAFT_FILE_BYTES } from '@shared/drafts/kinds'
import type { OrderSummary } from '@shared/ipc/channels/orders'
import { errorText, i18n } from '../../../../src/renderer/i18n'
import {
  draftErrorInWords,
  draftName,
  draftFieldWords,
  draftFileTooBig,
  draftOrderNote,
  ordersByDraft,
  draftState,
  draftTypeKey,
  tabQuery,
} from '../../../../src/renderer/models/drafts/drafts-list'
import { copyEntry as rekeyEntry, orderFromTemplate, orderTemplate as templateFromOrder } from '../../../../src/renderer/models/orders/wizard'
import { sayIn } from '../support/say'

function order() {
  const e = emptyEntry('new_buy')
  e.customerName = 'ACME Ltd'
  const p = emptyProduct()
  p.productName = 'Product X'
  const m = emptyMerchandise()
  m.children = [emptyMerchandise()]
  m.products = [emptyProduct()]
  e.assets[0]!.products = [p]
  e.assets[0]!.merchandises = [m]
  e.assets[0]!.assetNos = ['8100000001']
  return orderDraftSchema.parse({ channelOrderId: 'LD-1', ready: true, entries: [e] })
}

/** Every row key of an entry, at any depth. */
function keys(e: ReturnType<typeof emptyEntry>): string[] {
  const out = [e.key]
  const walkM = (m: ReturnType<typeof emptyMerchandise>): void => {
    out.push(m.key, ...m.products.map((p) => p.key))
    m.children.forEach(walkM)
  }
  for (const a of e.assets) {
    out.push(a.key, ...a.products.map((p) => p.key))
    a.merchandises.forEach(walkM)
  }
  return out
}

describe('Drafts tabs and rows', () => {
  it('each tab lists its kinds; removed drafts of both kinds in their own tab', () => {
    expect(tabQuery('orders')).toEqual({ kinds: ['orders.order'], removed: false })
    expect(tabQuery('templates')).toEqual({ kinds: ['orders.template'], removed: false })
    expect(tabQuery('removed')).toEqual({ kinds: ['orders.order', 'orders.template'], removed: true })
    // The kinds the area lists are listed kinds of the store.
    expect(DRAFT_KINDS['orders.order'].listed && DRAFT_KINDS['orders.template'].listed).toBe(true)
  })

  it('says ready, how many issues, or not marked ready, from the store summary', () => {
    expect(draftState({ kind: 'orders.order', summary: { issues: 0, ready: true } })).toEqual({ state: 'ready' })
    expect(draftState({ kind: 'orders.order', summary: { issues: 3, ready: false } })).toEqual({ state: 'issues', count: 3 })
    expect(draftState({ kind: 'orders.order', summary: { issues: 0, ready: false } })).toEqual({ state: 'unmarked' })
    expect(draftState({ kind: 'orders.order', summary: {} })).toEqual({ state: 'unknown' })
    expect(draftState({ kind: 'orders.template', summary: { issues: 2 } })).toEqual({ state: 'template' })
    // The summary the store computes for a real draft reads the same way.
    const summary = DRAFT_KINDS['orders.order'].summarize(orderDraftSchema.parse({ entries: [emptyEntry()] }))
    expect(draftState({ kind: 'orders.order', summary })).toMatchObject({ state: 'issues' })
  })

  it('words the order type, several types, or none', () => {
    expect(draftTypeKey('new_buy')).toBe('new_buy')
    expect(draftTypeKey('delete_product')).toBe('delete_product')
    expect(draftTypeKey('mixed')).toBe('mixed')
    expect(draftTypeKey('')).toBe('none')
    expect(draftTypeKey(undefined)).toBe('none')
    expect(draftTypeKey('disable')).toBe('none')
  })
})

describe('templates (the wizard\'s model, as the Drafts area uses it)', () => {
  it('an order started from a whole-order template gets its entries with fresh keys, a new number, and is not ready', () => {
    const o = order()
    const tpl = templateFromOrder(o)
    expect(orderTemplateSchema.parse(tpl)).toEqual(tpl)
    expect(tpl.scope === 'order' && tpl.order.channelOrderId).toBe('')
    expect(tpl.scope === 'order' && tpl.order.ready).toBe(false)
    const started = orderFromTemplate(tpl, 'LD-2')
    expect(started.channelOrderId).toBe('LD-2')
    expect(started.ready).toBe(false)
    expect(started.entries[0]!.customerName).toBe('ACME Ltd')
    expect(started.entries[0]!.assets[0]!.products[0]!.productName).toBe('Product X')
    const before = new Set(keys(o.entries[0]!))
    for (const k of keys(started.entries[0]!)) expect(before.has(k)).toBe(false)
    // Same shape as the template: what the template holds is what the new order is checked on.
    expect(checkOrderDraft(started, 'C')).toEqual(checkOrderDraft({ ...o, channelOrderId: 'LD-2', ready: false }, 'C'))
  })

  it('an entry template starts an order of that one entry', () => {
    const e = order().entries[0]!
    const started = orderFromTemplate({ scope: 'entry', entry: e }, 'LD-3')
    expect(started.entries).toHaveLength(1)
    expect(started.entries[0]!.key).not.toBe(e.key)
    expect(started.entries[0]!.assets[0]!.assetNos).toEqual(['8100000001'])
    expect(orderDraftSchema.parse(started)).toEqual(started)
  })

  it('a copy shares no list with the original (editing one never changes the other)', () => {
    const e = order().entries[0]!
    const copy = rekeyEntry(e)
    copy.assets[0]!.assetNos.push('8100000002')
    copy.assets[0]!.merchandises[0]!.children.push(emptyMerchandise())
    expect(e.assets[0]!.assetNos).toEqual(['8100000001'])
    expect(e.assets[0]!.merchandises[0]!.children).toHaveLength(1)
  })
})

describe('drafts files', () => {
  it('a file too large to be ours is refused before it is read, in the user’s language', () => {
    expect(draftFileTooBig(MAX_DRAFT_FILE_BYTES)).toBeNull()
    const e = draftFileTooBig(MAX_DRAFT_FILE_BYTES + 1)!
    expect(errorText(e, 'en')).toContain('Nothing was imported')
    expect(errorText(e, 'zh-CN')).toContain('未导入任何内容')
  })
})

describe('a damaged draft, said in words', () => {
  it('names the place inside the order as the screens do, in both languages', () => {
    expect(draftFieldWords('entries.0.assets.1.products.2.productName', sayIn('en'))).toBe('Entry 1 › Asset group 2 › Product 3 › Product name')
    expect(draftFieldWords('entries.2.assets.0.merchandises.1.children.0.products.0.productUri', sayIn('en'))).toMatch(/^Entry 3 › Asset group 1 › Package 2 › Package 1 › Product 1 › /)
    expect(draftFieldWords('order.entries.3.key', sayIn('zh-CN'))).toBe('条目 4 › 行标识')
    expect(draftFieldWords('entry.orderType', sayIn('zh-CN'))).toBe('条目 1 › 订单类型')
    expect(draftFieldWords('(whole draft)', sayIn('en'))).toBe('The whole draft')
    const e = { code: 'app.draftFileBadDraft', messageKey: 'app.draftFileBadDraft', params: { index: 1, name: 'x', field: 'entries.0.orderType' }, details: {} }
    expect(errorText(draftErrorInWords(e, sayIn('en')), 'en')).toBe('Draft 1 of this file (“x”) is damaged or of an unknown kind (Entry 1 › Order type). Nothing was imported.')
    expect(errorText(draftErrorInWords(e, sayIn('zh-CN')), 'zh-CN')).toContain('条目 1 › 订单类型')
    // Other errors pass as they are.
    const other = { code: 'app.draftFileNotOurs', messageKey: 'app.draftFileNotOurs', params: {}, details: {} }
    expect(draftErrorInWords(other, sayIn('en'))).toBe(other)
  })
})

describe('what became of a submitted draft', () => {
  const order = (id: string, draftId: string | null, state: OrderSummary['state']): OrderSummary => ({
    id, profileId: 'p', channelOrderId: `LD-${id}`, syncMode: 'sync', state, customer: '', entries: 1, assetNumbers: 1, type: 'new_buy',
    licenseOrderIds: [], draftId, draftName: '', createdAt: 0, updatedAt: 0, sentAt: null, finishedAt: null, nextTryAt: null, attempts: 0, lastError: null,
  })

  it('takes the latest order of each draft, and says refused or submitted (withdrawn is a plain draft again)', () => {
    const map = ordersByDraft([order('3', 'd1', 'refused'), order('2', 'd1', 'done'), order('1', 'd2', 'queued'), order('0', null, 'done')])
    expect([...map.keys()]).toEqual(['d1', 'd2'])
    expect(draftOrderNote(map.get('d1'))?.kind).toBe('refused')
    expect(draftOrderNote(map.get('d2'))?.kind).toBe('submitted')
    expect(draftOrderNote(order('4', 'd3', 'withdrawn'))).toBeNull()
    expect(draftOrderNote(undefined)).toBeNull()
  })
})

describe('what a draft is called in the list', () => {
  const t = (key: string, params?: Record<string, unknown>) => i18n.global.t(key, params ?? {})
  it('its name; else its customer; else its order number; else "(no name)"', () => {
    i18n.global.locale.value = 'en'
    const noName = { ...orderDraftSchema.parse({ channelOrderId: 'LD-20260101-000000-ABCD', syncMode: 'sync', entries: [] }) }
    const summary = DRAFT_KINDS['orders.order'].summarize(noName)
    expect(summary.number).toBe('LD-20260101-000000-ABCD')
    expect(draftName({ name: '', summary }, t)).toBe('Order LD-20260101-000000-ABCD')
    expect(draftName({ name: '', summary: { ...summary, customer: 'ACME Ltd' } }, t)).toBe('ACME Ltd')
    expect(draftName({ name: 'Spring renewal', summary: { ...summary, customer: 'ACME Ltd' } }, t)).toBe('Spring renewal')
    expect(draftName({ name: '', summary: {} }, t)).toBe('(no name)')
    i18n.global.locale.value = 'zh-CN'
    expect(draftName({ name: '', summary }, t)).toBe('订单 LD-20260101-000000-ABCD')
    i18n.global.locale.value = 'en'
  })
})
