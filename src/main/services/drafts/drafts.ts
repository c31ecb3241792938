/**
 * The draft store: work in progress of every screen, in the app's database (table `drafts`). A body is checked
 * with its kind's schema (src/shared/drafts/kinds.ts) on every save, read and import; every save is one committed
 * transaction, so a kill -9 right after `save` returns loses nothing. Each save of a body raises the draft's
 * revision, and a save based on an older revision is refused (`app.draftConflict`): two windows editing one draft
 * never silently overwrite each other. Removing is undoable for REMOVED_DRAFT_DAYS.
 */
import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { AppError } from '@shared/errors/app-error'
import {
  DRAFT_FILE_FORMAT,
  DRAFT_FILE_VERSION,
  MAX_DRAFT_BODY_BYTES,
  REMOVED_DRAFT_DAYS,
  DRAFT_KINDS,
  draftKind,
  draftSummarySchema,
  isDraftKind,
  type DraftKind,
  type DraftSummary,
} from '@shared/drafts/kinds'
import { DRAFT_FILE_EXTENSION, firstIssuePath, parseDraftFile } from '@shared/drafts/file'
import type { Draft, DraftMeta } from '@shared/ipc/channels/drafts'
import type { Database, Migration } from '../db/database'
import { likePattern } from '../db/database'
import { fileStamp } from '@shared/time/dates'

export const DRAFT_MIGRATIONS: Migration[] = [
  {
    id: 'drafts-1',
    sql: `
      CREATE TABLE drafts (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        profile_id TEXT,
        name TEXT NOT NULL,
        body TEXT NOT NULL,
        revision INTEGER NOT NULL,
        summary TEXT NOT NULL,
        search TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        removed_at INTEGER
      );
      CREATE INDEX drafts_by_time ON drafts (updated_at DESC);
      CREATE INDEX drafts_by_kind ON drafts (kind, profile_id);
    `,
  },
]

interface DraftRow {
  id: string
  kind: string
  profile_id: string | null
  name: string
  body: string
  revision: number
  summary: string
  created_at: number
  updated_at: number
  removed_at: number | null
}

export interface DraftListQuery {
  kinds?: DraftKind[]
  profileId?: string
  query?: string
  removed?: boolean
  offset?: number
  limit?: number
}

export interface DraftSaveParts {
  id: string
  kind: DraftKind
  parts: { field: string; index: number; value: unknown }[]
  baseRevision: number
}

export interface DraftSave {
  id?: string
  kind: DraftKind
  profileId?: string | null
  name?: string
  body: unknown
  baseRevision: number
  force?: boolean
}

export interface DraftStoreOptions {
  now?: () => number
  /** Largest body kept, as JSON text (default MAX_DRAFT_BODY_BYTES). */
  maxBodyBytes?: number
  /** Told the ids of drafts that changed (the core publishes `drafts.changed`). */
  onChange?: (ids: string[], clientId?: string) => void
  /**
   * Refuses (throws) renaming, removing or restoring drafts that are not this person's to change: a draft the team
   * workspace shares and a colleague holds (src/shared/drafts/team.ts). Asked before anything changes.
   */
  mayChange?: (ids: readonly string[]) => void
}

const LISTED_KINDS = (Object.keys(DRAFT_KINDS) as DraftKind[]).filter((k) => draftKind(k).listed)
const DAY_MS = 86_400_000

function searchText(name: string, summary: DraftSummary): string {
  return [name, summary.customer ?? '', summary.type ?? ''].join('\n').toLowerCase()
}

function toMeta(row: DraftRow): DraftMeta {
  const summary = draftSummarySchema.safeParse(JSON.parse(row.summary))
  return {
    id: row.id,
    kind: row.kind as DraftKind,
    profileId: row.profile_id,
    name: row.name,
    revision: row.revision,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    removedAt: row.removed_at,
    summary: summary.success ? summary.data : {},
  }
}

/** The schema of the elements of a body's list field, when the kind's schema is an object with such a field. */
function elementSchema(schema: z.ZodType, field: string): z.ZodType | null {
  if (!(schema instanceof z.ZodObject)) return null
  const shape = schema.shape as Record<string, z.ZodType>
  let f: z.ZodType | undefined = Object.hasOwn(shape, field) ? shape[field] : undefined
  // A list with a default is the same list.
  if (f instanceof z.ZodDefault) f = f.unwrap() as z.ZodType
  return f instanceof z.ZodArray ? (f.element as z.ZodType) : null
}

