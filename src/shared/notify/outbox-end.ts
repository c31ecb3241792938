/**
 * A system notification when the outbox has sent what it was given and the window is not in front (issue 35):
 * which order changes end an outbox "run", and what the notification says, in both languages. An outbox run is the
 * orders the outbox worked on by itself (queued, sending, waiting for the connection, being read back, an async
 * order being checked) until none is left working; held orders and orders waiting for the user's decision are the
 * user's to act on, so they end the run too and are counted as waiting. Computed once in the core (the
 * `orders.outboxEnded` event); the desktop build shows it with Electron's Notification, browser mode with the web one.
 */
import { z } from 'zod'
import { fillTemplate } from '../errors/catalog'
import type { Locale } from '../i18n/locale'
import type { OrderState } from '../orders/outbox'
import type { Notice } from './run-end'

/** States in which the outbox goes on by itself. */
const WORKING: readonly OrderState[] = ['queued', 'sending', 'waitingConnection', 'unknown', 'accepted']

export const outboxEndSchema = z.object({
  done: z.number().int(),
  refused: z.number().int(),
  notConfirmed: z.number().int(),
  /** Held, waiting for the user's decision, or withdrawn. */
  waiting: z.number().int(),
})
export type OutboxEnd = z.output<typeof outboxEndSchema>

export class OutboxEndWatch {
  private readonly run = new Map<string, OrderState>()

  /** The states of orders that just changed; the run's counts when this change ended it (once), else null. */
  update(orders: readonly { id: string; state: OrderState }[]): OutboxEnd | null {
    for (const o of orders) if (WORKING.includes(o.state) || this.run.has(o.id)) this.run.set(o.id, o.state)
    const states = [...this.run.values()]
    if (states.length === 0 || states.some((s) => WORKING.includes(s))) return null
    this.run.clear()
    const n = (...of: OrderState[]) => states.filter((s) => of.includes(s)).length
    return { done: n('done'), refused: n('refused'), notConfirmed: n('notConfirmed'), waiting: n('held', 'needsDecision', 'withdrawn') }
  }
}

const WORDS = {
  title: { en: 'The outbox has sent your orders', 'zh-CN': '发件箱已发送您的订单' },
  titleRefused: { en: 'The outbox has sent your orders: some were refused', 'zh-CN': '发件箱已发送您的订单：部分被拒绝' },
  body: { en: '{done} done, {refused} refused, {notConfirmed} not confirmed, {waiting} waiting for you.', 'zh-CN': '{done} 个完成，{refused} 个被拒绝，{notConfirmed} 个未确认，{waiting} 个等待您处理。' },
} satisfies Record<string, Record<Locale, string>>

export function outboxEndNotice(end: OutboxEnd, locale: Locale): Notice {
  return {
    title: WORDS[end.refused > 0 || end.notConfirmed > 0 ? 'titleRefused' : 'title'][locale],
    body: fillTemplate(WORDS.body[locale], { done: end.done, refused: end.refused, notConfirmed: end.notConfirmed, waiting: end.waiting }),
  }
}
