/** Search over a profile's customers: the FTS5 trigram index, and the search texts held in memory for short words. */
import type { Statement } from 'better-sqlite3'
import { foldText } from './rows'

/** Words shorter than this cannot use the trigram index: they are matched with LIKE. */
const TRIGRAM = 3

export class SearchTexts {
  /** Search texts per profile (see searchIndex), and the database's data_version they were read at. */
  private readonly indexes = new Map<string, IndexEntry[]>()
  private dataVersion = -1

  /** `stmt` prepares a statement once (the book's). */
  constructor(private readonly stmt: (sql: string) => Statement) {}

  /**
   * The entries matching every word, recent first, an exact id match (one word) first of all. Words of three
   * characters or more go through the FTS5 trigram index; shorter ones (one or two Chinese characters, a couple
   * of letters), which the trigram index cannot serve and which LIKE would serve by reading every row, are
   * matched against the profile's search texts held in memory.
   */
  matching(profileId: string, words: string[]): IndexEntry[] {
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
  dirty(): void {
    this.indexes.clear()
  }

  /**
   * A few customers of a profile changed: their entries in the search texts held in memory are replaced in place
   * (kept in recent order), so the next keystroke after an edit does not read the whole book again. Many
   * changes at once (an import) drop them instead.
   */
  follow(profileId: string, ids: string[]): void {
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
}

/** A customer as search sees it: its row, its place in recent order, its folded search text and its ids. */
export interface IndexEntry {
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
export function queryWords(query: string): string[] {
  return foldText(query).trim().split(/\s+/).filter(Boolean)
}

/** Columns compared for an exact id match (ranked first). */
const EXACT_COLUMNS = ['customer_id', 'enterprise_global_id', 'crm_customer_id', 'channel_customer_id']
