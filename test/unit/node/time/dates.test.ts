/**
 * The one date module: instants in the workstation's zone, calendar days in the service's (UTC+8), machine files in
 * UTC. Each case is checked under three zones (run in child processes, since a process's zone is fixed at start).
 */
import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import {
  fileStamp,
  isoUtc,
  localDate,
  localDateTime,
  localMonth,
  nextLocalMidnight,
  parseServiceText,
  screenTime,
  serviceDate,
  serviceDateTime,
  serviceDayEnd,
  serviceDayStart,
} from '../../../../src/shared/time/dates'

// 2026-03-08 01:30:00 UTC: 09:30 that day in China; 2026-03-07 20:30 in New York (EST, before its DST switch).
const T = Date.UTC(2026, 2, 8, 1, 30, 0)

describe('the service zone (UTC+8), whatever the workstation', () => {
  it('writes the day and time of China Standard Time', () => {
    expect(serviceDate(T)).toBe('2026-03-08')
    expect(serviceDateTime(T)).toBe('2026-03-08 09:30')
    expect(serviceDate(Date.UTC(2026, 2, 7, 16, 0, 0))).toBe('2026-03-08')
    expect(serviceDate(Date.UTC(2026, 2, 7, 15, 59, 59))).toBe('2026-03-07')
    expect(serviceDate(null)).toBe('')
  })

  it('a day starts at its 00:00 there, ends at its last millisecond, and a day that does not exist is null', () => {
    const start = serviceDayStart(2026, 3, 8)!
    expect(start).toBe(Date.UTC(2026, 2, 7, 16, 0, 0))
    expect(serviceDayEnd(start)).toBe(start + 86_400_000 - 1)
    expect(serviceDayEnd(T)).toBe(start + 86_400_000 - 1)
    expect(serviceDayStart(2026, 2, 30)).toBeNull()
    expect(serviceDayStart(2026, 13, 1)).toBeNull()
  })
})

describe('machine files', () => {
  it('write UTC ISO text', () => {
    expect(isoUtc(T)).toBe('2026-03-08T01:30:00.000Z')
    expect(isoUtc(undefined)).toBe('')
  })
})

/** Runs the local-zone functions in a child with `TZ`. */
function inZone(tz: string): Record<string, unknown> {
  const code = `
    import * as d from './src/shared/time/dates.ts'
    const T = ${T}
    console.log(JSON.stringify({
      dt: d.localDateTime(T), dtm: d.localDateTime(T, false), day: d.localDate(T), month: d.localMonth(T), stamp: d.fileStamp(T),
      screen: d.screenTime(T, 'en'), screenZh: d.screenTime(T, 'zh-CN', 'numericSeconds'),
      parsed: d.parseServiceText('2026-03-08 09:30:00'), digits: d.parseServiceText('1772933400000'), bad: d.parseServiceText('soon'),
      // New York springs forward on 2026-03-08: the next midnight after the 8th is 23 hours on.
      next: d.nextLocalMidnight(new Date(2026, 2, 8).getTime()) - new Date(2026, 2, 8).getTime(),
    }))`
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { env: { ...process.env, TZ: tz }, encoding: 'utf8' })
  return JSON.parse(out) as Record<string, unknown>
}

describe('the workstation zone', () => {
  it('writes instants in the zone the machine is set to, with the same text everywhere', () => {
    const shanghai = inZone('Asia/Shanghai')
    expect(shanghai).toMatchObject({ dt: '2026-03-08 09:30:00', dtm: '2026-03-08 09:30', day: '2026-03-08', month: '2026-03', stamp: '20260308-0930' })
    expect(shanghai.parsed).toBe(T)
    expect(shanghai.digits).toBe(1772933400000)
    expect(shanghai.bad).toBeNull()
    expect(shanghai.screen).toBe('03/08/2026, 09:30')
    expect(shanghai.screenZh).toBe('2026/03/08 09:30:00')
    expect(shanghai.next).toBe(86_400_000)

    const newYork = inZone('America/New_York')
    expect(newYork).toMatchObject({ dt: '2026-03-07 20:30:00', day: '2026-03-07', month: '2026-03', stamp: '20260307-2030' })
    expect(newYork.next).toBe(23 * 3_600_000)
    expect(inZone('UTC')).toMatchObject({ dt: '2026-03-08 01:30:00', stamp: '20260308-0130' })
  })

  it('says nothing for no time, and a dash on screen', () => {
    expect(localDateTime(undefined)).toBe('')
    expect(localDate(null)).toBe('')
    expect(screenTime(null, 'en')).toBe('—')
    expect(screenTime(-1, 'en')).toBe('—')
    expect(fileStamp(T)).toMatch(/^\d{8}-\d{4}$/)
    expect(localMonth(T)).toMatch(/^2026-03$/)
    expect(nextLocalMidnight(T)).toBeGreaterThan(T)
    expect(parseServiceText('2026-03-08')).not.toBeNull()
  })
})
