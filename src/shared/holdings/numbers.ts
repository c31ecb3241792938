/**
 * The asset numbers table's model: the core's columns turned into plain rows once, then filtering by state (free,
 * held, lent, online) and search (a piece of the number, or of the holder's name, account or id) in plain loops,
 * so 200,000 numbers filter in a few milliseconds. Holders are matched once per holder (tens of thousands), not
 * once per row. The core filters with it for the screen's windows and for the export of what the screen shows
 * (src/main/services/holdings/table-view.ts); the page takes its words and states.
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

export interface NumbersModel {
  readonly table: Pick<HoldingTable, 'profileId' | 'enterpriseGlobalId' | 'fetchedAt' | 'cached' | 'count'>
  readonly holders: readonly string[]
  readonly rows: readonly NumberRow[]
  /** keys[i]: rows[i]'s number in lower case (made once: a search runs over every row). */
  readonly keys: readonly string[]
  /** holderKeys[h]: holders[h] in lower case (made once: a search runs over every holder). */
  readonly holderKeys: readonly string[]
  readonly counts: Readonly<Record<NumberStateFilter, number>>
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

/** Builds the rows (one pass) and the counts per state. */
export function buildNumbersModel(t: HoldingTable): NumbersModel {
  const n = t.count
  const rows = new Array<NumberRow>(n)
  const keys = new Array<string>(n)
  for (let i = 0; i < n; i++) {
    const f = t.flags[i]!
    const h = t.holder[i]!
    const row: NumberRow = {
      index: i,
      assetNum: t.assetNum[i]!,
      assetId: t.assetId[i]!,
      holder: h >= 0 ? t.holders[h]! : '',
      holderIndex: h,
      lent: (f & HOLDING_FLAG.lent) !== 0,
      online: (f & HOLDING_FLAG.online) !== 0,
      borrowedLock: (f & HOLDING_FLAG.borrowedLock) !== 0,
    }
    rows[i] = row
    keys[i] = row.assetNum.toLowerCase()
  }
  const { profileId, enterpriseGlobalId, fetchedAt, cached, count } = t
  const holders = [...t.holders]
  return { table: { profileId, enterpriseGlobalId, fetchedAt, cached, count }, holders, rows, keys, holderKeys: holders.map((h) => h.toLowerCase()), counts: numberCounts(t) }
}

/** Per model: each holder's label as last seen, and it in lower case (labels arrive later, so kept as they come). */
const labelKeys = new WeakMap<NumbersModel, { seen: (string | undefined)[]; lower: string[] }>()

/** holder h's label in lower case ('' when unknown), lowered once per label. */
function labelKey(model: NumbersModel, h: number, label: string | undefined): string {
  let k = labelKeys.get(model)
  if (!k) labelKeys.set(model, (k = { seen: new Array<string | undefined>(model.holders.length), lower: new Array<string>(model.holders.length).fill('') }))
  if (k.seen[h] !== label) {
    k.seen[h] = label
    k.lower[h] = label === undefined ? '' : label.toLowerCase()
  }
  return k.lower[h]!
}

/** Whether a row is in a state. */
export function inState(r: NumberRow, s: NumberStateFilter): boolean {
  switch (s) {
    case 'all':
      return true
    case 'free':
      return r.holder === ''
    case 'held':
      return r.holder !== ''
    case 'lent':
      return r.lent
    case 'online':
      return r.online
  }
}

/** A row's state for sorting: free, held, lent (0, 1, 2). */
function rank(r: NumberRow): number {
  return r.lent ? 2 : r.holder ? 1 : 0
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/**
 * The rows that pass the filter, sorted. `label` gives a holder's "name (account)" when known (the search looks in
 * it, and the holder sort uses it).
 */
export function filterNumbers(model: NumbersModel, filter: { state: NumberStateFilter; text: string }, sort: NumberSort, label: (globalId: string) => string | undefined): readonly NumberRow[] {
  const q = filter.text.normalize('NFKC').trim().toLowerCase()
  let holderHit: Uint8Array | null = null
  if (q !== '') {
    holderHit = new Uint8Array(model.holders.length)
    const ids = model.holders
    const idKeys = model.holderKeys
    for (let h = 0; h < ids.length; h++) {
      if (idKeys[h]!.includes(q) || labelKey(model, h, label(ids[h]!)).includes(q)) holderHit[h] = 1
    }
  }
  // Plain values out of the filter (a reactive object read 200,000 times costs more than the loop itself).
  const state = filter.state
  let out: NumberRow[] | readonly NumberRow[]
  if (state === 'all' && q === '') out = model.rows
  else {
    const list: NumberRow[] = []
    const rows = model.rows
    const keys = model.keys
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i]!
      if (state !== 'all' && !inState(r, state)) continue
      if (holderHit && !(keys[i]!.includes(q) || (r.holderIndex >= 0 && holderHit[r.holderIndex] === 1))) continue
      list.push(r)
    }
    out = list
  }
  if (!sort) return out
  const names = sort.key === 'holder' ? model.holders.map((id, h) => (label(id) === undefined ? model.holderKeys[h]! : labelKey(model, h, label(id)))) : []
  const sign = sort.order === 'asc' ? 1 : -1
  const sorted = [...out]
  sorted.sort((a, b) => {
    let c = 0
    if (sort.key === 'assetNum') c = cmp(a.assetNum, b.assetNum)
    else if (sort.key === 'state') c = rank(a) - rank(b)
    else {
      // Free numbers last whichever the order.
      if (a.holderIndex < 0 || b.holderIndex < 0) return (a.holderIndex < 0 ? 1 : 0) - (b.holderIndex < 0 ? 1 : 0) || cmp(a.assetNum, b.assetNum)
      c = cmp(names[a.holderIndex]!, names[b.holderIndex]!)
    }
    return sign * c || cmp(a.assetNum, b.assetNum)
  })
  return sorted
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
