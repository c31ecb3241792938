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
import { CUSTOMER_TEXT_FIELDS, CUSTOMER_TYPE_LABELS, type CustomerTextField, type CustomerType } from '@shared/customers/fields'
import {
  MAX_BOOK_SIZE,
  type CustomerRecord,
  type CustomerSource,
  type SeenBy,
} from '@shared/ipc/channels/customers'
import type { Statement } from 'better-sqlite3'
import type { Database, Migration } from '../db/database'

/** Column of each text field. */
const COLUMN: Record<CustomerTextField, string> = {
  customerName: 'customer_name',
  customerId: 'customer_id',
  crmCustomerId: 'crm_customer_id',
  channelCode: 'channel_code',
  channelCustomerId: 'channel_customer_id',
  enterpriseGlobalId: 'enterprise_global_id',
  enterpriseName: 'enterprise_name',
  branchCode: 'branch_code',
  branchName: 'branch_name',
  adminName: 'admin_name',
  adminAccount: 'admin_account',
  adminEmail: 'admin_email',
  adminCellNumber: 'admin_cell_number',
  passwordMobile: 'password_mobile',
  address: 'address',
}

export const CUSTOMER_MIGRATIONS: Migration[] = [
  {
    id: 'customers-1',
    sql: `
      CREATE TABLE customers (
        seq INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        profile_id TEXT NOT NULL,
        ${CUSTOMER_TEXT_FIELDS.map((f) => `${COLUMN[f]} TEXT`).join(',\n        ')},
        customer_type TEXT,
        is_default INTEGER,
        members TEXT NOT NULL DEFAULT '[]',
        source TEXT NOT NULL,
        last_seen_at INTEGER,
        last_seen_by TEXT,
        used_at INTEGER,
        recent_at INTEGER NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        removed_at INTEGER,
        search TEXT NOT NULL
      );
      CREATE INDEX customers_recent ON customers (profile_id, recent_at DESC);
      CREATE INDEX customers_by_customer_id ON customers (profile_id, customer_id);
      CREATE INDEX customers_by_channel ON customers (profile_id, channel_code, channel_customer_id);
      CREATE INDEX customers_by_crm ON customers (profile_id, crm_customer_id);
      CREATE INDEX customers_by_enterprise ON customers (profile_id, enterprise_global_id);
      CREATE VIRTUAL TABLE customers_fts USING fts5 (search, content = 'customers', content_rowid = 'seq', tokenize = 'trigram');
      CREATE TRIGGER customers_fts_insert AFTER INSERT ON customers BEGIN
        INSERT INTO customers_fts (rowid, search) VALUES (new.seq, new.search);
      END;
      CREATE TRIGGER customers_fts_delete AFTER DELETE ON customers BEGIN
        INSERT INTO customers_fts (customers_fts, rowid, search) VALUES ('delete', old.seq, old.search);
      END;
      CREATE TRIGGER customers_fts_update AFTER UPDATE OF search ON customers BEGIN
        INSERT INTO customers_fts (customers_fts, rowid, search) VALUES ('delete', old.seq, old.search);
        INSERT INTO customers_fts (rowid, search) VALUES (new.seq, new.search);
      END;
    `,
  },
]

/** Removed customers stay restorable this long, then are purged at the next start. */
export const REMOVED_CUSTOMER_DAYS = 30
const DAY_MS = 86_400_000
/** Words shorter than this cannot use the trigram index: they are matched with LIKE. */
const TRIGRAM = 3

interface Row {
  seq: number
  id: string
  profile_id: string
  customer_type: string | null
  is_default: number | null
  members: string
  source: string
  last_seen_at: number | null
  last_seen_by: string | null
  used_at: number | null
  created_at: number
  updated_at: number
  removed_at: number | null
  [column: string]: string | number | null
}

/** Text fields as the book stores them: null for unknown; absent keys leave a stored value as it is. */
export type CustomerFieldValues = Partial<Record<CustomerTextField, string | null>> & {
  customerType?: CustomerType | null
  isDefault?: boolean | null
  members?: CustomerRecord['members']
}

/** Folds what search compares: full-width forms (NFKC) and case. */
export function foldText(s: string): string {
  return s.normalize('NFKC').toLowerCase()
}

