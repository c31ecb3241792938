/**
 * The customer book: every customer the app has seen (found, bound, created, updated on the service) or the user
 * typed or imported, per connection profile, with the fields an order needs, in the app's database (table
 * `customers`). Usable offline: nothing here calls the service.
 *
 * Search covers every field through an FTS5 index with the trigram tokenizer (substrings of three characters or
 * more, Chinese included, ignoring case); shorter words are matched with LIKE over the same text, which at
 * 10,000 customers still takes a few milliseconds. Results come recent first (picked, seen or edited), an exact
 * id match before everything else.
 *
 * One customer of the service is one row: a customer seen again is merged into the row with the same customer
 * id, else the same channel customer, else the same CRM customer id (what the service says wins; what only the
 * user knows, such as the administrator's e-mail, stays).
 */
import { randomUUID } from 'node:crypto'
import { AppError } from '@shared/errors/app-error'
import { CUSTOMER_TEXT_FIELDS, type CustomerTextField } from '@shared/customers/fields'
import {
  MAX_BOOK_SIZE,
  type CustomerRecord,
  type CustomerSource,
  type SeenBy,
} from '@shared/ipc/channels/customers'
import type { Statement } from 'better-sqlite3'
import type { Database } from '../db/database'
import { apply, clean, COLUMN, sameFields, searchText, toRecord, type CustomerFieldValues, type Row } from './rows'
import { queryWords, SearchTexts, type IndexEntry } from './search-texts'

export { CUSTOMER_MIGRATIONS, foldText, type CustomerFieldValues } from './rows'

/** Removed customers stay restorable this long, then are purged at the next start. */
export const REMOVED_CUSTOMER_DAYS = 30
const DAY_MS = 86_400_000
export interface CustomerSearch {
  query?: string
  offset?: number
  limit?: number
}

export interface CustomerBookOptions {
  now?: () => number
  /** Told which customers of a profile changed (the core publishes `customers.changed`). */
  onChange?: (profileId: string, ids: string[]) => void
}

/** What merging a customer into the book did. */
export interface Merged {
  record: CustomerRecord
  change: 'added' | 'updated' | 'unchanged'
}

export class CustomerBook {
  private readonly now: () => number

  constructor(
    private readonly db: Database,
    private readonly options: CustomerBookOptions = {},
  ) {
    this.now = options.now ?? Date.now
  }

  private readonly statements = new Map<string, Statement>()
  private readonly texts = new SearchTexts((sql) => this.stmt(sql))


  /** A prepared statement, prepared once (a search or an import runs the same few statements many times). */
  private stmt(sql: string): Statement {
    let s = this.statements.get(sql)
    if (!s) {
      s = this.db.sql.prepare(sql)
      this.statements.set(sql, s)
    }
    return s
  }

  private changed(profileId: string, ids: string[]): void {
    this.texts.follow(profileId, ids)
    if (ids.length > 0) this.options.onChange?.(profileId, ids)
  }

  private row(id: string): Row | undefined {
    return this.stmt('SELECT * FROM customers WHERE id = ?').get(id) as Row | undefined
  }

  /** One customer (removed ones too, so an undo can show them). */
  get(id: string): CustomerRecord {
    const row = this.row(id)
    if (!row) throw AppError.app('app.notFound', { what: `customer ${id}` })
    return toRecord(row)
  }

  /** Customers of a profile, recent first, matching every word of `query` in some field. */
  search(profileId: string, q: CustomerSearch = {}): { customers: CustomerRecord[]; total: number } {
    const offset = q.offset ?? 0
    const limit = q.limit ?? 50
    const words = queryWords(q.query ?? '')
    if (words.length === 0) {
      // The whole book, recent first: straight from the index on recent_at, no matching at all.
      const total = this.stmt('SELECT count(*) FROM customers WHERE profile_id = ? AND removed_at IS NULL').pluck().get(profileId) as number
      const rows = this.stmt('SELECT * FROM customers WHERE profile_id = ? AND removed_at IS NULL ORDER BY recent_at DESC, seq DESC LIMIT ? OFFSET ?').all(profileId, limit, offset) as Row[]
      return { customers: rows.map(toRecord), total }
    }
    const matches = this.texts.matching(profileId, words)
    return { customers: this.rowsOf(matches.slice(offset, offset + limit)), total: matches.length }
  }

