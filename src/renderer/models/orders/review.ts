/**
 * The review page's words: each entry of an order said as sentences ("10 stand-alone refillable locks for ACME
 * Ltd: Product X, 5 nodes, 1 year; package Y"), one per asset group, and the order's counts. Pure (tested
 * without mounting), both languages.
 */
import { LOCK_LICENSE_TYPES, type LicenseType } from '@shared/api/orders'
import type { Locale } from '@shared/i18n/locale'
import type { AssetGroupDraft, MerchandiseDraft, OrderDraft, OrderEntryDraft, ProductDraft } from '@shared/orders/draft'
import { parseExpression } from '@shared/orders/duration'
import { countedLicenses } from './license-types'

/** Numbers listed in a revoke sentence before "and N more". */
export const LISTED_NUMBERS = 5

/** "1 year", "2 years 6 months", "30 days" / "1 年", "2 年 6 个月"; the text as it is when not y-m-d. */
export function durationWords(expr: string, locale: Locale): string {
  const v = parseExpression(expr)
  if (!v) return expr.trim()
  const parts: string[] = []
  const en = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`
  if (v.years) parts.push(locale === 'en' ? en(v.years, 'year', 'years') : `${v.years} 年`)
  if (v.months) parts.push(locale === 'en' ? en(v.months, 'month', 'months') : `${v.months} 个月`)
  if (v.days) parts.push(locale === 'en' ? en(v.days, 'day', 'days') : `${v.days} 天`)
  if (parts.length === 0) return locale === 'en' ? 'no time limit' : '不限时长'
  return parts.join(' ')
}

function nodes(n: number | null, locale: Locale): string {
  if (n === null) return ''
  return locale === 'en' ? `${n} ${n === 1 ? 'node' : 'nodes'}` : `${n} 个节点`
}

const sep = (locale: Locale) => (locale === 'en' ? ', ' : '，')
const semi = (locale: Locale) => (locale === 'en' ? '; ' : '；')
const colon = (locale: Locale) => (locale === 'en' ? ': ' : '：')

function productName(p: ProductDraft, locale: Locale): string {
  return p.productName.trim() || p.productUri.trim() || (locale === 'en' ? 'unnamed product' : '未命名产品')
}

/** "Product X, 5 nodes, 1 year" (a trial says so). */
export function productWords(p: ProductDraft, locale: Locale): string {
  const parts = [productName(p, locale), nodes(p.limitConcurrent, locale), durationWords(p.timeDurationExpression, locale)]
  if (p.trial === 1) parts.push(locale === 'en' ? 'trial' : '试用')
  return parts.filter((s) => s !== '').join(sep(locale))
}

/** "package Y (Product Z, 1 node, 1 year; package W)" — children and products inside, any depth. */
export function packageWords(m: MerchandiseDraft, locale: Locale): string {
  const name = m.merchandiseName.trim() || m.merchandiseNum.trim() || (locale === 'en' ? 'unnamed' : '未命名')
  const inner = [...m.products.map((p) => productWords(p, locale)), ...m.children.map((c) => packageWords(c, locale))]
  const head = locale === 'en' ? `package ${name}` : `产品包 ${name}`
  return inner.length === 0 ? head : locale === 'en' ? `${head} (${inner.join('; ')})` : `${head}（${inner.join('；')}）`
}

function customerOf(e: OrderEntryDraft, locale: Locale): string {
  return e.customerName.trim() || e.enterpriseGlobalId.trim() || (locale === 'en' ? 'a customer not given yet' : '未填写的客户')
}

function numbersWords(nos: readonly string[], locale: Locale): string {
  const shown = nos.slice(0, LISTED_NUMBERS).join(sep(locale))
  const more = nos.length - LISTED_NUMBERS
  if (more <= 0) return shown
  return locale === 'en' ? `${shown} and ${more} more` : `${shown} 等（另 ${more} 个）`
}

/** One sentence for one asset group of an entry. */
export function groupSentence(e: OrderEntryDraft, g: AssetGroupDraft, locale: Locale): string {
  const n = g.assetNos.length
  const what = countedLicenses(e.licenseType, n, locale)
  const who = customerOf(e, locale)
  if (e.orderType === 'delete_asset') {
    return locale === 'en' ? `Revoke ${what} of ${who}: ${numbersWords(g.assetNos, locale)}` : `为 ${who} 退订 ${what}：${numbersWords(g.assetNos, locale)}`
  }
  const items = [...g.products.map((p) => productWords(p, locale)), ...g.merchandises.map((m) => packageWords(m, locale))]
  const list = items.length > 0 ? items.join(semi(locale)) : locale === 'en' ? 'no products yet' : '尚无产品'
  if (e.orderType === 'delete_product') {
    const on = numbersWords(g.assetNos, locale)
    return locale === 'en' ? `Revoke from ${what} of ${who} (${on}): ${list}` : `从 ${who} 的 ${what}（${on}）退订：${list}`
  }
  return locale === 'en' ? `${what} for ${who}${colon(locale)}${list}` : `为 ${who} 开通 ${what}${colon(locale)}${list}`
}

/** The sentences of an entry, one per asset group. */
export function entrySentences(e: OrderEntryDraft, locale: Locale): string[] {
  return e.assets.map((g) => groupSentence(e, g, locale))
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
