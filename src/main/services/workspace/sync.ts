/**
 * The sync engine: sends the outbox to the workspace, pulls what colleagues changed, and keeps doing so while the
 * server answers; when it does not, the app goes on with the local copy and the engine tries again (every
 * `retryMs`, up to `maxRetryMs`).
 *
 * - Send: queued changes in order, a batch per transaction under the write lock. A change is accepted only over the
 *   version this workstation last agreed on; otherwise the record becomes a conflict (local.ts). Every accepted
 *   change's op id is recorded in the same transaction, so a change sent again (the answer was lost: the server or
 *   this process died in between) is recognised and only acknowledged.
 * - Pull: every record committed past the last change seen (`rev`), on every NOTIFY of `ld_changes` and after each
 *   send. A record with local changes not yet accepted is left alone (its send decides: accepted or conflict).
 */
import { isDeepStrictEqual } from 'node:util'
import pg from 'pg'
import { AppError } from '@shared/errors/app-error'
import type { Logger } from '../log'
import type { ConflictChoice, WorkspaceStatus } from '@shared/workspace'
import type { Conflict, LocalSyncStore, OutboxOp } from './local'
import type { SyncKind } from './kinds'
import { CHANGES_CHANNEL, WRITE_LOCK, migrateServer } from './schema'

/** Changes sent per transaction, records read per pull query. */
const BATCH = 500
const PULL_PAGE = 2000

export interface SyncTarget {
  /** Connection settings for node-postgres (password included, TLS decided by the caller). */
  config: pg.ClientConfig
  /** This workstation's name, recorded with every change it sends. */
  workstation: string
  /** Which workspace this is (host, port, database, profile): another one starts afresh. */
  identity: string
}

export interface SyncEngineOptions {
  local: LocalSyncStore
  kinds: readonly SyncKind[]
  log: Logger
  now?: () => number
  retryMs?: number
  maxRetryMs?: number
}

interface RecordRow {
  kind: string
  id: string
  version: string
  rev: string
  body: unknown
  removed: boolean
  updated_by: string
  /** The workstation that made the change (not read by every query). */
  updated_from?: string
}

export class SyncEngine {
  private readonly kinds: Map<string, SyncKind>
  private readonly now: () => number
  private target: SyncTarget | null = null
  private pool: pg.Pool | null = null
  private listener: pg.Client | null = null
  private running: Promise<void> | null = null
  private again = false
  private retry: NodeJS.Timeout | null = null
  private retryDelay: number
  private applying = false
  private closed = false
  private online = false
  private error: string | null = null
  private lastSyncAt: number | null = null
  private readonly listeners = new Set<(s: WorkspaceStatus) => void>()

  constructor(private readonly options: SyncEngineOptions) {
    this.kinds = new Map(options.kinds.map((k) => [k.kind, k]))
    this.now = options.now ?? Date.now
    this.retryDelay = options.retryMs ?? 1000
  }

  /** Follows the status after every round (tests wait on it; the core publishes it). */
  subscribe(fn: (s: WorkspaceStatus) => void): () => void {
    this.listeners.add(fn)
    return () => this.listeners.delete(fn)
  }

  status(): WorkspaceStatus {
    const cfg = this.target?.config
    return {
      configured: this.target !== null,
      online: this.online,
      pending: this.options.local.pendingCount(),
      conflicts: this.options.local.conflictCount(),
      lastSyncAt: this.lastSyncAt,
      error: this.error,
      host: cfg?.host ?? null,
      database: cfg?.database ?? null,
      user: cfg?.user ?? null,
      tls: cfg ? Boolean(cfg.ssl) : null,
    }
  }

  /** Starts syncing with a workspace (or stops, with null). */
  async use(target: SyncTarget | null): Promise<void> {
    await this.disconnect()
    this.target = target
    this.online = false
    this.error = null
    if (target) {
      this.options.local.resetFor(target.identity)
      this.kick()
    }
    this.publish()
  }

  /** Whether a workspace is set (the stores' hooks skip their look-ups otherwise). */
  active(): boolean {
    return this.target !== null && !this.closed
  }

