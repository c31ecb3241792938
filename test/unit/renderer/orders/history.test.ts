import { describe, expect, it } from 'vitest'
import type { OrderRecord } from '@shared/ipc/channels/orders'
import { ORDER_STATES, NOT_SENT_STATES } from '@shared/orders/outbox'
import { emptyEntry, emptyProduct, emptyMerchandise, orderDraftSchema, toBatchOrderBody } from '@shared/orders/draft'
import {
  bodySentences,
  historyQuery,
  inOutbox,
  orderActions,
  outboxCounts,
  readBackLines,
  refusalPlaceText,
  secondsUntil,
} from '../../../../src/renderer/models/orders/history'
import { entrySentences } from '../../../../src/renderer/models/orders/review'
import { sayIn, tIn } from '../support/say'

const summary = (state: (typeof ORDER_STATES)[number], type = 'new_buy', licenseOrderIds = ['LO-1']) => ({ state, type, draftId: 'd1' as string | null, licenseOrderIds })

describe('what can be done with an order in each state', () => {
  it('hold, withdraw and send now only before it left; release only when held; decide only when it cannot tell', () => {
    for (const s of ORDER_STATES) {
      const a = orderActions(summary(s))
      expect(a.withdraw, s).toBe(NOT_SENT_STATES.includes(s))
      expect(a.release, s).toBe(s === 'held')
      expect(a.hold, s).toBe(s === 'queued' || s === 'waitingConnection')
      expect(a.sendNow, s).toBe(s === 'queued' || s === 'waitingConnection')
      expect(a.decide, s).toBe(s === 'needsDecision')
      expect(a.copy, s).toBe(true)
    }
  })

  it('refund only a new purchase the service did, with its license order ids', () => {
    expect(orderActions(summary('done')).refund).toBe(true)
    expect(orderActions(summary('notConfirmed')).refund).toBe(true)
    expect(orderActions(summary('done', 'delete_asset')).refund).toBe(false)
    expect(orderActions(summary('done', 'new_buy', [])).refund).toBe(false)
    expect(orderActions(summary('refused')).refund).toBe(false)
    expect(orderActions(summary('queued')).refund).toBe(false)
  })

  it('a refused or withdrawn order opens its draft, when it has one', () => {
    expect(orderActions(summary('refused')).openDraft).toBe(true)
    expect(orderActions(summary('withdrawn')).openDraft).toBe(true)
    expect(orderActions({ ...summary('refused'), draftId: null }).openDraft).toBe(false)
    expect(orderActions(summary('done')).openDraft).toBe(false)
  })

  it('the outbox holds exactly the states that are not final', () => {
    expect(ORDER_STATES.filter(inOutbox)).toEqual(['queued', 'held', 'sending', 'waitingConnection', 'unknown', 'needsDecision', 'accepted'])
  })
})

describe('history filters', () => {
  it('trims and bounds the search, and counts the last day whole', () => {
    expect(historyQuery({ query: '  ', states: [], days: null })).toEqual({})
    const from = new Date(2026, 10, 1).getTime()
    const to = new Date(2026, 10, 3).getTime()
    expect(historyQuery({ query: ' ACME ', states: ['done'], days: [from, to] })).toEqual({
      query: 'ACME',
      states: ['done'],
      from,
      to: to + 86_400_000,
    })
    expect(historyQuery({ query: 'x'.repeat(500), states: [], days: null }).query).toHaveLength(200)
  })
})

describe('an order in words', () => {
  it('says what was sent with the review page’s sentences, from the body as it was sent', () => {
    const e = emptyEntry('new_buy')
    Object.assign(e, { customerName: 'ACME Ltd', licenseType: 'normal_recover_usbkey' })
    const p = emptyProduct()
    p.productName = 'Product X'
    p.limitConcurrent = 5
    const m = emptyMerchandise()
    m.merchandiseName = 'Suite'
    m.products = [emptyProduct()]
    m.products[0]!.productName = 'Inner'
    e.assets[0]!.assetNos = ['8100000001', '8100000002']
    e.assets[0]!.products = [p]
    e.assets[0]!.merchandises = [m]
    const draft = orderDraftSchema.parse({ channelOrderId: 'LD-1', entries: [e] })
    const body = toBatchOrderBody(draft, 'DEMO')
    for (const locale of ['en', 'zh-CN'] as const) {
      const said = bodySentences(body, tIn(locale))
      expect(said).toEqual([{ sequence: 1, sentences: entrySentences(draft.entries[0]!, tIn(locale)) }])
    }
    expect(bodySentences(body, tIn('en'))[0]!.sentences[0]).toContain('ACME Ltd')
    expect(bodySentences(body, tIn('en'))[0]!.sentences[0]).toContain('Product X')
    expect(bodySentences(body, tIn('en'))[0]!.sentences[0]).toContain('Suite')
  })

  it('a body it cannot read leaves the sentences empty (the exact body still shows)', () => {
    const broken = { channelCode: 'C', channelOrderId: 'X', syncMode: 'sync', orderList: [{ sequence: 1, orderType: 'nope' }] } as unknown as OrderRecord['body']
    expect(bodySentences(broken, tIn('en'))).toEqual([{ sequence: 1, sentences: [] }])
  })

  it('places a refusal: entry and field', () => {
    const error = { code: '13004', messageKey: '13004', params: {}, details: {} }
    expect(refusalPlaceText({ error, field: 'orderList[1].customerId', sequence: 2 }, sayIn('en'))).toBe('Entry 2 › Customer ID')
    expect(refusalPlaceText({ error, field: 'orderList[0].assets[0].assetNos[3]', sequence: 1 }, sayIn('zh-CN'))).toBe('条目 1 › 资产组 1 › 资产编号')
    expect(refusalPlaceText({ error, field: 'channelOrderId', sequence: null }, sayIn('en'))).toBe('Customer order number')
    expect(refusalPlaceText({ error, field: null, sequence: 2 }, sayIn('zh-CN'))).toBe('条目 2')
    expect(refusalPlaceText(null, sayIn('en'))).toBe('')
  })

  it('says what reading back found, with the numbers to check, in both languages', () => {
    const rb = { at: 1, verdict: 'cannotTell' as const, error: null, entries: [{ sequence: 1, verdict: 'cannotTell' as const, reason: 'assetsPartly' as const, assetNos: ['8100000001', '8100000002'] }] }
    expect(readBackLines(rb, sayIn('en'))).toEqual([
      { sequence: 1, verdict: 'cannot tell', reason: 'Some of its asset numbers are listed and some are not: check 8100000001, 8100000002.', cannotTell: true },
    ])
    expect(readBackLines(rb, sayIn('zh-CN'))[0]!.reason).toContain('8100000001，8100000002')
  })

  it('says only the outbox counts above zero', () => {
    const st = { online: false, queued: 0, held: 1, sending: 1, waiting: 2, unknown: 1, needsDecision: 0, accepted: 0, lastError: null }
    expect(outboxCounts(st)).toEqual([
      { key: 'waiting', n: 2 },
      { key: 'checking', n: 2 },
      { key: 'held', n: 1 },
    ])
  })

  it('counts down to the next try', () => {
    expect(secondsUntil(null, 0)).toBeNull()
    expect(secondsUntil(10_500, 0)).toBe(11)
    expect(secondsUntil(1000, 2000)).toBeNull()
  })
})
