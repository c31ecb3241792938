/**
 * Every date and time the app shows, parses or writes goes through here (docs/decisions.md, "Dates and zones").
 * Intl and Date alone: the rules are few (two zones, fixed formats) and a library would add weight to the first
 * screen for nothing the platform lacks.
 *
 * The rule: the service's Long times are instants (epoch milliseconds). An instant is shown and written in the
 * workstation's own zone. A calendar date without a time (a license's start or end day, a date cell of an order or
 * catalog file) is a day of the service's zone, China Standard Time (UTC+8, no daylight saving), starting at its
 * 00:00; an end day includes that whole day. Machine files (logs, the journal export, job ids) write UTC ISO text.
 */
import type { Locale } from '../i18n/locale'

/** The service's zone: China Standard Time, UTC+8 all year. */
export const SERVICE_OFFSET_MS = 8 * 3_600_000
const DAY_MS = 86_400_000

const p2 = (n: number): string => String(n).padStart(2, '0')

interface Parts {
  y: number
  mo: number
  d: number
  h: number
  mi: number
  s: number
}

function localParts(ms: number): Parts {
  const d = new Date(ms)
  return { y: d.getFullYear(), mo: d.getMonth() + 1, d: d.getDate(), h: d.getHours(), mi: d.getMinutes(), s: d.getSeconds() }
}

function serviceParts(ms: number): Parts {
  const d = new Date(ms + SERVICE_OFFSET_MS)
  return { y: d.getUTCFullYear(), mo: d.getUTCMonth() + 1, d: d.getUTCDate(), h: d.getUTCHours(), mi: d.getUTCMinutes(), s: d.getUTCSeconds() }
}

const dayText = (t: Parts): string => `${t.y}-${p2(t.mo)}-${p2(t.d)}`
const timeText = (t: Parts, seconds: boolean): string => `${p2(t.h)}:${p2(t.mi)}${seconds ? `:${p2(t.s)}` : ''}`

/** Whether a value is a usable instant. */
const isInstant = (ms: number | null | undefined): ms is number => ms !== null && ms !== undefined && Number.isFinite(ms)

/** An instant as `YYYY-MM-DD HH:mm[:ss]` in the workstation's zone (exports, the CLI); '' for none. */
export function localDateTime(ms: number | null | undefined, seconds = true): string {
  return isInstant(ms) ? `${dayText(localParts(ms))} ${timeText(localParts(ms), seconds)}` : ''
}

/** An instant's day as `YYYY-MM-DD` in the workstation's zone; '' for none. */
export function localDate(ms: number | null | undefined): string {
  return isInstant(ms) ? dayText(localParts(ms)) : ''
}

/** An instant's month as `YYYY-MM` in the workstation's zone. */
export function localMonth(ms: number): string {
  return localDate(ms).slice(0, 7)
}

/** An instant's day as `YYYY-MM-DD` in the service's zone; '' for none. */
export function serviceDate(ms: number | null | undefined): string {
  return isInstant(ms) ? dayText(serviceParts(ms)) : ''
}

/** An instant as `YYYY-MM-DD HH:mm` in the service's zone; '' for none. */
export function serviceDateTime(ms: number | null | undefined): string {
  return isInstant(ms) ? `${dayText(serviceParts(ms))} ${timeText(serviceParts(ms), false)}` : ''
}

/** The instant a day of the service's zone starts (00:00 UTC+8); null when the day does not exist. */
export function serviceDayStart(y: number, mo: number, d: number): number | null {
  const ms = Date.UTC(y, mo - 1, d) - SERVICE_OFFSET_MS
  const back = serviceParts(ms)
  return back.y === y && back.mo === mo && back.d === d ? ms : null
}

/** The last millisecond of the service day an instant falls in (an end day includes the whole day). */
export function serviceDayEnd(ms: number): number {
  const start = ms - ((((ms + SERVICE_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS)
  return start + DAY_MS - 1
}

/** The next local midnight after the day an instant falls in (a picked last day counts whole, daylight saving too). */
export function nextLocalMidnight(ms: number): number {
  const d = new Date(ms)
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1).getTime()
}

/** An instant as a file name's stamp, `YYYYMMDD-HHmm` in the workstation's zone. */
export function fileStamp(ms: number): string {
  const t = localParts(ms)
  return `${t.y}${p2(t.mo)}${p2(t.d)}-${p2(t.h)}${p2(t.mi)}`
}

/** An instant as UTC ISO text, for files machines read; '' for none. */
export function isoUtc(ms: number | null | undefined): string {
  return isInstant(ms) ? new Date(ms).toISOString() : ''
}

// Building an Intl.DateTimeFormat costs far more than using one (a table cell per row would feel it): keep them.
const formats = new Map<string, Intl.DateTimeFormat>()

/** How a screen writes an instant: `numeric` (2024/01/02 03:04[:05]) or `medium` (Jan 2, 2024, 3:04 AM). */
export type ScreenStyle = 'numeric' | 'numericSeconds' | 'medium' | 'date'

function formatter(locale: Locale, style: ScreenStyle): Intl.DateTimeFormat {
  const key = `${locale}|${style}`
  let f = formats.get(key)
  if (!f) {
    const numeric: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false }
    const options: Intl.DateTimeFormatOptions =
      style === 'medium'
        ? { dateStyle: 'medium', timeStyle: 'short' }
        : style === 'date'
          ? { year: 'numeric', month: '2-digit', day: '2-digit' }
          : style === 'numericSeconds'
            ? { ...numeric, second: '2-digit' }
            : numeric
    f = new Intl.DateTimeFormat(locale, options)
    formats.set(key, f)
  }
  return f
}

/** An instant on screen, in the workstation's zone and the user's language ("—" when unknown). */
export function screenTime(ms: number | null | undefined, locale: Locale, style: ScreenStyle = 'numeric'): string {
  if (!isInstant(ms) || ms < 0) return '—'
  return formatter(locale, style).format(ms)
}

/**
 * A time the service sends as text ("2024-01-02 03:04:05", a day, or digits of epoch ms) as an instant; the text's
 * wall time is read in the workstation's zone, as the screens always showed it. null when it is not a time.
 */
export function parseServiceText(s: string): number | null {
  const t = s.trim()
  if (/^\d{10,}$/.test(t)) return Number(t)
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(t)
  if (!m) return null
  const [, y, mo, d, h = '0', mi = '0', sec = '0'] = m
  return new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(sec)).getTime()
}
