/** What every operation handler receives, and what it returns. */
import type { OperationId } from '@shared/api/operations'
import type { Locale } from '@shared/i18n/locale'
import type { AssumedLimits } from '@shared/settings'
import type { Caller } from '../auth/guard'
import type { Clock } from '../clock'
import type { StatsRecorder } from '../stats'
import type { Store } from '../state/store'

export interface OpContext {
  store: Store
  clock: Clock
  limits: AssumedLimits
  stats: StatsRecorder
  /** Region digit of new shell numbers: 8 domestic, 6 Singapore. */
  shellRegion: '8' | '6'
  /** Accept a repeated channelCode/channelOrderId pair (SandboxOptions.acceptRepeatedChannelOrder). */
  acceptRepeatedChannelOrder?: boolean
  /** Async batch orders are applied this long after they are accepted (SandboxOptions.asyncDelayMs). */
  asyncDelayMs?: number
  /** Work accepted and not applied yet (async orders), applied by the first request at or after `due`. */
  deferred?: { due: number; apply: () => void }[]
}

/** Applies the deferred work that is due (called before every operation is handled). */
export function applyDue(ctx: OpContext): void {
  const list = ctx.deferred
  if (!list || list.length === 0) return
  const now = ctx.clock.now()
  for (let i = 0; i < list.length; ) {
    if (list[i]!.due <= now) list.splice(i, 1)[0]!.apply()
    else i++
  }
}

export interface OpRequest {
  id: OperationId
  params: Record<string, string>
  query: URLSearchParams
  /** Parsed JSON body; undefined for GET and DELETE. */
  body: unknown
  caller: Caller
  locale: Locale
}

/**
 * `noData`: the envelope has no `data` field at all (order operation 4, as the spec shows it).
 * `json`: `data` already serialised (the employee list reuses cached records).
 */
export type OpResult = { data: unknown } | { noData: true } | { json: string }

export type Handler = (ctx: OpContext, req: OpRequest) => OpResult
