/**
 * The outbox and the history of submitted orders, in the app's database (table `orders`): one row per order,
 * its searchable columns, and the rest of its record as JSON. Every change is one committed transaction (a kill -9
 * loses nothing that was acknowledged). Several processes share the database (the app, the CLI): work on an order
 * (sending it, reading it back) is claimed in the row (`claim`, the claiming process's pid), so two processes
 * never send the same order; a claim of a process that is gone is taken over.
 */
import { randomUUID } from 'node:crypto'
import type { BatchOrderBody } from '@shared/api/orders'
import type { AppErrorData } from '@shared/errors/app-error'
import { AppError } from '@shared/errors/app-error'
import { MAX_CALL_DEADLINE_MS } from '@shared/settings'
import type {
  OrderAttempt,
  OrderEntryResult,
  OrderQuery,
  OrderSummary,
  ReadBack,
  Refusal,
  TeamSubmit,
} from '@shared/ipc/channels/orders'
import { canMove, FINAL_STATES, type OrderState } from '@shared/orders/outbox'
import type { Database, Migration } from '../db/database'
import { likePattern } from '../db/database'

export const ORDER_MIGRATIONS: Migration[] = [
  {
    id: 'orders-1',
    sql: `
      CREATE TABLE orders (
        id TEXT PRIMARY KEY,
        profile_id TEXT NOT NULL,
        channel_order_id TEXT NOT NULL,
        sync_mode TEXT NOT NULL,
        state TEXT NOT NULL,
        draft_id TEXT,
        draft_name TEXT NOT NULL,
        body TEXT NOT NULL,
        record TEXT NOT NULL,
        customer TEXT NOT NULL,
        entries INTEGER NOT NULL,
        asset_numbers INTEGER NOT NULL,
        type TEXT NOT NULL,
        license_order_ids TEXT NOT NULL,
        search TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        sent_at INTEGER,
        finished_at INTEGER,
        next_try_at INTEGER,
        attempts INTEGER NOT NULL DEFAULT 0,
        claim TEXT,
        claim_pid INTEGER
      );
      CREATE INDEX orders_by_profile_time ON orders (profile_id, created_at DESC);
      CREATE INDEX orders_by_state ON orders (state, next_try_at);
      CREATE INDEX orders_by_draft ON orders (draft_id);
      -- One live order per customer order number and profile (refused and withdrawn ones did nothing).
      CREATE UNIQUE INDEX orders_channel_order ON orders (profile_id, channel_order_id)
        WHERE state NOT IN ('refused', 'withdrawn');
    `,
  },
  {
    // When a claim was taken: a claim older than CLAIM_STALE_MS is taken over even if its pid is alive (the pid
    // of a process that died may have been given to another one).
    id: 'orders-2',
    sql: `ALTER TABLE orders ADD COLUMN claimed_at INTEGER;`,
  },
]

/**
 * A claim older than this is stale. Every call ends by its deadline (at most MAX_CALL_DEADLINE_MS, 2 min), and a
 * claimed step makes a few: a send is a token request and the order; a read-back a token request and one read per
 * enterprise of the order (usually one). Five calls at the longest deadline: 10 minutes.
 */
export const CLAIM_STALE_MS = 5 * MAX_CALL_DEADLINE_MS

/** The parts of an order kept as JSON (what the columns do not hold). */
export interface OrderDetail {
  results: OrderEntryResult[]
  attemptList: OrderAttempt[]
  readBacks: ReadBack[]
  refusal: Refusal | null
  decision: { at: number; decision: 'done' | 'notDone' } | null
  asyncCheck: {
    until: number
    checks: number
    lastAt: number | null
    entries: { sequence: number; seen: boolean; missing: string[] }[]
  } | null
  lastError: AppErrorData | null
  /** Asset numbers of its new_buy entries already listed before the last send (read-back evidence). */
  preExisting: string[] | null
  /** Who submitted it from which workstation, from the team workspace's server (absent without a workspace). */
  submittedBy?: TeamSubmit
  /** When unknown began (an async order's read-back waits up to the async limit from then). */
  unknownSince: number | null
}

/** An order as main handles it: the row's columns and its detail; `body` as stored (secrets in it). */
export interface StoredOrder extends Omit<OrderSummary, 'lastError'> {
  body: BatchOrderBody
  detail: OrderDetail
  claim: string | null
  claimPid: number | null
  claimedAt: number | null
}

interface OrderRow {
  id: string
  profile_id: string
  channel_order_id: string
  sync_mode: string
  state: string
  draft_id: string | null
  draft_name: string
  body: string
  record: string
  customer: string
  entries: number
  asset_numbers: number
  type: string
  license_order_ids: string
  search: string
  created_at: number
  updated_at: number
  sent_at: number | null
  finished_at: number | null
  next_try_at: number | null
  attempts: number
  claim: string | null
  claim_pid: number | null
  claimed_at: number | null
}

