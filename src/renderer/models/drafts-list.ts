/**
 * Plain logic of the Drafts area: which drafts each tab lists, what a row says about its state, and how a template
 * becomes a new order draft (and an order a template). Bodies are the shared order draft model
 * (src/shared/orders/draft.ts); the draft store itself lives in main (src/main/services/drafts).
 */
import type { DraftKind } from '@shared/drafts/kinds'
import { MAX_DRAFT_FILE_BYTES } from '@shared/drafts/kinds'
import type { DraftMeta } from '@shared/ipc/channels/drafts'
import type { AppErrorData } from '@shared/errors/app-error'
import type { Locale } from '@shared/i18n/locale'
import { ORDER_TYPES } from '@shared/api/orders'
import {
  orderDraftSchema,
  orderTemplateSchema,
  newKey,
  type MerchandiseDraft,
  type OrderDraft,
  type OrderEntryDraft,
  type OrderTemplate,
  type ProductDraft,
} from '@shared/orders/draft'

/** The tabs of the Drafts area. */
export const DRAFT_TABS = ['orders', 'templates', 'removed'] as const
export type DraftTab = (typeof DRAFT_TABS)[number]

/** What a row of the Drafts list can do. */
export type DraftAction = 'open' | 'start' | 'rename' | 'duplicate' | 'template' | 'export' | 'remove' | 'restore'

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

/** The order type words key of a summary's `type` ('' for an order without entries yet). */
export type DraftTypeKey = (typeof ORDER_TYPES)[number] | 'mixed' | 'none'
export function draftTypeKey(type: string | undefined): DraftTypeKey {
  if (type === 'mixed') return 'mixed'
  return (ORDER_TYPES as readonly string[]).includes(type ?? '') ? (type as DraftTypeKey) : 'none'
}

// ---- templates -------------------------------------------------------------------------------------------

function rekeyProduct(p: ProductDraft): ProductDraft {
  return { ...p, key: newKey(), productFeatures: p.productFeatures.map((f) => ({ ...f, key: newKey() })), passwords: [...p.passwords] }
}

function rekeyMerchandise(m: MerchandiseDraft): MerchandiseDraft {
  return { ...m, key: newKey(), children: m.children.map(rekeyMerchandise), products: m.products.map(rekeyProduct) }
}

/** A deep copy of an entry with fresh row keys (so the copy's rows never share state with the original's). */
export function rekeyEntry(e: OrderEntryDraft): OrderEntryDraft {
  return {
    ...e,
    key: newKey(),
    assets: e.assets.map((a) => ({
      ...a,
      key: newKey(),
      assetNos: [...a.assetNos],
      assetExtendList: a.assetExtendList.map((x) => ({ ...x })),
      products: a.products.map(rekeyProduct),
      merchandises: a.merchandises.map(rekeyMerchandise),
    })),
  }
}

/**
 * A new order started from a template: the template's entries with fresh keys, a new customer order number (two
 * orders never share one), not marked ready (the user checks it first).
 */
export function orderFromTemplate(template: OrderTemplate, channelOrderId: string): OrderDraft {
  const base: OrderDraft =
    template.scope === 'order' ? template.order : orderDraftSchema.parse({ entries: [template.entry] })
  return { ...base, channelOrderId, ready: false, entries: base.entries.map(rekeyEntry) }
}

/** A template of a whole order (the number and the ready mark are the order's own, not the template's). */
export function templateFromOrder(order: OrderDraft): OrderTemplate {
  return orderTemplateSchema.parse({ scope: 'order', order: { ...order, channelOrderId: '', ready: false, entries: order.entries.map(rekeyEntry) } })
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

/** Words for the places inside an order draft, so a damaged draft's field is said as the screens say it. */
const PLACE_WORDS: Record<string, Record<Locale, string>> = {
  entries: { en: 'entry', 'zh-CN': '条目' },
  entry: { en: 'entry', 'zh-CN': '条目' },
  assets: { en: 'asset group', 'zh-CN': '资产组' },
  products: { en: 'product', 'zh-CN': '产品' },
  merchandises: { en: 'package', 'zh-CN': '商品包' },
  children: { en: 'package', 'zh-CN': '商品包' },
  productFeatures: { en: 'feature', 'zh-CN': '特性' },
  assetNos: { en: 'asset number', 'zh-CN': '资产号' },
  assetExtendList: { en: 'extension', 'zh-CN': '扩展属性' },
  passwords: { en: 'password', 'zh-CN': '密码' },
  key: { en: 'row id', 'zh-CN': '行标识' },
  kind: { en: 'kind of draft', 'zh-CN': '草稿类型' },
  scope: { en: 'template kind', 'zh-CN': '模板类型' },
  '(whole draft)': { en: 'the whole draft', 'zh-CN': '整个草稿' },
}

/**
 * A field path of a draft body as the store reports it ("entries.0.assets.1.products.2.productName") in words:
 * "entry 1 › asset group 2 › product 3 › productName" (request field names stay as the spec names them).
 */
export function draftFieldWords(path: string, locale: Locale): string {
  const parts = path.split('.').filter((p) => p !== '' && p !== 'order')
  const out: string[] = []
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i]!
    const next = parts[i + 1]
    const words = PLACE_WORDS[p]?.[locale]
    if (words && next !== undefined && /^\d+$/.test(next)) {
      out.push(locale === 'en' ? `${words} ${Number(next) + 1}` : `${words} ${Number(next) + 1}`)
      i++
    } else out.push(words ?? p)
  }
  return out.join(' › ')
}

/** An error about a draft or a drafts file, its field said in words (the catalog's message takes it as {field}). */
export function draftErrorInWords(e: AppErrorData, locale: Locale): AppErrorData {
  if ((e.code !== 'app.draftFileBadDraft' && e.code !== 'app.draftInvalid') || typeof e.params.field !== 'string') return e
  return { ...e, params: { ...e.params, field: draftFieldWords(e.params.field, locale) } }
}
