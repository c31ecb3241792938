/**
 * Calls of the asset numbers and lending screens to the core: the enterprise's numbers, one employee's, the free
 * ones, products under an asset, configure, move, the check of a bulk file and the start of its runs (bulk runner,
 * kind `holdings.configure`; the runs themselves through api/bulk.ts), lending and its overview, the audit workbook
 * and its progress. Files in and out go through api/files.ts.
 */
import type { ChannelInput } from '@shared/ipc/contract'
import type { JobSummary } from '@shared/ipc/channels/bulk'
import type { ConfigureGroupInput } from '@shared/ipc/channels/holdings'
import type { EventPayload } from '@shared/ipc/events'
import { invoke, onEvent } from '../bridge'
import { withRunNotice } from './run-notifications'

type Target = { profileId?: string; enterpriseGlobalId?: string }

/** The enterprise's asset numbers as columns (kept by the core; `refresh` reads the service again). */
export const holdingNumbers = (input: ChannelInput<'holdings.numbers'>) => invoke('holdings.numbers', input)
/** Rows of the table as the core filters, searches and sorts it, with the counts. */
export const holdingWindow = (input: ChannelInput<'holdings.window'>) => invoke('holdings.window', input)
/** One employee's numbers and lent lock. */
export const memberHoldings = (input: ChannelInput<'holdings.ofMember'>) => invoke('holdings.ofMember', input)
/** Free numbers matching a search. */
export const freeNumbers = (input: ChannelInput<'holdings.free'>) => invoke('holdings.free', input)
/** The products and packages under an asset. */
export const assetProducts = (input: ChannelInput<'holdings.products'>) => invoke('holdings.products', input)
/** Assigns and withdraws numbers of one employee in one call. */
export const configureHoldings = (input: ChannelInput<'holdings.configure'>) => invoke('holdings.configure', input)
/** Moves a number from one employee to another. */
export const moveNumber = (input: ChannelInput<'holdings.move'>) => invoke('holdings.move', input)
/** Checks the rows of a bulk assignment (nothing is sent). */
export const checkRows = (input: ChannelInput<'holdings.check'>) => invoke('holdings.check', input)
/** The borrowed locks and their lending. */
export const lentLocks = (input: ChannelInput<'holdings.lentLocks'>) => invoke('holdings.lentLocks', input)
/** Lends an employee's assets into a borrowed lock. */
export const lendAssets = (input: ChannelInput<'holdings.lend'>) => invoke('holdings.lend', input)
/** The audit workbook ("who holds what"). */
export const auditWorkbook = (input: ChannelInput<'holdings.audit'>) => invoke('holdings.audit', input)

// ---- runs of a bulk assignment (followed, paused and read through api/bulk.ts)

/** Starts a run: one configure call per group. */
export const startAssignRun = (target: Target & { enterpriseGlobalId: string }, items: ConfigureGroupInput[]): Promise<JobSummary> =>
  withRunNotice(() => invoke('bulk.start', { kind: 'holdings.configure', ...target, items }))

/** How far the audit's products are read. Returns unsubscribe. */
export function onAuditProgress(handler: (p: EventPayload<'holdings.audit'>) => void): () => void {
  return onEvent('holdings.audit', handler)
}