function toRecord(row: Row): CustomerRecord {
  const r: Record<string, unknown> = {
    id: row.id,
    profileId: row.profile_id,
    customerType: row.customer_type === 'personal' || row.customer_type === 'company' ? row.customer_type : null,
    isDefault: row.is_default === null ? null : row.is_default !== 0,
    members: parseMembers(row.members),
    source: row.source,
    lastSeenAt: row.last_seen_at,
    lastSeenBy: row.last_seen_by,
    usedAt: row.used_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    removedAt: row.removed_at,
  }
  for (const f of CUSTOMER_TEXT_FIELDS) r[f] = (row[COLUMN[f]] as string | null) ?? null
  return r as CustomerRecord
}

function parseMembers(json: string): CustomerRecord['members'] {
  try {
    const v = JSON.parse(json) as unknown
    if (!Array.isArray(v)) return []
    return v.filter(
      (m): m is CustomerRecord['members'][number] =>
        typeof m === 'object' && m !== null && typeof (m as Record<string, unknown>)['memberGlobalId'] === 'string' && typeof (m as Record<string, unknown>)['memberIdentity'] === 'string',
    )
  } catch {
    return []
  }
}

/** The text search runs over: every field, and the customer type's words in both languages. */
function searchText(r: CustomerRecord): string {
  const parts: string[] = []
  for (const f of CUSTOMER_TEXT_FIELDS) if (r[f]) parts.push(r[f]!)
  if (r.customerType) parts.push(r.customerType, CUSTOMER_TYPE_LABELS[r.customerType].en, CUSTOMER_TYPE_LABELS[r.customerType]['zh-CN'])
  for (const m of r.members) parts.push(m.memberGlobalId, m.memberIdentity)
  return foldText(parts.join('\n'))
}