  /** Every customer matching `query` (export), recent first. */
  all(profileId: string, query = ''): CustomerRecord[] {
    const words = queryWords(query)
    if (words.length === 0) {
      return (this.stmt('SELECT * FROM customers WHERE profile_id = ? AND removed_at IS NULL ORDER BY recent_at DESC, seq DESC').all(profileId) as Row[]).map(toRecord)
    }
    return this.rowsOf(this.texts.matching(profileId, words))
  }

  /** Rows of some entries, in their order. */
  private rowsOf(entries: readonly IndexEntry[]): CustomerRecord[] {
    if (entries.length === 0) return []
    const rows = this.stmt('SELECT * FROM customers WHERE seq IN (SELECT value FROM json_each(?))').all(JSON.stringify(entries.map((e) => e.seq))) as Row[]
    const bySeq = new Map(rows.map((r) => [r.seq, r]))
    return entries.flatMap((e) => {
      const r = bySeq.get(e.seq)
      return r ? [toRecord(r)] : []
    })
  }

  /** Keeps a customer the user typed (no id) or changes the fields of one (absent fields stay). */
  save(profileId: string, id: string | undefined, fields: CustomerFieldValues): CustomerRecord {
    const record = this.db.tx(() => {
      if (id === undefined) return this.insert(profileId, fields, 'typed', null)
      const row = this.row(id)
      if (!row || row.removed_at !== null) throw AppError.app('app.notFound', { what: `customer ${id}` })
      return this.write(toRecord(row), fields, null).record
    })
    this.changed(record.profileId, [record.id])
    return record
  }

  /** Removes customers (restorable for REMOVED_CUSTOMER_DAYS). */
  remove(ids: string[]): CustomerRecord[] {
    return this.setRemoved(ids, this.now())
  }

  restore(ids: string[]): CustomerRecord[] {
    return this.setRemoved(ids, null)
  }

  private setRemoved(ids: string[], at: number | null): CustomerRecord[] {
    const out = this.db.tx(() => {
      // A restored customer counts as just edited: it comes back at the top.
      const stmt = this.stmt('UPDATE customers SET removed_at = @at, updated_at = @now, recent_at = CASE WHEN @at IS NULL THEN @now ELSE recent_at END WHERE id = @id')
      const done: CustomerRecord[] = []
      for (const id of ids) {
        if (!this.row(id)) throw AppError.app('app.notFound', { what: `customer ${id}` })
        stmt.run({ at, now: this.now(), id })
        done.push(toRecord(this.row(id)!))
      }
      return done
    })
    for (const [profileId, list] of groupBy(out)) this.changed(profileId, list)
    return out
  }

  /** Marks a customer as just picked: pickers list it first. */
  use(id: string): void {
    const now = this.now()
    const r = this.stmt('UPDATE customers SET used_at = ?, recent_at = ? WHERE id = ? AND removed_at IS NULL').run(now, now, id)
    if (r.changes === 0) throw AppError.app('app.notFound', { what: `customer ${id}` })
    this.texts.follow((this.stmt('SELECT profile_id FROM customers WHERE id = ?').pluck().get(id) as string), [id])
  }

  /** Drops customers removed more than REMOVED_CUSTOMER_DAYS ago. */
  purge(): number {
    this.texts.dirty()
    return this.stmt('DELETE FROM customers WHERE removed_at IS NOT NULL AND removed_at < ?').run(this.now() - REMOVED_CUSTOMER_DAYS * DAY_MS).changes
  }