export class DraftStore {
  private readonly now: () => number
  /** The body last written (parsed), its draft and revision: a part save of the draft being edited starts from it. */
  private last: { id: string; revision: number; body: unknown } | null = null

  constructor(
    private readonly db: Database,
    private readonly options: DraftStoreOptions = {},
  ) {
    this.now = options.now ?? Date.now
  }

  /**
   * Checks a body with its kind's schema and measures it; returns the parsed body, its JSON and summary. `checked`:
   * the body is already its schema's output (a part save built it from checked pieces).
   */
  private checkBody(kind: DraftKind, name: string, body: unknown, checked = false): { data: unknown; json: string; summary: DraftSummary } {
    const spec = draftKind(kind)
    let data = body
    if (!checked) {
      const parsed = spec.schema.safeParse(body)
      if (!parsed.success) throw AppError.app('app.draftInvalid', { name, field: firstIssuePath(parsed.error) })
      data = parsed.data
    }
    const json = JSON.stringify(data)
    const max = this.options.maxBodyBytes ?? MAX_DRAFT_BODY_BYTES
    if (json.length > max) {
      throw AppError.app('app.draftTooBig', { size: (json.length / 1e6).toFixed(1), max: max / 1e6 })
    }
    return { data, json, summary: draftSummarySchema.parse(spec.summarize(data as never)) }
  }

  /** A draft's row without its body (the checks of a save need no 2 MB string). */
  private head(id: string): DraftRow | undefined {
    return this.db.sql
      .prepare(`SELECT id, kind, profile_id, name, '' AS body, revision, summary, created_at, updated_at, removed_at FROM drafts WHERE id = ?`)
      .get(id) as DraftRow | undefined
  }

  private row(id: string): DraftRow | undefined {
    return this.db.sql.prepare('SELECT * FROM drafts WHERE id = ?').get(id) as DraftRow | undefined
  }

  private mustRow(id: string): DraftRow {
    const row = this.row(id)
    if (!row) throw AppError.app('app.notFound', { what: `draft ${id}` })
    return row
  }

  list(q: DraftListQuery = {}): { drafts: DraftMeta[]; total: number } {
    const where: string[] = []
    const args: (string | number)[] = []
    const kinds = q.kinds && q.kinds.length > 0 ? q.kinds : LISTED_KINDS
    if (kinds.length === 0) return { drafts: [], total: 0 }
    where.push(`kind IN (${kinds.map(() => '?').join(',')})`)
    args.push(...kinds)
    where.push(q.removed ? 'removed_at IS NOT NULL' : 'removed_at IS NULL')
    if (q.profileId !== undefined) {
      where.push('(profile_id = ? OR profile_id IS NULL)')
      args.push(q.profileId)
    }
    for (const word of (q.query ?? '').toLowerCase().split(/\s+/).filter(Boolean)) {
      where.push("search LIKE ? ESCAPE '\\'")
      args.push(likePattern(word))
    }
    const clause = where.join(' AND ')
    const total = this.db.sql.prepare(`SELECT count(*) FROM drafts WHERE ${clause}`).pluck().get(...args) as number
    const rows = this.db.sql
      .prepare(
        `SELECT id, kind, profile_id, name, '' AS body, revision, summary, created_at, updated_at, removed_at
         FROM drafts WHERE ${clause} ORDER BY updated_at DESC, id LIMIT ? OFFSET ?`,
      )
      .all(...args, q.limit ?? 200, q.offset ?? 0) as DraftRow[]
    return { drafts: rows.map(toMeta), total }
  }

  /** A draft with its body, checked against its kind's schema. */
  get(id: string): Draft {
    const row = this.mustRow(id)
    const meta = toMeta(row)
    if (!isDraftKind(row.kind)) throw AppError.app('app.draftInvalid', { name: row.name, field: 'kind' })
    let body: unknown
    try {
      body = JSON.parse(row.body)
    } catch {
      throw AppError.app('app.draftInvalid', { name: row.name, field: '(whole draft)' })
    }
    const parsed = draftKind(row.kind).schema.safeParse(body)
    if (!parsed.success) throw AppError.app('app.draftInvalid', { name: row.name, field: firstIssuePath(parsed.error) })
    return { ...meta, body: parsed.data }
  }

  /** Saves a body: creates the draft at revision 1, or raises its revision by one. */
  save(input: DraftSave, clientId?: string): DraftMeta {
    const meta = this.db.tx(() => this.write(input))
    this.options.onChange?.([meta.id], clientId)
    return meta
  }

