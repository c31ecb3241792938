/**
 * The planner's diff in words, in English and Simplified Chinese, for the screen and the CLI: "Wang Fang gets
 * 8100000003; Li Lei gives back 8100000007", a move said as one, and the counts. `name` says an employee by global
 * id ("name (account)", or the id).
 */
import type { Locale } from '../i18n/locale'
import { fillTemplate, type CatalogEntry } from '../errors/catalog'
import type { PlanChange, PlanCounts } from './plan'

export const PLAN_WORDS = {
  gets: { en: '{employee} gets {number}', 'zh-CN': '{employee} 获得 {number}' },
  givesBack: { en: '{employee} gives back {number}', 'zh-CN': '{employee} 交回 {number}' },
  moves: { en: '{number} moves from {from} to {employee}', 'zh-CN': '{number} 从 {from} 转给 {employee}' },
  counts: {
    en: '{gets} to give, {givesBack} to take back, {moves} to move; {unchanged} already as planned, {problems} with problems (not sent). {calls} configure calls for {employees} employees.',
    'zh-CN': '分配 {gets} 个，收回 {givesBack} 个，转移 {moves} 个；{unchanged} 个已符合计划，{problems} 个有问题（不发送）。共 {calls} 次配置调用，涉及 {employees} 名员工。',
  },
  nothing: { en: 'Nothing to change: every cell is already as planned.', 'zh-CN': '无需更改：所有单元格都已符合计划。' },
} satisfies Record<string, CatalogEntry>

const SEPARATOR: Record<Locale, string> = { en: '; ', 'zh-CN': '；' }

/** One change in words. */
export function changeWords(c: PlanChange, locale: Locale, name: (globalId: string) => string): string {
  const params = { employee: name(c.member), number: c.assetNum, from: c.from ? name(c.from) : '' }
  return fillTemplate(PLAN_WORDS[c.kind][locale], params)
}

/** The changes in one sentence (the first `limit`, then "…"). */
export function diffWords(changes: readonly PlanChange[], locale: Locale, name: (globalId: string) => string, limit = Infinity): string {
  if (changes.length === 0) return PLAN_WORDS.nothing[locale]
  const shown = changes.slice(0, limit).map((c) => changeWords(c, locale, name))
  return shown.join(SEPARATOR[locale]) + (changes.length > limit ? `${SEPARATOR[locale]}…` : '')
}

/** The counts in one sentence. */
export function countWords(c: PlanCounts, locale: Locale): string {
  return fillTemplate(PLAN_WORDS.counts[locale], { ...c })
}
