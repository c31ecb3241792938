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

/**
 * The user-facing sentence of an error in the current language (refused input is worded field by field by the
 * shared catalog, never in the checker's English).
 */
export function errorText(data: AppErrorData, locale: Locale = currentLocale()): string {
  return describeError(data, locale)
}

/** Whether sending the same again cannot help (the input itself was refused): no "Try again" then. */
export function isInputRefusal(data: AppErrorData): boolean {
  return data.code === 'app.invalidInput'
}