  /**
   * Customers the service showed (found, bound, created, updated), merged into the book in one transaction. The
   * service's fields win; fields it does not send keep what the book has.
   */
  recordSeen(profileId: string, seen: CustomerFieldValues[], by: SeenBy): CustomerRecord[] {
    const out = this.db.tx(() => seen.map((f) => this.merge(profileId, f, by, by).record))
    this.changed(profileId, out.map((r) => r.id))
    return out
  }

  /** The customers of a profile with this CRM customer id (operation 4 identifies customers by it). */
  byCrm(profileId: string, crmCustomerId: string): CustomerRecord[] {
    const rows = this.db.sql
      .prepare('SELECT * FROM customers WHERE profile_id = ? AND crm_customer_id = ? AND removed_at IS NULL ORDER BY recent_at DESC')
      .all(profileId, crmCustomerId) as Row[]
    return rows.map(toRecord)
  }

  /** The customer of a channel pair, if the book has it. */
  byChannel(profileId: string, channelCode: string, channelCustomerId: string): CustomerRecord | null {
    const row = this.db.sql
      .prepare('SELECT * FROM customers WHERE profile_id = ? AND channel_code = ? AND channel_customer_id = ? AND removed_at IS NULL ORDER BY recent_at DESC LIMIT 1')
      .get(profileId, channelCode, channelCustomerId) as Row | undefined
    return row ? toRecord(row) : null
  }

  /** Rows of a file merged in one transaction: matched rows take the file's non-empty cells, others are added. */
  importRows(profileId: string, rows: CustomerFieldValues[]): Merged[] {
    const out = this.db.tx(() => {
      const count = this.stmt('SELECT count(*) FROM customers WHERE profile_id = ? AND removed_at IS NULL').pluck().get(profileId) as number
      if (count + rows.length > MAX_BOOK_SIZE) {
        throw AppError.app('app.invalidInput', { detail: `a book holds at most ${MAX_BOOK_SIZE} customers` })
      }
      return rows.map((f) => this.merge(profileId, f, 'imported', null))
    })
    this.changed(profileId, out.filter((m) => m.change !== 'unchanged').map((m) => m.record.id))
    return out
  }

  /** The row a customer of the service is, by customer id, else channel pair, else CRM id. */
  private match(profileId: string, f: CustomerFieldValues): Row | undefined {
    const customerId = clean(f.customerId)
    const find = (sql: string, ...args: (string | null)[]) =>
      this.stmt(`SELECT * FROM customers WHERE profile_id = ? AND ${sql} ORDER BY removed_at IS NOT NULL, recent_at DESC LIMIT 1`).get(profileId, ...args) as
        | Row
        | undefined
    if (customerId) {
      const hit = find('customer_id = ?', customerId)
      if (hit) return hit
    }
    // A row that names another customer id is another customer, even with the same channel pair or CRM id.
    const sameOrNone = customerId ? ' AND (customer_id IS NULL OR customer_id = ?)' : ''
    const extra = customerId ? [customerId] : []
    const code = clean(f.channelCode)
    const channelId = clean(f.channelCustomerId)
    if (code && channelId) {
      const hit = find(`channel_code = ? AND channel_customer_id = ?${sameOrNone}`, code, channelId, ...extra)
      if (hit) return hit
    }
    const crm = clean(f.crmCustomerId)
    if (crm) return find(`crm_customer_id = ?${sameOrNone}`, crm, ...extra)
    // Without any id (a row of a file naming a customer by name only): the same name and enterprise, with no id
    // of its own, is the same customer, so importing one file twice does not double it.
    const name = clean(f.customerName)
    if (!customerId && !(code && channelId) && name) {
      return find(
        'customer_name = ? AND enterprise_global_id IS ? AND customer_id IS NULL AND crm_customer_id IS NULL AND channel_customer_id IS NULL',
        name,
        clean(f.enterpriseGlobalId) ?? null,
      )
    }
    return undefined
  }

  private merge(profileId: string, f: CustomerFieldValues, source: CustomerSource, by: SeenBy | null): Merged {
    const row = this.match(profileId, f)
    if (!row) return { record: this.insert(profileId, f, source, by), change: 'added' }
    return this.write(toRecord(row), f, by)
  }

