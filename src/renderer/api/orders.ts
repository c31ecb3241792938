/**
 * Named calls of submitting orders to the core: the outbox (submit, hold, release, withdraw, send now), "cannot
 * tell" decisions, the history (list, get, export) and new drafts from it (copy, refund). Only api/ modules call
 * the bridge. States and their words: @shared/orders/outbox.
 */
import type { ChannelInput, ChannelOutput } from '@shared/ipc/contract'
import type { EventPayload } from '@shared/ipc/events'
import { invoke, onEvent } from '../bridge'

/** Submits a ready draft (checked again in main; `app.invalidInput` with issues at fields when not ready). */
export const submitOrder = (draftId: string, baseRevision: number): Promise<ChannelOutput<'orders.submit'>> =>
  invoke('orders.submit', { draftId, baseRevision })
/** The outbox and the history, newest first, filtered. */
export const listOrders = (input: ChannelInput<'orders.list'> = {}): Promise<ChannelOutput<'orders.list'>> => invoke('orders.list', input)
export const getOrder = (id: string): Promise<ChannelOutput<'orders.get'>> => invoke('orders.get', { id })
export const holdOrder = (id: string): Promise<ChannelOutput<'orders.hold'>> => invoke('orders.hold', { id })
export const releaseOrder = (id: string): Promise<ChannelOutput<'orders.release'>> => invoke('orders.release', { id })
/** Takes back an order not sent yet; its draft is back in Drafts. */
export const withdrawOrder = (id: string): Promise<ChannelOutput<'orders.withdraw'>> => invoke('orders.withdraw', { id })
export const sendOrderNow = (id: string): Promise<ChannelOutput<'orders.sendNow'>> => invoke('orders.sendNow', { id })
/** The user's answer to "cannot tell". */
export const resolveOrder = (id: string, decision: 'done' | 'notDone'): Promise<ChannelOutput<'orders.resolve'>> =>
  invoke('orders.resolve', { id, decision })
/** A new draft from an order: a copy, or a refund of a new purchase. Returns the draft's meta. */
export const orderToDraft = (id: string, mode: 'copy' | 'refund'): Promise<ChannelOutput<'orders.toDraft'>> => invoke('orders.toDraft', { id, mode })
/** The outbox in counts, and whether the service answered last time. */
export const outboxStatus = (profileId?: string): Promise<ChannelOutput<'orders.status'>> =>
  invoke('orders.status', profileId === undefined ? {} : { profileId })

/** Follows changes of orders (any window, tab, the sender, or the CLI); returns unsubscribe. */
export function onOrdersChanged(handler: (payload: EventPayload<'orders.changed'>) => void): () => void {
  return onEvent('orders.changed', handler)
}

/** What the order's revoke entries would remove (each asset's products read and matched with the service's rules). */
export const revokePreview = (input: ChannelInput<'orders.revokePreview'>): Promise<ChannelOutput<'orders.revokePreview'>> =>
  invoke('orders.revokePreview', input)

/** Follows the outbox's runs ending (nothing left it works on by itself); returns unsubscribe. */
export function onOutboxEnded(handler: (payload: EventPayload<'orders.outboxEnded'>) => void): () => void {
  return onEvent('orders.outboxEnded', handler)
}
