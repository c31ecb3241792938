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

/**
 * A time the service sends in either form (epoch ms, or text such as "2024-01-02 03:04:05") in the same local
 * format as every other time on screen; text that is not a time is shown as it is.
 */
export function formatAnyTime(v: number | string | null | undefined, locale: Locale, seconds = false): string {
  if (v === null || v === undefined || v === '') return '—'
  if (typeof v === 'number') return formatTime(v, locale, seconds)
  const s = v.trim()
  if (/^\d{10,}$/.test(s)) return formatTime(Number(s), locale, seconds)
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(s)
  if (!m) return s
  const [, y, mo, d, h = '0', mi = '0', sec = '0'] = m
  return formatTime(new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(sec)).getTime(), locale, seconds)
}
