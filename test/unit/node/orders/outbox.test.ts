/** The outbox's states and moves, the order verdict from its entries', and where a refusal belongs. */
import { describe, expect, it } from 'vitest'
import {
  FINAL_STATES,
  NOT_SENT_STATES,
  ORDER_MOVES,
  ORDER_STATES,
  ORDER_STATE_WORDS,
  READBACK_REASONS,
  READBACK_REASON_WORDS,
  canMove,
  orderVerdict,
  refusalPlace,
} from '@shared/orders/outbox'

describe('order states', () => {
  it('final states go nowhere but an async order not confirmed may still be seen done', () => {
    for (const s of FINAL_STATES) expect(ORDER_MOVES[s].filter((t) => t !== 'done')).toEqual([])
    expect(canMove('notConfirmed', 'done')).toBe(true)
    expect(canMove('done', 'queued')).toBe(false)
  })
  it('an unknown order is never sent directly: it is read back first', () => {
    expect(canMove('unknown', 'sending')).toBe(false)
    expect(canMove('needsDecision', 'sending')).toBe(false)
    expect(canMove('unknown', 'queued')).toBe(true)
  })
  it('only orders that have not left can be held or withdrawn', () => {
    for (const s of ORDER_STATES) {
      expect(canMove(s, 'withdrawn')).toBe(NOT_SENT_STATES.includes(s))
    }
    expect(canMove('sending', 'held')).toBe(false)
  })
  it('every state and every read-back reason has words in both languages', () => {
    for (const s of ORDER_STATES) {
      expect(ORDER_STATE_WORDS[s].en.label).not.toBe('')
      expect(ORDER_STATE_WORDS[s]['zh-CN'].label).not.toBe('')
    }
    for (const r of READBACK_REASONS) {
      expect(READBACK_REASON_WORDS[r].en).not.toBe('')
      expect(READBACK_REASON_WORDS[r]['zh-CN']).not.toBe('')
    }
  })
})

describe('orderVerdict', () => {
  it('done when every entry is done, not done when none is, else cannot tell', () => {
    expect(orderVerdict(['done', 'done'])).toBe('done')
    expect(orderVerdict(['notDone', 'notDone'])).toBe('notDone')
    expect(orderVerdict(['done', 'notDone'])).toBe('cannotTell')
    expect(orderVerdict(['done', 'cannotTell'])).toBe('cannotTell')
    expect(orderVerdict([])).toBe('cannotTell')
  })
})

describe('refusalPlace', () => {
  it('finds the request path and the sequence a service message names', () => {
    expect(refusalPlace('Order sequence 2: orderList[1].customerId: "C9" does not exist')).toEqual({ field: 'orderList[1].customerId', sequence: 2 })
    expect(refusalPlace('订单序号 3：orderList[2].assets[0].assetNos[4]重复：“8100000001”')).toEqual({ field: 'orderList[2].assets[0].assetNos[4]', sequence: 3 })
  })
  it('a top-level field as a whole word; nothing when the message names none', () => {
    expect(refusalPlace('channelOrderId: "X" already exists')).toEqual({ field: 'channelOrderId', sequence: null })
    expect(refusalPlace('Parameter validation error.')).toEqual({ field: null, sequence: null })
    expect(refusalPlace(undefined)).toEqual({ field: null, sequence: null })
  })
})
