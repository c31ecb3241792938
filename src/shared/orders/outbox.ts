/**
 * The states of a submitted order (the outbox and the history), in one place, with their words in both languages
 * and the moves allowed between them. Main drives the moves (src/main/services/orders); screens show the words.
 *
 *   queued ──send──▶ sending ──answer──▶ done | accepted (async) | refused
 *      ▲  ▲              │ transport failed before the request left ──▶ waitingConnection ──(backoff, online)──▶ queued
 *      │  └── release ── held ◀── hold ── queued | waitingConnection
 *      │                 │ answer lost (timeout, drop, 5xx) ──▶ unknown ──read back──▶ done | queued (not done) | needsDecision
 *      └──── resolve 'notDone' ── needsDecision ── resolve 'done' ──▶ done
 *   accepted ──assets seen──▶ done;  ──limit passed──▶ notConfirmed
 *   queued | held | waitingConnection ──withdraw──▶ withdrawn (the draft is back in Drafts)
 */
import type { Locale } from '../i18n/locale'
import { fieldOfServiceMessage } from '../customers/fields'

export const ORDER_STATES = [
  /** Waiting to be sent (goes out at once while the service is reachable). */
  'queued',
  /** Kept back by the user; not sent until released. */
  'held',
  /** The request is on its way. */
  'sending',
  /** The service could not be reached and the request never left: sent when the connection is back. */
  'waitingConnection',
  /** The answer was lost (timeout, dropped connection, 5xx): being read back before anything else. */
  'unknown',
  /** Reading back could not tell whether the service did it: the user checks and decides. */
  'needsDecision',
  /** Async order accepted; the asset list is checked until its assets appear or a limit passes. */
  'accepted',
  /** Done: the service's results per entry (answered, or found by reading back). */
  'done',
  /** Async order whose assets did not all appear within the limit (which did is in the record). */
  'notConfirmed',
  /** The service said no (13004…): nothing was done; the draft is back in Drafts with the message. */
  'refused',
  /** Taken back by the user before it was sent; the draft is back in Drafts. */
  'withdrawn',
] as const
export type OrderState = (typeof ORDER_STATES)[number]

/** States that end an order: it is history. */
export const FINAL_STATES: readonly OrderState[] = ['done', 'notConfirmed', 'refused', 'withdrawn']
/** States of the outbox (not final). */
export const OUTBOX_STATES: readonly OrderState[] = ORDER_STATES.filter((s) => !FINAL_STATES.includes(s))
/** States where the request has not left and may be held or withdrawn. */
export const NOT_SENT_STATES: readonly OrderState[] = ['queued', 'held', 'waitingConnection']

export function isFinal(s: OrderState): boolean {
  return FINAL_STATES.includes(s)
}

/** What each state may become (main refuses any other move). */
export const ORDER_MOVES: Record<OrderState, readonly OrderState[]> = {
  queued: ['sending', 'held', 'withdrawn', 'waitingConnection'],
  held: ['queued', 'withdrawn'],
  sending: ['done', 'accepted', 'refused', 'unknown', 'waitingConnection', 'queued'],
  waitingConnection: ['queued', 'sending', 'held', 'withdrawn'],
  unknown: ['done', 'accepted', 'queued', 'needsDecision', 'unknown'],
  needsDecision: ['done', 'queued', 'unknown'],
  accepted: ['done', 'notConfirmed', 'accepted'],
  done: [],
  notConfirmed: ['done'],
  refused: [],
  withdrawn: [],
}

export function canMove(from: OrderState, to: OrderState): boolean {
  return ORDER_MOVES[from].includes(to)
}

