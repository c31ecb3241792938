/** How the asset screens write license types, times and flags in the user's language. */
import type { Locale } from '@shared/i18n/locale'
import { parseServiceText, screenTime } from '@shared/time/dates'

type Translate = (key: string, params?: Record<string, unknown>) => string
type Has = (key: string) => boolean

/** The license type's name in the user's language, or the code itself when we have no name for it. */
export function licenseTypeName(type: string, t: Translate, te: Has): string {
  if (!type) return '—'
  return te(`licenseType.${type}`) ? t(`licenseType.${type}`) : type
}

/** An epoch-ms time as local date and time ("—" when unknown); `seconds` adds them. */
export function formatTime(ms: number | null | undefined, locale: Locale, seconds = false): string {
  return screenTime(ms, locale, seconds ? 'numericSeconds' : 'numeric')
}

/**
 * A time the service sends in either form (epoch ms, or text such as "2024-01-02 03:04:05") in the same local
 * format as every other time on screen; text that is not a time is shown as it is.
 */
export function formatAnyTime(v: number | string | null | undefined, locale: Locale, seconds = false): string {
  if (v === null || v === undefined || v === '') return '—'
  if (typeof v === 'number') return formatTime(v, locale, seconds)
  const ms = parseServiceText(v)
  return ms === null ? v.trim() : formatTime(ms, locale, seconds)
}
