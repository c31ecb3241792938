/**
 * The review page's words: each entry of an order said as sentences ("10 stand-alone refillable locks for ACME
 * Ltd: Product X, 5 nodes, 1 year; package Y"), one per asset group, and the order's counts. Pure (tested
 * without mounting); keys only: the words are i18n's `orderReview.*` and `licenseTypeCount.*`.
 */
import { LOCK_LICENSE_TYPES, type LicenseType } from '@shared/api/orders'
import type { AssetGroupDraft, MerchandiseDraft, OrderDraft, OrderEntryDraft, ProductDraft } from '@shared/orders/draft'
import { parseExpression } from '@shared/orders/duration'
import { countedLicenses } from './license-types'
import type { Translate } from '../words'

/** Numbers listed in a revoke sentence before "and N more". */
export const LISTED_NUMBERS = 5

/** "1 year", "2 years 6 months", "30 days" / "1 年", "2 年 6 个月"; the text as it is when not y-m-d. */
export function durationWords(expr: string, t: Translate): string {
  const v = parseExpression(expr)
  if (!v) return expr.trim()
  const parts: string[] = []
  if (v.years) parts.push(t('orderReview.years', { n: v.years }, v.years))
  if (v.months) parts.push(t('orderReview.months', { n: v.months }, v.months))
  if (v.days) parts.push(t('orderReview.days', { n: v.days }, v.days))
  if (parts.length === 0) return t('orderReview.noTimeLimit')
  return parts.join(' ')
}

function nodes(n: number | null, t: Translate): string {
  return n === null ? '' : t('orderReview.nodes', { n }, n)
}

function productName(p: ProductDraft, t: Translate): string {
  return p.productName.trim() || p.productUri.trim() || t('orderReview.unnamedProduct')
}

/** "Product X, 5 nodes, 1 year" (a trial says so). */
export function productWords(p: ProductDraft, t: Translate): string {
  const parts = [productName(p, t), nodes(p.limitConcurrent, t), durationWords(p.timeDurationExpression, t)]
  if (p.trial === 1) parts.push(t('orderReview.trial'))
  return parts.filter((s) => s !== '').join(t('orderReview.sep'))
}

/** "package Y (Product Z, 1 node, 1 year; package W)" — children and products inside, any depth. */
export function packageWords(m: MerchandiseDraft, t: Translate): string {
  const name = m.merchandiseName.trim() || m.merchandiseNum.trim() || t('orderReview.unnamedPackage')
  const inner = [...m.products.map((p) => productWords(p, t)), ...m.children.map((c) => packageWords(c, t))]
  return inner.length === 0 ? t('orderReview.package', { name }) : t('orderReview.packageWith', { name, inner: inner.join(t('orderReview.semi')) })
}

function customerOf(e: OrderEntryDraft, t: Translate): string {
  return e.customerName.trim() || e.enterpriseGlobalId.trim() || t('orderReview.customerNotGiven')
}

function numbersWords(nos: readonly string[], t: Translate): string {
  const shown = nos.slice(0, LISTED_NUMBERS).join(t('orderReview.sep'))
  const more = nos.length - LISTED_NUMBERS
  return more <= 0 ? shown : t('orderReview.numbersMore', { shown, more })
}

/** One sentence for one asset group of an entry. */
export function groupSentence(e: OrderEntryDraft, g: AssetGroupDraft, t: Translate): string {
  const what = countedLicenses(e.licenseType, g.assetNos.length, t)
  const who = customerOf(e, t)
  if (e.orderType === 'delete_asset') return t('orderReview.revokeAssets', { what, who, numbers: numbersWords(g.assetNos, t) })
  const items = [...g.products.map((p) => productWords(p, t)), ...g.merchandises.map((m) => packageWords(m, t))]
  const list = items.length > 0 ? items.join(t('orderReview.semi')) : t('orderReview.noProducts')
  if (e.orderType === 'delete_product') return t('orderReview.revokeProducts', { what, who, numbers: numbersWords(g.assetNos, t), list })
  return t('orderReview.buy', { what, who, list })
}

/** The sentences of an entry, one per asset group. */
export function entrySentences(e: OrderEntryDraft, t: Translate): string[] {
  return e.assets.map((g) => groupSentence(e, g, t))
}

export interface ReviewCounts {
  entries: number
  /** Asset numbers of lock license types. */
  locks: number
  /** Asset numbers of other types (certificates, cloud accounts…). */
  otherAssets: number
  products: number
  packages: number
}

function countPackages(list: readonly MerchandiseDraft[], acc: { products: number; packages: number }): void {
  for (const m of list) {
    acc.packages++
    acc.products += m.products.length
    countPackages(m.children, acc)
  }
}

export function reviewCounts(draft: Pick<OrderDraft, 'entries'>): ReviewCounts {
  const out: ReviewCounts = { entries: draft.entries.length, locks: 0, otherAssets: 0, products: 0, packages: 0 }
  for (const e of draft.entries) {
    const isLock = e.licenseType !== '' && LOCK_LICENSE_TYPES.includes(e.licenseType as LicenseType)
    for (const g of e.assets) {
      if (isLock) out.locks += g.assetNos.length
      else out.otherAssets += g.assetNos.length
      out.products += g.products.length
      countPackages(g.merchandises, out)
    }
  }
  return out
}
