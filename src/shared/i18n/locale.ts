/** The languages of the app. Anything else falls back to English. */
export const LOCALES = ['en', 'zh-CN'] as const
export type Locale = (typeof LOCALES)[number]

/** Each language's name in itself (the same in every language: anyone finds theirs), not a translation. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', 'zh-CN': '简体中文' }

/** The user's choice in Settings: a language, or follow the system. */
export type LocalePreference = Locale | 'system'

/** Maps a system language tag (navigator.language, LANG, Intl) to one of ours. */
export function matchLocale(tag: string | undefined | null): Locale {
  if (!tag) return 'en'
  const t = tag.replace('_', '-').toLowerCase()
  return t === 'zh' || t.startsWith('zh-') ? 'zh-CN' : 'en'
}

/** Resolves a preference against the system language. */
export function resolveLocale(pref: LocalePreference, systemTag: string | undefined | null): Locale {
  return pref === 'system' ? matchLocale(systemTag) : pref
}
