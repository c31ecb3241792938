/** The outbox's sender: rounds over due orders (one at a time per profile), each send and how its answer ends it. */
import { AppError, toAppErrorData, type AppErrorData } from '@shared/errors/app-error'
import { refusalPlace, type OrderState, type OutboxTiming } from '@shared/orders/outbox'
import type { ApiClient } from '../../api/client'
import { listedBefore } from '../../api/reconcile'
import { backToDrafts } from './back-to-drafts'
import { notifyChanged, endAttempt, neverLeft, type OrderServiceDeps } from './common'
import { OrderReadBacks } from './read-back'
import type { OrderDetail, StoredOrder } from './store'

export class OutboxSender {
  private readonly online = new Map<string, { online: boolean; lastError: AppErrorData | null }>()
  /** Orders this process is working on now. */
  private readonly busy = new Set<string>()
  private pumping: Promise<void> | null = null
  private again = false
  private timer: NodeJS.Timeout | null = null
  private closed = false
  /** Resolves when the pump is idle (tests and the CLI wait for an order). */
  private idleWaiters: (() => void)[] = []
  private readonly readBacks: OrderReadBacks

  constructor(
    private readonly deps: OrderServiceDeps,
    private readonly timing: OutboxTiming,
  ) {
    this.readBacks = new OrderReadBacks(deps, timing, {
      markOnline: (profileId, online, lastError) => this.markOnline(profileId, online, lastError),
      again: () => {
        this.again = true
      },
    })
  }

  /** Whether a profile's service was reachable at the last try (undefined: not tried yet), and the error then. */
  reachable(profileId: string): { online: boolean; lastError: AppErrorData | null } | undefined {
    return this.online.get(profileId)
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

  /** Resolves when the sender has nothing running. */
  idle(): Promise<void> {
    if (!this.pumping) return Promise.resolve()
    return new Promise((r) => this.idleWaiters.push(r))
  }

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
    if (state === 'unknown') return this.readBacks.readBack(id)
    if (state === 'accepted') return this.readBacks.checkAsync(id)
    if (state === 'sending') return this.readBacks.recover(id)
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
    notifyChanged(this.deps, changed)
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
      notifyChanged(this.deps, o)
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

  /** The service answered: done (sync), or accepted and checked until its assets appear (async). */
  private answered(o: StoredOrder, attempt: number, data: { sequence: number; licenseOrderId: string; customerId: string }[]): void {
    const now = this.deps.store.now()
    const results = data.map((r) => ({ sequence: r.sequence, licenseOrderId: r.licenseOrderId, customerId: r.customerId, source: 'answer' as const }))
    const detail: Partial<OrderDetail> = { results, attemptList: endAttempt(this.deps.store.now(), o, attempt, 'ok', null), lastError: null }
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
    notifyChanged(this.deps, changed)
  }

  /** The answer was lost: UNKNOWN, read back at once. */
  private lost(o: StoredOrder, attempt: number, error: AppErrorData): void {
    const now = this.deps.store.now()
    const changed = this.deps.store.change(o.id, ['sending'], {
      state: 'unknown',
      sentAt: o.sentAt ?? now,
      nextTryAt: null,
      detail: { attemptList: endAttempt(this.deps.store.now(), o, attempt, 'unknown', error), lastError: error, unknownSince: now },
    })
    notifyChanged(this.deps, changed)
    this.again = true
  }

  /** The service said no: nothing done; the draft is back in Drafts with the message at its field. */
  private refused(o: StoredOrder, attempt: number, error: AppErrorData): void {
    const now = this.deps.store.now()
    const place = refusalPlace(error.details.serverMessage)
    let changed = this.deps.store.change(o.id, ['sending'], {
      state: 'refused',
      sentAt: o.sentAt ?? now,
      detail: { attemptList: endAttempt(this.deps.store.now(), o, attempt, 'refused', error), lastError: error, refusal: { error, field: place.field, sequence: place.sequence } },
    })
    changed = backToDrafts(this.deps, changed, { orderId: o.id, at: now, error, field: place.field, sequence: place.sequence })
    this.markOnline(o.profileId, true, null)
    notifyChanged(this.deps, changed)
  }
}
