/**
 * Plain logic of the outbox and history screen: what can be done with an order in each state, the history's
 * filters as the channel takes them, an order's request said in words (the review page's sentences, from the body
 * as it was sent), where a refusal belongs, and what reading back found, per entry, in the user's language.
 */
import type { BatchOrderBody } from '@shared/api/orders'
import type { Locale } from '@shared/i18n/locale'
import type { OrderListInput, OrderRecord, OrderSummary, OutboxStatus, ReadBack } from '@shared/ipc/channels/orders'
import {
  ENTRY_VERDICT_WORDS,
  FINAL_STATES,
  NOT_SENT_STATES,
  ORDER_STATE_WORDS,
  READBACK_REASON_WORDS,
  type EntryVerdict,
  type OrderState,
} from '@shared/orders/outbox'
import { entryDraftFrom } from '@shared/orders/refund'
import { entrySentences } from './review'
import { refusalPlaceWords } from './refusal'
import { nextLocalMidnight } from '@shared/time/dates'
import type { Say, Translate } from '../words'

// ---- actions by state ------------------------------------------------------------------------------------

/** What the user may do with an order now. */
export interface OrderActions {
  hold: boolean
  release: boolean
  withdraw: boolean
  sendNow: boolean
  decide: boolean
  /** "Copy as a new draft": any order. */
  copy: boolean
  /** "Refund": a submitted new purchase that the service did (its license order ids are known). */
  refund: boolean
  /** The draft is back in Drafts (refused or withdrawn): open it. */
  openDraft: boolean
}

export function orderActions(o: Pick<OrderSummary, 'state' | 'type' | 'draftId' | 'licenseOrderIds'>): OrderActions {
  const s = o.state
  const notSent = NOT_SENT_STATES.includes(s)
  const boughtSomething = (o.type === 'new_buy' || o.type === 'mixed') && o.licenseOrderIds.length > 0
  return {
    hold: s === 'queued' || s === 'waitingConnection',
    release: s === 'held',
    withdraw: notSent,
    sendNow: s === 'queued' || s === 'waitingConnection',
    decide: s === 'needsDecision',
    copy: true,
    refund: boughtSomething && (s === 'done' || s === 'notConfirmed'),
    openDraft: (s === 'refused' || s === 'withdrawn') && o.draftId !== null,
  }
}

/** Tag colour of a state (Element Plus tag types). */
export function stateTone(s: OrderState): 'success' | 'warning' | 'danger' | 'info' | 'primary' {
  if (s === 'done') return 'success'
  if (s === 'refused') return 'danger'
  if (s === 'needsDecision' || s === 'notConfirmed' || s === 'waitingConnection') return 'warning'
  if (s === 'withdrawn' || s === 'held') return 'info'
  return 'primary'
}

export function stateWords(s: OrderState, locale: Locale): { label: string; hint: string } {
  return ORDER_STATE_WORDS[s][locale]
}

/** Whether an order is in the outbox (not final) or history. */
export function inOutbox(s: OrderState): boolean {
  return !FINAL_STATES.includes(s)
}

// ---- filters ---------------------------------------------------------------------------------------------

export interface HistoryFilter {
  query: string
  states: OrderState[]
  /** The picked days [from, to] as local midnights (epoch ms), or null. */
  days: [number, number] | null
}

export const EMPTY_HISTORY_FILTER: HistoryFilter = { query: '', states: [], days: null }

/** Longest search text (the channel's bound). */
export const HISTORY_QUERY_MAX = 200

/** The filter as `orders.list` and the history's export (`exports.run`, kind `orders`) take it: the last day counts whole (to = the next midnight). */
export function historyQuery(f: HistoryFilter): Pick<OrderListInput, 'query' | 'states' | 'from' | 'to'> {
  const out: Pick<OrderListInput, 'query' | 'states' | 'from' | 'to'> = {}
  const q = f.query.trim().slice(0, HISTORY_QUERY_MAX)
  if (q) out.query = q
  if (f.states.length > 0) out.states = [...f.states]
  if (f.days) {
    out.from = Math.max(0, Math.trunc(f.days[0]))
    out.to = Math.max(0, nextLocalMidnight(Math.trunc(f.days[1])))
  }
  return out
}

// ---- the request in words ------------------------------------------------------------------------------

/** The sent request said entry by entry: its sequence and the review page's sentences. */
export function bodySentences(body: BatchOrderBody, t: Translate): { sequence: number; sentences: string[] }[] {
  const list = Array.isArray(body.orderList) ? body.orderList : []
  return list.map((e, i) => {
    try {
      return { sequence: typeof e.sequence === 'number' ? e.sequence : i + 1, sentences: entrySentences(entryDraftFrom(e), t) }
    } catch {
      // A body the words cannot read (an older format): the exact body below still shows it.
      return { sequence: i + 1, sentences: [] }
    }
  })
}

// ---- results, refusal, reading back ------------------------------------------------------------------------

/** Where a refusal belongs, said as the wizard says a field's place: "Entry 2 › Customer ID". */
export function refusalPlaceText(r: OrderRecord['refusal'], say: Say): string {
  return r ? refusalPlaceWords(r, say) : ''
}

/** The outbox's counts worth saying (the ones above zero), in the order the states go. */
export function outboxCounts(s: OutboxStatus): { key: 'queued' | 'held' | 'waiting' | 'checking' | 'decide' | 'accepted'; n: number }[] {
  const all = [
    { key: 'queued', n: s.queued },
    { key: 'waiting', n: s.waiting },
    { key: 'checking', n: s.sending + s.unknown },
    { key: 'decide', n: s.needsDecision },
    { key: 'held', n: s.held },
    { key: 'accepted', n: s.accepted },
  ] as const
  return all.filter((c) => c.n > 0)
}

/** One entry's reading back in words: its verdict and why, with the asset numbers to check. */
export function readBackLines(rb: ReadBack, say: Say): { sequence: number; verdict: string; reason: string; cannotTell: boolean }[] {
  return rb.entries.map((e) => ({
    sequence: e.sequence,
    verdict: ENTRY_VERDICT_WORDS[e.verdict][say.locale],
    reason: READBACK_REASON_WORDS[e.reason][say.locale].replace('{assetNos}', e.assetNos.join(say.t('orderReview.sep')) || '—'),
    cannotTell: e.verdict === 'cannotTell',
  }))
}

/** A verdict in words ("done", "not done", "cannot tell"). */
export function verdictWords(v: EntryVerdict, locale: Locale): string {
  return ENTRY_VERDICT_WORDS[v][locale]
}

/** The last reading back (what the "cannot tell" decision is about), or null. */
export function lastReadBack(o: Pick<OrderRecord, 'readBacks'>): ReadBack | null {
  return o.readBacks.length > 0 ? o.readBacks[o.readBacks.length - 1]! : null
}

/** Seconds until the next try, for "next try in 12 s" (null when none is due or it is due now). */
export function secondsUntil(at: number | null, now: number): number | null {
  if (at === null) return null
  const s = Math.ceil((at - now) / 1000)
  return s > 0 ? s : null
}
