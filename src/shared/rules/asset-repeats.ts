/**
 * An asset number has one fate per order: it appears once in the whole batch. Repeats inside one entry (in one
 * asset group or across its groups) are that entry's own issues (order-rules `checkAssetNos`); this finds the
 * numbers an entry shares with an earlier one, which no single entry can see. Used by the batch check (app and
 * sandbox alike) and by the wizard's checker, which keeps each entry's numbers and runs only this pass again.
 */
import { issue, type RuleIssue } from './issue'
import { ASSET_NUMBER, isPlainObject } from './values'

/** The asset numbers of one entry, by asset group, and its sequence (stamped on its issues). */
export interface EntryNumbers {
  sequence: number | undefined
  groups: readonly (readonly unknown[] | undefined)[]
}

const NONE: readonly RuleIssue[] = Object.freeze([])
/** Bounds of the packed place: groups per entry and numbers per group (a draft holds 200 and 20,000). */
const GROUPS = 1 << 12
const ITEMS = 1 << 24

/** Reads an entry of a request body (anything: a malformed entry has no numbers). */
export function entryNumbers(entry: unknown): EntryNumbers {
  if (!isPlainObject(entry)) return { sequence: undefined, groups: [] }
  const seq = entry['sequence']
  const assets = entry['assets']
  return {
    sequence: typeof seq === 'number' && Number.isSafeInteger(seq) ? seq : undefined,
    groups: Array.isArray(assets) ? assets.map((a) => (isPlainObject(a) && Array.isArray(a['assetNos']) ? (a['assetNos'] as unknown[]) : undefined)) : [],
  }
}

/** Per entry (same order), its numbers met in an earlier entry: each at its field, naming the first place. */
export function assetRepeatsAcrossEntries(entries: readonly EntryNumbers[]): (readonly RuleIssue[])[] {
  const out: (readonly RuleIssue[])[] = entries.map(() => NONE)
  // One entry needs no pass: nothing earlier to meet.
  if (entries.length < 2) return out
  // Where each number was first met, as one number (entry, group, index) so 100,000 numbers build no strings.
  const firstAt = new Map<string, number>()
  entries.forEach((e, i) => {
    const mine = new Set<string>()
    let found: RuleIssue[] | undefined
    e.groups.forEach((nos, g) => {
      if (!nos) return
      for (let n = 0; n < nos.length; n++) {
        const no = nos[n]
        if (typeof no !== 'string' || mine.has(no) || !ASSET_NUMBER.test(no)) continue
        mine.add(no)
        const first = firstAt.get(no)
        if (first === undefined) {
          firstAt.set(no, (i * GROUPS + g) * ITEMS + n)
          continue
        }
        const fe = Math.floor(first / (GROUPS * ITEMS))
        const fg = Math.floor(first / ITEMS) % GROUPS
        const at = `orderList[${fe}].assets[${fg}].assetNos[${first % ITEMS}]`
        found ??= []
        // 13004: the order rules' code (order-rules imports this file).
        found.push(issue('13004', `orderList[${i}].assets[${g}].assetNos[${n}]`, 'duplicate', { value: no, first: at }, e.sequence))
      }
    })
    if (found) out[i] = found
  })
  return out
}
