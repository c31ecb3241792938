/**
 * The renderer's i18n: vue-i18n (composition API) with en and zh-CN, Element Plus's own locale alongside,
 * and `<html lang>` kept in step. The error catalog of src/shared supplies error sentences.
 */
import { createI18n } from 'vue-i18n'
import elementEn from 'element-plus/es/locale/lang/en'
import elementZhCn from 'element-plus/es/locale/lang/zh-cn'
import type { Language } from 'element-plus/es/locale'
import { describeError, type AppErrorData } from '@shared/errors/app-error'
import type { Locale } from '@shared/i18n/locale'
import en, { type MessageSchema } from './en'
import zhCN from './zh-CN'
import { compileMessage } from './message-compiler'

/** Messages of every locale, keyed as vue-i18n wants them. */
export const messages: Record<Locale, MessageSchema> = { en, 'zh-CN': zhCN }

/** The app's i18n instance. */
export const i18n = createI18n<[MessageSchema], Locale, false>({
  legacy: false,
  locale: 'en',
  fallbackLocale: 'en',
  messages,
  // Our messages are plain text; no HTML is ever rendered from them.
  warnHtmlMessage: false,
  // Our own small compiler: vue-i18n's is left out of the build (see message-compiler.ts).
  messageCompiler: compileMessage,
})

const elementLocales: Record<Locale, Language> = { en: elementEn, 'zh-CN': elementZhCn }

/** Element Plus's locale object for one of ours. */
export function elementLocale(locale: Locale): Language {
  return elementLocales[locale]
}

/** Switches the whole UI to a locale (messages and the document language). */
export function applyLocale(locale: Locale): void {
  i18n.global.locale.value = locale
  if (typeof document !== 'undefined') document.documentElement.lang = locale
}

/** The locale currently shown. */
export function currentLocale(): Locale {
  return i18n.global.locale.value
}

/** A field problem as the core sends it: its path and words, and (when the core says) what rule it broke. */
type InputIssue = { path: string; message: string; code?: string; maximum?: number; minimum?: number }

/**
 * One problem in the user's words: the field named as the screens name it, the rule from the issue's code and
 * bounds, else read from the checker's English words ("Too big: expected string to have <=64 characters").
 */
export function issueText(issue: InputIssue, locale: Locale = currentLocale()): string {
  const t = (key: string, params?: Record<string, unknown>) => i18n.global.t(key, params ?? {}, { locale })
  const name = issue.path.split('.').filter((p) => !/^\d+$/.test(p)).pop() ?? ''
  const field = name && i18n.global.te(`errors.field.${name}`, locale) ? t(`errors.field.${name}`) : t('errors.field.value')
  const max = issue.maximum ?? Number(/<=?\s*(\d+)/.exec(issue.message)?.[1] ?? NaN)
  const min = issue.minimum ?? Number(/>=?\s*(\d+)/.exec(issue.message)?.[1] ?? NaN)
  const chars = /character/.test(issue.message)
  const big = issue.code === 'too_big' || /^Too big/i.test(issue.message)
  const small = issue.code === 'too_small' || /^Too small/i.test(issue.message)
  if (big && Number.isFinite(max)) return t(chars ? 'errors.issue.tooLong' : 'errors.issue.tooBig', { field, max })
  if (small && Number.isFinite(min)) {
    if (chars && min === 1) return t('errors.issue.required', { field })
    return t(chars ? 'errors.issue.tooShort' : 'errors.issue.tooSmall', { field, min })
  }
  if (/required/i.test(issue.message)) return t('errors.issue.required', { field })
  return t('errors.issue.invalid', { field })
}

/**
 * The user-facing sentence of an error in the current language. Refused input is worded field by field in the
 * user's language (never the checker's own English text).
 */
export function errorText(data: AppErrorData, locale: Locale = currentLocale()): string {
  const issues = data.details.issues as InputIssue[] | undefined
  if (data.code === 'app.invalidInput' && issues && issues.length > 0) {
    const problems = issues.slice(0, 5).map((i) => issueText(i, locale))
    return i18n.global.t('errors.invalidInput', { problems: problems.join(i18n.global.t('errors.sep', {}, { locale })) }, { locale })
  }
  return describeError(data, locale)
}

/** Whether sending the same again cannot help (the input itself was refused): no "Try again" then. */
export function isInputRefusal(data: AppErrorData): boolean {
  return data.code === 'app.invalidInput'
}