  /** A local record changed (a kind's store tells): queue it, unless the change is a colleague's being stored. */
  localChanged(kind: string, ids: readonly string[]): void {
    if (this.applying || !this.target) return
    const k = this.kinds.get(kind)
    if (!k) return
    for (const id of ids) {
      const r = k.read(id)
      if (r) this.options.local.enqueue(kind, id, r.body, r.removed)
    }
    this.kick()
  }

  /** Runs a round now (send, then pull); rounds never overlap, a request during one runs another after it. */
  kick(): void {
    if (this.closed || !this.target) return
    this.again = true
    if (this.running) return
    this.running = this.rounds().finally(() => {
      this.running = null
      // A request that came while the last round was ending.
      if (this.again && this.online) this.kick()
    })
  }

  /** Resolves when no round is running (tests, close). */
  async idle(): Promise<void> {
    while (this.running) await this.running
  }

  private async rounds(): Promise<void> {
    while (this.again && !this.closed) {
      this.again = false
      try {
        await this.connect()
        this.join()
        await this.send()
        await this.pull()
        this.online = true
        this.error = null
        this.retryDelay = this.options.retryMs ?? 1000
      } catch (err) {
        this.fail(err)
      }
      this.publish()
      if (!this.online) return
    }
  }

  private fail(err: unknown): void {
    const message = err instanceof Error ? err.message : String(err)
    if (this.online || this.error !== message) this.options.log.warn('workspace unreachable; working on the local copy', { error: message })
    this.online = false
    this.error = message
    void this.disconnect()
    if (this.closed || !this.target || this.retry) return
    const delay = this.retryDelay
    this.retryDelay = Math.min(delay * 2, this.options.maxRetryMs ?? 10_000)
    this.retry = setTimeout(() => {
      this.retry = null
      this.kick()
    }, delay)
    this.retry.unref()
  }

  private publish(): void {
    if (this.listeners.size === 0) return
    const s = this.status()
    for (const fn of this.listeners) fn(s)
  }

  private async connect(): Promise<void> {
    const target = this.target
    if (!target || (this.pool && this.listener)) return
    // Half a connection (the listener died): start over with both.
    await this.disconnect()
    const pool = new pg.Pool({ ...target.config, max: 2, idleTimeoutMillis: 30_000 })
    // A server going away fails idle clients: the next round sees it and retries; never an uncaught error.
    pool.on('error', () => undefined)
    pool.on('connect', (c) => c.on('error', () => undefined))
    this.pool = pool
    const listener = new pg.Client(target.config)
    listener.on('error', () => undefined)
    listener.on('end', () => {
      if (this.listener !== listener) return
      this.listener = null
      this.kick()
    })
    listener.on('notification', () => this.kick())
    await listener.connect()
    this.listener = listener
    const client = await pool.connect()
    try {
      const applied = await migrateServer(client)
      if (applied.length > 0) this.options.log.info('workspace schema updated', { applied })
    } finally {
      client.release()
    }
    await listener.query(`LISTEN ${CHANGES_CHANNEL}`)
  }

  private async disconnect(): Promise<void> {
    const { pool, listener } = this
    this.pool = null
    this.listener = null
    await Promise.allSettled([pool?.end(), listener?.end()])
  }

  /** The first time this workstation meets this workspace: its whole book is offered to it. */
  private join(): void {
    const local = this.options.local
    if (local.state('joined') === '1') return
    local.tx(() => {
      for (const k of this.kinds.values()) {
        for (const id of k.all()) {
          // Already queued (changed since the workspace was set) or already known to it: nothing to offer.
          if (local.hasLocal(k.kind, id) || local.version(k.kind, id) > 0) continue
          const r = k.read(id)
          if (r) local.enqueue(k.kind, id, r.body, r.removed)
        }
      }
      local.setState('joined', '1')
    })
  }