export function emptyDetail(): OrderDetail {
  return { results: [], attemptList: [], readBacks: [], refusal: null, decision: null, asyncCheck: null, lastError: null, preExisting: null, unknownSince: null }
}

/** What the history's search finds an order by: customers, numbers, ids (lower case, one per line). */
export function searchTextOf(body: BatchOrderBody, draftName: string, results: readonly OrderEntryResult[]): string {
  const words = new Set<string>([body.channelOrderId, draftName])
  for (const e of body.orderList) {
    for (const v of [e.customerName, e.customerId, e.crmCustomerId, e.channelCustomerId, e.enterpriseGlobalId, e.srcLicenseOrderId, e.adminAccount, e.branchName]) {
      if (v) words.add(v)
    }
    for (const a of e.assets) for (const n of a.assetNos) words.add(n)
  }
  for (const r of results) {
    if (r.licenseOrderId) words.add(r.licenseOrderId)
    if (r.customerId) words.add(r.customerId)
  }
  return [...words].join('\n').toLowerCase()
}

function customerOf(body: BatchOrderBody): string {
  const names = [...new Set(body.orderList.map((e) => e.customerName.trim()).filter((n) => n !== ''))]
  if (names.length === 0) return ''
  return names.length === 1 ? names[0]!.slice(0, 250) : `${names[0]!.slice(0, 250)} +${names.length - 1}`
}

function typeOf(body: BatchOrderBody): string {
  const types = new Set(body.orderList.map((e) => e.orderType))
  if (types.size === 0) return ''
  return types.size === 1 ? [...types][0]! : 'mixed'
}

function toStored(row: OrderRow): StoredOrder {
  const detail = { ...emptyDetail(), ...(JSON.parse(row.record) as Partial<OrderDetail>) }
  return {
    id: row.id,
    profileId: row.profile_id,
    channelOrderId: row.channel_order_id,
    syncMode: row.sync_mode === 'async' ? 'async' : 'sync',
    state: row.state as OrderState,
    customer: row.customer,
    entries: row.entries,
    assetNumbers: row.asset_numbers,
    type: row.type,
    licenseOrderIds: JSON.parse(row.license_order_ids) as string[],
    draftId: row.draft_id,
    draftName: row.draft_name,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    sentAt: row.sent_at,
    finishedAt: row.finished_at,
    nextTryAt: row.next_try_at,
    attempts: row.attempts,
    body: JSON.parse(row.body) as BatchOrderBody,
    detail,
    claim: row.claim,
    claimPid: row.claim_pid,
    claimedAt: row.claimed_at,
  }
}

export function summaryOf(o: StoredOrder): OrderSummary {
  const { body: _body, detail, claim: _claim, claimPid: _pid, claimedAt: _at, ...rest } = o
  return { ...rest, lastError: detail.lastError }
}

