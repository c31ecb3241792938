/**
 * Submitting orders (order operation 5): the outbox, its sender, exactly once, and the history
 * (docs/engine.md "Orders: outbox and exactly-once"). In short:
 * - submit checks the draft with the shared rules, fixes its channelOrderId, puts the order in the outbox
 *   (SQLite) and removes the draft from the Drafts list (restorable);
 * - the sender sends due orders, one at a time per profile, while the service is reachable: a failure before the
 *   request left (no connection, no token) makes the order wait (`waitingConnection`) and try again with backoff,
 *   at once when profiles change or the sandbox starts;
 * - a lost answer (timeout, dropped connection, 5xx) makes it UNKNOWN: it is read back before anything else
 *   (src/main/api/reconcile.ts readBackBatchOrder); only "not done" is sent again, "cannot tell" waits for the
 *   user's decision;
 * - an order found `sending` at start (the app was killed) is UNKNOWN, unless the journal's send record proves
 *   the request never left;
 * - every send is journaled by the API client (the start before the request leaves, its send, its end); every
 *   read-back and decision is added to that journal entry as a resolution.
 */
import { AppError, toAppErrorData, type AppErrorData } from '@shared/errors/app-error'
import type { BatchOrderBody } from '@shared/api/orders'
import type { InputIssue } from '@shared/errors/input-issues'
import type { Locale } from '@shared/i18n/locale'
import type { DraftMeta } from '@shared/ipc/channels/drafts'
import type { OrderQuery, OrderRecord, OrderSummary, OutboxStatus, ReadBack } from '@shared/ipc/channels/orders'
import type { ExportFormat, ExportedFile } from '@shared/ipc/channels/imports'
import { checkOrderDraft, orderDraftSchema, toBatchOrderBody, type OrderDraft } from '@shared/orders/draft'
import { fieldFingerprint, refusalHolds, type DraftRefusal } from '@shared/orders/refusal'
import { proposeChannelOrderId } from '@shared/orders/order-number'
import {
  NOT_SENT_STATES,
  OUTBOX_TIMING,
  orderVerdict,
  refusalPlace,
  type EntryVerdict,
  type OrderState,
  type OutboxTiming,
} from '@shared/orders/outbox'
import { draftFromBody, refundDraft } from '@shared/orders/refund'
import { describeIssue, issue, type RuleIssue } from '@shared/rules/issue'
import type { OrderRuleLimits } from '@shared/rules/order-rules'
import type { ApiClient } from '../../api/client'
import { listedBefore, readBackBatchOrder, type EntryReadBack } from '../../api/reconcile'
import type { DraftStore } from '../drafts'
import type { JournalResolution } from '../journal'
import { redactRequest } from '../journal/redact'
import { emptyDetail, summaryOf, type OrderDetail, type OrderStore, type StoredOrder } from './store'
import { ordersTable } from './export'
import { writeTable } from '../import'

export interface OrderProfileInfo {
  /** The channel code the profile sends orders with. */
  channelCode: string
  /** Whether member credentials are configured (member operation 7 may be read back). */
  memberProducts: boolean
}

export interface OrderServiceDeps {
  store: OrderStore
  drafts: DraftStore
  clientFor(profileId: string): Promise<ApiClient>
  profile(profileId: string): Promise<OrderProfileInfo>
  activeProfileId(): Promise<string>
  /** Limits of the rules (entries per batch). */
  limits?(): Promise<OrderRuleLimits>
  /** Journal: finds the send record of an attempt, and records read-backs and decisions on the send's entry. */
  journal?: {
    sendState(profileId: string, journalId: string, nonce: string): Promise<'notSent' | 'sent' | 'unknown'>
    resolved(journalId: string, r: JournalResolution): Promise<void>
  }
  /** Told about changed orders (the core publishes `orders.changed`). */
  onChange?(profileId: string, ids: string[]): void
  log?: { warn(message: string, meta?: Record<string, unknown>): void; info?(message: string, meta?: Record<string, unknown>): void }
  timing?: Partial<OutboxTiming>
  /** Whether this process sends (the CLI's read-only commands do not). Default true. */
  sender?: boolean
  /**
   * Throws (app.dataDirBusy) when this process does not own the data folder: the owner alone sends the outbox, and
   * changes to it go there (see core/owner.ts). Default: always the owner.
   */
  owner?: () => void
}