/** The state's name and one sentence about it, per language. */
export const ORDER_STATE_WORDS: Record<OrderState, Record<Locale, { label: string; hint: string }>> = {
  queued: {
    en: { label: 'Queued', hint: 'Goes out as soon as the service can be reached.' },
    'zh-CN': { label: '排队中', hint: '服务可访问时立即发送。' },
  },
  held: {
    en: { label: 'Held', hint: 'Kept back: not sent until you release it.' },
    'zh-CN': { label: '已暂留', hint: '已暂留：释放前不会发送。' },
  },
  sending: {
    en: { label: 'Sending', hint: 'The order is on its way to the service.' },
    'zh-CN': { label: '发送中', hint: '订单正在发往服务。' },
  },
  waitingConnection: {
    en: { label: 'Waiting for the connection', hint: 'The service cannot be reached; the order never left and goes out when the connection is back.' },
    'zh-CN': { label: '等待连接', hint: '无法连接服务；订单尚未发出，连接恢复后自动发送。' },
  },
  unknown: {
    en: { label: 'Checking', hint: 'The answer was lost; the service is being read back before anything is sent again.' },
    'zh-CN': { label: '核对中', hint: '应答丢失；重新发送前正在向服务核对。' },
  },
  needsDecision: {
    en: { label: 'Cannot tell', hint: 'Reading back could not tell whether the service did it: check, then say whether it was done.' },
    'zh-CN': { label: '无法判断', hint: '核对无法确定服务是否已执行：请检查后确认是否已完成。' },
  },
  accepted: {
    en: { label: 'Accepted', hint: 'Accepted for later processing; waiting for its assets to appear.' },
    'zh-CN': { label: '已受理', hint: '已受理待处理；正在等待其资产出现。' },
  },
  done: {
    en: { label: 'Done', hint: 'The service did it; results per entry.' },
    'zh-CN': { label: '已完成', hint: '服务已执行；每个条目的结果见详情。' },
  },
  notConfirmed: {
    en: { label: 'Not confirmed', hint: 'Accepted, but not all of its assets appeared in time: see which did.' },
    'zh-CN': { label: '未确认', hint: '已受理，但并非所有资产都按时出现：请查看哪些已出现。' },
  },
  refused: {
    en: { label: 'Refused', hint: 'The service refused it and did nothing; the order is back in Drafts with the reason.' },
    'zh-CN': { label: '被拒绝', hint: '服务拒绝且未执行；订单已退回草稿，并附原因。' },
  },
  withdrawn: {
    en: { label: 'Withdrawn', hint: 'Taken back before it was sent; the order is back in Drafts.' },
    'zh-CN': { label: '已撤回', hint: '发送前已撤回；订单已退回草稿。' },
  },
}

export function orderStateLabel(s: OrderState, locale: Locale): string {
  return ORDER_STATE_WORDS[s][locale].label
}

/** What reading back found for one entry (or the user decided). */
export const ENTRY_VERDICTS = ['done', 'notDone', 'cannotTell'] as const
export type EntryVerdict = (typeof ENTRY_VERDICTS)[number]

export const ENTRY_VERDICT_WORDS: Record<EntryVerdict, Record<Locale, string>> = {
  done: { en: 'done', 'zh-CN': '已完成' },
  notDone: { en: 'not done', 'zh-CN': '未执行' },
  cannotTell: { en: 'cannot tell', 'zh-CN': '无法判断' },
}

/**
 * The order's verdict from its entries' (the service applies a batch whole or not at all, but the app does not
 * rely on it): every entry done → done; every entry not done → not done (sent again); anything else → cannot tell.
 */
export function orderVerdict(entries: readonly EntryVerdict[]): EntryVerdict {
  if (entries.length === 0) return 'cannotTell'
  if (entries.every((v) => v === 'done')) return 'done'
  if (entries.every((v) => v === 'notDone')) return 'notDone'
  return 'cannotTell'
}

/** Why reading back judged an entry as it did; screens word it (READBACK_REASON_WORDS). */
export const READBACK_REASONS = [
  /** new_buy: products carrying this order's channelOrderId were found on its assets (member operation 7). */
  'instancesFound',
  /** new_buy: its assets exist but carry nothing of this order. */
  'instancesMissing',
  /** new_buy: every asset number is in the asset list and none was there before sending. */
  'assetsAppeared',
  /** new_buy: none of its asset numbers is in the asset list. */
  'assetsAbsent',
  /** new_buy: its assets exist, some were there before sending, and their products cannot be read. */
  'assetsExistedBefore',
  /** Some of its asset numbers are listed and some are not. */
  'assetsPartly',
  /** delete_asset: none of its asset numbers is listed any more. */
  'assetsGone',
  /** delete_asset: every asset number is still listed. */
  'assetsStill',
  /** delete_product: none of the products to revoke is on its assets any more. */
  'productsGone',
  /** delete_product: the products to revoke are still there. */
  'productsStill',
  /** delete_product: the products of its assets cannot be read (no member credentials, or another enterprise). */
  'productsUnreadable',
  /** An async order: nothing visible yet, and it may still be processed. */
  'asyncNotYet',
  /** The read itself failed (network, refused). */
  'readFailed',
] as const
export type ReadBackReason = (typeof READBACK_REASONS)[number]

