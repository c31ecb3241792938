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
/** Bound of the packed place (group × ITEMS + index): numbers per group (a draft holds 20,000). */
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
  return assetRepeatsTracker().update(entries)
}

/**
 * The same pass, kept up to date as entries change (the wizard checks on every key): `update` takes the entries
 * again, an entry given as the same object as last time being unchanged, and re-reads only the entries that
 * changed, then re-words the entries whose repeats those changes touch. Typing a number into one entry of 100
 * then reads about 1,000 numbers, not 100,000. Entries added, removed or moved (another count) start it over.
 */
export interface AssetRepeatsTracker {
  update(entries: readonly EntryNumbers[]): (readonly RuleIssue[])[]
}

export function assetRepeatsTracker(): AssetRepeatsTracker {
  let last: readonly EntryNumbers[] = []
  /** Each entry's distinct valid numbers, in order, with the place they are first met in it. */
  let places: Map<string, number>[] = []
  /** The entries holding each number, ascending: one index, or a list when several do (most numbers are in one). */
  let owners = new Map<string, number | number[]>()
  let out: (readonly RuleIssue[])[] = []

  const firstOwner = (no: string): number => {
    const o = owners.get(no)!
    return typeof o === 'number' ? o : o[0]!
  }
  function addOwner(no: string, i: number): void {
    const o = owners.get(no)
    if (o === undefined) owners.set(no, i)
    else if (typeof o === 'number') owners.set(no, o < i ? [o, i] : [i, o])
    else o.splice(sortedIndex(o, i), 0, i)
  }
  function removeOwner(no: string, i: number): void {
    const o = owners.get(no)
    if (typeof o === 'number') owners.delete(no)
    else if (o) {
      o.splice(o.indexOf(i), 1)
      if (o.length === 1) owners.set(no, o[0]!)
    }
  }
  /** The entries holding a number, into `into`. */
  function ownersInto(no: string, into: Set<number>): void {
    const o = owners.get(no)
    if (typeof o === 'number') into.add(o)
    else if (o) for (const j of o) into.add(j)
  }
  /** Entry i's repeats: its numbers first held by an earlier entry. */
  function wordRepeats(i: number, e: EntryNumbers): readonly RuleIssue[] {
    let found: RuleIssue[] | undefined
    for (const [no, at] of places[i]!) {
      const f = firstOwner(no)
      if (f === i) continue
      const first = places[f]!.get(no)!
      found ??= []
      // 13004: the order rules' code (order-rules imports this file).
      found.push(
        issue('13004', `orderList[${i}].assets[${Math.floor(at / ITEMS)}].assetNos[${at % ITEMS}]`, 'duplicate', { value: no, first: `orderList[${f}].assets[${Math.floor(first / ITEMS)}].assetNos[${first % ITEMS}]` }, e.sequence),
      )
    }
    return found ?? NONE
  }
  function restart(entries: readonly EntryNumbers[]): void {
    places = entries.map(placesOf)
    owners = new Map()
    places.forEach((mine, i) => {
      for (const no of mine.keys()) addOwner(no, i)
    })
    // One entry needs no pass: nothing earlier to meet.
    out = entries.map((e, i) => (entries.length < 2 ? NONE : wordRepeats(i, e)))
  }
  return {
    update(entries) {
      if (entries.length !== last.length) restart(entries)
      else {
        const touched = new Set<number>()
        entries.forEach((e, i) => {
          if (e === last[i]) return
          touched.add(i)
          const before = places[i]!
          const now = placesOf(e)
          places[i] = now
          for (const [no, at] of before) {
            const still = now.get(no)
            if (still === at) continue
            // Gone, or moved within the entry: every entry holding it may word it differently.
            if (still === undefined) removeOwner(no, i)
            ownersInto(no, touched)
          }
          for (const no of now.keys()) {
            if (before.has(no)) continue
            addOwner(no, i)
            ownersInto(no, touched)
          }
        })
        // A new list each time: the one returned last stays as it was.
        out = out.slice()
        if (entries.length >= 2) for (const i of touched) out[i] = wordRepeats(i, entries[i]!)
      }
      last = entries
      return out
    },
  }
}

/** An entry's distinct valid numbers in order, each with its first place in the entry (group and index, packed). */
function placesOf(e: EntryNumbers): Map<string, number> {
  const mine = new Map<string, number>()
  e.groups.forEach((nos, g) => {
    if (!nos) return
    for (let n = 0; n < nos.length; n++) {
      const no = nos[n]
      if (typeof no !== 'string' || mine.has(no) || !ASSET_NUMBER.test(no)) continue
      mine.set(no, g * ITEMS + n)
    }
  })
  return mine
}

function sortedIndex(list: readonly number[], x: number): number {
  let lo = 0
  let hi = list.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (list[mid]! < x) lo = mid + 1
    else hi = mid
  }
  return lo
}
