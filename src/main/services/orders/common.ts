/** What the order service's parts share: its deps, and small rules over a stored order (never-left, attempts, change news). */
import type { AppError, AppErrorData } from '@shared/errors/app-error'
import type { TeamSubmit } from '@shared/ipc/channels/orders'
import type { OutboxTiming } from '@shared/orders/outbox'
import type { OrderRuleLimits } from '@shared/rules/order-rules'
import type { ApiClient } from '../../api/client'
import type { DraftStore } from '../drafts'
import type { JournalResolution } from '../journal'
import type { OrderStore, StoredOrder } from './store'

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
  /**
   * The team workspace (services/workspace/drafts.ts): reserves an order's number, and claims a shared draft, on the
   * server before the order is queued; says why a removed shared draft cannot be submitted (a colleague did).
   */
  workspace?: {
    reserve(o: { profileId: string; draftId: string | null; channelOrderId: string }): Promise<{ release(): Promise<void>; submittedBy: TeamSubmit } | null>
    submittedElsewhere(draftId: string): AppError | null
  }
}

/**
 * Whether a failure means the request never reached the service (nothing done; the order waits and tries again):
 * the app's own codes (no connection, no token, credentials missing or refused, the journal not writable), but
 * not a lost answer, and not an answer of the service (its business codes, an HTTP status it sent).
 */
export function neverLeft(err: AppErrorData): boolean {
  if (err.code === 'app.unknownOutcome' || !err.code.startsWith('app.')) return false
  if (err.code === 'app.httpStatus' || err.code === 'app.badResponse') return (err.details.httpStatus ?? 0) === 0
  return true
}

/** An attempt's end in the order's list of attempts (the last 50 kept). */
export function endAttempt(now: number, o: StoredOrder, i: number, outcome: 'ok' | 'refused' | 'unknown' | 'notSent', error: AppErrorData | null) {
  const list = [...o.detail.attemptList]
  if (list[i]) list[i] = { ...list[i]!, endedAt: now, outcome, error }
  return list.slice(-50)
}

/** Tells whoever listens (the core publishes `orders.changed`) that an order changed. */
export function notifyChanged(deps: OrderServiceDeps, o: StoredOrder): void {
  deps.onChange?.(o.profileId, [o.id])
}

/** Adds a read-back's or a decision's resolution to the journal entry of the order's unknown send. */
export async function journalResolution(deps: OrderServiceDeps, o: StoredOrder, r: JournalResolution): Promise<void> {
  const last = [...o.detail.attemptList].reverse().find((a) => a.journalId !== null && a.outcome === 'unknown')
  if (!last?.journalId || !deps.journal) return
  await deps.journal.resolved(last.journalId, r).catch((err: unknown) => deps.log?.warn('orders: journal resolution not written', { error: String(err) }))
}
