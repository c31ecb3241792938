/**
 * The asset numbers table's model: the core's columns as typed arrays, the rows of each state listed once, and the
 * numbers, holders' ids and names each joined into one string, so a state filter is a lookup and a search is a few
 * indexOf calls over one string rather than a call per row (200,000 numbers: a state at once, a search 1 – 6 ms).
 * Rows are positions; an object is made only for a row sent or exported (`numberRow`). The core filters with it for
 * the screen's windows and for the export of what the screen shows (src/main/services/holdings/table-view.ts); the
 * page takes its words and states.
 */
import { HOLDING_FLAG, type HoldingTable } from '../ipc/channels/holdings'
import type { NumberSort, NumberStateFilter } from './number-states'

export interface NumberRow {
  readonly index: number
  readonly assetNum: string
  readonly assetId: string
  /** Global id of the holder; '' when free. */
  readonly holder: string
  /** Position of the holder in the table's `holders` (-1: free). */
  readonly holderIndex: number
  readonly lent: boolean
  readonly online: boolean
  readonly borrowedLock: boolean
}

export { NUMBER_SORT_KEYS, NUMBER_STATES, type NumberSort, type NumberSortKey, type NumberStateFilter } from './number-states'

/** The columns a model is made of (the core's copy of the lists). */
export type NumberColumns = Pick<HoldingTable, 'count' | 'holders' | 'assetNum' | 'assetId' | 'holder' | 'flags'>

/**
 * The table as typed arrays and one string, made once per copy of the lists: rows are positions (0 to count - 1),
 * every filter answers a list of positions, and a row object is made only for the rows sent (`numberRow`).
 */
export interface NumbersModel {
  readonly count: number
  readonly holders: readonly string[]
  readonly assetNum: readonly string[]
  readonly assetId: readonly string[]
  /** holder[i]: row i's position in `holders` (-1: free), as in the columns. */
  readonly holder: Int32Array
  readonly flags: Uint8Array
  /** The rows in each state, in table order (a state filter is a lookup; 'all': every row). */
  readonly inState: Readonly<Record<NumberStateFilter, Int32Array>>
  /** Every number in lower case, searched as one string. */
  readonly numbers: Searchable
  readonly counts: Readonly<Record<NumberStateFilter, number>>
  /** The holders' ids searched as one string. */
  readonly holderIds: Searchable
  /** Sorted orders made so far (per sort key and order; the holder's per version of the names). */
  readonly orders: Map<string, { names: number; order: Int32Array }>
  /** The holders' labels in lower case ('' when not known) as of `version` of the names (HolderNames). */
  readonly names: { version: number; lower: readonly string[]; text: string; starts: Int32Array }
}

/** Strings searched as one (indexOf over one string costs far less than a call per string). */
interface Searchable {
  /** Each string followed by SEP. */
  readonly text: string
  /** starts[i]: where string i begins in `text` (starts[count]: its length). */
  readonly starts: Int32Array
}

/** Ends each string of a Searchable: a character no number, id or name has, so a match never runs into the next. */
const SEP = '\u0000'

function joinSearchable(lower: readonly string[]): Searchable {
  const starts = new Int32Array(lower.length + 1)
  let at = 0
  for (let i = 0; i < lower.length; i++) {
    starts[i] = at
    at += lower[i]!.length + 1
  }
  starts[lower.length] = at
  return { text: lower.join(SEP) + SEP, starts }
}

/** Calls `hit(i)` for each string i containing q (q in lower case, without SEP), in order. */
function findIn(s: Searchable, q: string, hit: (i: number) => void): void {
  const { text, starts } = s
  const count = starts.length - 1
  let i = 0
  for (let p = text.indexOf(q); p !== -1; ) {
    while (starts[i + 1]! <= p) i++
    hit(i)
    i++
    p = i < count ? text.indexOf(q, starts[i]!) : -1
  }
}

/** How many numbers are in each state, from the columns. */
export function numberCounts(t: Pick<HoldingTable, 'count' | 'holder' | 'flags'>): Record<NumberStateFilter, number> {
  const counts = { all: t.count, free: 0, held: 0, lent: 0, online: 0 }
  for (let i = 0; i < t.count; i++) {
    if (t.holder[i]! >= 0) counts.held++
    else counts.free++
    const f = t.flags[i]!
    if (f & HOLDING_FLAG.lent) counts.lent++
    if (f & HOLDING_FLAG.online) counts.online++
  }
  return counts
}

