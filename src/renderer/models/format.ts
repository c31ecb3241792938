/** How the asset screens write license types, times and flags in the user's language. */
import type { Locale } from '@shared/i18n/locale'

type Translate = (key: string, params?: Record<string, unknown>) => string
type Has = (key: string) => boolean

/** The license type's name in the user's language, or the code itself when we have no name for it. */
export function licenseTypeName(type: string, t: Translate, te: Has): string {
  if (!type) return '—'
  return te(`licenseType.${type}`) ? t(`licenseType.${type}`) : type
}

// Building an Intl.DateTimeFormat costs far more than using one (a table cell per row would feel it): keep them.
const formats = new Map<string, Intl.DateTimeFormat>()

function formatter(locale: Locale, seconds: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${seconds ? 's' : 'm'}`
  let f = formats.get(key)
  if (!f) {
    f = new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      ...(seconds ? { second: '2-digit' } : {}),
      hour12: false,
    })
    formats.set(key, f)
  }
  return f
}

/** An epoch-ms time as local date and time ("—" when unknown); `seconds` adds them. */
export function formatTime(ms: number | null | undefined, locale: Locale, seconds = false): string {
  if (ms === null || ms === undefined || ms < 0 || !Number.isFinite(ms)) return '—'
  return formatter(locale, seconds).format(ms)
}
