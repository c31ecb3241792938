/**
 * Channels of Renewals: what expires in a window (src/shared/renewals/expiry.ts), read in the background from the
 * customer book's enterprises (order operation 8, member operation 7), kept with the time it was read; "renew"
 * into an order draft (src/shared/renewals/draft.ts); the list as CSV or Excel. The service:
 * src/main/services/renewals.
 */
import { z } from 'zod'
import { appErrorDataSchema } from '../../errors/app-error'
import { JOB_STATUSES } from '../../bulk/states'
import { MAX_WINDOW_DAYS, parseDay } from '../../renewals/expiry'
import { channel, input } from '../channel'
import { draftMetaSchema } from './drafts'

const profileId = z.string().min(1).max(100)
const day = z.string().max(10).refine((s) => parseDay(s) !== null, { message: 'not a date (yyyy-mm-dd)' })

/** The next N days, or a range of days (yyyy-mm-dd, service zone, both included; at most MAX_WINDOW_DAYS). */
export const renewalWindowSchema = z.union([
  z.strictObject({ withinDays: z.number().int().min(1).max(MAX_WINDOW_DAYS) }),
  z
    .strictObject({ from: day, to: day })
    .refine((w) => {
      const a = parseDay(w.from)
      const b = parseDay(w.to)
      return a !== null && b !== null && b >= a && (b - a) / 86_400_000 < MAX_WINDOW_DAYS
    }, { message: `the last day must be on or after the first, at most ${MAX_WINDOW_DAYS} days on`, path: ['to'] }),
])

/** A reading's state: the bulk run's (the shared run vocabulary), or idle before the profile's first reading. */
export const RENEWAL_READ_STATES = ['idle', ...JOB_STATUSES] as const

/** Where the background reading of a profile is (a bulk job of kind `renewals.read`, one item per enterprise). */
export const renewalStatusSchema = z.object({
  profileId: z.string(),
  /** The reading's bulk job; null before the first. */
  jobId: z.string().nullable(),
  state: z.enum(RENEWAL_READ_STATES),
  /** Enterprises read (or failed) and to read. */
  done: z.number().int(),
  total: z.number().int(),
  /** Enterprises whose assets could not be read (their last good reading, if any, is still shown). */
  failed: z.number().int(),
  /** Why the reading stopped (paused by an error that would fail every call: fix it and resume), or null. */
  error: appErrorDataSchema.nullable(),
})
export type RenewalStatus = z.output<typeof renewalStatusSchema>

export const expiringRowSchema = z.object({
  key: z.string(),
  kind: z.enum(['asset', 'product']),
  enterpriseGlobalId: z.string(),
  customerRef: z.string().nullable(),
  customerName: z.string(),
  customerId: z.string().nullable(),
  assetId: z.string(),
  assetNum: z.string(),
  licenseType: z.string(),
  instanceId: z.string().nullable(),
  productUri: z.string().nullable(),
  productName: z.string().nullable(),
  licenseOrderId: z.string().nullable(),
  limitConcurrent: z.number().nullable(),
  endsAt: z.number(),
})

/** One enterprise of the book, as last read. */
export const renewalEnterpriseStateSchema = z.object({
  enterpriseGlobalId: z.string(),
  customerName: z.string(),
  /** When its assets were read; null: never. */
  readAt: z.number().nullable(),
  assets: z.number().int(),
  products: z.number().int(),
  /** The asset list could not be read (last reading kept). */
  error: appErrorDataSchema.nullable(),
  /** Products of some assets could not be read (the member group answers only for its own enterprise). */
  productsError: appErrorDataSchema.nullable(),
})
export type RenewalEnterpriseState = z.output<typeof renewalEnterpriseStateSchema>

export const renewalListSchema = z.object({
  /** The oldest reading among the enterprises (what "as of" says); null before the first reading. */
  readAt: z.number().nullable(),
  range: z.object({ from: z.number(), to: z.number() }),
  rows: z.array(expiringRowSchema),
  enterprises: z.array(renewalEnterpriseStateSchema),
  status: renewalStatusSchema,
})
export type RenewalList = z.output<typeof renewalListSchema>

const profileInput = input({ profileId: profileId.optional() })

export const renewalChannels = {
  /** What expires in the window, from the last reading (no call to the service). */
  'renewals.list': channel(input({ profileId: profileId.optional(), window: renewalWindowSchema }), renewalListSchema),
  /** Starts reading every enterprise of the book again in the background (progress: `renewals.progress`). */
  'renewals.refresh': channel(profileInput, renewalStatusSchema),
  'renewals.pause': channel(profileInput, renewalStatusSchema),
  'renewals.resume': channel(profileInput, renewalStatusSchema),
  'renewals.status': channel(profileInput, renewalStatusSchema),
  /** An order draft renewing these rows (keys of the last reading), not ready; opened in the wizard. */
  'renewals.renew': channel(input({ profileId: profileId.optional(), keys: z.array(z.string().max(300)).min(1).max(5_000) }), draftMetaSchema),
  /** The window's rows as CSV or Excel, headers and words in the user's language. */
}