/**
 * Whether a failure means the request never reached the service (nothing done; the order waits and tries again):
 * the app's own codes (no connection, no token, credentials missing or refused, the journal not writable), but
 * not a lost answer, and not an answer of the service (its business codes, an HTTP status it sent).
 */
function neverLeft(err: AppErrorData): boolean {
  if (err.code === 'app.unknownOutcome' || !err.code.startsWith('app.')) return false
  if (err.code === 'app.httpStatus' || err.code === 'app.badResponse') return (err.details.httpStatus ?? 0) === 0
  return true
}

/** A draft's issues in the app's invalid-input form: paths are the request's fields (`orderList[0].customerId`). */
export function orderIssuesError(issues: readonly RuleIssue[]): AppError {
  const list: InputIssue[] = issues.slice(0, 10).map((i) => ({
    path: i.field,
    message: describeIssue(i, 'en'),
    code: i.rule === 'required' || i.rule === 'notEmpty' ? 'required' : i.rule === 'maxLength' ? 'tooLong' : i.rule === 'oneOf' ? 'notOneOf' : 'invalid',
  }))
  const details: AppErrorData['details'] = { issues: list }
  if (issues.length > 10) details.moreIssues = issues.length - 10
  return AppError.app('app.invalidInput', { detail: list.map((d) => d.message).join('; ') }, details)
}

/** "3 done (instancesFound), 1 cannotTell (assetsPartly: 8100000001)": a read-back in one short line. */
function countReasons(entries: readonly EntryReadBack[]): string {
  const by = new Map<string, { n: number; nos: string[] }>()
  for (const e of entries) {
    const k = `${e.verdict} (${e.reason}`
    const c = by.get(k) ?? { n: 0, nos: [] }
    c.n++
    if (e.verdict !== 'done' && c.nos.length < 5) c.nos.push(...e.assetNos.slice(0, 5 - c.nos.length))
    by.set(k, c)
  }
  return [...by].map(([k, c]) => `${c.n} ${k}${c.nos.length ? `: ${c.nos.join(' ')}` : ''})`).join(', ').slice(0, 1500)
}

export class OrderService {
  private readonly timing: OutboxTiming
  private readonly online = new Map<string, { online: boolean; lastError: AppErrorData | null }>()
  /** Orders this process is working on now. */
  private readonly busy = new Set<string>()
  private pumping: Promise<void> | null = null
  private again = false
  private timer: NodeJS.Timeout | null = null
  private closed = false
  /** Resolves when the pump is idle (tests and the CLI wait for an order). */
  private idleWaiters: (() => void)[] = []

  constructor(private readonly deps: OrderServiceDeps) {
    this.timing = { ...OUTBOX_TIMING, ...deps.timing }
  }

  get store(): OrderStore {
    return this.deps.store
  }

  /** Starts sending: orders left from a previous run are picked up (a `sending` one is read back). */
  start(): void {
    this.deps.owner?.()
    if (this.deps.sender === false || this.closed || this.timer) return
    this.timer = setInterval(() => this.kick(), this.timing.tickMs)
    this.timer.unref()
    this.kick()
  }

  async close(): Promise<void> {
    this.closed = true
    if (this.timer) clearInterval(this.timer)
    this.timer = null
    await this.pumping?.catch(() => undefined)
  }

  /** The connection may be back (profiles changed, the sandbox started): waiting orders are tried now. */
  wake(profileId?: string): void {
    if (this.deps.store.wake(profileId) > 0) this.kick()
  }

  // ---- the channels ---------------------------------------------------------------------------------------

  /** Checks a draft and puts it in the outbox (see the channel). */
  async submit(draftId: string, baseRevision: number): Promise<OrderRecord> {
    this.deps.owner?.()
    const draft = this.deps.drafts.get(draftId)
    if (draft.kind !== 'orders.order') throw AppError.app('app.invalidInput', { detail: `draft ${draftId} is not an order` }, { issues: [{ path: 'draftId', message: 'not an order draft', code: 'invalid' }] })
    if (draft.removedAt !== null) throw AppError.app('app.draftRemoved')
    if (draft.revision !== baseRevision) throw AppError.app('app.draftConflict', { revision: draft.revision, updatedAt: draft.updatedAt })
    const profileId = draft.profileId ?? (await this.deps.activeProfileId())
    const body = orderDraftSchema.parse(draft.body)
    // Refused by the service and unchanged since: the same would be refused again (the screen keeps Submit off too).
    if (refusalHolds(body, body.refusal)) throw AppError.app('app.draftRefused')
    const order = await this.enqueue(profileId, body, { draftId, draftName: draft.name, draftRevision: draft.revision })
    return this.record(order)
  }

