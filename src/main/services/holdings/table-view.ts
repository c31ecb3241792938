/**
 * The asset numbers table as the screen shows it, kept in the core: the joined table (rows made once per copy of
 * the lists), its filter, search and sort (src/shared/holdings/numbers.ts), holders named from the employee list
 * as it is read. The screen asks for the rows in view (a window) and gets them with the counts; the export of
 * what the screen shows reads the same filtered rows. 200,000 numbers never cross to the page.
 */
import { buildNumbersModel, filterNumbers, numberCounts, numberRow, personLabel, type HolderNames, type NumbersModel, type NumberSort, type NumberStateFilter } from '@shared/holdings/numbers'
import type { HoldingWindow, WindowRow } from '@shared/ipc/channels/holdings'
import type { Person } from '@shared/ipc/channels/members'
import type { MemberDirectory } from '../members'
import type { HoldingsTarget, NumbersEntry } from './numbers'

export interface TableQuery {
  state: NumberStateFilter
  text: string
  sort: NumberSort
}

type Columns = ReturnType<NumbersEntry['columns']>

/**
 * One enterprise's table: the columns of a copy of the lists, its rows (made after the first answer: the table
 * as read needs none), the holders' names (per reading), the last filter.
 */
interface Kept {
  t: HoldingsTarget
  fetchedAt: number
  columns: Columns
  counts: Record<NumberStateFilter, number>
  model: NumbersModel | null
  namesKey: string
  /** The reading of the employee list the names are of, and the holders it has not named yet. */
  readAt: number | null | undefined
  unnamed: readonly string[]
  people: Map<string, Person>
  labels: Map<string, string>
  /** The names as the model's search and holder sort take them (its version bumped as names come). */
  names: HolderNames
  named: boolean
  /** The last query's rows (positions in the model), and whether they depend on the names (a search, the holder sort). */
  last: { key: string; rows: Int32Array; byNames: boolean } | null
}

/** The copy of the lists it reads (the holdings service's cache). */
type Lists = Pick<NumbersEntry, 'fetchedAt' | 'columns'>

export interface TableViewDeps {
  cache: { get(t: HoldingsTarget, opts: { refresh?: boolean }): Promise<{ entry: Lists; cached: boolean }> }
  directory: Pick<MemberDirectory, 'status' | 'people'>
}

export class HoldingsTableView {
  private readonly kept = new Map<string, Kept>()

  constructor(private readonly deps: TableViewDeps) {}

  /** The table of an enterprise (the copy read before unless `refresh`), its holders named as known now. */
  private async table(t: HoldingsTarget, refresh: boolean): Promise<{ k: Kept; entry: Lists; cached: boolean }> {
    // The holders are named from the employee list: its reading starts now, beside the numbers' (it takes as long
    // for 50,000 employees), not once the numbers are read.
    this.deps.directory.status(t.profileId, t.enterpriseGlobalId)
    const { entry, cached } = await this.deps.cache.get(t, { refresh })
    const key = `${t.profileId}\u0000${t.enterpriseGlobalId}`
    const columns = entry.columns()
    let k = this.kept.get(key)
    if (!k || k.columns !== columns) {
      const labels = new Map<string, string>()
      k = { t, fetchedAt: entry.fetchedAt, columns, counts: numberCounts(columns), model: null, namesKey: '', readAt: undefined, unnamed: columns.holders, people: new Map(), labels, names: { version: 0, label: (id) => labels.get(id) }, named: false, last: null }
      this.kept.delete(key)
      this.kept.set(key, k)
      while (this.kept.size > 2) this.kept.delete(this.kept.keys().next().value!)
    }
    this.name(t, k)
    return { k, entry, cached }
  }

  /**
   * Names the holders when the employee list has changed: while it is read (a page more), only the holders not
   * named yet are looked up; a new reading names them all again.
   */
  private name(t: HoldingsTarget, k: Kept): void {
    const s = this.deps.directory.status(t.profileId, t.enterpriseGlobalId)
    const namesKey = `${s.state}|${s.loaded}|${s.readAt ?? ''}`
    if (namesKey === k.namesKey) return
    k.namesKey = namesKey
    k.named = s.state === 'ready'
    if (s.readAt !== k.readAt) {
      k.readAt = s.readAt
      k.people.clear()
      k.labels.clear()
      k.names.version++
      k.unnamed = k.columns.holders
    }
    const people = this.deps.directory.people(t.profileId, t.enterpriseGlobalId, k.unnamed).people
    if (people.length === 0) return
    k.names.version++
    for (const p of people) {
      k.people.set(p.globalId, p)
      k.labels.set(p.globalId, personLabel(p))
    }
    k.unnamed = k.unnamed.filter((id) => !k.labels.has(id))
    // What a search found in the names, or the holder sort, may differ now.
    if (k.last?.byNames) k.last = null
  }

  /** The table's model (its states and searchable numbers: made once per copy of the lists). */
  private model(k: Kept): NumbersModel {
    k.model ??= buildNumbersModel(k.columns, k.counts)
    return k.model
  }

  /** The rows passing the query, sorted (the last query's answer kept: the screen asks it again per window). */
  private rows(k: Kept, q: TableQuery): Int32Array {
    const key = `${q.state}\u0000${q.text}\u0000${q.sort ? `${q.sort.key}:${q.sort.order}` : ''}`
    if (k.last?.key === key) return k.last.rows
    const rows = filterNumbers(this.model(k), { state: q.state, text: q.text }, q.sort, k.names)
    k.last = { key, rows, byNames: q.text.trim() !== '' || q.sort?.key === 'holder' }
    return rows
  }

  /** Rows `offset` to `offset + limit` of the table as the query shows it, with the counts. */
  async window(t: HoldingsTarget, q: TableQuery & { offset: number; limit: number; refresh: boolean }): Promise<HoldingWindow> {
    const { k, entry, cached } = await this.table(t, q.refresh)
    const asRead = q.state === 'all' && q.text.trim() === '' && q.sort === null
    let total: number
    let rows: WindowRow[]
    if (asRead && !k.model) {
      // The table as read (opening the screen): straight from the columns; its rows are made once this is sent.
      total = k.columns.count
      rows = []
      for (let i = q.offset; i < Math.min(total, q.offset + q.limit); i++) rows.push(this.columnRow(k, i))
      setImmediate(() => this.model(k))
    } else {
      const all = this.rows(k, q)
      total = all.length
      rows = []
      for (let j = q.offset; j < Math.min(total, q.offset + q.limit); j++) rows.push(this.columnRow(k, all[j]!))
    }
    return { ...t, fetchedAt: entry.fetchedAt, cached, count: k.columns.count, counts: { ...k.counts }, total, offset: q.offset, rows, named: k.named }
  }

  /** Row i as the screen gets it, its holder named if known. */
  private columnRow(k: Kept, i: number): WindowRow {
    const { assetNum, assetId, holder, lent, online, borrowedLock } = numberRow(k.columns, i)
    return { assetNum, assetId, holder, name: holder ? (k.labels.get(holder) ?? null) : null, lent, online, borrowedLock }
  }

  /** Every row the query shows (its positions in the model) and the people naming them (the export). */
  async shown(t: HoldingsTarget, q: TableQuery): Promise<{ model: NumbersModel; rows: Int32Array; people: ReadonlyMap<string, Person> }> {
    const { k } = await this.table(t, false)
    return { model: this.model(k), rows: this.rows(k, q), people: k.people }
  }

  /** Forgets the tables (profiles changed). */
  clear(): void {
    this.kept.clear()
  }
}

