/**
 * The workstation's side of the team workspace, in the app's SQLite database (the working copy stays local):
 *
 * - `ws_outbox`: local changes not yet accepted by the server, in order, each with an op id the server remembers
 *   (a change sent twice after a lost answer is recognised, never applied twice). Written with synchronous=FULL, so
 *   a change survives a crash or a kill -9 of the app.
 * - `ws_versions`: the server version each shared record had when this workstation last agreed with the server; a
 *   change is sent as "over version N", and refused as a conflict when a colleague changed it meanwhile.
 * - `ws_conflicts`: records changed here and on another workstation while apart: both versions, until the user
 *   chooses (theirs, keep both, mine). Nothing is overwritten in the meantime.
 * - `ws_state`: the last change pulled (`cursor`) and whether this book was already offered to the workspace.
 */
import { randomUUID } from 'node:crypto'
import type { Statement } from 'better-sqlite3'
import type { Database, Migration } from '../db/database'

export const WORKSPACE_MIGRATIONS: Migration[] = [
  {
    id: 'workspace-1',
    sql: `
      CREATE TABLE ws_outbox (
        seq INTEGER PRIMARY KEY,
        op_id TEXT NOT NULL UNIQUE,
        kind TEXT NOT NULL,
        id TEXT NOT NULL,
        body TEXT NOT NULL,
        removed INTEGER NOT NULL,
        queued_at INTEGER NOT NULL
      );
      CREATE INDEX ws_outbox_record ON ws_outbox (kind, id);
      CREATE TABLE ws_versions (kind TEXT NOT NULL, id TEXT NOT NULL, version INTEGER NOT NULL, PRIMARY KEY (kind, id));
      CREATE TABLE ws_conflicts (
        kind TEXT NOT NULL,
        id TEXT NOT NULL,
        mine TEXT NOT NULL,
        mine_removed INTEGER NOT NULL,
        theirs TEXT NOT NULL,
        theirs_removed INTEGER NOT NULL,
        theirs_version INTEGER NOT NULL,
        theirs_by TEXT NOT NULL,
        at INTEGER NOT NULL,
        PRIMARY KEY (kind, id)
      );
      CREATE TABLE ws_state (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    `,
  },
  {
    // Who prepares a shared order draft, and where it stands (kinds/drafts.ts), as last agreed with the server.
    id: 'workspace-2',
    sql: `CREATE TABLE ws_draft_share (id TEXT PRIMARY KEY, share TEXT NOT NULL);`,
  },
]

export interface OutboxOp {
  seq: number
  opId: string
  kind: string
  id: string
  body: unknown
  removed: boolean
}

export interface Conflict {
  kind: string
  id: string
  mine: unknown
  mineRemoved: boolean
  theirs: unknown
  theirsRemoved: boolean
  theirsVersion: number
  theirsBy: string
  at: number
}

interface OutboxRow {
  seq: number
  op_id: string
  kind: string
  id: string
  body: string
  removed: number
}

interface ConflictRow {
  kind: string
  id: string
  mine: string
  mine_removed: number
  theirs: string
  theirs_removed: number
  theirs_version: number
  theirs_by: string
  at: number
}

