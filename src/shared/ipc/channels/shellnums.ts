/**
 * Channels of the asset numbers screen (order operation 9, "get asset numbers"): issue N shell numbers, and the
 * numbers issued on this computer, kept locally so a reload or a restart never loses them (every call is also
 * in the operation journal).
 */
import { z } from 'zod'
import { channel, idString, input, noInput } from '../channel'

/** Region of a shell number, from its first digit: 8 domestic, 6 Singapore (spec, order operation 9). */
export const SHELL_REGIONS = ['domestic', 'singapore', 'unknown'] as const
export type ShellRegion = (typeof SHELL_REGIONS)[number]

/** The region a number's first digit marks. */
export function shellRegion(num: string): ShellRegion {
  if (!/^\d{10}$/.test(num)) return 'unknown'
  if (num[0] === '8') return 'domestic'
  if (num[0] === '6') return 'singapore'
  return 'unknown'
}

/** Most numbers kept in the local history (oldest batches are dropped past it). */
export const MAX_KEPT_SHELL_NUMBERS = 100_000

/** One call's numbers, as kept. */
export const shellBatchSchema = z.object({
  id: z.string(),
  profileId: z.string(),
  /** Profile name at the time, for the list. */
  profileName: z.string(),
  issuedAt: z.number(),
  /** The size asked for. */
  requested: z.number().int(),
  numbers: z.array(z.string()),
  /** Set on an issue answer when the numbers could not be written to the local history (they are shown anyway). */
  unsaved: z.boolean().optional(),
})
export type ShellBatch = z.output<typeof shellBatchSchema>

export const shellIssueInputSchema = input({
  profileId: idString.optional(),
  /** Count wanted; at most settings.limits.maxShellNumsPerCall (checked by the core, which knows the setting). */
  size: z.number().int().min(1).max(1_000_000),
})
export type ShellIssueInput = z.input<typeof shellIssueInputSchema>

export const shellHistorySchema = z.object({ batches: z.array(shellBatchSchema) })
export type ShellHistory = z.output<typeof shellHistorySchema>

export const shellnumChannels = {
  /** Issues numbers through the service (journaled) and keeps them locally; returns the new batch. */
  'shellnums.issue': channel(shellIssueInputSchema, shellBatchSchema),
  /** The batches issued on this computer, newest first. */
  'shellnums.history': channel(noInput, shellHistorySchema),
  /** Forgets one batch (or all, without id) locally; the journal keeps its record. */
  'shellnums.forget': channel(input({ id: idString.optional() }), shellHistorySchema),
}
