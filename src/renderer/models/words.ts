/**
 * How a model words something in the user's language without holding any words: the renderer's words are the
 * i18n files' (src/renderer/i18n), reached through vue-i18n's `t` (the view's `useI18n().t`, a store's
 * `i18n.global.t`); the locale is for the shared catalogs (error sentences, field labels), which take it.
 */
import type { Locale } from '@shared/i18n/locale'

/** vue-i18n's `t`: a key, its parameters, and the count that picks a plural form. */
export type Translate = (key: string, params?: Record<string, unknown>, plural?: number) => string

/** The user's language for a model: `t` for the renderer's words, `locale` for the shared catalogs. */
export interface Say {
  t: Translate
  locale: Locale
}
