/**
 * The renderer's i18n: vue-i18n (composition API) with en and zh-CN, Element Plus's own locale alongside,
 * and `<html lang>` kept in step. The error catalog of src/shared supplies error sentences.
 *
 * Each language's messages are a chunk of their own, loaded when that language is first shown (setLocaleMessage):
 * the entry loads the language of the first screen before mounting (main.ts), the other comes when the user
 * switches. Until it has arrived the previous language stays on screen.
 */
import { ref } from 'vue'
import { createI18n } from 'vue-i18n'
import elementEn from 'element-plus/es/locale/lang/en'
import elementZhCn from 'element-plus/es/locale/lang/zh-cn'
import type { Language } from 'element-plus/es/locale'
import { describeError, type AppErrorData } from '@shared/errors/app-error'
import type { Locale } from '@shared/i18n/locale'
import type { MessageSchema } from './en'
import { compileMessage } from './message-compiler'

/** The app's i18n instance; a language's messages are added by loadLocaleMessages. */
export const i18n = createI18n<[MessageSchema], Locale, false>({
  legacy: false,
  locale: 'en',
  fallbackLocale: 'en',
  // Our messages are plain text; no HTML is ever rendered from them.
  warnHtmlMessage: false,
  // Our own small compiler: vue-i18n's is left out of the build (see message-compiler.ts).
  messageCompiler: compileMessage,
  // Until a language's chunk has arrived its keys are missing by design: no warning for that.
  missingWarn: false,
  fallbackWarn: false,
})

/** Each language's messages, as a chunk loaded on demand. */
const loaders: Record<Locale, () => Promise<{ default: MessageSchema }>> = {
  en: () => import('./en'),
  'zh-CN': () => import('./zh-CN'),
}
const loading = new Map<Locale, Promise<void>>()

/** Loads a language's messages into the i18n instance (once; later calls share the first load). */
export function loadLocaleMessages(locale: Locale): Promise<void> {
  let p = loading.get(locale)
  if (!p) {
    p = loaders[locale]().then((mod) => i18n.global.setLocaleMessage(locale, mod.default))
    // A failed load may be tried again.
    p.catch(() => loading.delete(locale))
    loading.set(locale, p)
  }
  return p
}

/** Whether a language's messages are in (then switching to it is immediate). */
export function hasLocaleMessages(locale: Locale): boolean {
  return Object.keys(i18n.global.getLocaleMessage(locale)).length > 0
}

/** The language asked for last; a slower earlier load must not overturn it. */
let wanted: Locale | null = null
/** True while the language asked for is still loading (the start-up page waits for it). */
export const localeLoading = ref(false)

function show(locale: Locale): void {
  i18n.global.locale.value = locale
  if (typeof document !== 'undefined') document.documentElement.lang = locale
}
const elementLocales: Record<Locale, Language> = { en: elementEn, 'zh-CN': elementZhCn }

/** Element Plus's locale object for one of ours. */
export function elementLocale(locale: Locale): Language {
  return elementLocales[locale]
}

/**
 * Switches the whole UI to a locale (messages and the document language): at once when its messages are in,
 * else once they have loaded (the promise settles then; a failed load keeps the language shown).
 */
export function applyLocale(locale: Locale): Promise<void> {
  wanted = locale
  if (hasLocaleMessages(locale)) {
    localeLoading.value = false
    show(locale)
    return Promise.resolve()
  }
  localeLoading.value = true
  return loadLocaleMessages(locale).then(
    () => {
      if (wanted !== locale) return
      localeLoading.value = false
      show(locale)
    },
    (err: unknown) => {
      if (wanted === locale) localeLoading.value = false
      console.error(`[i18n] the ${locale} messages could not be loaded`, err)
    },
  )
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
