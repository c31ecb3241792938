/** The duration helper: unit and quantity, y-m-d expression and end date kept consistent whichever is changed. */
import { describe, expect, it } from 'vitest'
import { addYmd, applyDurationChange, expressionOf, parseExpression, unitOf, ymdBetween, type DurationFields } from '@shared/orders/duration'

const d = (y: number, m: number, day: number) => new Date(y, m - 1, day).getTime()
const base: DurationFields = { timeUnit: 'year', timeUnitQuantity: 1, timeDurationExpression: '1-0-0', limitStartDate: null, limitEndDate: null }

describe('duration', () => {
  it('reads and writes y-m-d expressions', () => {
    expect(parseExpression('1-6-0')).toEqual({ years: 1, months: 6, days: 0 })
    expect(parseExpression(' 0-0-30 ')).toEqual({ years: 0, months: 0, days: 30 })
    expect(parseExpression('1y')).toBeNull()
    expect(parseExpression('1-0')).toBeNull()
    expect(expressionOf('year', 2)).toBe('2-0-0')
    expect(expressionOf('Month', 3)).toBe('0-3-0')
    expect(expressionOf('day', 10)).toBe('0-0-10')
    expect(expressionOf('week', 1)).toBeNull()
  })

  it('adds calendar time, a month past the 31st ending on the last day', () => {
    expect(addYmd(d(2026, 3, 1), { years: 1, months: 0, days: 0 })).toBe(d(2027, 3, 1))
    expect(addYmd(d(2026, 1, 31), { years: 0, months: 1, days: 0 })).toBe(d(2026, 2, 28))
    expect(addYmd(d(2028, 2, 29), { years: 1, months: 0, days: 0 })).toBe(d(2029, 2, 28))
    expect(addYmd(d(2026, 12, 30), { years: 0, months: 0, days: 3 })).toBe(d(2027, 1, 2))
  })

  it('measures the calendar difference back', () => {
    expect(ymdBetween(d(2026, 3, 1), d(2027, 3, 1))).toEqual({ years: 1, months: 0, days: 0 })
    expect(ymdBetween(d(2026, 3, 1), d(2027, 9, 11))).toEqual({ years: 1, months: 6, days: 10 })
    // Consistent with addYmd: 31 January plus one month is 28 February.
    expect(ymdBetween(d(2026, 1, 31), d(2026, 2, 28))).toEqual({ years: 0, months: 1, days: 0 })
    expect(ymdBetween(d(2026, 1, 30), d(2026, 2, 27))).toEqual({ years: 0, months: 0, days: 28 })
    expect(ymdBetween(d(2026, 3, 2), d(2026, 3, 1))).toBeNull()
  })

  it('says an expression as one unit', () => {
    expect(unitOf({ years: 2, months: 0, days: 0 }, 0)).toEqual({ unit: 'year', quantity: 2 })
    expect(unitOf({ years: 1, months: 6, days: 0 }, 0)).toEqual({ unit: 'month', quantity: 18 })
    expect(unitOf({ years: 0, months: 1, days: 1 }, d(2026, 1, 1))).toEqual({ unit: 'day', quantity: 32 })
  })

  it('unit or quantity changed: expression and end date follow', () => {
    const start = d(2026, 3, 1)
    const a = applyDurationChange({ ...base, limitStartDate: start }, { field: 'timeUnitQuantity', value: 3 })
    expect(a).toMatchObject({ timeUnitQuantity: 3, timeDurationExpression: '3-0-0', limitEndDate: d(2029, 3, 1) })
    const b = applyDurationChange(a, { field: 'timeUnit', value: 'month' })
    expect(b).toMatchObject({ timeUnit: 'month', timeDurationExpression: '0-3-0', limitEndDate: d(2026, 6, 1) })
  })

  it('expression changed: unit, quantity and end date follow; a malformed one is left for the rules', () => {
    const start = d(2026, 3, 1)
    const a = applyDurationChange({ ...base, limitStartDate: start }, { field: 'timeDurationExpression', value: '0-6-0' })
    expect(a).toMatchObject({ timeUnit: 'month', timeUnitQuantity: 6, limitEndDate: d(2026, 9, 1) })
    const b = applyDurationChange(a, { field: 'timeDurationExpression', value: '6 months' })
    expect(b).toMatchObject({ timeDurationExpression: '6 months', timeUnit: 'month', timeUnitQuantity: 6, limitEndDate: d(2026, 9, 1) })
  })

  it('end date changed: the expression and unit say the difference; start changed: the end follows', () => {
    const start = d(2026, 3, 1)
    const a = applyDurationChange({ ...base, limitStartDate: start }, { field: 'limitEndDate', value: d(2028, 3, 1) })
    expect(a).toMatchObject({ timeDurationExpression: '2-0-0', timeUnit: 'year', timeUnitQuantity: 2 })
    const b = applyDurationChange(a, { field: 'limitStartDate', value: d(2026, 4, 15) })
    expect(b.limitEndDate).toBe(d(2028, 4, 15))
    // No start: the end is kept as typed, nothing else derived from it.
    const c = applyDurationChange(base, { field: 'limitEndDate', value: d(2030, 1, 1) })
    expect(c).toMatchObject({ timeDurationExpression: '1-0-0', limitEndDate: d(2030, 1, 1) })
  })

  it('an unknown unit is kept and derives nothing', () => {
    const a = applyDurationChange(base, { field: 'timeUnit', value: 'quarter' })
    expect(a).toMatchObject({ timeUnit: 'quarter', timeDurationExpression: '1-0-0' })
  })
})