/** Empty text is unknown. */
function clean(v: string | null | undefined): string | null | undefined {
  if (v === undefined) return undefined
  if (v === null) return null
  const t = v.trim()
  return t === '' ? null : t
}

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
  /** Search texts per profile (see searchIndex), and the database's data_version they were read at. */
  private readonly indexes = new Map<string, IndexEntry[]>()
  private dataVersion = -1

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
    this.follow(profileId, ids)
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
    const matches = this.matching(profileId, words)
    return { customers: this.rowsOf(matches.slice(offset, offset + limit)), total: matches.length }
  }

  /** Every customer matching `query` (export), recent first. */
  all(profileId: string, query = ''): CustomerRecord[] {
    const words = queryWords(query)
    if (words.length === 0) {
      return (this.stmt('SELECT * FROM customers WHERE profile_id = ? AND removed_at IS NULL ORDER BY recent_at DESC, seq DESC').all(profileId) as Row[]).map(toRecord)
    }
    return this.rowsOf(this.matching(profileId, words))
  }

  /**
   * The entries matching every word, recent first, an exact id match (one word) first of all. Words of three
   * characters or more go through the FTS5 trigram index; shorter ones (one or two Chinese characters, a couple
   * of letters), which the trigram index cannot serve and which LIKE would serve by reading every row, are
   * matched against the profile's search texts held in memory.
   */
  private matching(profileId: string, words: string[]): IndexEntry[] {
    let list = this.searchIndex(profileId)
    const long = words.filter((w) => [...w].length >= TRIGRAM)
    if (long.length > 0) {
      const match = long.map((w) => `"${w.replace(/"/g, '""')}"`).join(' AND ')
      const hits = new Set(this.stmt('SELECT rowid FROM customers_fts WHERE customers_fts MATCH ?').pluck().all(match) as number[])
      list = list.filter((e) => hits.has(e.seq))
    }
    for (const w of words) if ([...w].length < TRIGRAM) list = list.filter((e) => e.text.includes(w))
    const only = words.length === 1 ? words[0]! : null
    if (only !== null && list.some((e) => e.ids.includes(only))) {
      list = [...list.filter((e) => e.ids.includes(only)), ...list.filter((e) => !e.ids.includes(only))]
    }
    return list
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

  /**
   * A profile's search texts, recent first, read once and dropped on any change: ours (every write calls
   * `dirty`) or another process's on the same file (the CLI), which `PRAGMA data_version` tells.
   */
  private searchIndex(profileId: string): IndexEntry[] {
    const version = this.stmt('PRAGMA data_version').pluck().get() as number
    if (version !== this.dataVersion) {
      this.indexes.clear()
      this.dataVersion = version
    }
    let index = this.indexes.get(profileId)
    if (!index) {
      const rows = this.stmt(
        `SELECT ${INDEX_COLUMNS} FROM customers WHERE profile_id = ? AND removed_at IS NULL ORDER BY recent_at DESC, seq DESC`,
      ).all(profileId) as Record<string, string | number | null>[]
      index = rows.map(indexEntry)
      this.indexes.set(profileId, index)
    }
    return index
  }

  /** Something changed: the search texts held in memory are read again at the next search. */
  private dirty(): void {
    this.indexes.clear()
  }

  /**
   * A few customers of a profile changed: their entries in the search texts held in memory are replaced in place
   * (kept in recent order), so the next keystroke after an edit does not read the whole book again. Many
   * changes at once (an import) drop them instead.
   */
  private follow(profileId: string, ids: string[]): void {
    const index = this.indexes.get(profileId)
    if (!index) return
    if (ids.length > 100) {
      this.indexes.delete(profileId)
      return
    }
    const rows = this.stmt(`SELECT ${INDEX_COLUMNS}, removed_at FROM customers WHERE id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(ids)) as Record<
      string,
      string | number | null
    >[]
    const seqs = new Set(rows.map((r) => r['seq'] as number))
    const kept = index.filter((e) => !seqs.has(e.seq))
    for (const r of rows) {
      if (r['removed_at'] !== null) continue
      const e = indexEntry(r)
      kept.splice(insertionPoint(kept, e), 0, e)
    }
    this.indexes.set(profileId, kept)
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
    this.follow((this.stmt('SELECT profile_id FROM customers WHERE id = ?').pluck().get(id) as string), [id])
  }

  /** Drops customers removed more than REMOVED_CUSTOMER_DAYS ago. */
  purge(): number {
    this.dirty()
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

  private insert(profileId: string, f: CustomerFieldValues, source: CustomerSource, by: SeenBy | null): CustomerRecord {
    const now = this.now()
    const base: CustomerRecord = {
      id: randomUUID(),
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

/** A customer as search sees it: its row, its place in recent order, its folded search text and its ids. */
interface IndexEntry {
  seq: number
  recentAt: number
  text: string
  ids: string[]
}

/** Columns an index entry is made of. */
const INDEX_COLUMNS = 'seq, recent_at, search, customer_id, enterprise_global_id, crm_customer_id, channel_customer_id'

function indexEntry(r: Record<string, string | number | null>): IndexEntry {
  return {
    seq: r['seq'] as number,
    recentAt: r['recent_at'] as number,
    text: r['search'] as string,
    ids: EXACT_COLUMNS.map((c) => r[c]).filter((v): v is string => typeof v === 'string').map(foldText),
  }
}

/** Where an entry goes in a list kept in recent order (recent_at, then seq, both descending). */
function insertionPoint(list: readonly IndexEntry[], e: IndexEntry): number {
  let lo = 0
  let hi = list.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    const m = list[mid]!
    if (m.recentAt > e.recentAt || (m.recentAt === e.recentAt && m.seq > e.seq)) lo = mid + 1
    else hi = mid
  }
  return lo
}

/** The words of a query, folded as the search texts are. */
function queryWords(query: string): string[] {
  return foldText(query).trim().split(/\s+/).filter(Boolean)
}

/** Columns compared for an exact id match (ranked first). */
const EXACT_COLUMNS = ['customer_id', 'enterprise_global_id', 'crm_customer_id', 'channel_customer_id']

/** A record with the given values applied (undefined: kept; null or blank: cleared). */
function apply(r: CustomerRecord, f: CustomerFieldValues): CustomerRecord {
  const out: CustomerRecord = { ...r }
  for (const k of CUSTOMER_TEXT_FIELDS) {
    const v = clean(f[k])
    if (v !== undefined) out[k] = v
  }
  if (f.customerType !== undefined) out.customerType = f.customerType
  if (f.isDefault !== undefined) out.isDefault = f.isDefault
  if (f.members !== undefined) out.members = f.members
  return out
}

function sameFields(a: CustomerRecord, b: CustomerRecord): boolean {
  return (
    CUSTOMER_TEXT_FIELDS.every((k) => a[k] === b[k]) &&
    a.customerType === b.customerType &&
    a.isDefault === b.isDefault &&
    JSON.stringify(a.members) === JSON.stringify(b.members)
  )
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