/** Whether row i is in a state. */
function rowIn(m: Pick<NumbersModel, 'holder' | 'flags'>, i: number, s: NumberStateFilter): boolean {
  switch (s) {
    case 'all':
      return true
    case 'free':
      return m.holder[i]! < 0
    case 'held':
      return m.holder[i]! >= 0
    case 'lent':
      return (m.flags[i]! & HOLDING_FLAG.lent) !== 0
    case 'online':
      return (m.flags[i]! & HOLDING_FLAG.online) !== 0
  }
}

/** Builds the model (one pass, and one per state). */
export function buildNumbersModel(t: NumberColumns, counts: Record<NumberStateFilter, number> = numberCounts(t)): NumbersModel {
  const n = t.count
  const holder = Int32Array.from(t.holder)
  const flags = Uint8Array.from(t.flags)
  const base = { holder, flags }
  const inState = { all: new Int32Array(n) } as Record<NumberStateFilter, Int32Array>
  for (let i = 0; i < n; i++) inState.all[i] = i
  for (const s of ['free', 'held', 'lent', 'online'] as const) {
    const list = new Int32Array(counts[s])
    let c = 0
    for (let i = 0; i < n; i++) if (rowIn(base, i, s)) list[c++] = i
    inState[s] = list
  }
  const holders = [...t.holders]
  const none = joinSearchable(holders.map(() => ''))
  return {
    count: n,
    holders,
    assetNum: t.assetNum,
    assetId: t.assetId,
    holder,
    flags,
    inState,
    numbers: joinSearchable(t.assetNum.map((x) => x.toLowerCase())),
    holderIds: joinSearchable(holders.map((h) => h.toLowerCase())),
    counts,
    orders: new Map(),
    // Version -1: no names yet (a HolderNames' version is 0 or more).
    names: { version: -1, lower: holders.map(() => ''), ...none },
  }
}

/** What a row is read from: the columns of the lists, or the model made of them. */
interface RowColumns {
  readonly holders: readonly string[]
  readonly assetNum: readonly string[]
  readonly assetId: readonly string[]
  readonly holder: ArrayLike<number>
  readonly flags: ArrayLike<number>
}

/** Row i as an object (only for the rows sent or exported), from the columns or the model. */
export function numberRow(m: RowColumns, i: number): NumberRow {
  const h = m.holder[i]!
  const f = m.flags[i]!
  return {
    index: i,
    assetNum: m.assetNum[i]!,
    assetId: m.assetId[i]!,
    holder: h >= 0 ? m.holders[h]! : '',
    holderIndex: h,
    lent: (f & HOLDING_FLAG.lent) !== 0,
    online: (f & HOLDING_FLAG.online) !== 0,
    borrowedLock: (f & HOLDING_FLAG.borrowedLock) !== 0,
  }
}

/**
 * The holders' names the search and the holder sort use: `label` gives a holder's "name (account)" when known;
 * `version` changes whenever what it gives changes (names arrive as the employee list is read).
 */
export interface HolderNames {
  version: number
  label(globalId: string): string | undefined
}

/** Brings the model's copy of the names (lower case, searched as one string) to `names.version`. */
function syncNames(m: NumbersModel, names: HolderNames): NumbersModel['names'] {
  const k = m.names
  if (k.version === names.version) return k
  k.lower = m.holders.map((id) => names.label(id)?.toLowerCase() ?? '')
  const joined = joinSearchable(k.lower)
  k.text = joined.text
  k.starts = joined.starts
  k.version = names.version
  return k
}

