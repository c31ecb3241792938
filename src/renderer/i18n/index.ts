/**
 * The renderer's i18n: vue-i18n (composition API) with en and zh-CN, Element Plus's own locale alongside,
 * and `<html lang>` kept in step. The error catalog of src/shared supplies error sentences.
 *
 * Each language is loaded when it is first shown: its messages (setLocaleMessage), Element Plus's texts and the
 * error catalog's sentences, as chunks of their own (English's Element Plus texts and error sentences are in the
 * entry: both libraries fall back to them). The entry loads the language of the first screen before mounting
 * (main.ts), the other comes when the user switches. Until all of it has arrived the previous language stays.
 */
import { ref } from 'vue'
import { createI18n } from 'vue-i18n'
import elementEn from 'element-plus/es/locale/lang/en'
import type { Language } from 'element-plus/es/locale'
import { describeError, type AppErrorData } from '@shared/errors/app-error'
import { addCatalogLanguage, type CatalogSentences } from '@shared/errors/catalog'
import { LOCALES, type Locale } from '@shared/i18n/locale'
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

/** Element Plus's texts of each language that is in. */
const elementLocales: Partial<Record<Locale, Language>> = { en: elementEn }

/** The error catalog's sentences of each language but English (which is always in). */
const sentenceLoaders: Record<Exclude<Locale, 'en'>, () => Promise<CatalogSentences>> = {
  'zh-CN': () => import('@shared/errors/catalog-zh-CN').then((m) => m.ZH_CN_SENTENCES),
}
const sentencesLoading = new Map<Locale, Promise<void>>()

/** Adds a language's error sentences to the catalog (once; a failed load may be tried again). */
function loadErrorSentences(locale: Locale): Promise<void> {
  if (locale === 'en') return Promise.resolve()
  let p = sentencesLoading.get(locale)
  if (!p) {
    p = sentenceLoaders[locale]().then((table) => addCatalogLanguage(locale, table))
    p.catch(() => sentencesLoading.delete(locale))
    sentencesLoading.set(locale, p)
  }
  return p
}

/**
 * Every language's error sentences, after the first screen: a service message kept from a session in another
 * language (a journal entry, a run's result) is then still recognised as its code's sentence and not repeated.
 * Never fails: a language that did not load is tried again when it is shown.
 */
export function loadAllErrorSentences(): Promise<void> {
  return Promise.allSettled(LOCALES.map(loadErrorSentences)).then(() => undefined)
}

/** Loads a language's Element Plus texts and error sentences, then gives its messages (chunks loaded on demand). */
const loaders: Record<Locale, () => Promise<MessageSchema>> = {
  en: () => import('./en').then((m) => m.default),
  'zh-CN': () =>
    Promise.all([import('./zh-CN'), import('element-plus/es/locale/lang/zh-cn'), loadErrorSentences('zh-CN')]).then(
      ([messages, element]) => {
        elementLocales['zh-CN'] = element.default
        return messages.default
      },
    ),
}
const loading = new Map<Locale, Promise<void>>()

/** Loads a language into the i18n instance, with its other texts (once; later calls share the first load). */
export function loadLocaleMessages(locale: Locale): Promise<void> {
  let p = loading.get(locale)
  if (!p) {
    p = loaders[locale]().then((messages) => i18n.global.setLocaleMessage(locale, messages))
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
/** Element Plus's locale object for one of ours (English until that language has loaded). */
export function elementLocale(locale: Locale): Language {
  return elementLocales[locale] ?? elementEn
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
