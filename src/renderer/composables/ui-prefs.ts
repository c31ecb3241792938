/** Small per-machine UI preferences (not settings: nothing the core needs), kept in localStorage. */
import { ref, watch, type Ref } from 'vue'
import { LOCALES, type Locale } from '@shared/i18n/locale'

/** The language last shown, for pages that show before the settings can be read (the "not connected" page). */
const LOCALE_KEY = 'ld.locale'

export function rememberLocale(locale: Locale): void {
  try {
    localStorage.setItem(LOCALE_KEY, locale)
  } catch {
    // Not remembered: such a page then follows the browser's language.
  }
}

export function rememberedLocale(): Locale | null {
  try {
    const v = localStorage.getItem(LOCALE_KEY)
    return (LOCALES as readonly string[]).includes(v ?? '') ? (v as Locale) : null
  } catch {
    return null
  }
}

/** A boolean remembered under `key`; storage failures only mean it is not remembered. */
export function useStoredFlag(key: string, initial = false): Ref<boolean> {
  let start = initial
  try {
    const v = localStorage.getItem(key)
    if (v !== null) start = v === '1'
  } catch {
    // Storage disabled: use the default.
  }
  const flag = ref(start)
  watch(flag, (v) => {
    try {
      localStorage.setItem(key, v ? '1' : '0')
    } catch {
      // A preference only; nothing to tell the user.
    }
  })
  return flag
}
