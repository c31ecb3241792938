/**
 * The one vocabulary of bulk runs: the states of a run and what became of each of its items, with their words once
 * per language. The renderer's i18n files spread these tables in (`run.status`, `item`, `itemCount`); the CLI and
 * the shared holdings words read them here, so an item reads the same on every screen, in every export and on the
 * command line (docs/decisions.md, "One vocabulary of runs"). Words only: no plural forms, nothing vue-i18n would
 * read as syntax (`|`, `@`, braces other than `{n}`).
 */
import type { CatalogEntry } from '../errors/catalog'
import type { ItemState, JobStatus } from '../bulk/states'
import type { Locale } from './locale'

/**
 * What became of one item (a lock, an employee, a row of a file). The runner's item states (`ItemState`) with
 * `ok` said as done, and where a screen can tell a failure apart: the service refused this item (`refused`) or
 * the call failed (`callError`). Before a run: a row the check keeps back (`notSent`) or that needs no call
 * (`nothingToDo`).
 */
export const ITEM_OUTCOMES = ['done', 'failed', 'refused', 'callError', 'unknown', 'cancelled', 'duplicate', 'pending', 'notSent', 'nothingToDo'] as const
export type ItemOutcome = (typeof ITEM_OUTCOMES)[number]

/** An item's outcome as a word or two (a tag, a filter, a results file's words). */
export const ITEM_WORDS: Record<ItemOutcome, CatalogEntry> = {
  done: { en: 'Done', 'zh-CN': '已完成' },
  failed: { en: 'Failed', 'zh-CN': '失败' },
  refused: { en: 'Refused', 'zh-CN': '被拒绝' },
  callError: { en: 'Call failed', 'zh-CN': '调用失败' },
  unknown: { en: 'Outcome unknown', 'zh-CN': '结果未知' },
  cancelled: { en: 'Not sent (cancelled)', 'zh-CN': '未发送（已取消）' },
  duplicate: { en: 'Repeated', 'zh-CN': '重复' },
  pending: { en: 'Not done yet', 'zh-CN': '尚未完成' },
  notSent: { en: 'Not sent', 'zh-CN': '未发送' },
  nothingToDo: { en: 'Nothing to do', 'zh-CN': '无需操作' },
}

/** A count of items with an outcome (`{n}` the number): the same words, in a figure or a summary line. */
export const ITEM_COUNT_WORDS: Record<ItemOutcome, CatalogEntry> = {
  done: { en: '{n} done', 'zh-CN': '已完成 {n}' },
  failed: { en: '{n} failed', 'zh-CN': '失败 {n}' },
  refused: { en: '{n} refused', 'zh-CN': '被拒绝 {n}' },
  callError: { en: '{n} call failed', 'zh-CN': '调用失败 {n}' },
  unknown: { en: '{n} outcome unknown', 'zh-CN': '结果未知 {n}' },
  cancelled: { en: '{n} not sent (cancelled)', 'zh-CN': '未发送（已取消）{n}' },
  duplicate: { en: '{n} repeated', 'zh-CN': '重复 {n}' },
  pending: { en: '{n} not done yet', 'zh-CN': '尚未完成 {n}' },
  notSent: { en: '{n} not sent', 'zh-CN': '未发送 {n}' },
  nothingToDo: { en: '{n} nothing to do', 'zh-CN': '无需操作 {n}' },
}

/** A run's status (`JobStatus`) as every screen and the CLI name it. */
export const RUN_STATUS_WORDS: Record<JobStatus, CatalogEntry> = {
  running: { en: 'Running', 'zh-CN': '执行中' },
  paused: { en: 'Paused', 'zh-CN': '已暂停' },
  cancelling: { en: 'Cancelling', 'zh-CN': '正在取消' },
  cancelled: { en: 'Cancelled', 'zh-CN': '已取消' },
  completed: { en: 'Finished', 'zh-CN': '已完成' },
  interrupted: { en: 'Interrupted (the app stopped)', 'zh-CN': '已中断（应用曾停止）' },
}

/** The outcome of a runner's item state (a failure not told apart stays `failed`). */
export function outcomeOfState(state: ItemState): ItemOutcome {
  return state === 'ok' ? 'done' : state
}

/** Whether a key is one of the shared outcomes (a screen's own categories add theirs beside them). */
export function isItemOutcome(key: string): key is ItemOutcome {
  return (ITEM_OUTCOMES as readonly string[]).includes(key)
}

/** One language's column of a table, as an i18n file spreads it in. */
export function wordsIn<K extends string>(table: Record<K, CatalogEntry>, locale: Locale): Record<K, string> {
  return Object.fromEntries(Object.entries<CatalogEntry>(table).map(([k, v]) => [k, v[locale]])) as Record<K, string>
}

/**
 * A summary line's template of counts, e.g. `{ok} done, {failed} failed`: each outcome's count words with its
 * own placeholder (filled later with the numbers).
 */
export function countsTemplate(parts: readonly (readonly [ItemOutcome, string])[], locale: Locale): string {
  return parts.map(([outcome, param]) => ITEM_COUNT_WORDS[outcome][locale].replace('{n}', `{${param}}`)).join(locale === 'zh-CN' ? '，' : ', ')
}
