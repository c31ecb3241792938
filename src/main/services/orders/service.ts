/**
 * Submitting orders (order operation 5), the service's face: its channels (submit, hold, withdraw, decide, ...).
 * The sender is sender.ts, its read-backs read-back.ts (docs/engine.md "Orders: outbox and exactly-once"). In short:
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
import { AppError, type AppErrorData } from '@shared/errors/app-error'
import type { BatchOrderBody } from '@shared/api/orders'
import type { InputIssue } from '@shared/errors/input-issues'
import type { Locale } from '@shared/i18n/locale'
import type { DraftMeta } from '@shared/ipc/channels/drafts'
import type { OrderQuery, OrderRecord, OrderSummary, OutboxStatus } from '@shared/ipc/channels/orders'
import { checkOrderDraft, orderDraftSchema, toBatchOrderBody, type OrderDraft } from '@shared/orders/draft'
import { refusalHolds } from '@shared/orders/refusal'
import { proposeChannelOrderId } from '@shared/orders/order-number'
import { NOT_SENT_STATES, OUTBOX_TIMING, type OrderState } from '@shared/orders/outbox'
import { draftFromBody, refundDraft } from '@shared/orders/refund'
import { describeIssue, issue, type RuleIssue } from '@shared/rules/issue'
import { redactRequest } from '../journal/redact'
import { backToDrafts } from './back-to-drafts'
import { notifyChanged, journalResolution, type OrderServiceDeps } from './common'
import { OutboxSender } from './sender'
import { emptyDetail, summaryOf, type OrderStore, type StoredOrder } from './store'
import { ordersTable } from './export'
import type { ExportTable } from '../exports'

export type { OrderProfileInfo, OrderServiceDeps } from './common'

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

export class OrderService {
  private readonly sender: OutboxSender

  constructor(private readonly deps: OrderServiceDeps) {
    this.sender = new OutboxSender(deps, { ...OUTBOX_TIMING, ...deps.timing })
  }

  get store(): OrderStore {
    return this.deps.store
  }

  /** Starts sending: orders left from a previous run are picked up (a `sending` one is read back). */
  start(): void {
    this.sender.start()
  }

  close(): Promise<void> {
    return this.sender.close()
  }

  /** The connection may be back (profiles changed, the sandbox started): waiting orders are tried now. */
  wake(profileId?: string): void {
    this.sender.wake(profileId)
  }

  /** Runs the sender now (or again right after the current round). */
  kick(): void {
    this.sender.kick()
  }

  /** Resolves when the sender has nothing running. */
  idle(): Promise<void> {
    return this.sender.idle()
  }

  // ---- the channels ---------------------------------------------------------------------------------------

  /** Checks a draft and puts it in the outbox (see the channel). */
  async submit(draftId: string, baseRevision: number): Promise<OrderRecord> {
    this.deps.owner?.()
    const draft = this.deps.drafts.get(draftId)
    if (draft.kind !== 'orders.order') throw AppError.app('app.invalidInput', { detail: `draft ${draftId} is not an order` }, { issues: [{ path: 'draftId', message: 'not an order draft', code: 'invalid' }] })
    if (draft.removedAt !== null) throw this.deps.workspace?.submittedElsewhere(draftId) ?? AppError.app('app.draftRemoved')
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
    // The team's say first (the number unique across the team, a shared draft submitted once): refused, nothing queued.
    const claim = await this.deps.workspace?.reserve({ profileId, draftId: from.draftId ?? null, channelOrderId: body.channelOrderId })
    let order: StoredOrder
    try {
      order = this.deps.store.transaction(() => {
        if (from.draftId) {
          const d = this.deps.drafts.get(from.draftId)
          if (from.draftRevision !== undefined && d.revision !== from.draftRevision) throw AppError.app('app.draftConflict', { revision: d.revision, updatedAt: d.updatedAt })
          this.deps.drafts.remove([from.draftId])
        }
        return this.deps.store.insert({ profileId, body, draftId: from.draftId ?? null, draftName: from.draftName, ...(claim ? { submittedBy: claim.submittedBy } : {}) })
      })
    } catch (err) {
      await claim?.release().catch((e: unknown) => this.deps.log?.warn('workspace: a reserved order number could not be freed', { error: String(e) }))
      if ((err as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') throw used()
      throw err
    }
    notifyChanged(this.deps, order)
    this.sender.kick()
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
    notifyChanged(this.deps, o)
    return this.record(o)
  }

  release(id: string): OrderRecord {
    this.deps.owner?.()
    const o = this.deps.store.change(id, ['held'], { state: 'queued', nextTryAt: null })
    notifyChanged(this.deps, o)
    this.sender.kick()
    return this.record(o)
  }

  /** Takes back an order not sent yet; its draft is back in Drafts (a new one when it came from a file). */
  withdraw(id: string): OrderRecord {
    this.deps.owner?.()
    let o = this.deps.store.change(id, NOT_SENT_STATES, { state: 'withdrawn' })
    o = backToDrafts(this.deps, o, null)
    notifyChanged(this.deps, o)
    return this.record(o)
  }

  sendNow(id: string): OrderRecord {
    this.deps.owner?.()
    const o = this.deps.store.change(id, ['queued', 'waitingConnection'], { state: 'queued', nextTryAt: null })
    notifyChanged(this.deps, o)
    this.sender.kick()
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
    await journalResolution(this.deps, o, { at: now, by: 'user', verdict: decision, summary: `the user decided: ${decision === 'done' ? 'done' : 'not done, sent again'}` })
    notifyChanged(this.deps, o)
    if (decision === 'notDone') this.sender.kick()
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

  /** The history matching a query as an export's table (the newest 100,000 orders at most). */
  exportTable(q: Omit<OrderQuery, 'offset' | 'limit'> & { profileId: string }, locale: Locale): ExportTable {
    const orders = this.deps.store.all(q, 100_000)
    const { columns, rows } = ordersTable(orders, locale)
    return { baseName: locale === 'zh-CN' ? '订单历史' : 'orders', sheetName: locale === 'zh-CN' ? '订单' : 'Orders', columns, rows, total: rows.length }
  }

  status(profileId: string): OutboxStatus {
    const c = this.deps.store.counts(profileId)
    const o = this.sender.reachable(profileId)
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
      this.sender.kick()
      await new Promise((r) => setTimeout(r, 20))
    }
  }

  // ---- helpers --------------------------------------------------------------------------------------------

  /** Results for a "done" decision: what is known (answer or read back), else the entries without ids. */
  private userResults(o: StoredOrder) {
    const known = new Map(o.detail.results.map((r) => [r.sequence, r]))
    return o.body.orderList.map((e) => known.get(e.sequence) ?? { sequence: e.sequence, licenseOrderId: null, customerId: null, source: 'user' as const })
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
      ...(d.submittedBy ? { submittedBy: d.submittedBy } : {}),
    }
  }
}
