import { describe, expect, it } from 'vitest'
import { OutboxEndWatch, outboxEndNotice } from '../../../../src/shared/notify/outbox-end'

describe('the end of an outbox run', () => {
  it('ends once no order it worked on is still worked on, with the outcomes counted; once', () => {
    const w = new OutboxEndWatch()
    expect(w.update([{ id: 'a', state: 'queued' }, { id: 'b', state: 'queued' }, { id: 'c', state: 'queued' }])).toBeNull()
    expect(w.update([{ id: 'a', state: 'sending' }])).toBeNull()
    expect(w.update([{ id: 'a', state: 'done' }, { id: 'b', state: 'unknown' }])).toBeNull()
    expect(w.update([{ id: 'b', state: 'refused' }])).toBeNull()
    // The last one the outbox worked on waits for the user: the run is over.
    expect(w.update([{ id: 'c', state: 'needsDecision' }])).toEqual({ done: 1, refused: 1, notConfirmed: 0, waiting: 1 })
    // Later changes to those orders are no new run.
    expect(w.update([{ id: 'c', state: 'withdrawn' }])).toBeNull()
  })

  it('a change to an order it never worked on is no run (a draft held, a history edit)', () => {
    const w = new OutboxEndWatch()
    expect(w.update([{ id: 'x', state: 'held' }])).toBeNull()
    expect(w.update([{ id: 'x', state: 'withdrawn' }])).toBeNull()
  })

  it('an order waiting for the connection keeps the run going; an async order is done when confirmed', () => {
    const w = new OutboxEndWatch()
    expect(w.update([{ id: 'a', state: 'waitingConnection' }])).toBeNull()
    expect(w.update([{ id: 'a', state: 'accepted' }])).toBeNull()
    expect(w.update([{ id: 'a', state: 'notConfirmed' }])).toEqual({ done: 0, refused: 0, notConfirmed: 1, waiting: 0 })
  })

  it('says it in both languages, the title telling when something was refused', () => {
    expect(outboxEndNotice({ done: 3, refused: 0, notConfirmed: 0, waiting: 0 }, 'en')).toEqual({
      title: 'The outbox has sent your orders',
      body: '3 done, 0 refused, 0 not confirmed, 0 waiting for you.',
    })
    expect(outboxEndNotice({ done: 1, refused: 2, notConfirmed: 0, waiting: 1 }, 'zh-CN')).toEqual({
      title: '发件箱已发送您的订单：部分被拒绝',
      body: '1 个完成，2 个被拒绝，0 个未确认，1 个等待您处理。',
    })
  })
})
