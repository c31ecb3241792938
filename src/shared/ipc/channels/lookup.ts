/**
 * Channels of the asset lookup: everything the app can learn about one asset number from the operations it has,
 * each source fetched on its own so one failing still shows the others:
 * - the enterprise's virtual asset record (order operation 8): type, customer, locked, frozen, assignment;
 * - the enterprise's asset number record (member operation 6): asset id, holder, lent, online;
 * - the products and merchandise under the asset (member operation 7);
 * - the enterprise's lent locks (member operation 8): is this a lent lock, and to whom;
 * - and, asked separately because it may page through many employees, the holder's name (member operation 5).
 */
import { z } from 'zod'
import { channel, idString, input } from '../channel'
import { appErrorDataSchema } from '../../errors/app-error'
import { assetProductsSchema, enterpriseAssetNumSchema, lentLockSchema, virtualAssetSchema } from '../../api/models'

/** How one source went: answered, failed (with its error), or not asked (with why). */
export const sourceStateSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('ok') }),
  z.object({ status: z.literal('error'), error: appErrorDataSchema }),
  /** `reason`: 'noAssetId' (products need the asset id, which no source gave). */
  z.object({ status: z.literal('skipped'), reason: z.string() }),
])
export type SourceState = z.output<typeof sourceStateSchema>

const lookupTarget = {
  profileId: idString.optional(),
  /** The profile's enterprise when absent. */
  enterpriseGlobalId: z.string().trim().max(200).optional(),
}

export const lookupAssetInputSchema = input({
  ...lookupTarget,
  assetNum: z.string().trim().min(1).max(64),
})
export type LookupAssetInput = z.input<typeof lookupAssetInputSchema>

export const assetLookupSchema = z.object({
  assetNum: z.string(),
  enterpriseGlobalId: z.string(),
  /** Whether any source knows the number. */
  found: z.boolean(),
  virtualAsset: z.object({ source: sourceStateSchema, record: virtualAssetSchema.nullable() }),
  assetNumber: z.object({ source: sourceStateSchema, record: enterpriseAssetNumSchema.nullable() }),
  products: z.object({ source: sourceStateSchema, data: assetProductsSchema.nullable() }),
  lentLocks: z.object({
    source: sourceStateSchema,
    /** The record when this number is one of the enterprise's lent (borrowed) locks. */
    record: lentLockSchema.nullable(),
  }),
  /** The employee the number is configured to (or the lock lent to): from the asset number or assignment record. */
  holderGlobalId: z.string().nullable(),
})
export type AssetLookup = z.output<typeof assetLookupSchema>

export const lookupMemberInputSchema = input({
  ...lookupTarget,
  memberGlobalId: z.string().trim().min(1).max(200),
})

/** An employee as the lookup names them. */
export const lookupMemberSchema = z.object({
  found: z.boolean(),
  member: z
    .object({
      globalId: z.string(),
      userName: z.string(),
      name: z.string().nullable(),
      departmentName: z.string().nullable(),
      assetNums: z.array(z.string()),
      borrowNum: z.string().nullable(),
      onlineFlag: z.boolean().nullable(),
    })
    .nullable(),
  /** Employees read to find them (pages of the list), for the "searched N employees" note. */
  searched: z.number().int(),
  /** Whether the whole list was read (false: gave up past the search limit). */
  complete: z.boolean(),
})
export type LookupMember = z.output<typeof lookupMemberSchema>

export const lookupChannels = {
  'lookup.asset': channel(lookupAssetInputSchema, assetLookupSchema),
  /** Names an employee by global id (member operation 5 has no id filter: pages are read until found). */
  'lookup.member': channel(lookupMemberInputSchema, lookupMemberSchema),
}
