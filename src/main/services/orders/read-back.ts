/** What happened to a sent order: an UNKNOWN one read back, an accepted async one checked, a killed send recovered. */
import { AppError, toAppErrorData, type AppErrorData } from '@shared/errors/app-error'
import type { ReadBack } from '@shared/ipc/channels/orders'
import { orderVerdict, type EntryVerdict, type OrderState, type OutboxTiming } from '@shared/orders/outbox'
import { readBackBatchOrder, type EntryReadBack } from '../../api/reconcile'
import { notifyChanged, endAttempt, journalResolution, neverLeft, type OrderServiceDeps } from './common'
import type { StoredOrder } from './store'

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

/** What the read-backs tell the sender: whether a profile is reachable, and that a round should follow. */
export interface SenderLink {
  markOnline(profileId: string, online: boolean, lastError: AppErrorData | null): void
  again(): void
}

export class OrderReadBacks {
  constructor(
    private readonly deps: OrderServiceDeps,
    private readonly timing: OutboxTiming,
    private readonly link: SenderLink,
  ) {}

  /** Reads back an UNKNOWN order and acts on the verdict. */
  readBack(id: string): Promise<void> {
    return this.claimed(id, ['unknown'], async (o) => {
      const now = this.deps.store.now()
      let entries: EntryReadBack[]
      try {
        entries = await this.entriesOf(o)
      } catch (err) {
        const error = toAppErrorData(err)
        const rb: ReadBack = { at: now, verdict: 'cannotTell', entries: [], error }
        const changed = this.deps.store.change(id, ['unknown'], {
          state: 'unknown',
          keepClaim: false,
          nextTryAt: now + this.timing.readBackRetryMs,
          detail: { readBacks: [...o.detail.readBacks, rb].slice(-20), lastError: error },
        })
        if (neverLeft(error)) this.link.markOnline(o.profileId, false, error)
        notifyChanged(this.deps, changed)
        return
      }
      this.link.markOnline(o.profileId, true, null)
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
      await journalResolution(this.deps, changed, {
        at: now,
        by: 'readBack',
        verdict,
        summary: `read back: ${countReasons(entries)}; ${verdict === 'done' ? 'done' : verdict === 'notDone' ? 'not done, sent again' : changed.state === 'unknown' ? 'async, checked again later' : 'cannot tell, the user decides'}`,
      })
      notifyChanged(this.deps, changed)
      if (verdict === 'notDone') this.link.again()
    })
  }

  /** An accepted async order: checks whether its assets appeared (or went), until the limit. */
  checkAsync(id: string): Promise<void> {
    return this.claimed(id, ['accepted'], async (o) => {
      const now = this.deps.store.now()
      const check = o.detail.asyncCheck ?? { until: now, checks: 0, lastAt: null, entries: [] }
      let entries: EntryReadBack[]
      try {
        entries = await this.entriesOf(o)
      } catch (err) {
        const changed = this.deps.store.change(id, ['accepted'], { nextTryAt: now + this.timing.asyncEveryMs, detail: { lastError: toAppErrorData(err) } })
        notifyChanged(this.deps, changed)
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
      notifyChanged(this.deps, changed)
    })
  }

  /**
   * An order left `sending` by a process that is gone (killed mid-send): UNKNOWN and read back, unless the
   * journal's send record proves the request never left (then it is queued again).
   */
  recover(id: string): Promise<void> {
    return this.claimed(id, ['sending'], async (o) => {
      const i = o.detail.attemptList.length - 1
      const last = o.detail.attemptList[i]
      let left: 'notSent' | 'sent' | 'unknown' = 'unknown'
      if (!last || last.journalId === null || last.nonce === null) left = 'notSent' // stopped before it was prepared
      else if (this.deps.journal) left = await this.deps.journal.sendState(o.profileId, last.journalId, last.nonce).catch(() => 'unknown' as const)
      const now = this.deps.store.now()
      const error = toAppErrorData(AppError.app('app.unknownOutcome', {}, { operation: 'batchOrder', cause: 'the app stopped while sending' }))
      const changed =
        left === 'notSent'
          ? this.deps.store.change(id, ['sending'], { state: 'queued', nextTryAt: null, detail: { attemptList: endAttempt(this.deps.store.now(), o, i, 'notSent', null) } })
          : this.deps.store.change(id, ['sending'], {
              state: 'unknown',
              sentAt: o.sentAt ?? last?.at ?? now,
              nextTryAt: null,
              detail: { attemptList: endAttempt(this.deps.store.now(), o, i, 'unknown', error), lastError: error, unknownSince: now },
            })
      notifyChanged(this.deps, changed)
      this.link.again()
    })
  }

  /** Runs `work` on the order if this process claims it in one of `states` (else another has it, or it moved on), then lets it go. */
  private async claimed(id: string, states: readonly OrderState[], work: (o: StoredOrder) => Promise<void>): Promise<void> {
    const o = this.deps.store.claim(id, states)
    if (!o) return
    try {
      await work(o)
    } finally {
      this.deps.store.release(id)
    }
  }

  /** The order's entries as the service has them now. */
  private async entriesOf(o: StoredOrder): Promise<EntryReadBack[]> {
    const client = await this.deps.clientFor(o.profileId)
    const { memberProducts } = await this.deps.profile(o.profileId)
    return readBackBatchOrder(client, o.body, { preExisting: o.detail.preExisting, memberProducts })
  }
}
