/**
 * Numbers an entry shares with an earlier one (src/shared/rules/asset-repeats.ts): the tracker the wizard keeps up
 * to date, after any series of edits, says exactly what a pass over the whole order says, and what a plain
 * reading of the rule says.
 */
import { describe, expect, it } from 'vitest'
import { assetRepeatsAcrossEntries, assetRepeatsTracker, type EntryNumbers } from '@shared/rules/asset-repeats'
import type { RuleIssue } from '@shared/rules/issue'
import { ASSET_NUMBER } from '@shared/rules/values'

/** The rule read plainly: each entry's distinct valid numbers, in order, met in an earlier entry (its first place). */
function plainly(entries: readonly EntryNumbers[]): RuleIssue[][] {
  const places = entries.map((e) => {
    const mine = new Map<string, string>()
    e.groups.forEach((nos, g) =>
      (nos ?? []).forEach((no, n) => {
        if (typeof no === 'string' && ASSET_NUMBER.test(no) && !mine.has(no)) mine.set(no, `assets[${g}].assetNos[${n}]`)
      }),
    )
    return mine
  })
  return entries.map((e, i) => {
    const out: RuleIssue[] = []
    for (const [no, at] of places[i]!) {
      const f = places.findIndex((p) => p.has(no))
      if (f >= i) continue
      const issue: RuleIssue = { code: '13004', field: `orderList[${i}].${at}`, rule: 'duplicate', params: { value: no, first: `orderList[${f}].${places[f]!.get(no)}` } }
      if (e.sequence !== undefined) issue.sequence = e.sequence
      out.push(issue)
    }
    return out
  })
}

/** A small deterministic random source (the same series of edits on every run). */
function random(seed: number): () => number {
  let s = seed
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31
    return s / 2 ** 31
  }
}

describe('asset numbers repeated across entries', () => {
  it('names the first place of a number met in an earlier entry, once per entry', () => {
    const entries: EntryNumbers[] = [
      { sequence: 1, groups: [['8100000001', '8100000002']] },
      { sequence: 2, groups: [['8100000003'], ['8100000002', '8100000002', 'not a number', 7]] },
      { sequence: 3, groups: [undefined, ['8100000003', '8100000001']] },
    ]
    const r = assetRepeatsAcrossEntries(entries)
    expect(r[0]).toEqual([])
    expect(r[1]!.map((i) => `${i.field} ${i.params?.['first']}`)).toEqual(['orderList[1].assets[1].assetNos[0] orderList[0].assets[0].assetNos[1]'])
    expect(r[2]!.map((i) => `${i.field} ${i.params?.['first']}`)).toEqual([
      'orderList[2].assets[1].assetNos[0] orderList[1].assets[0].assetNos[0]',
      'orderList[2].assets[1].assetNos[1] orderList[0].assets[0].assetNos[0]',
    ])
    expect(r).toEqual(plainly(entries))
  })

  it('kept up to date through typed, removed, moved and shared numbers, it says what a whole pass says', () => {
    const rnd = random(7)
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!
    // Few distinct numbers, so entries share many.
    const pool = Array.from({ length: 12 }, (_, n) => String(8_100_000_000 + n))
    let entries: EntryNumbers[] = Array.from({ length: 5 }, (_, i) => ({ sequence: i + 1, groups: [[pick(pool), pick(pool)], [pick(pool)]] }))
    const tracker = assetRepeatsTracker()
    expect(tracker.update(entries)).toEqual(plainly(entries))
    for (let step = 0; step < 400; step++) {
      const i = Math.floor(rnd() * entries.length)
      const e = entries[i]!
      const g = Math.floor(rnd() * e.groups.length)
      const nos = [...(e.groups[g] ?? [])]
      const what = rnd()
      if (what < 0.4) nos.splice(Math.floor(rnd() * (nos.length + 1)), 0, pick(pool))
      else if (what < 0.7) nos.splice(Math.floor(rnd() * nos.length), 1)
      else if (what < 0.85) nos.reverse()
      else nos.push(rnd() < 0.5 ? 'not one' : 42)
      const changed: EntryNumbers = { sequence: rnd() < 0.1 ? undefined : e.sequence, groups: e.groups.map((x, k) => (k === g ? nos : x)) }
      entries = entries.map((x, k) => (k === i ? changed : x))
      // Now and then an entry added, removed or two swapped.
      const shape = rnd()
      if (shape < 0.03) entries = [...entries, { sequence: entries.length + 1, groups: [[pick(pool)]] }]
      else if (shape < 0.06 && entries.length > 1) entries = entries.slice(1)
      else if (shape < 0.09 && entries.length > 1) entries = [entries[1]!, entries[0]!, ...entries.slice(2)]
      const got = tracker.update(entries)
      expect(got, `after step ${step}`).toEqual(plainly(entries))
      expect(got).toEqual(assetRepeatsAcrossEntries(entries))
    }
  })

  it('gives a new list for each update, leaving the one given before as it was', () => {
    const tracker = assetRepeatsTracker()
    const a: EntryNumbers = { sequence: 1, groups: [['8100000001']] }
    const before = tracker.update([a, { sequence: 2, groups: [['8100000001']] }])
    const kept = before[1]
    const after = tracker.update([a, { sequence: 2, groups: [['8100000002']] }])
    expect(after[1]).toEqual([])
    expect(before[1]).toBe(kept)
    expect(before[1]).toHaveLength(1)
  })
})