export class LocalSyncStore {
  private readonly statements = new Map<string, Statement>()

  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
  ) {}

  private stmt(sql: string): Statement {
    let s = this.statements.get(sql)
    if (!s) {
      s = this.db.sql.prepare(sql)
      this.statements.set(sql, s)
    }
    return s
  }

  tx<T>(fn: () => T): T {
    return this.db.tx(fn)
  }

  /**
   * Queues a local change (a record's whole shared body). A record in conflict keeps its newest "mine" there instead.
   * A body the record's last queued change already has is not queued again (an autosave that changed nothing shared:
   * a draft saved as typed would otherwise queue the same whole body on every save).
   */
  enqueue(kind: string, id: string, body: unknown, removed: boolean): void {
    const json = JSON.stringify(body)
    const flag = removed ? 1 : 0
    this.tx(() => {
      const conflict = this.stmt('UPDATE ws_conflicts SET mine = ?, mine_removed = ? WHERE kind = ? AND id = ?').run(json, flag, kind, id)
      if (conflict.changes > 0) return
      const last = this.stmt('SELECT body, removed FROM ws_outbox WHERE kind = ? AND id = ? ORDER BY seq DESC LIMIT 1').get(kind, id) as { body: string; removed: number } | undefined
      if (last && last.body === json && last.removed === flag) return
      this.stmt('INSERT INTO ws_outbox (op_id, kind, id, body, removed, queued_at) VALUES (?, ?, ?, ?, ?, ?)').run(randomUUID(), kind, id, json, flag, this.now())
    })
  }

  /** The oldest queued changes. */
  next(limit: number): OutboxOp[] {
    return (this.stmt('SELECT * FROM ws_outbox ORDER BY seq LIMIT ?').all(limit) as OutboxRow[]).map((r) => ({
      seq: r.seq,
      opId: r.op_id,
      kind: r.kind,
      id: r.id,
      body: JSON.parse(r.body) as unknown,
      removed: r.removed !== 0,
    }))
  }

  pendingCount(): number {
    return this.stmt('SELECT count(*) FROM ws_outbox').pluck().get() as number
  }

  conflictCount(): number {
    return this.stmt('SELECT count(*) FROM ws_conflicts').pluck().get() as number
  }

  /** Whether a record has local changes the server has not accepted (queued or in conflict): a pull leaves it alone. */
  hasLocal(kind: string, id: string): boolean {
    return (
      this.stmt('SELECT 1 FROM ws_outbox WHERE kind = ? AND id = ? UNION ALL SELECT 1 FROM ws_conflicts WHERE kind = ? AND id = ? LIMIT 1').get(kind, id, kind, id) !== undefined
    )
  }

  version(kind: string, id: string): number {
    return (this.stmt('SELECT version FROM ws_versions WHERE kind = ? AND id = ?').pluck().get(kind, id) as number | undefined) ?? 0
  }

  setVersion(kind: string, id: string, version: number): void {
    this.stmt('INSERT INTO ws_versions (kind, id, version) VALUES (?, ?, ?) ON CONFLICT (kind, id) DO UPDATE SET version = excluded.version').run(kind, id, version)
  }

  /** The server accepted a change: it leaves the outbox and the record's version is the server's. */
  accepted(op: OutboxOp, version: number): void {
    this.tx(() => {
      this.stmt('DELETE FROM ws_outbox WHERE seq = ?').run(op.seq)
      this.setVersion(op.kind, op.id, version)
    })
  }

  /** The server has another version of the record: it and every queued change of it become one conflict. */
  conflicted(op: OutboxOp, theirs: { body: unknown; removed: boolean; version: number; by: string }): void {
    this.tx(() => {
      const latest = this.stmt('SELECT body, removed FROM ws_outbox WHERE kind = ? AND id = ? ORDER BY seq DESC LIMIT 1').get(op.kind, op.id) as
        | { body: string; removed: number }
        | undefined
      this.stmt('DELETE FROM ws_outbox WHERE kind = ? AND id = ?').run(op.kind, op.id)
      this.stmt(
        `INSERT INTO ws_conflicts (kind, id, mine, mine_removed, theirs, theirs_removed, theirs_version, theirs_by, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (kind, id) DO UPDATE SET theirs = excluded.theirs, theirs_removed = excluded.theirs_removed, theirs_version = excluded.theirs_version, theirs_by = excluded.theirs_by`,
      ).run(
        op.kind,
        op.id,
        latest?.body ?? JSON.stringify(op.body),
        latest ? latest.removed : op.removed ? 1 : 0,
        JSON.stringify(theirs.body),
        theirs.removed ? 1 : 0,
        theirs.version,
        theirs.by,
        this.now(),
      )
    })
  }

  conflicts(): Conflict[] {
    return (this.stmt('SELECT * FROM ws_conflicts ORDER BY at').all() as ConflictRow[]).map((r) => ({
      kind: r.kind,
      id: r.id,
      mine: JSON.parse(r.mine) as unknown,
      mineRemoved: r.mine_removed !== 0,
      theirs: JSON.parse(r.theirs) as unknown,
      theirsRemoved: r.theirs_removed !== 0,
      theirsVersion: r.theirs_version,
      theirsBy: r.theirs_by,
      at: r.at,
    }))
  }

  dropConflict(kind: string, id: string): void {
    this.stmt('DELETE FROM ws_conflicts WHERE kind = ? AND id = ?').run(kind, id)
  }

  /** A shared draft's owner and state (kinds/drafts.ts), null before it was shared. */
  share(id: string): unknown {
    const json = this.stmt('SELECT share FROM ws_draft_share WHERE id = ?').pluck().get(id) as string | undefined
    return json === undefined ? null : (JSON.parse(json) as unknown)
  }

  setShare(id: string, share: unknown): void {
    this.stmt('INSERT INTO ws_draft_share (id, share) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET share = excluded.share').run(id, JSON.stringify(share))
  }

  state(key: string): string | null {
    return (this.stmt('SELECT value FROM ws_state WHERE key = ?').pluck().get(key) as string | undefined) ?? null
  }

  setState(key: string, value: string): void {
    this.stmt('INSERT INTO ws_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, value)
  }

  /** Forgets what it knew of another workspace (versions, cursor, conflicts, queue): joining offers the whole book again. */
  resetFor(identity: string): void {
    if (this.state('workspace') === identity) return
    this.tx(() => {
      this.db.sql.exec('DELETE FROM ws_versions; DELETE FROM ws_conflicts; DELETE FROM ws_state; DELETE FROM ws_outbox; DELETE FROM ws_draft_share;')
      this.setState('workspace', identity)
    })
  }
}