/** Row i's state for sorting: free, held, lent (0, 1, 2). */
function rank(m: NumbersModel, i: number): number {
  return m.flags[i]! & HOLDING_FLAG.lent ? 2 : m.holder[i]! >= 0 ? 1 : 0
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/** Every row in the sort's order (made once per sort; the holder sort again when the names changed). */
function sortedOrder(m: NumbersModel, sort: NonNullable<NumberSort>): Int32Array {
  const key = `${sort.key}:${sort.order}`
  const kept = m.orders.get(key)
  if (kept && (sort.key !== 'holder' || kept.names === m.names.version)) return kept.order
  // A holder without a known name sorts by its id.
  const names = sort.key === 'holder' ? m.holders.map((id, h) => m.names.lower[h] || id.toLowerCase()) : null
  const nums = m.assetNum
  const holderOf = m.holder
  const sign = sort.order === 'asc' ? 1 : -1
  const order = new Int32Array(m.count)
  for (let i = 0; i < m.count; i++) order[i] = i
  order.sort((a, b) => {
    let c = 0
    if (sort.key === 'assetNum') c = cmp(nums[a]!, nums[b]!)
    else if (sort.key === 'state') c = rank(m, a) - rank(m, b)
    else {
      const ha = holderOf[a]!
      const hb = holderOf[b]!
      // Free numbers last whichever the order.
      if (ha < 0 || hb < 0) return (ha < 0 ? 1 : 0) - (hb < 0 ? 1 : 0) || cmp(nums[a]!, nums[b]!)
      c = cmp(names![ha]!, names![hb]!)
    }
    return sign * c || cmp(nums[a]!, nums[b]!)
  })
  m.orders.set(key, { names: m.names.version, order })
  return order
}

/**
 * The rows that pass the filter, sorted, as positions (made for this call, or a list the model keeps: never written
 * to). The search looks in the numbers, the holders' ids and their names (`names`); the holder sort uses the names.
 */
export function filterNumbers(model: NumbersModel, filter: { state: NumberStateFilter; text: string }, sort: NumberSort, names: HolderNames): Int32Array {
  syncNames(model, names)
  const q = filter.text.normalize('NFKC').trim().toLowerCase()
  // Plain values out of the filter (a reactive object read 200,000 times costs more than the loop itself).
  const state = filter.state
  const n = model.count
  if (q === '' && !sort) return model.inState[state]
  // The rows to look at, in the order to answer them, and which of them pass.
  let from = sort ? sortedOrder(model, sort) : model.inState[state]
  let pass: ((i: number) => boolean) | null = sort && state !== 'all' ? (i) => rowIn(model, i, state) : null
  if (q !== '' && !q.includes(SEP)) {
    let holderHit: Uint8Array | null = null
    const markHolder = (h: number) => ((holderHit ??= new Uint8Array(model.holders.length))[h] = 1)
    findIn(model.holderIds, q, markHolder)
    findIn(model.names, q, markHolder)
    const hits = new Int32Array(n)
    let c = 0
    findIn(model.numbers, q, (i) => (hits[c++] = i))
    if (holderHit === null && !sort) {
      // Found in the numbers alone: the hits, in table order, are the rows (those in the state).
      from = hits.subarray(0, c)
      if (state !== 'all') pass = (i) => rowIn(model, i, state)
    } else {
      const byNumber = new Uint8Array(n)
      for (let k = 0; k < c; k++) byNumber[hits[k]!] = 1
      const holderOf = model.holder
      const hit: Uint8Array = holderHit ?? new Uint8Array(0)
      pass = (i) => (byNumber[i] === 1 || (holderOf[i]! >= 0 && hit[holderOf[i]!] === 1)) && rowIn(model, i, state)
      if (!sort) from = model.inState.all
    }
  } else if (q !== '') return new Int32Array(0)
  if (!pass) return from
  const out = new Int32Array(from.length)
  let c = 0
  for (let k = 0; k < from.length; k++) if (pass(from[k]!)) out[c++] = from[k]!
  return out.subarray(0, c)
}

/** The rows at `list[from]` to `list[to - 1]` as objects. */
export function numberRows(m: NumbersModel, list: Int32Array, from = 0, to = list.length): NumberRow[] {
  const out: NumberRow[] = []
  for (let k = Math.max(0, from); k < Math.min(list.length, to); k++) out.push(numberRow(m, list[k]!))
  return out
}

/** How a person is written: "name (account)", or the account alone. Made once per person. */
export function personLabel(p: { name: string; userName: string }): string {
  return p.name ? `${p.name} (${p.userName})` : p.userName
}

/** Words of the export's cells in the screen's language. */
export interface NumberWords {
  free: string
  held: string
  lent: string
  borrowedFree: string
  borrowedLent: string
  online: string
}

/** A row's state in words. */
export function stateWords(r: Pick<NumberRow, 'borrowedLock' | 'holder' | 'lent'>, w: NumberWords): string {
  if (r.borrowedLock) return r.holder ? w.borrowedLent : w.borrowedFree
  if (r.lent) return w.lent
  return r.holder ? w.held : w.free
}

/** The cells of the export (number, holder's name, account and id, state, online, asset id) of one row. */
export function numberExportRow(r: NumberRow, w: NumberWords, person: (globalId: string) => { name: string; userName: string } | undefined): (string | null)[] {
  const p = r.holder ? person(r.holder) : undefined
  return [r.assetNum, p?.name ?? '', p?.userName ?? '', r.holder, stateWords(r, w), r.online ? w.online : '', r.assetId]
}
