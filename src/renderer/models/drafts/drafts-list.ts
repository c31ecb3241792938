/**
 * Plain logic of the Drafts area: which drafts each tab lists, what a row says about its state, a damaged draft's
 * place in words, and what became of a submitted draft. Templates become orders (and orders templates) by the
 * wizard's model (models/orders/wizard.ts). Bodies are the shared order draft model
 * (src/shared/orders/draft.ts); the draft store itself lives in main (src/main/services/drafts).
 */
import type { DraftKind } from '@shared/drafts/kinds'
import { MAX_DRAFT_FILE_BYTES } from '@shared/drafts/kinds'
import type { DraftMeta } from '@shared/ipc/channels/drafts'
import type { OrderSummary } from '@shared/ipc/channels/orders'
import type { AppErrorData } from '@shared/errors/app-error'
import { issueLocation, issuePlace, orderFieldLabel } from '../orders/fields'
import { ORDER_TYPES } from '@shared/api/orders'
import type { Say } from '../words'

/** The tabs of the Drafts area. */
export const DRAFT_TABS = ['orders', 'templates', 'removed'] as const
export type DraftTab = (typeof DRAFT_TABS)[number]

/** What a row of the Drafts list can do. */
export type DraftAction = 'open' | 'start' | 'rename' | 'duplicate' | 'template' | 'export' | 'remove' | 'restore' | 'order'

/** The kinds the Drafts area works with (the order desk's). */
export const ORDER_DRAFT_KIND = 'orders.order' satisfies DraftKind
export const ORDER_TEMPLATE_KIND = 'orders.template' satisfies DraftKind

/** The `drafts.list` filter of a tab. */
export function tabQuery(tab: DraftTab): { kinds: DraftKind[]; removed: boolean } {
  if (tab === 'orders') return { kinds: [ORDER_DRAFT_KIND], removed: false }
  if (tab === 'templates') return { kinds: [ORDER_TEMPLATE_KIND], removed: false }
  return { kinds: [ORDER_DRAFT_KIND, ORDER_TEMPLATE_KIND], removed: true }
}

/** What a row says about a draft's state. */
export type DraftState =
  | { state: 'ready' }
  /** Issues the shared order rules find (count). */
  | { state: 'issues'; count: number }
  /** No issue left, but not marked ready yet. */
  | { state: 'unmarked' }
  /** A template (never "ready": it is a starting point). */
  | { state: 'template' }
  /** The store could not summarize it. */
  | { state: 'unknown' }

export function draftState(meta: Pick<DraftMeta, 'kind' | 'summary'>): DraftState {
  if (meta.kind === ORDER_TEMPLATE_KIND) return { state: 'template' }
  const s = meta.summary
  if (s.issues === undefined) return { state: 'unknown' }
  if (s.issues > 0) return { state: 'issues', count: s.issues }
  return s.ready ? { state: 'ready' } : { state: 'unmarked' }
}

/**
 * What became of a draft that was submitted (orders carry the draft they came from): refused by the service
 * (back in the list, to correct), or submitted (its draft is kept aside while the order stands).
 */
export type DraftOrderNote = { kind: 'refused'; order: OrderSummary } | { kind: 'submitted'; order: OrderSummary } | null

export function draftOrderNote(order: OrderSummary | undefined): DraftOrderNote {
  if (!order) return null
  if (order.state === 'refused') return { kind: 'refused', order }
  if (order.state === 'withdrawn') return null
  return { kind: 'submitted', order }
}

/** The latest order of each draft (orders come newest first). */
export function ordersByDraft(orders: readonly OrderSummary[]): Map<string, OrderSummary> {
  const out = new Map<string, OrderSummary>()
  for (const o of orders) if (o.draftId && !out.has(o.draftId)) out.set(o.draftId, o)
  return out
}

/** The order type words key of a summary's `type` ('' for an order without entries yet). */
export type DraftTypeKey = (typeof ORDER_TYPES)[number] | 'mixed' | 'none'
export function draftTypeKey(type: string | undefined): DraftTypeKey {
  if (type === 'mixed') return 'mixed'
  return (ORDER_TYPES as readonly string[]).includes(type ?? '') ? (type as DraftTypeKey) : 'none'
}

// ---- files -----------------------------------------------------------------------------------------------

/**
 * A drafts file refused before it is read (it cannot be one of ours when it is that large): the same error the
 * core gives, so the screen words it the same way.
 */
export function draftFileTooBig(size: number): AppErrorData | null {
  if (size <= MAX_DRAFT_FILE_BYTES) return null
  return { code: 'app.draftFileTooBig', messageKey: 'app.draftFileTooBig', params: { max: MAX_DRAFT_FILE_BYTES / 1e6 }, details: { retryable: false } }
}

/** Fields of a draft that are not the request's (the wizard has no label for them), by their i18n key (`orderPlace.draftField.*`). */
const DRAFT_ONLY_FIELDS: Record<string, string> = { key: 'key', kind: 'kind', scope: 'scope', '(whole draft)': 'whole' }

/**
 * A field path of a draft body as the store reports it ("entries.0.assets.1.products.2.productName") in the
 * wizard's words: "Entry 1 › Asset group 2 › Product 3 › Product name" (the draft mirrors the request, so the
 * wizard's reader of request paths places it).
 */
export function draftFieldWords(path: string, say: Say): string {
  const whole = DRAFT_ONLY_FIELDS[path]
  if (whole) return say.t(`orderPlace.draftField.${whole}`)
  let request = ''
  // A whole-order template nests the order under `order`; an entry template is one entry under `entry`.
  for (const p of path.split('.').filter((x) => x !== '' && x !== 'order')) {
    if (/^\d+$/.test(p)) request += `[${p}]`
    else if (p === 'entries') request += 'orderList'
    else if (p === 'entry') request += 'orderList[0]'
    else request += `${request ? '.' : ''}${p}`
  }
  const place = issuePlace(request)
  const only = DRAFT_ONLY_FIELDS[place.field]
  const field = only ? say.t(`orderPlace.draftField.${only}`) : orderFieldLabel(place.field, say.locale)
  return [issueLocation(place, say.t), field].filter((s) => s !== '').join(' › ')
}

/** An error about a draft or a drafts file, its field said in words (the catalog's message takes it as {field}). */
export function draftErrorInWords(e: AppErrorData, say: Say): AppErrorData {
  if ((e.code !== 'app.draftFileBadDraft' && e.code !== 'app.draftInvalid') || typeof e.params.field !== 'string') return e
  return { ...e, params: { ...e.params, field: draftFieldWords(e.params.field, say) } }
}

/**
 * What a draft is called in the list: its name; without one, its customer, else its order number (the screen
 * words it "Order …"); null when it has none of them.
 */
export type DraftTitle = { by: 'name' | 'customer' | 'number'; text: string } | null
export function draftTitle(meta: Pick<DraftMeta, 'name' | 'summary'>): DraftTitle {
  if (meta.name.trim()) return { by: 'name', text: meta.name }
  if (meta.summary.customer?.trim()) return { by: 'customer', text: meta.summary.customer.trim() }
  if (meta.summary.number?.trim()) return { by: 'number', text: meta.summary.number.trim() }
  return null
}

/** A draft's name as the list and its dialogs say it ("Order LD-…" for one named by its number). */
export function draftName(meta: Pick<DraftMeta, 'name' | 'summary'>, t: (key: string, params?: Record<string, unknown>) => string): string {
  const n = draftTitle(meta)
  if (!n) return t('drafts.unnamed')
  return n.by === 'number' ? t('bookHints.drafts.order', { number: n.text }) : n.text
}