  /**
   * Saves changed elements of the body's arrays on top of `baseRevision` (see `drafts.saveParts`): the stored body
   * with those elements replaced is checked and saved like a whole one, at the next revision.
   */
  saveParts(input: DraftSaveParts, clientId?: string): DraftMeta {
    const meta = this.db.tx(() => {
      const current = this.head(input.id)
      if (!current) throw AppError.app('app.notFound', { what: `draft ${input.id}` })
      this.mayWrite(current, input)
      // The body last written, when it is this revision's (every write raises the revision, here or in another
      // process): only the new elements are checked, not the whole body parsed and checked again.
      const last = this.last?.id === input.id && this.last.revision === current.revision ? this.last : null
      let body: Record<string, unknown>
      try {
        body = { ...((last ? last.body : JSON.parse(this.mustRow(input.id).body)) as Record<string, unknown>) }
      } catch {
        throw AppError.app('app.draftInvalid', { name: current.name, field: '(whole draft)' })
      }
      const schema = draftKind(input.kind).schema
      // Each list touched is copied once (the held body is shared), then its elements replaced, each checked.
      for (const field of new Set(input.parts.map((p) => p.field))) {
        const list = Object.hasOwn(body, field) ? body[field] : undefined
        if (!Array.isArray(list) || !elementSchema(schema, field)) throw AppError.app('app.invalidInput', { detail: `${field} is not a list of this draft` })
        body[field] = list.slice()
      }
      for (const p of input.parts) {
        const list = body[p.field] as unknown[]
        // Parts replace elements that are there: a page whose list has another length sends the whole body.
        if (p.index >= list.length) throw AppError.app('app.invalidInput', { detail: `${p.field}[${p.index}] is not in the saved draft` })
        const parsed = elementSchema(schema, p.field)!.safeParse(p.value)
        if (!parsed.success) throw AppError.app('app.draftInvalid', { name: current.name, field: `${p.field}.${p.index}.${firstIssuePath(parsed.error)}` })
        list[p.index] = parsed.data
      }
      return this.write({ id: input.id, kind: input.kind, body, baseRevision: input.baseRevision }, last !== null)
    })
    this.options.onChange?.([meta.id], clientId)
    return meta
  }

  /** Whether a save based on `baseRevision` may go over the stored draft: same kind, not removed, not changed since. */
  private mayWrite(current: DraftRow, input: { kind: DraftKind; baseRevision: number; force?: boolean }): void {
    if (current.kind !== input.kind) throw AppError.app('app.conflict', { what: `draft ${current.id} (another kind)` })
    if (input.force) return
    if (current.removed_at !== null) throw AppError.app('app.draftRemoved')
    if (current.revision !== input.baseRevision) {
      throw AppError.app('app.draftConflict', { revision: current.revision, updatedAt: current.updated_at })
    }
  }

  /** The save itself, inside the caller's transaction; tells no one. `checked`: see checkBody. */
  private write(input: DraftSave, checked = false): DraftMeta {
    const id = input.id ?? randomUUID()
    const current = this.head(id)
    if (current) this.mayWrite(current, input)
    const name = input.name ?? current?.name ?? ''
    const { data, json, summary } = this.checkBody(input.kind, name, input.body, checked)
    const revision = (current?.revision ?? 0) + 1
    const profileId = input.profileId !== undefined ? input.profileId : (current?.profile_id ?? null)
    const now = this.now()
    this.db.sql
      .prepare(
        `INSERT INTO drafts (id, kind, profile_id, name, body, revision, summary, search, created_at, updated_at, removed_at)
         VALUES (@id, @kind, @profileId, @name, @body, @revision, @summary, @search, @now, @now, NULL)
         ON CONFLICT (id) DO UPDATE SET profile_id = @profileId, name = @name, body = @body, revision = @revision,
           summary = @summary, search = @search, updated_at = @now, removed_at = NULL`,
      )
      .run({ id, kind: input.kind, profileId, name, body: json, revision, summary: JSON.stringify(summary), search: searchText(name, summary), now })
    this.last = { id, revision, body: data }
    return toMeta(this.head(id)!)
  }

  /** A draft's row without its body, null when there is none. */
  meta(id: string): DraftMeta | null {
    const row = this.head(id)
    return row ? toMeta(row) : null
  }

  /** The ids of one kind's drafts of one profile (not removed), oldest first. */
  ids(kind: DraftKind, profileId: string): string[] {
    return this.db.sql.prepare('SELECT id FROM drafts WHERE kind = ? AND profile_id = ? AND removed_at IS NULL ORDER BY created_at, id').pluck().all(kind, profileId) as string[]
  }

