/**
 * Named calls of Renewals to the core: what expires in a window (from the last reading), the background reading
 * (start, pause, resume, its progress), "renew" into an order draft, the export. Only api/ modules call the bridge.
 */
import type { ChannelOutput } from '@shared/ipc/contract'
import type { EventPayload } from '@shared/ipc/events'
import type { RenewalWindow } from '@shared/renewals/expiry'
import { invoke, onEvent } from '../bridge'

export const listRenewals = (window: RenewalWindow): Promise<ChannelOutput<'renewals.list'>> => invoke('renewals.list', { window })
export const refreshRenewals = (): Promise<ChannelOutput<'renewals.refresh'>> => invoke('renewals.refresh', {})
export const pauseRenewals = (): Promise<ChannelOutput<'renewals.pause'>> => invoke('renewals.pause', {})
export const resumeRenewals = (): Promise<ChannelOutput<'renewals.resume'>> => invoke('renewals.resume', {})
/** An order draft renewing these rows (keys); returns the draft's meta. */
export const renewRows = (keys: string[]): Promise<ChannelOutput<'renewals.renew'>> => invoke('renewals.renew', { keys })

/** Follows the reading's progress; returns unsubscribe. */
export function onRenewalsProgress(handler: (payload: EventPayload<'renewals.progress'>) => void): () => void {
  return onEvent('renewals.progress', handler)
}