/** The reasons in words; `{assetNos}` lists the asset numbers concerned (the first few). */
export const READBACK_REASON_WORDS: Record<ReadBackReason, Record<Locale, string>> = {
  instancesFound: { en: 'Products of this order were found on its assets.', 'zh-CN': '已在其资产上找到本订单的产品。' },
  instancesMissing: { en: 'Its assets exist but carry nothing of this order: {assetNos}.', 'zh-CN': '其资产存在，但没有本订单的任何产品：{assetNos}。' },
  assetsAppeared: { en: 'All its asset numbers are now in the asset list, and none was there before.', 'zh-CN': '其全部资产编号现已在资产列表中，且发送前均不存在。' },
  assetsAbsent: { en: 'None of its asset numbers is in the asset list.', 'zh-CN': '其资产编号均不在资产列表中。' },
  assetsExistedBefore: {
    en: 'Its assets exist, some were there before sending, and their products cannot be read here: check the products of {assetNos}.',
    'zh-CN': '其资产存在，部分在发送前已存在，此处无法读取其产品：请检查 {assetNos} 的产品。',
  },
  assetsPartly: { en: 'Some of its asset numbers are listed and some are not: check {assetNos}.', 'zh-CN': '其资产编号部分在列表中、部分不在：请检查 {assetNos}。' },
  assetsGone: { en: 'None of its asset numbers is listed any more.', 'zh-CN': '其资产编号均已不在列表中。' },
  assetsStill: { en: 'Its asset numbers are all still listed.', 'zh-CN': '其资产编号仍全部在列表中。' },
  productsGone: { en: 'The products to revoke are no longer on its assets.', 'zh-CN': '要撤销的产品已不在其资产上。' },
  productsStill: { en: 'The products to revoke are still on its assets.', 'zh-CN': '要撤销的产品仍在其资产上。' },
  productsUnreadable: {
    en: 'The products of its assets cannot be read here (member credentials of that enterprise are needed): check the products of {assetNos}.',
    'zh-CN': '此处无法读取其资产的产品（需要该企业的成员凭据）：请检查 {assetNos} 的产品。',
  },
  asyncNotYet: { en: 'Nothing is visible yet, and an async order may still be processed: check {assetNos} later.', 'zh-CN': '尚无可见结果，异步订单可能仍在处理：请稍后检查 {assetNos}。' },
  readFailed: { en: 'The service could not be read; it is tried again.', 'zh-CN': '无法读取服务；将再次尝试。' },
}

/** The sender's timing (docs/decisions.md "Orders: submitting"); tests pass shorter ones. */
export interface OutboxTiming {
  /** First wait after a try that could not reach the service; doubles each time, up to retryMaxMs. */
  retryBaseMs: number
  retryMaxMs: number
  /** Wait before reading back again after a read-back that failed. */
  readBackRetryMs: number
  /** How often an accepted async order's assets are checked, and for how long. */
  asyncEveryMs: number
  asyncLimitMs: number
  /** How often the sender looks for due orders. */
  tickMs: number
}

export const OUTBOX_TIMING: OutboxTiming = {
  retryBaseMs: 2_000,
  retryMaxMs: 60_000,
  readBackRetryMs: 5_000,
  asyncEveryMs: 10_000,
  asyncLimitMs: 30 * 60_000,
  tickMs: 1_000,
}

const TOP_FIELDS = ['channelOrderId', 'channelCode', 'syncMode', 'orderList'] as const

/**
 * Where a refusal belongs: the request field its message names (`orderList[1].assets[0].assetNos[2]`, or a
 * top-level field found as a whole word, as the customers area places a 13004) and the entry sequence it names
 * ("Order sequence 2: …", "订单序号 2：…"). Nulls when the message names none.
 */
export function refusalPlace(message: string | undefined): { field: string | null; sequence: number | null } {
  if (!message) return { field: null, sequence: null }
  const path = /orderList\[\d+\](?:\.[A-Za-z]+(?:\[\d+\])*)*/.exec(message)?.[0] ?? null
  const seq = /(?:sequence|序号)\s*(\d+)/i.exec(message)
  const sequence = seq ? Number(seq[1]) : path ? Number(/orderList\[(\d+)\]/.exec(path)![1]) + 1 : null
  return { field: path ?? fieldOfServiceMessage(message, TOP_FIELDS), sequence }
}
