/**
 * Channels of the virtual assets screen (order operation 8). The service answers with the whole list at once
 * (200,000 records for a big enterprise), so the core caches it per (profile, enterprise, extendCode) and sends
 * the renderer a compact, columnar projection of what the table shows and filters on; the full record of one
 * asset comes on demand for the detail drawer.
 */
import { z } from 'zod'
import { channel, idString, input } from '../channel'
import { virtualAssetSchema } from '../../api/models'
import { intColumn as ints, numberColumn as numbers, stringColumn as strings } from '../columns'

/** Bits of `AssetTable.flags`. */
export const ASSET_FLAG = { locked: 1, frozen: 2, borrowed: 4, grantable: 8 } as const

/** Most assets a table carries (order operation 8 has no paging; this guards the renderer's memory). */
export const MAX_TABLE_ASSETS = 1_000_000

const profileRef = { profileId: idString.optional() }

/** Which list: the profile (active when absent), the enterprise (the profile's when absent) and the extension code. */
export const assetListKeySchema = input({
  ...profileRef,
  enterpriseGlobalId: z.string().trim().max(200).optional(),
  /** Only assets carrying an extension with this code (the `extendCode` query); empty = all. */
  extendCode: z.string().trim().max(100).optional(),
})
export type AssetListKey = z.input<typeof assetListKeySchema>

export const assetListInputSchema = assetListKeySchema.extend({
  /** Ask the service again instead of answering from the cache. */
  refresh: z.boolean().optional(),
})
export type AssetListInput = z.input<typeof assetListInputSchema>

/**
 * The list as columns: entry i of every column is asset i. Repeated strings (license types, customers, members,
 * extension codes) are sent once in `dict` and referenced by index; -1 means none.
 */
export const assetTableSchema = z
  .object({
    profileId: z.string(),
    enterpriseGlobalId: z.string(),
    extendCode: z.string(),
    /** When the service answered (epoch ms). */
    fetchedAt: z.number(),
    /** Whether this answer came from the cache rather than a new call. */
    cached: z.boolean(),
    count: z.number().int().min(0).max(MAX_TABLE_ASSETS),
    dict: z.object({
      licenseTypes: z.array(z.string()),
      customers: z.array(z.string()),
      /** assignStatus.assignMemberId values. */
      members: z.array(z.string()),
      /** Extension codes of an asset, joined with ", ". */
      extendCodes: z.array(z.string()),
    }),
    id: strings,
    assetNum: strings,
    licenseType: ints,
    /** ASSET_FLAG bits. */
    flags: ints,
    member: ints,
    customer: ints,
    extendCodes: ints,
    /** Creation time (epoch ms); -1 when the service gave none. */
    createTime: numbers,
  })
  .superRefine((t, ctx) => {
    const columns = ['id', 'assetNum', 'licenseType', 'flags', 'member', 'customer', 'extendCodes', 'createTime'] as const
    for (const c of columns) {
      if (t[c].length !== t.count) ctx.addIssue({ code: 'custom', path: [c], message: `has ${t[c].length} entries, expected ${t.count}` })
    }
    // Every reference points into its dictionary (or is -1).
    const refs = [
      ['licenseType', t.dict.licenseTypes.length],
      ['member', t.dict.members.length],
      ['customer', t.dict.customers.length],
      ['extendCodes', t.dict.extendCodes.length],
    ] as const
    for (const [c, size] of refs) {
      const col = t[c]
      for (let i = 0; i < col.length; i++) {
        const v = col[i]!
        if (v < -1 || v >= size) {
          ctx.addIssue({ code: 'custom', path: [c, i], message: `refers to entry ${v} of a dictionary of ${size}` })
          break
        }
      }
    }
  })
export type AssetTable = z.output<typeof assetTableSchema>

export const assetDetailInputSchema = assetListKeySchema.extend({ id: z.string().trim().min(1).max(200) })
export type AssetDetailInput = z.input<typeof assetDetailInputSchema>

export const assetChannels = {
  /** The enterprise's virtual assets as a compact table (cached; `refresh` asks the service again). */
  'assets.list': channel(assetListInputSchema, assetTableSchema),
  /** The full record of one asset of a list (from the cache; the list is fetched first if needed). */
  'assets.detail': channel(assetDetailInputSchema, virtualAssetSchema),
}