  /**
   * Customers as colleagues left them (the team workspace): each stored under its own id with exactly these
   * fields, removed or not, in one transaction. Told as one change (the workspace knows not to send it back).
   */
  adopt(profileId: string, customers: { id: string; fields: CustomerFieldValues & { source: CustomerSource }; removed: boolean }[]): void {
    if (customers.length === 0) return
    this.db.tx(() => {
      const now = this.now()
      for (const { id, fields, removed } of customers) {
        const row = this.row(id)
        if (!row) this.insert(profileId, fields, fields.source, null, id)
        else this.write(toRecord(row), fields, null)
        this.stmt('UPDATE customers SET removed_at = CASE WHEN @removed THEN coalesce(removed_at, @now) ELSE NULL END WHERE id = @id').run({ removed: removed ? 1 : 0, now, id })
      }
    })
    this.changed(profileId, customers.map((c) => c.id))
  }

  private insert(profileId: string, f: CustomerFieldValues, source: CustomerSource, by: SeenBy | null, id: string = randomUUID()): CustomerRecord {
    const now = this.now()
    const base: CustomerRecord = {
      id,
      profileId,
      ...(Object.fromEntries(CUSTOMER_TEXT_FIELDS.map((k) => [k, null])) as Record<CustomerTextField, null>),
      customerType: null,
      isDefault: null,
      members: [],
      source,
      lastSeenAt: by ? now : null,
      lastSeenBy: by,
      usedAt: null,
      createdAt: now,
      updatedAt: now,
      removedAt: null,
    }
    const r = apply(base, f)
    const cols: Record<string, string | number | null> = {
      id: r.id,
      profile_id: profileId,
      customer_type: r.customerType,
      is_default: r.isDefault === null ? null : r.isDefault ? 1 : 0,
      members: JSON.stringify(r.members),
      source,
      last_seen_at: r.lastSeenAt,
      last_seen_by: r.lastSeenBy,
      used_at: null,
      recent_at: now,
      created_at: now,
      updated_at: now,
      removed_at: null,
      search: searchText(r),
    }
    for (const k of CUSTOMER_TEXT_FIELDS) cols[COLUMN[k]] = r[k]
    const names = Object.keys(cols)
    this.stmt(`INSERT INTO customers (${names.join(', ')}) VALUES (${names.map((n) => `@${n}`).join(', ')})`).run(cols)
    return toRecord(this.row(r.id)!)
  }

  /** Writes new values over a stored customer; seen by the service when `by` is given. Revives a removed one. */
  private write(current: CustomerRecord, f: CustomerFieldValues, by: SeenBy | null): Merged {
    const next = apply(current, f)
    const same = sameFields(current, next) && current.removedAt === null
    if (same && !by) return { record: current, change: 'unchanged' }
    const now = this.now()
    const cols: Record<string, string | number | null> = {
      id: current.id,
      customer_type: next.customerType,
      is_default: next.isDefault === null ? null : next.isDefault ? 1 : 0,
      members: JSON.stringify(next.members),
      last_seen_at: by ? now : current.lastSeenAt,
      last_seen_by: by ?? current.lastSeenBy,
      recent_at: now,
      updated_at: same ? current.updatedAt : now,
      removed_at: null,
      search: searchText(next),
    }
    for (const k of CUSTOMER_TEXT_FIELDS) cols[COLUMN[k]] = next[k]
    const sets = Object.keys(cols)
      .filter((n) => n !== 'id')
      .map((n) => `${n} = @${n}`)
    this.stmt(`UPDATE customers SET ${sets.join(', ')} WHERE id = @id`).run(cols)
    return { record: toRecord(this.row(current.id)!), change: same ? 'unchanged' : 'updated' }
  }
}

function groupBy(records: CustomerRecord[]): Map<string, string[]> {
  const m = new Map<string, string[]>()
  for (const r of records) {
    const l = m.get(r.profileId)
    if (l) l.push(r.id)
    else m.set(r.profileId, [r.id])
  }
  return m
}
