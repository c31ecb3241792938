/**
 * A product's length of time, kept consistent across the four ways the order request says it: `timeUnit` and
 * `timeUnitQuantity` ("year" × 1), `timeDurationExpression` (y-m-d, "1-0-0") and the end date (`limitEndDate`,
 * from `limitStartDate`). The wizard's duration field edits one of them and this module sets the others.
 *
 * Decisions (the spec is silent, docs/decisions.md "Orders: the wizard"):
 * - `timeUnit` suggestions are the ones the sandbox's demo data uses: year, month, day; any other text is
 *   accepted and then left alone (the expression is not derived from a unit it does not know).
 * - The end date is the start plus the expression in calendar terms (local time; a month past the 31st ends
 *   on the month's last day), exclusive: 1 year from 1 March 2026 ends on 1 March 2027 at the same time.
 * - An expression with more than one part ("1-6-0") is said in months (18) when it has no days, else in days
 *   counted from the start (today when there is none).
 * Pure: no DOM, no Node.
 */
import { TIME_EXPRESSION } from '../rules/order-rules'
import { TIME_UNIT_SUGGESTIONS } from './suggestions'

export type KnownTimeUnit = (typeof TIME_UNIT_SUGGESTIONS)[number]

export interface Ymd {
  years: number
  months: number
  days: number
}

/** The duration fields of a product. */
export interface DurationFields {
  timeUnit: string
  timeUnitQuantity: number | null
  timeDurationExpression: string
  limitStartDate: number | null
  limitEndDate: number | null
}

const DAY_MS = 86_400_000

export function isKnownUnit(unit: string): unit is KnownTimeUnit {
  return (TIME_UNIT_SUGGESTIONS as readonly string[]).includes(unit.trim().toLowerCase())
}

/** "1-6-0" → { years 1, months 6, days 0 }; null when it is not y-m-d. */
export function parseExpression(expr: string): Ymd | null {
  const s = expr.trim()
  if (!TIME_EXPRESSION.test(s)) return null
  const [y, m, d] = s.split('-').map(Number) as [number, number, number]
  if (![y, m, d].every(Number.isSafeInteger)) return null
  return { years: y, months: m, days: d }
}

export function formatExpression(v: Ymd): string {
  return `${v.years}-${v.months}-${v.days}`
}

/** The expression of `quantity` `unit`s, or null for a unit this module does not know. */
export function expressionOf(unit: string, quantity: number): string | null {
  const u = unit.trim().toLowerCase()
  if (!Number.isSafeInteger(quantity) || quantity < 0) return null
  if (u === 'year') return `${quantity}-0-0`
  if (u === 'month') return `0-${quantity}-0`
  if (u === 'day') return `0-0-${quantity}`
  return null
}

/** `ms` plus a y-m-d length in calendar terms (local time), the day clamped to the target month's last. */
export function addYmd(ms: number, v: Ymd): number {
  const d = new Date(ms)
  const day = d.getDate()
  const target = new Date(d.getTime())
  target.setDate(1)
  target.setFullYear(d.getFullYear() + v.years)
  target.setMonth(target.getMonth() + v.months)
  const last = new Date(target.getFullYear(), target.getMonth() + 1, 0).getDate()
  target.setDate(Math.min(day, last))
  // Whole calendar days (the wall-clock time kept across a daylight-saving change).
  target.setDate(target.getDate() + v.days)
  return target.getTime()
}

/** The calendar difference from `start` to `end` as y-m-d (null when end is before start). */
export function ymdBetween(start: number, end: number): Ymd | null {
  if (end < start) return null
  const s = new Date(start)
  const e = new Date(end)
  let months = (e.getFullYear() - s.getFullYear()) * 12 + (e.getMonth() - s.getMonth())
  // Step back while start + months overshoots the end.
  while (months > 0 && addYmd(start, { years: 0, months, days: 0 }) > end) months--
  const base = addYmd(start, { years: 0, months, days: 0 })
  const days = Math.round((end - base) / DAY_MS)
  return { years: Math.floor(months / 12), months: months % 12, days: Math.max(0, days) }
}

/** The unit and quantity that say an expression: one non-zero part as it is, else months, else days from `from`. */
export function unitOf(v: Ymd, from: number): { unit: KnownTimeUnit; quantity: number } {
  const parts = [v.years, v.months, v.days].filter((n) => n !== 0).length
  if (parts === 0) return { unit: 'day', quantity: 0 }
  if (parts === 1) {
    if (v.years) return { unit: 'year', quantity: v.years }
    if (v.months) return { unit: 'month', quantity: v.months }
    return { unit: 'day', quantity: v.days }
  }
  if (v.days === 0) return { unit: 'month', quantity: v.years * 12 + v.months }
  return { unit: 'day', quantity: Math.round((addYmd(from, v) - from) / DAY_MS) }
}

/** Which field the user changed. */
export type DurationChange =
  | { field: 'timeUnit'; value: string }
  | { field: 'timeUnitQuantity'; value: number | null }
  | { field: 'timeDurationExpression'; value: string }
  | { field: 'limitStartDate'; value: number | null }
  | { field: 'limitEndDate'; value: number | null }

/**
 * The duration fields after one change, the others brought in line where they can be: what cannot be derived
 * (an unknown unit, an expression not in y-m-d form, an end before the start) is left as it was, for the rules
 * to point at. `now` stands for "today" when there is no start date.
 */
export function applyDurationChange<T extends DurationFields>(f: T, change: DurationChange, now: number = Date.now()): T {
  const out: T = { ...f, [change.field]: change.value }
  const endFrom = (expr: string): void => {
    const v = parseExpression(expr)
    if (v && out.limitStartDate !== null) out.limitEndDate = addYmd(out.limitStartDate, v)
  }
  switch (change.field) {
    case 'timeUnit':
    case 'timeUnitQuantity': {
      if (out.timeUnitQuantity === null) break
      const expr = expressionOf(out.timeUnit, out.timeUnitQuantity)
      if (expr === null) break
      out.timeDurationExpression = expr
      endFrom(expr)
      break
    }
    case 'timeDurationExpression': {
      const v = parseExpression(change.value)
      if (!v) break
      const u = unitOf(v, out.limitStartDate ?? now)
      out.timeUnit = u.unit
      out.timeUnitQuantity = u.quantity
      endFrom(change.value)
      break
    }
    case 'limitStartDate':
      if (change.value !== null) endFrom(out.timeDurationExpression)
      break
    case 'limitEndDate': {
      if (change.value === null || out.limitStartDate === null) break
      const v = ymdBetween(out.limitStartDate, change.value)
      if (!v) break
      out.timeDurationExpression = formatExpression(v)
      const u = unitOf(v, out.limitStartDate)
      out.timeUnit = u.unit
      out.timeUnitQuantity = u.quantity
      break
    }
  }
  return out
}