/** Whether a process is alive (a claim of a dead one may be taken over). */
export function pidAlive(pid: number): boolean {
  if (pid === process.pid) return true
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** A change to an order: the new state and what else changes with it. */
export interface OrderChange {
  state?: OrderState
  detail?: Partial<OrderDetail>
  sentAt?: number | null
  finishedAt?: number | null
  nextTryAt?: number | null
  attempts?: number
  draftId?: string | null
  /** Keep the claim (default: a change of state releases it, unless the new state is 'sending' or 'unknown'). */
  keepClaim?: boolean
}

export interface OrderStoreOptions {
  now?: () => number
  /** This process's claim token (one per service instance). */
  claimToken?: string
}

const LIST_COLUMNS = `id, profile_id, channel_order_id, sync_mode, state, draft_id, draft_name, '{}' AS body, record, customer,
  entries, asset_numbers, type, license_order_ids, '' AS search, created_at, updated_at, sent_at, finished_at, next_try_at,
  attempts, claim, claim_pid, claimed_at`

export class OrderStore {
  readonly now: () => number
  readonly claimToken: string

  constructor(
    private readonly db: Database,
    options: OrderStoreOptions = {},
  ) {
    this.now = options.now ?? Date.now
    this.claimToken = options.claimToken ?? randomUUID()
  }

  /** Runs `fn` in one transaction of the database (with the draft store's changes, at submit). */
  transaction<T>(fn: () => T): T {
    return this.db.tx(fn)
  }

  private row(id: string): OrderRow | undefined {
    return this.db.sql.prepare('SELECT * FROM orders WHERE id = ?').get(id) as OrderRow | undefined
  }

  get(id: string): StoredOrder {
    const row = this.row(id)
    if (!row) throw AppError.app('app.notFound', { what: `order ${id}` })
    return toStored(row)
  }

  find(id: string): StoredOrder | null {
    const row = this.row(id)
    return row ? toStored(row) : null
  }

  /** The live order (not refused or withdrawn) of a profile with this customer order number, if any. */
  byChannelOrderId(profileId: string, channelOrderId: string): StoredOrder | null {
    const row = this.db.sql
      .prepare(`SELECT * FROM orders WHERE profile_id = ? AND channel_order_id = ? AND state NOT IN ('refused', 'withdrawn')`)
      .get(profileId, channelOrderId) as OrderRow | undefined
    return row ? toStored(row) : null
  }

  /** Adds an order to the outbox (state queued, or held), inside the caller's transaction if any. */
  insert(o: { profileId: string; body: BatchOrderBody; draftId: string | null; draftName: string; state?: OrderState; submittedBy?: TeamSubmit }): StoredOrder {
    const id = randomUUID()
    const now = this.now()
    const body = o.body
    this.db.sql
      .prepare(
        `INSERT INTO orders (id, profile_id, channel_order_id, sync_mode, state, draft_id, draft_name, body, record, customer,
           entries, asset_numbers, type, license_order_ids, search, created_at, updated_at, next_try_at, attempts)
         VALUES (@id, @profileId, @channelOrderId, @syncMode, @state, @draftId, @draftName, @body, @record, @customer,
           @entries, @assetNumbers, @type, '[]', @search, @now, @now, NULL, 0)`,
      )
      .run({
        id,
        profileId: o.profileId,
        channelOrderId: body.channelOrderId,
        syncMode: body.syncMode,
        state: o.state ?? 'queued',
        draftId: o.draftId,
        draftName: o.draftName,
        body: JSON.stringify(body),
        record: JSON.stringify({ ...emptyDetail(), ...(o.submittedBy ? { submittedBy: o.submittedBy } : {}) }),
        customer: customerOf(body),
        entries: body.orderList.length,
        assetNumbers: body.orderList.reduce((n, e) => n + e.assets.reduce((m, a) => m + a.assetNos.length, 0), 0),
        type: typeOf(body),
        search: searchTextOf(body, o.draftName, []),
        now,
      })
    return this.get(id)
  }

  /**
   * Changes an order, checking the move is allowed (`from`: the state it must be in now, else app.conflict).
   * Returns the order as changed.
   */
  change(id: string, from: readonly OrderState[] | null, c: OrderChange): StoredOrder {
    return this.db.tx(() => {
      const cur = this.get(id)
      if (from && !from.includes(cur.state)) throw AppError.app('app.conflict', { what: `order ${cur.channelOrderId} is ${cur.state}` })
      if (c.state && c.state !== cur.state && !canMove(cur.state, c.state)) {
        throw AppError.app('app.conflict', { what: `order ${cur.channelOrderId}: ${cur.state} → ${c.state}` })
      }
      const detail: OrderDetail = { ...cur.detail, ...(c.detail ?? {}) }
      const state = c.state ?? cur.state
      const now = this.now()
      const final = FINAL_STATES.includes(state)
      const licenseOrderIds = [...new Set(detail.results.map((r) => r.licenseOrderId).filter((x): x is string => !!x))].slice(0, 20)
      const releases = c.state !== undefined && !c.keepClaim && c.state !== 'sending'
      this.db.sql
        .prepare(
          `UPDATE orders SET state = @state, record = @record, license_order_ids = @lo, search = @search, updated_at = @now,
             sent_at = @sentAt, finished_at = @finishedAt, next_try_at = @nextTryAt, attempts = @attempts, draft_id = @draftId,
             claim = @claim, claim_pid = @claimPid, claimed_at = @claimedAt
           WHERE id = @id`,
        )
        .run({
          id,
          state,
          record: JSON.stringify(detail),
          lo: JSON.stringify(licenseOrderIds),
          search: searchTextOf(cur.body, cur.draftName, detail.results),
          now,
          sentAt: c.sentAt !== undefined ? c.sentAt : cur.sentAt,
          finishedAt: c.finishedAt !== undefined ? c.finishedAt : final ? (cur.finishedAt ?? now) : null,
          nextTryAt: c.nextTryAt !== undefined ? c.nextTryAt : final ? null : cur.nextTryAt,
          attempts: c.attempts ?? cur.attempts,
          draftId: c.draftId !== undefined ? c.draftId : cur.draftId,
          claim: releases ? null : cur.claim,
          claimPid: releases ? null : cur.claimPid,
          claimedAt: releases ? null : cur.claimedAt,
        })
      return this.get(id)
    })
  }

  /**
   * Claims an order for work in one of `states` (atomically, across processes): true when this process now holds
   * it. A claim of a process that is gone is taken over.
   */
  claim(id: string, states: readonly OrderState[]): StoredOrder | null {
    return this.db.tx(() => {
      const cur = this.find(id)
      if (!cur || !states.includes(cur.state)) return null
      if (cur.claim && !this.claimable(cur.claim, cur.claimPid, cur.claimedAt)) return null
      this.db.sql.prepare('UPDATE orders SET claim = ?, claim_pid = ?, claimed_at = ? WHERE id = ?').run(this.claimToken, process.pid, this.now(), id)
      return this.get(id)
    })
  }

  /** Whether a claim may be taken: ours, of a process that is gone, or stale. */
  private claimable(claim: string | null, pid: number | null, at: number | null): boolean {
    if (!claim || claim === this.claimToken || pid === null) return true
    if (at !== null && this.now() - at > CLAIM_STALE_MS) return true
    return !pidAlive(pid)
  }

  release(id: string): void {
    this.db.sql.prepare('UPDATE orders SET claim = NULL, claim_pid = NULL, claimed_at = NULL WHERE id = ? AND claim = ?').run(id, this.claimToken)
  }

  /** Orders that need work now: due, not claimed by a live process (ids, oldest first). */
  due(states: readonly OrderState[], now: number, profileId?: string): { id: string; state: OrderState; profileId: string }[] {
    const rows = this.db.sql
      .prepare(
        `SELECT id, state, profile_id AS profileId, claim, claim_pid AS claimPid, claimed_at AS claimedAt FROM orders
         WHERE state IN (${states.map(() => '?').join(',')}) AND (next_try_at IS NULL OR next_try_at <= ?)
         ${profileId ? 'AND profile_id = ?' : ''} ORDER BY created_at, id LIMIT 1000`,
      )
      .all(...states, now, ...(profileId ? [profileId] : [])) as { id: string; state: OrderState; profileId: string; claim: string | null; claimPid: number | null; claimedAt: number | null }[]
    return rows.filter((r) => this.claimable(r.claim, r.claimPid, r.claimedAt))
  }

  /** Makes waiting orders of a profile (or all) due now (the connection may be back). */
  wake(profileId?: string): number {
    return this.db.sql
      .prepare(`UPDATE orders SET next_try_at = NULL WHERE state IN ('waitingConnection') ${profileId ? 'AND profile_id = ?' : ''}`)
      .run(...(profileId ? [profileId] : [])).changes
  }

  /** The history, newest first. */
  list(q: Omit<OrderQuery, 'profileId'> & { profileId: string }): { orders: OrderSummary[]; total: number } {
    const { clause, args } = this.where(q)
    const total = this.db.sql.prepare(`SELECT count(*) FROM orders WHERE ${clause}`).pluck().get(...args) as number
    const rows = this.db.sql
      .prepare(`SELECT ${LIST_COLUMNS} FROM orders WHERE ${clause} ORDER BY created_at DESC, id LIMIT ? OFFSET ?`)
      .all(...args, q.limit, q.offset) as OrderRow[]
    return { orders: rows.map((r) => summaryOf(toStored(r))), total }
  }

  /** Every order matching (for exports), with bodies. */
  all(q: Omit<OrderQuery, 'profileId' | 'offset' | 'limit'> & { profileId: string }, max: number): StoredOrder[] {
    const { clause, args } = this.where(q)
    const rows = this.db.sql.prepare(`SELECT * FROM orders WHERE ${clause} ORDER BY created_at DESC, id LIMIT ?`).all(...args, max) as OrderRow[]
    return rows.map(toStored)
  }

  /** Counts per state of a profile's outbox. */
  counts(profileId: string): Partial<Record<OrderState, number>> {
    const rows = this.db.sql
      .prepare(`SELECT state, count(*) AS n FROM orders WHERE profile_id = ? AND finished_at IS NULL GROUP BY state`)
      .all(profileId) as { state: OrderState; n: number }[]
    return Object.fromEntries(rows.map((r) => [r.state, r.n]))
  }

  private where(q: { profileId: string; query?: string; states?: OrderState[]; from?: number | undefined; to?: number | undefined; draftId?: string | undefined }): {
    clause: string
    args: (string | number)[]
  } {
    const where = ['profile_id = ?']
    const args: (string | number)[] = [q.profileId]
    if (q.states && q.states.length > 0) {
      where.push(`state IN (${q.states.map(() => '?').join(',')})`)
      args.push(...q.states)
    }
    if (q.from !== undefined) {
      where.push('created_at >= ?')
      args.push(q.from)
    }
    if (q.to !== undefined) {
      where.push('created_at < ?')
      args.push(q.to)
    }
    if (q.draftId !== undefined) {
      where.push('draft_id = ?')
      args.push(q.draftId)
    }
    for (const word of (q.query ?? '').toLowerCase().split(/\s+/).filter(Boolean)) {
      where.push("(search LIKE ? ESCAPE '\\' OR customer LIKE ? ESCAPE '\\')")
      args.push(likePattern(word), likePattern(word))
    }
    return { clause: where.join(' AND '), args }
  }
}