  private async send(): Promise<void> {
    const local = this.options.local
    const workstation = this.target!.workstation
    for (;;) {
      const ops = local.next(BATCH)
      if (ops.length === 0) return
      const accepted: { op: OutboxOp; version: number }[] = []
      const conflicts: { op: OutboxOp; theirs: { body: unknown; removed: boolean; version: number; by: string } }[] = []
      const client = await this.pool!.connect()
      try {
        await client.query('BEGIN')
        await client.query('SELECT pg_advisory_xact_lock($1)', [WRITE_LOCK])
        // Four statements per batch whatever its size: what was applied already, the records' versions now, the
        // records' new state (one row per record: its last change, its version counted per change), the op ids.
        const done = await client.query<{ op_id: string; version: string }>('SELECT op_id, version FROM applied WHERE op_id = ANY($1::uuid[])', [ops.map((o) => o.opId)])
        const already = new Map(done.rows.map((r) => [r.op_id, Number(r.version)]))
        const keyOf = (kind: string, id: string): string => `${kind}\u0000${id}`
        const current = await client.query<RecordRow>(
          'SELECT r.kind, r.id, r.version, r.body, r.removed, r.updated_by, r.updated_from FROM records r JOIN unnest($1::text[], $2::text[]) AS k(kind, id) ON r.kind = k.kind AND r.id = k.id',
          [ops.map((o) => o.kind), ops.map((o) => o.id)],
        )
        const rows = new Map(current.rows.map((r) => [keyOf(r.kind, r.id), r]))
        const known = new Map<string, number>()
        const lost = new Set<string>()
        const latest = new Map<string, { op: OutboxOp; version: number }>()
        const fresh: { op: OutboxOp; version: number }[] = []
        for (const op of ops) {
          const key = keyOf(op.kind, op.id)
          if (lost.has(key)) continue
          const seen = already.get(op.opId)
          if (seen !== undefined) {
            accepted.push({ op, version: seen })
            known.set(key, seen)
            continue
          }
          const row = rows.get(key)
          const serverVersion = known.get(key) ?? (row ? Number(row.version) : 0)
          const base = known.get(key) ?? local.version(op.kind, op.id)
          // The same record kept alike on both (the same demo catalog seeded on each workstation): agreement, no conflict.
          if (serverVersion !== base && row && row.removed === op.removed && isDeepStrictEqual(row.body, op.body)) {
            accepted.push({ op, version: serverVersion })
            known.set(key, serverVersion)
            continue
          }
          if (serverVersion !== base) {
            conflicts.push({ op, theirs: { body: row?.body ?? null, removed: row?.removed ?? true, version: serverVersion, by: row ? `${row.updated_from ?? ''} (${row.updated_by})`.trim() : '' } })
            lost.add(key)
            continue
          }
          const version = serverVersion + 1
          accepted.push({ op, version })
          fresh.push({ op, version })
          latest.set(key, { op, version })
          known.set(key, version)
        }
        if (latest.size > 0) {
          const last = [...latest.values()]
          await client.query(
            `INSERT INTO records (kind, id, version, rev, body, removed, updated_by, updated_from)
             SELECT kind, id, version, nextval('rev_seq'), body, removed, session_user, $6
             FROM unnest($1::text[], $2::text[], $3::bigint[], $4::jsonb[], $5::boolean[]) AS n(kind, id, version, body, removed)
             ON CONFLICT (kind, id) DO UPDATE SET version = excluded.version, rev = excluded.rev, body = excluded.body,
               removed = excluded.removed, updated_by = excluded.updated_by, updated_from = excluded.updated_from, updated_at = now()`,
            [last.map((l) => l.op.kind), last.map((l) => l.op.id), last.map((l) => l.version), last.map((l) => JSON.stringify(l.op.body)), last.map((l) => l.op.removed), workstation],
          )
          await client.query(
            'INSERT INTO applied (op_id, kind, id, version, applied_by) SELECT op_id, kind, id, version, session_user FROM unnest($1::uuid[], $2::text[], $3::text[], $4::bigint[]) AS a(op_id, kind, id, version)',
            [fresh.map((f) => f.op.opId), fresh.map((f) => f.op.kind), fresh.map((f) => f.op.id), fresh.map((f) => f.version)],
          )
        }
        await client.query('COMMIT')
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined)
        throw err
      } finally {
        client.release()
      }
      local.tx(() => {
        for (const a of accepted) local.accepted(a.op, a.version)
        for (const c of conflicts) local.conflicted(c.op, c.theirs)
      })
      this.lastSyncAt = this.now()
      if (conflicts.length > 0) this.options.log.warn('workspace: changed here and by a colleague', { records: conflicts.map((c) => `${c.op.kind}:${c.op.id}`) })
    }
  }

  private async pull(): Promise<void> {
    const local = this.options.local
    for (;;) {
      const cursor = local.state('cursor') ?? '0'
      const { rows } = await this.pool!.query<RecordRow>(
        'SELECT kind, id, version, rev, body, removed, updated_by FROM records WHERE rev > $1 ORDER BY rev LIMIT $2',
        [cursor, PULL_PAGE],
      )
      if (rows.length === 0) return
      local.tx(() => {
        this.store(rows)
        local.setState('cursor', rows[rows.length - 1]!.rev)
      })
      this.lastSyncAt = this.now()
      if (rows.length < PULL_PAGE) return
    }
  }

  /** Records from the server, stored locally unless this workstation has them already or has changes of its own. */
  private store(rows: RecordRow[]): void {
    const local = this.options.local
    const byKind = new Map<string, Map<string, RecordRow>>()
    for (const r of rows) {
      if (!this.kinds.has(r.kind) || local.hasLocal(r.kind, r.id) || Number(r.version) <= local.version(r.kind, r.id)) continue
      let m = byKind.get(r.kind)
      if (!m) byKind.set(r.kind, (m = new Map()))
      m.set(r.id, r) // a page holds a record once (rows are records), but the last word wins regardless
    }
    for (const [kind, m] of byKind) {
      const k = this.kinds.get(kind)!
      const list = [...m.values()]
      this.applying = true
      let bad: string[]
      try {
        bad = k.apply(list.map((r) => ({ id: r.id, body: r.body, removed: r.removed })))
      } finally {
        this.applying = false
      }
      // A body this version of the app cannot read stays on the server, untouched; the rest goes on.
      if (bad.length > 0) this.options.log.warn('workspace: records could not be read', { kind, ids: bad })
      const skip = new Set(bad)
      for (const r of list) if (!skip.has(r.id)) local.setVersion(kind, r.id, Number(r.version))
    }
  }

  /**
   * Runs `fn` on the server in one transaction under the write lock, right after a sync round (this workstation's
   * changes are on the server, the colleagues' here). A server that does not answer: app.workspaceOffline. An
   * AppError of `fn` rolls back and is passed on as it is.
   */
  async onServer<T>(fn: (client: pg.PoolClient, workstation: string) => Promise<T>): Promise<T> {
    const offline = (err: unknown): AppError => AppError.app('app.workspaceOffline', { detail: err instanceof Error ? err.message : String(err) })
    const target = this.target
    if (!target) throw offline('no team workspace is set')
    this.kick()
    await this.idle()
    const pool = this.pool
    if (!this.online || !pool) throw offline(this.error ?? 'not connected')
    let client: pg.PoolClient
    try {
      client = await pool.connect()
    } catch (err) {
      throw offline(err)
    }
    try {
      await client.query('BEGIN')
      await client.query('SELECT pg_advisory_xact_lock($1)', [WRITE_LOCK])
      const out = await fn(client, target.workstation)
      await client.query('COMMIT')
      return out
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined)
      throw err instanceof AppError ? err : offline(err)
    } finally {
      client.release()
      this.kick()
    }
  }

  /** Records changed here and by a colleague while apart, waiting for the user's choice. */
  conflicts(): Conflict[] {
    return this.options.local.conflicts()
  }

  /** The user's choice for a record changed here and by a colleague. */
  resolve(kind: string, id: string, choice: ConflictChoice): void {
    const local = this.options.local
    const c = local.conflicts().find((x) => x.kind === kind && x.id === id)
    const k = this.kinds.get(kind)
    if (!c || !k) return
    local.tx(() => {
      local.dropConflict(kind, id)
      local.setVersion(kind, id, c.theirsVersion)
      if (choice === 'mine') {
        local.enqueue(kind, id, c.mine, c.mineRemoved)
        return
      }
      this.applying = true
      try {
        if (c.theirs !== null || c.theirsRemoved) k.apply([{ id, body: c.theirs, removed: c.theirsRemoved }])
      } finally {
        this.applying = false
      }
    })
    // Keep both: theirs stays under the id, mine becomes a new record (queued like any new one).
    if (choice === 'both' && !c.mineRemoved) k.copy(c.mine)
    this.kick()
  }

  async close(): Promise<void> {
    this.closed = true
    if (this.retry) clearTimeout(this.retry)
    this.retry = null
    await this.idle()
    await this.disconnect()
  }
}
