/**
 * The planner's diff in words, in English and Simplified Chinese, for the screen and the CLI: "Wang Fang gets
 * 8100000003; Li Lei gives back 8100000007", a move said as one, and the counts. `name` says an employee by global
 * id ("name (account)", or the id).
 */
import type { Locale } from '../i18n/locale'
import { fillTemplate, type CatalogEntry } from '../errors/catalog'
import type { PlanChange, PlanCounts } from './plan'
import type { ProductOutcome, ProductResolution } from './plan-products'

export const PLAN_WORDS = {
  gets: { en: '{employee} gets {number}', 'zh-CN': '{employee} 获得 {number}' },
  givesBack: { en: '{employee} gives back {number}', 'zh-CN': '{employee} 交回 {number}' },
  moves: { en: '{number} moves from {from} to {employee}', 'zh-CN': '{number} 从 {from} 转给 {employee}' },
  getsFor: { en: '{employee} gets {number} for {product}', 'zh-CN': '{employee} 获得 {number}（用于 {product}）' },
  givesBackFor: { en: '{employee} gives back {number} (carries {product})', 'zh-CN': '{employee} 交回 {number}（含 {product}）' },
  movesFor: { en: '{number} moves from {from} to {employee} for {product}', 'zh-CN': '{number} 从 {from} 转给 {employee}（用于 {product}）' },
  counts: {
    en: '{gets} to give, {givesBack} to take back, {moves} to move; {unchanged} already as planned, {problems} with problems (not sent). {calls} configure calls for {employees} employees.',
    'zh-CN': '分配 {gets} 个，收回 {givesBack} 个，转移 {moves} 个；{unchanged} 个已符合计划，{problems} 个有问题（不发送）。共 {calls} 次配置调用，涉及 {employees} 名员工。',
  },
  nothing: { en: 'Nothing to change: every cell is already as planned.', 'zh-CN': '无需更改：所有单元格都已符合计划。' },
} satisfies Record<string, CatalogEntry>

const SEPARATOR: Record<Locale, string> = { en: '; ', 'zh-CN': '；' }

/** What a product cell became, when it is not a change (nothing to do, or refused). */
export const PRODUCT_WORDS: Record<Exclude<ProductOutcome, 'gets' | 'givesBack'>, CatalogEntry> = {
  has: { en: '{employee} already has {product} (on {number}): nothing to do.', 'zh-CN': '{employee} 已有 {product}（在 {number} 上）：无需操作。' },
  hasNot: { en: '{employee} holds no number carrying {product}: nothing to give back.', 'zh-CN': '{employee} 没有含 {product} 的编号：无需交回。' },
  noFree: {
    en: 'No free number carries {product} for {employee}: untick it for someone who no longer needs it, or add numbers carrying it.',
    'zh-CN': '没有含 {product} 的空闲编号可分配给 {employee}：请为不再需要的人取消勾选，或添加含该产品的编号。',
  },
  notRead: {
    en: 'The products of {employee}’s numbers could not all be read, so it is not known whether they have {product}: check again.',
    'zh-CN': '未能读取 {employee} 名下全部编号的产品，无法确定其是否已有 {product}：请重新检查。',
  },
  unknownEmployee: { en: 'The enterprise has no employee “{employee}” (column {product}).', 'zh-CN': '企业中没有员工“{employee}”（{product} 列）。' },
}

/** Names a product by its `productUri` (its name, or the uri). */
export type ProductNamer = (uri: string) => string

/** One change in words (with the product it is for, when it comes from a product column). */
export function changeWords(c: PlanChange, locale: Locale, name: (globalId: string) => string, product: ProductNamer = (u) => u): string {
  const params = { employee: name(c.member), number: c.assetNum, from: c.from ? name(c.from) : '', product: c.product ? product(c.product) : '' }
  const key = c.product === undefined ? c.kind : (`${c.kind}For` as const)
  return fillTemplate(PLAN_WORDS[key][locale], params)
}

/** A product cell that is not a change, in words (null for one that is: its changes say it). */
export function productWords(r: ProductResolution, locale: Locale, name: (globalId: string) => string, product: ProductNamer = (u) => u): string | null {
  if (r.outcome === 'gets' || r.outcome === 'givesBack') return null
  const params = { employee: r.member ? name(r.member) : r.employee, product: product(r.productUri), number: r.numbers[0] ?? '' }
  return fillTemplate(PRODUCT_WORDS[r.outcome][locale], params)
}

/** The changes in one sentence (the first `limit`, then "…"). */
export function diffWords(changes: readonly PlanChange[], locale: Locale, name: (globalId: string) => string, limit = Infinity, product?: ProductNamer): string {
  if (changes.length === 0) return PLAN_WORDS.nothing[locale]
  const shown = changes.slice(0, limit).map((c) => changeWords(c, locale, name, product))
  return shown.join(SEPARATOR[locale]) + (changes.length > limit ? `${SEPARATOR[locale]}…` : '')
}

/** The counts in one sentence. */
export function countWords(c: PlanCounts, locale: Locale): string {
  return fillTemplate(PLAN_WORDS.counts[locale], { ...c })
}
