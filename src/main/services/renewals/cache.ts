/**
 * What the renewals reading found, per profile and enterprise, with the time it was read: kept in the data
 * folder (`renewals/<profile>.json`) so the screen and the CLI show it offline, saying when it was read.
 */
import { z } from 'zod'
import { appErrorDataSchema } from '@shared/errors/app-error'
import type { RenewalEnterprise } from '@shared/renewals/expiry'
import type { JsonFile, Storage } from '../storage'

const nullableText = z.string().nullable()
const time = z.number().nullable()

export const cachedEnterpriseSchema = z.object({
  enterpriseGlobalId: z.string(),
  readAt: z.number(),
  error: appErrorDataSchema.nullable(),
  productsError: appErrorDataSchema.nullable(),
  assets: z.array(
    z.object({ id: z.string(), assetNum: z.string(), licenseType: z.string(), customerId: nullableText, limitStartTime: time, limitEndTime: time }),
  ),
  products: z.array(
    z.object({
      assetId: z.string(),
      id: z.string(),
      productUri: z.string(),
      productName: z.string(),
      productType: nullableText,
      gmsPid: nullableText,
      appKey: nullableText,
      licenseOrderId: nullableText,
      limitStartTime: time,
      limitEndTime: time,
      limitConcurrent: z.number().nullable(),
      timeDurationExpression: nullableText,
    }),
  ),
})
export type CachedEnterprise = z.output<typeof cachedEnterpriseSchema> & Omit<RenewalEnterprise, 'customers'>

const fileSchema = z.object({ v: z.literal(1), enterprises: z.array(cachedEnterpriseSchema) })
type CacheFile = z.output<typeof fileSchema>

/** The readings of each profile: in memory once read from disk, written whole after a reading. */
export class RenewalCache {
  private readonly loaded = new Map<string, Map<string, CachedEnterprise>>()
  private readonly files = new Map<string, JsonFile<CacheFile>>()

  constructor(private readonly storage: Storage) {}

  private file(profileId: string): JsonFile<CacheFile> {
    let f = this.files.get(profileId)
    if (!f) {
      f = this.storage.file(`renewals/${encodeURIComponent(profileId)}.json`, fileSchema, () => ({ v: 1 as const, enterprises: [] }))
      this.files.set(profileId, f)
    }
    return f
  }

  /** The profile's enterprises as last read, by enterprise global id. */
  async get(profileId: string): Promise<Map<string, CachedEnterprise>> {
    let m = this.loaded.get(profileId)
    if (!m) {
      const data = await this.file(profileId).read()
      m = new Map(data.enterprises.map((e) => [e.enterpriseGlobalId, e]))
      this.loaded.set(profileId, m)
    }
    return m
  }

  /** Keeps one enterprise's reading (in memory; `save` writes it). */
  async put(profileId: string, e: CachedEnterprise): Promise<void> {
    ;(await this.get(profileId)).set(e.enterpriseGlobalId, e)
  }

  async save(profileId: string): Promise<void> {
    const m = await this.get(profileId)
    await this.file(profileId).write({ v: 1, enterprises: [...m.values()] })
  }
}