  /**
   * Puts an order in the outbox: checked with the shared rules, its channelOrderId unused by this profile's
   * orders. With `draftId`, the draft leaves the Drafts list in the same transaction. Used by submit and the CLI.
   */
  async enqueue(profileId: string, draft: OrderDraft, from: { draftId?: string; draftName: string; draftRevision?: number }): Promise<StoredOrder> {
    this.deps.owner?.()
    const { channelCode } = await this.deps.profile(profileId)
    const limits = this.deps.limits ? await this.deps.limits() : undefined
    const issues = checkOrderDraft(draft, channelCode, limits)
    if (issues.length > 0) throw orderIssuesError(issues)
    const body = toBatchOrderBody(draft, channelCode)
    const used = () => orderIssuesError([issue('13004', 'channelOrderId', 'exists', { value: body.channelOrderId })])
    if (this.deps.store.byChannelOrderId(profileId, body.channelOrderId)) throw used()
    let order: StoredOrder
    try {
      order = this.deps.store.transaction(() => {
        if (from.draftId) {
          const d = this.deps.drafts.get(from.draftId)
          if (from.draftRevision !== undefined && d.revision !== from.draftRevision) throw AppError.app('app.draftConflict', { revision: d.revision, updatedAt: d.updatedAt })
          this.deps.drafts.remove([from.draftId])
        }
        return this.deps.store.insert({ profileId, body, draftId: from.draftId ?? null, draftName: from.draftName })
      })
    } catch (err) {
      if ((err as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') throw used()
      throw err
    }
    this.changed(order)
    this.kick()
    return order
  }

  list(q: OrderQuery & { profileId: string }): { orders: OrderSummary[]; total: number } {
    return this.deps.store.list(q)
  }

  get(id: string): OrderRecord {
    return this.record(this.deps.store.get(id))
  }

  hold(id: string): OrderRecord {
    this.deps.owner?.()
    const o = this.deps.store.change(id, ['queued', 'waitingConnection'], { state: 'held', nextTryAt: null })
    this.changed(o)
    return this.record(o)
  }

  release(id: string): OrderRecord {
    this.deps.owner?.()
    const o = this.deps.store.change(id, ['held'], { state: 'queued', nextTryAt: null })
    this.changed(o)
    this.kick()
    return this.record(o)
  }

  /** Takes back an order not sent yet; its draft is back in Drafts (a new one when it came from a file). */
  withdraw(id: string): OrderRecord {
    this.deps.owner?.()
    let o = this.deps.store.change(id, NOT_SENT_STATES, { state: 'withdrawn' })
    o = this.backToDrafts(o, null)
    this.changed(o)
    return this.record(o)
  }

  sendNow(id: string): OrderRecord {
    this.deps.owner?.()
    const o = this.deps.store.change(id, ['queued', 'waitingConnection'], { state: 'queued', nextTryAt: null })
    this.changed(o)
    this.kick()
    return this.record(o)
  }

  /** The user's answer to "cannot tell": done, or not done (sent again). */
  async resolve(id: string, decision: 'done' | 'notDone'): Promise<OrderRecord> {
    this.deps.owner?.()
    const now = this.deps.store.now()
    const cur = this.deps.store.get(id)
    const o =
      decision === 'done'
        ? this.deps.store.change(id, ['needsDecision'], {
            state: 'done',
            detail: { decision: { at: now, decision }, results: this.userResults(cur) },
          })
        : this.deps.store.change(id, ['needsDecision'], { state: 'queued', nextTryAt: null, detail: { decision: { at: now, decision } } })
    await this.journalResolution(o, { at: now, by: 'user', verdict: decision, summary: `the user decided: ${decision === 'done' ? 'done' : 'not done, sent again'}` })
    this.changed(o)
    if (decision === 'notDone') this.kick()
    return this.record(o)
  }

  /** A new draft from an order: a copy, or the refund of its new purchases. */
  toDraft(id: string, mode: 'copy' | 'refund'): DraftMeta {
    const o = this.deps.store.get(id)
    if (mode === 'copy') {
      const body = draftFromBody(o.body, proposeChannelOrderId())
      return this.deps.drafts.save({ kind: 'orders.order', profileId: o.profileId, name: `${o.draftName || o.channelOrderId} (copy)`.slice(0, 200), body, baseRevision: 0 })
    }
    if (o.state !== 'done' && o.state !== 'notConfirmed') {
      throw AppError.app('app.invalidInput', { detail: `order ${o.channelOrderId} is ${o.state}: only a done order can be refunded` }, { issues: [{ path: 'id', message: 'not done', code: 'invalid' }] })
    }
    const r = refundDraft(o.body, o.detail.results, o.detail.preExisting, proposeChannelOrderId())
    if (r.draft.entries.length === 0) {
      throw AppError.app('app.invalidInput', { detail: `order ${o.channelOrderId} has no new purchase with a known license order id to refund` }, { issues: [{ path: 'id', message: 'nothing to refund', code: 'invalid' }] })
    }
    return this.deps.drafts.save({ kind: 'orders.order', profileId: o.profileId, name: `Refund of ${o.channelOrderId}`.slice(0, 200), body: r.draft, baseRevision: 0 })
  }

  async export(q: OrderQuery & { profileId: string }, format: ExportFormat, locale: Locale): Promise<ExportedFile> {
    const orders = this.deps.store.all(q, 100_000)
    const { columns, rows } = ordersTable(orders, locale)
    return writeTable({ format, baseName: locale === 'zh-CN' ? '订单历史' : 'orders', sheetName: locale === 'zh-CN' ? '订单' : 'Orders', columns, rows })
  }

  status(profileId: string): OutboxStatus {
    const c = this.deps.store.counts(profileId)
    const o = this.online.get(profileId)
    return {
      online: o ? o.online : null,
      queued: c.queued ?? 0,
      held: c.held ?? 0,
      sending: c.sending ?? 0,
      waiting: c.waitingConnection ?? 0,
      unknown: c.unknown ?? 0,
      needsDecision: c.needsDecision ?? 0,
      accepted: c.accepted ?? 0,
      lastError: o?.lastError ?? null,
    }
  }

  /** Resolves once an order is in one of `states` (or `timeoutMs` passes: then the order as it is). */
  async waitFor(id: string, states: readonly OrderState[], timeoutMs: number): Promise<StoredOrder> {
    const until = Date.now() + timeoutMs
    for (;;) {
      const o = this.deps.store.get(id)
      if (states.includes(o.state) || Date.now() >= until) return o
      this.kick()
      await new Promise((r) => setTimeout(r, 20))
    }
  }

  /** Resolves when the sender has nothing running. */
  idle(): Promise<void> {
    if (!this.pumping) return Promise.resolve()
    return new Promise((r) => this.idleWaiters.push(r))
  }

  // ---- the sender -----------------------------------------------------------------------------------------

  /** Runs the sender now (or again right after the current round). */
  kick(): void {
    // Only a started sender sends (the CLI's commands other than `orders submit` never do).
    if (this.closed || this.deps.sender === false || !this.timer) return
    if (this.pumping) {
      this.again = true
      return
    }
    this.pumping = this.pump()
      .catch((err: unknown) => this.deps.log?.warn('orders: sender round failed', { error: String(err) }))
      .finally(() => {
        this.pumping = null
        if (this.again && !this.closed) {
          this.again = false
          this.kick()
        } else {
          for (const w of this.idleWaiters.splice(0)) w()
        }
      })
  }

  private async pump(): Promise<void> {
    do {
      this.again = false
      const due = this.deps.store.due(['queued', 'waitingConnection', 'unknown', 'accepted', 'sending'], this.deps.store.now()).filter((d) => !this.busy.has(d.id))
      // One order at a time per profile (in the order submitted); profiles side by side.
      const byProfile = new Map<string, typeof due>()
      for (const d of due) byProfile.set(d.profileId, [...(byProfile.get(d.profileId) ?? []), d])
      await Promise.all(
        [...byProfile.values()].map(async (list) => {
          for (const d of list) {
            if (this.closed) return
            this.busy.add(d.id)
            try {
              await this.work(d.id, d.state)
            } catch (err) {
              this.deps.log?.warn('orders: work on an order failed', { id: d.id, error: String(err) })
            } finally {
              this.busy.delete(d.id)
            }
            // A profile that cannot be reached: its other orders wait too (no point trying each now).
            if (this.online.get(d.profileId)?.online === false && d.state !== 'unknown') break
          }
        }),
      )
    } while (this.again && !this.closed)
  }

  private async work(id: string, state: OrderState): Promise<void> {
    if (state === 'queued' || state === 'waitingConnection') return this.send(id)
    if (state === 'unknown') return this.readBack(id)
    if (state === 'accepted') return this.checkAsync(id)
    if (state === 'sending') return this.recover(id)
  }

  private markOnline(profileId: string, online: boolean, lastError: AppErrorData | null): void {
    this.online.set(profileId, { online, lastError })
  }

  /** Waits longer after each try that could not reach the service: base × 2^n, at most the maximum. */
  private backoff(o: StoredOrder): number {
    let n = 0
    for (let i = o.detail.attemptList.length - 1; i >= 0 && o.detail.attemptList[i]!.outcome === 'notSent'; i--) n++
    return Math.min(this.timing.retryMaxMs, this.timing.retryBaseMs * 2 ** Math.min(n, 20))
  }

  private waitConnection(o: StoredOrder, err: unknown, attempt: number | null): void {
    const error = toAppErrorData(err)
    const now = this.deps.store.now()
    const attemptList = [...o.detail.attemptList]
    if (attempt !== null && attemptList[attempt]) attemptList[attempt] = { ...attemptList[attempt]!, endedAt: now, outcome: 'notSent', error }
    else attemptList.push({ at: now, endedAt: now, nonce: null, journalId: null, outcome: 'notSent', error })
    const next = { ...o, detail: { ...o.detail, attemptList } }
    const changed = this.deps.store.change(o.id, null, {
      state: 'waitingConnection',
      nextTryAt: now + this.backoff(next),
      detail: { attemptList: attemptList.slice(-50), lastError: error },
    })
    this.markOnline(o.profileId, false, error)
    this.changed(changed)
  }

  /** Sends a queued or waiting order (claimed, so no other process sends it). */
  private async send(id: string): Promise<void> {
    const claimed = this.deps.store.claim(id, ['queued', 'waitingConnection'])
    if (!claimed) return
    let o = claimed
    try {
      let client: ApiClient
      let preExisting: string[] | null = null
      try {
        client = await this.deps.clientFor(o.profileId)
        // A token first: without a connection nothing is journaled or sent.
        await client.ensureTokens('order')
        // Evidence for a read-back: which bought numbers were listed before sending.
        if (o.body.orderList.some((e) => e.orderType === 'new_buy')) {
          try {
            preExisting = await listedBefore(client, o.body)
          } catch (err) {
            if (err instanceof AppError && neverLeft(err.toData())) throw err
            preExisting = null // the service refused the read (the order will tell why)
          }
        }
      } catch (err) {
        this.waitConnection(o, err, null)
        return
      }
      const now = this.deps.store.now()
      const attemptIndex = o.detail.attemptList.length
      o = this.deps.store.change(id, ['queued', 'waitingConnection'], {
        state: 'sending',
        attempts: o.attempts + 1,
        detail: {
          preExisting,
          attemptList: [...o.detail.attemptList, { at: now, endedAt: null, nonce: null, journalId: null, outcome: 'pending', error: null }],
        },
      })
      this.changed(o)
      let prepared
      try {
        ;[prepared] = await client.prepareAll('batchOrder', [{ req: { body: o.body } }], { ahead: true })
      } catch (err) {
        this.waitConnection(o, err, attemptIndex)
        return
      }
      // The journal entry (and, before the request leaves, its send record) tells a restart what happened.
      const attemptList = [...o.detail.attemptList]
      attemptList[attemptIndex] = { ...attemptList[attemptIndex]!, nonce: prepared!.nonce, journalId: prepared!.journalId ?? null }
      o = this.deps.store.change(id, ['sending'], { detail: { attemptList } })
      try {
        const results = (await client.call('batchOrder', { body: o.body }, { prepared: prepared! })).data
        this.answered(o, attemptIndex, results)
      } catch (err) {
        const error = toAppErrorData(err)
        if (error.code === 'app.unknownOutcome') this.lost(o, attemptIndex, error)
        else if (neverLeft(error)) this.waitConnection(o, err, attemptIndex)
        else this.refused(o, attemptIndex, error)
      }
    } finally {
      this.deps.store.release(id)
    }
  }

  private endAttempt(o: StoredOrder, i: number, outcome: 'ok' | 'refused' | 'unknown' | 'notSent', error: AppErrorData | null) {
    const list = [...o.detail.attemptList]
    if (list[i]) list[i] = { ...list[i]!, endedAt: this.deps.store.now(), outcome, error }
    return list.slice(-50)
  }

  /** The service answered: done (sync), or accepted and checked until its assets appear (async). */
  private answered(o: StoredOrder, attempt: number, data: { sequence: number; licenseOrderId: string; customerId: string }[]): void {
    const now = this.deps.store.now()
    const results = data.map((r) => ({ sequence: r.sequence, licenseOrderId: r.licenseOrderId, customerId: r.customerId, source: 'answer' as const }))
    const detail: Partial<OrderDetail> = { results, attemptList: this.endAttempt(o, attempt, 'ok', null), lastError: null }
    const changed =
      o.syncMode === 'async'
        ? this.deps.store.change(o.id, ['sending'], {
            state: 'accepted',
            sentAt: o.sentAt ?? now,
            nextTryAt: now + this.timing.asyncEveryMs,
            detail: { ...detail, asyncCheck: { until: now + this.timing.asyncLimitMs, checks: 0, lastAt: null, entries: [] } },
          })
        : this.deps.store.change(o.id, ['sending'], { state: 'done', sentAt: o.sentAt ?? now, detail })
    this.markOnline(o.profileId, true, null)
    this.changed(changed)
  }

  /** The answer was lost: UNKNOWN, read back at once. */
  private lost(o: StoredOrder, attempt: number, error: AppErrorData): void {
    const now = this.deps.store.now()
    const changed = this.deps.store.change(o.id, ['sending'], {
      state: 'unknown',
      sentAt: o.sentAt ?? now,
      nextTryAt: null,
      detail: { attemptList: this.endAttempt(o, attempt, 'unknown', error), lastError: error, unknownSince: now },
    })
    this.changed(changed)
    this.again = true
  }

  /** The service said no: nothing done; the draft is back in Drafts with the message at its field. */
  private refused(o: StoredOrder, attempt: number, error: AppErrorData): void {
    const now = this.deps.store.now()
    const place = refusalPlace(error.details.serverMessage)
    let changed = this.deps.store.change(o.id, ['sending'], {
      state: 'refused',
      sentAt: o.sentAt ?? now,
      detail: { attemptList: this.endAttempt(o, attempt, 'refused', error), lastError: error, refusal: { error, field: place.field, sequence: place.sequence } },
    })
    changed = this.backToDrafts(changed, { orderId: o.id, at: now, error, field: place.field, sequence: place.sequence })
    this.markOnline(o.profileId, true, null)
    this.changed(changed)
  }

  /**
   * Puts an order's draft back in Drafts (refused, withdrawn): the draft it came from, restored and marked not
   * ready; or, for an order from a file, a new draft of its body. A refusal goes with it, at its field, and keeps
   * it from being submitted again unchanged (shared/orders/refusal.ts).
   */
  private backToDrafts(o: StoredOrder, refused: Omit<DraftRefusal, 'value'> | null): StoredOrder {
    const drafts = this.deps.drafts
    const existing = o.draftId
      ? (() => {
          try {
            return drafts.get(o.draftId!)
          } catch {
            return null
          }
        })()
      : null
    const withRefusal = (body: OrderDraft): OrderDraft => {
      const { refusal: _old, ...rest } = body
      return refused ? { ...rest, ready: false, refusal: { ...refused, value: fieldFingerprint(body, refused.field) } } : { ...rest, ready: false }
    }
    if (existing) {
      if (existing.removedAt !== null) drafts.restore([existing.id])
      const body = orderDraftSchema.parse(existing.body)
      if (body.ready || refused || body.refusal) drafts.save({ id: existing.id, kind: 'orders.order', body: withRefusal(body), baseRevision: existing.revision, force: true })
      return o
    }
    const body = withRefusal(draftFromBody(o.body, o.channelOrderId))
    const name = `${refused ? 'Refused' : 'Withdrawn'}: ${o.channelOrderId}`.slice(0, 200)
    const meta = drafts.save({ kind: 'orders.order', profileId: o.profileId, name, body, baseRevision: 0 })
    return this.deps.store.change(o.id, null, { draftId: meta.id })
  }

  /** Reads back an UNKNOWN order and acts on the verdict. */
  private async readBack(id: string): Promise<void> {
    const claimed = this.deps.store.claim(id, ['unknown'])
    if (!claimed) return
    const o = claimed
    try {
      const now = this.deps.store.now()
      let entries: EntryReadBack[]
      try {
        const client = await this.deps.clientFor(o.profileId)
        const { memberProducts } = await this.deps.profile(o.profileId)
        entries = await readBackBatchOrder(client, o.body, { preExisting: o.detail.preExisting, memberProducts })
      } catch (err) {
        const error = toAppErrorData(err)
        const rb: ReadBack = { at: now, verdict: 'cannotTell', entries: [], error }
        const changed = this.deps.store.change(id, ['unknown'], {
          state: 'unknown',
          keepClaim: false,
          nextTryAt: now + this.timing.readBackRetryMs,
          detail: { readBacks: [...o.detail.readBacks, rb].slice(-20), lastError: error },
        })
        if (neverLeft(error)) this.markOnline(o.profileId, false, error)
        this.changed(changed)
        return
      }
      this.markOnline(o.profileId, true, null)
      // An async order may not be processed yet: "not done" is no proof until the async limit has passed.
      const waitingAsync = o.syncMode === 'async' && now < (o.detail.unknownSince ?? now) + this.timing.asyncLimitMs
      if (o.syncMode === 'async') {
        entries = entries.map((e) => (e.verdict === 'notDone' ? { ...e, verdict: 'cannotTell', reason: 'asyncNotYet' } : e))
      }
      const verdict: EntryVerdict = orderVerdict(entries.map((e) => e.verdict))
      const rb: ReadBack = {
        at: now,
        verdict,
        entries: entries.map((e) => ({ sequence: e.sequence, verdict: e.verdict, reason: e.reason, assetNos: e.assetNos })),
        error: null,
      }
      const readBacks = [...o.detail.readBacks, rb].slice(-20)
      let changed: StoredOrder
      if (verdict === 'done') {
        const results = entries.map((e) => ({ sequence: e.sequence, licenseOrderId: e.licenseOrderId, customerId: e.customerId, source: 'readBack' as const }))
        changed = this.deps.store.change(id, ['unknown'], { state: 'done', detail: { readBacks, results, lastError: null } })
      } else if (verdict === 'notDone') {
        changed = this.deps.store.change(id, ['unknown'], { state: 'queued', nextTryAt: null, detail: { readBacks } })
      } else if (waitingAsync) {
        changed = this.deps.store.change(id, ['unknown'], { state: 'unknown', nextTryAt: now + this.timing.asyncEveryMs, detail: { readBacks } })
      } else {
        changed = this.deps.store.change(id, ['unknown'], { state: 'needsDecision', nextTryAt: null, detail: { readBacks } })
      }
      await this.journalResolution(changed, {
        at: now,
        by: 'readBack',
        verdict,
        summary: `read back: ${countReasons(entries)}; ${verdict === 'done' ? 'done' : verdict === 'notDone' ? 'not done, sent again' : changed.state === 'unknown' ? 'async, checked again later' : 'cannot tell, the user decides'}`,
      })
      this.changed(changed)
      if (verdict === 'notDone') this.again = true
    } finally {
      this.deps.store.release(id)
    }
  }

  /** An accepted async order: checks whether its assets appeared (or went), until the limit. */
  private async checkAsync(id: string): Promise<void> {
    const claimed = this.deps.store.claim(id, ['accepted'])
    if (!claimed) return
    const o = claimed
    try {
      const now = this.deps.store.now()
      const check = o.detail.asyncCheck ?? { until: now, checks: 0, lastAt: null, entries: [] }
      let entries: EntryReadBack[]
      try {
        const client = await this.deps.clientFor(o.profileId)
        const { memberProducts } = await this.deps.profile(o.profileId)
        entries = await readBackBatchOrder(client, o.body, { preExisting: o.detail.preExisting, memberProducts })
      } catch (err) {
        const changed = this.deps.store.change(id, ['accepted'], { nextTryAt: now + this.timing.asyncEveryMs, detail: { lastError: toAppErrorData(err) } })
        this.changed(changed)
        return
      }
      const seen = entries.map((e) => ({ sequence: e.sequence, seen: e.verdict === 'done', missing: e.verdict === 'done' ? [] : e.assetNos }))
      const asyncCheck = { ...check, checks: check.checks + 1, lastAt: now, entries: seen }
      const all = seen.every((s) => s.seen)
      const results = o.detail.results.map((r) => {
        const e = entries.find((x) => x.sequence === r.sequence)
        return { ...r, licenseOrderId: r.licenseOrderId ?? e?.licenseOrderId ?? null, customerId: r.customerId ?? e?.customerId ?? null }
      })
      const changed = all
        ? this.deps.store.change(id, ['accepted'], { state: 'done', detail: { asyncCheck, results } })
        : now >= check.until
          ? this.deps.store.change(id, ['accepted'], { state: 'notConfirmed', detail: { asyncCheck } })
          : this.deps.store.change(id, ['accepted'], { nextTryAt: now + this.timing.asyncEveryMs, detail: { asyncCheck } })
      this.changed(changed)
    } finally {
      this.deps.store.release(id)
    }
  }

  /**
   * An order left `sending` by a process that is gone (killed mid-send): UNKNOWN and read back, unless the
   * journal's send record proves the request never left (then it is queued again).
   */
  private async recover(id: string): Promise<void> {
    const claimed = this.deps.store.claim(id, ['sending'])
    if (!claimed) return
    const o = claimed
    try {
      const i = o.detail.attemptList.length - 1
      const last = o.detail.attemptList[i]
      let left: 'notSent' | 'sent' | 'unknown' = 'unknown'
      if (!last || last.journalId === null || last.nonce === null) left = 'notSent' // stopped before it was prepared
      else if (this.deps.journal) left = await this.deps.journal.sendState(o.profileId, last.journalId, last.nonce).catch(() => 'unknown' as const)
      const now = this.deps.store.now()
      const error = toAppErrorData(AppError.app('app.unknownOutcome', {}, { operation: 'batchOrder', cause: 'the app stopped while sending' }))
      const changed =
        left === 'notSent'
          ? this.deps.store.change(id, ['sending'], { state: 'queued', nextTryAt: null, detail: { attemptList: this.endAttempt(o, i, 'notSent', null) } })
          : this.deps.store.change(id, ['sending'], {
              state: 'unknown',
              sentAt: o.sentAt ?? last?.at ?? now,
              nextTryAt: null,
              detail: { attemptList: this.endAttempt(o, i, 'unknown', error), lastError: error, unknownSince: now },
            })
      this.changed(changed)
      this.again = true
    } finally {
      this.deps.store.release(id)
    }
  }

  // ---- helpers --------------------------------------------------------------------------------------------

  /** Results for a "done" decision: what is known (answer or read back), else the entries without ids. */
  private userResults(o: StoredOrder) {
    const known = new Map(o.detail.results.map((r) => [r.sequence, r]))
    return o.body.orderList.map((e) => known.get(e.sequence) ?? { sequence: e.sequence, licenseOrderId: null, customerId: null, source: 'user' as const })
  }

  private async journalResolution(o: StoredOrder, r: JournalResolution): Promise<void> {
    const last = [...o.detail.attemptList].reverse().find((a) => a.journalId !== null && a.outcome === 'unknown')
    if (!last?.journalId || !this.deps.journal) return
    await this.deps.journal.resolved(last.journalId, r).catch((err: unknown) => this.deps.log?.warn('orders: journal resolution not written', { error: String(err) }))
  }

  private changed(o: StoredOrder): void {
    this.deps.onChange?.(o.profileId, [o.id])
  }

  /** The record screens get: the body without secrets. */
  record(o: StoredOrder): OrderRecord {
    const d = o.detail ?? emptyDetail()
    return {
      ...summaryOf(o),
      body: redactRequest(o.body) as BatchOrderBody,
      results: d.results,
      attemptList: d.attemptList,
      readBacks: d.readBacks,
      refusal: d.refusal,
      decision: d.decision,
      asyncCheck: d.asyncCheck,
    }
  }
}