  /**
   * Drafts as colleagues left them (the team workspace), in one transaction: each stored under its id with this
   * name and body (checked with its kind's schema), at the next revision, removed or not. An editor open on one
   * here meets the newer revision on its next save (app.draftConflict), as with two windows. Returns the ids left
   * out (a body that does not check, an id another kind uses).
   */
  adopt(kind: DraftKind, profileId: string | null, items: { id: string; name: string; body: unknown; removed: boolean }[]): string[] {
    if (items.length === 0) return []
    const bad: string[] = []
    const done: string[] = []
    this.db.tx(() => {
      const now = this.now()
      for (const it of items) {
        try {
          this.write({ id: it.id, kind, profileId, name: it.name, body: it.body, baseRevision: 0, force: true })
        } catch {
          bad.push(it.id)
          continue
        }
        if (it.removed) this.db.sql.prepare('UPDATE drafts SET removed_at = ? WHERE id = ?').run(now, it.id)
        done.push(it.id)
      }
    })
    if (done.length > 0) this.options.onChange?.(done)
    return bad
  }

  /** Renames a draft (its body and revision stay: an editor open elsewhere can go on saving). */
  rename(id: string, name: string): DraftMeta {
    this.options.mayChange?.([id])
    const meta = this.db.tx(() => {
      const row = this.mustRow(id)
      const summary = draftSummarySchema.safeParse(JSON.parse(row.summary))
      this.db.sql
        .prepare('UPDATE drafts SET name = ?, search = ? WHERE id = ?')
        .run(name, searchText(name, summary.success ? summary.data : {}), id)
      return toMeta(this.mustRow(id))
    })
    this.options.onChange?.([id])
    return meta
  }

  /** A copy under a new id, at revision 1. */
  duplicate(id: string, name?: string): DraftMeta {
    const source = this.get(id)
    return this.save({ kind: source.kind, profileId: source.profileId, name: name ?? source.name, body: source.body, baseRevision: 0 })
  }

  /** Marks drafts removed (restorable until purged). Unknown ids are refused before anything changes. */
  remove(ids: string[]): DraftMeta[] {
    return this.setRemoved(ids, this.now())
  }

  restore(ids: string[]): DraftMeta[] {
    return this.setRemoved(ids, null)
  }

  private setRemoved(ids: string[], at: number | null): DraftMeta[] {
    this.options.mayChange?.(ids)
    const metas = this.db.tx(() => {
      for (const id of ids) this.mustRow(id)
      const stmt = this.db.sql.prepare('UPDATE drafts SET removed_at = ? WHERE id = ?')
      for (const id of ids) stmt.run(at, id)
      return ids.map((id) => toMeta(this.mustRow(id)))
    })
    this.options.onChange?.(ids)
    return metas
  }

  /** Drops drafts removed more than REMOVED_DRAFT_DAYS ago; returns how many. */
  purge(): number {
    const before = this.now() - REMOVED_DRAFT_DAYS * DAY_MS
    // A draft purged and made again under its id starts again at revision 1: what is cached may not be it.
    this.last = null
    return this.db.sql.prepare('DELETE FROM drafts WHERE removed_at IS NOT NULL AND removed_at < ?').run(before).changes
  }

  /** The drafts file for these drafts. */
  exportFile(ids: string[]): { fileName: string; content: string } {
    const drafts = ids.map((id) => this.get(id))
    const now = this.now()
    const file = {
      format: DRAFT_FILE_FORMAT,
      version: DRAFT_FILE_VERSION,
      exportedAt: now,
      drafts: drafts.map((d) => ({ kind: d.kind, name: d.name, body: d.body, createdAt: d.createdAt, updatedAt: d.updatedAt })),
    }
    const stamp = fileStamp(now)
    return { fileName: `license-desk-drafts-${stamp}.${DRAFT_FILE_EXTENSION}`, content: JSON.stringify(file, null, 1) }
  }

  /**
   * Adds the drafts of a file as new drafts of `profileId`. All or nothing: a file that is not ours, from a newer
   * version, or with one draft that does not check is refused with the reason, and nothing is added.
   */
  importFile(content: string, profileId: string | null): DraftMeta[] {
    const checked = parseDraftFile(content)
    const metas = this.db.tx(() =>
      checked.map((d) => this.write({ kind: d.kind, name: d.name, body: d.body, profileId, baseRevision: 0 })),
    )
    this.options.onChange?.(metas.map((m) => m.id))
    return metas
  }
}
