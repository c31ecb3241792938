/**
 * The enterprise's virtual asset lists (order operation 8). The service sends the whole list in one answer, so
 * lists are cached per (profile, enterprise, extendCode) until the user refreshes, and the screen gets a columnar
 * projection (what the table shows and filters on); the full record of one asset comes on demand. A profile whose
 * address or enterprise changed (or that is gone) may now mean other data: its lists are dropped. Switching
 * profiles alone keeps them.
 */
import { AppError } from '@shared/errors/app-error'
import type { VirtualAsset } from '@shared/api/models'
import type { ProfileList } from '@shared/ipc/channels/profiles'
import { ASSET_FLAG, MAX_TABLE_ASSETS, type AssetTable } from '@shared/ipc/channels/assets'
import type { ApiClient } from '../../api/client'

/** What the cache needs: the API client of a profile, and (to follow profile changes) the profiles and their events. */
export interface AssetListDeps {
  clientFor(profileId: string): Promise<ApiClient>
  profiles?: { list(): Promise<ProfileList> }
  events?: { on(name: 'profiles.changed', listener: (payload: { activeId: string }) => void): () => void }
}

/** Index of a string in a dictionary being built (-1 for empty / absent). */
function dictIndex(dict: string[], index: Map<string, number>, value: string | null | undefined): number {
  if (value === null || value === undefined || value === '') return -1
  let i = index.get(value)
  if (i === undefined) {
    i = dict.length
    dict.push(value)
    index.set(value, i)
  }
  return i
}

/** The columns of an AssetTable (what `projectAssets` computes; the rest is the list's metadata). */
export type AssetColumns = Omit<AssetTable, 'profileId' | 'enterpriseGlobalId' | 'extendCode' | 'fetchedAt' | 'cached'>

/**
 * The extension codes of one asset as the table shows them: distinct, in order, joined with ", ". Most assets
 * have none or one: those cost no array or set.
 */
function extendCodesOf(r: VirtualAsset): string {
  const list = r.assetExtends
  if (!list || list.length === 0) return ''
  if (list.length === 1) return list[0]!.extendCode ?? ''
  const codes: string[] = []
  for (const e of list) if (e.extendCode && !codes.includes(e.extendCode)) codes.push(e.extendCode)
  return codes.join(', ')
}

/** The compact, columnar form of an asset list (see AssetTable): one pass, dictionaries for repeated strings. */
export function projectColumns(records: readonly VirtualAsset[]): AssetColumns {
  if (records.length > MAX_TABLE_ASSETS) {
    throw AppError.app('app.badResponse', { detail: `${records.length} assets is more than the ${MAX_TABLE_ASSETS} a table can hold` })
  }
  const n = records.length
  const dict = { licenseTypes: [] as string[], customers: [] as string[], members: [] as string[], extendCodes: [] as string[] }
  const idx = { licenseTypes: new Map<string, number>(), customers: new Map<string, number>(), members: new Map<string, number>(), extendCodes: new Map<string, number>() }
  const t: AssetColumns = {
    count: n,
    dict,
    id: new Array<string>(n),
    assetNum: new Array<string>(n),
    licenseType: new Array<number>(n),
    flags: new Array<number>(n),
    member: new Array<number>(n),
    customer: new Array<number>(n),
    extendCodes: new Array<number>(n),
    createTime: new Array<number>(n),
  }
  for (let i = 0; i < n; i++) {
    const r = records[i]!
    t.id[i] = r.id
    t.assetNum[i] = r.assetNum
    t.licenseType[i] = dictIndex(dict.licenseTypes, idx.licenseTypes, r.licenseType)
    t.flags[i] =
      (r.locked ? ASSET_FLAG.locked : 0) |
      (r.freezing ? ASSET_FLAG.frozen : 0) |
      (r.borrowedUsbKey ? ASSET_FLAG.borrowed : 0) |
      (r.grantable ? ASSET_FLAG.grantable : 0)
    t.member[i] = dictIndex(dict.members, idx.members, r.assignStatus?.assignMemberId)
    t.customer[i] = dictIndex(dict.customers, idx.customers, r.customerId)
    t.extendCodes[i] = dictIndex(dict.extendCodes, idx.extendCodes, extendCodesOf(r))
    t.createTime[i] = typeof r.createTime === 'number' ? r.createTime : -1
  }
  return t
}

/** The compact, columnar form of an asset list with its metadata (see AssetTable). */
export function projectAssets(
  records: readonly VirtualAsset[],
  meta: { profileId: string; enterpriseGlobalId: string; extendCode: string; fetchedAt: number; cached: boolean },
): AssetTable {
  return { ...meta, ...projectColumns(records) }
}

/**
 * One cached list: the records as the service sent them, and what is derived from them on first use (the
 * table's columns, an index by id for the detail drawer), so neither holds up the list nor is computed twice.
 */
export class CacheEntry {
  private index: Map<string, VirtualAsset> | null = null
  private numIndex: Set<string> | null = null
  private table: AssetColumns | null = null

  constructor(
    readonly records: VirtualAsset[],
    readonly fetchedAt: number,
  ) {}

  /** The record with this asset id, if any. */
  byId(id: string): VirtualAsset | undefined {
    if (!this.index) {
      this.index = new Map()
      for (const r of this.records) this.index.set(r.id, r)
    }
    return this.index.get(id)
  }

  /** Whether the list has an asset number (ignoring case). */
  hasNum(assetNum: string): boolean {
    this.numIndex ??= new Set(this.records.map((r) => r.assetNum.toLowerCase()))
    return this.numIndex.has(assetNum.trim().toLowerCase())
  }

  /** The table's columns (computed once; callers must not change them). */
  columns(): AssetColumns {
    return (this.table ??= projectColumns(this.records))
  }
}

/** A resolved list key. */
export interface AssetListTarget {
  profileId: string
  enterpriseGlobalId: string
  extendCode: string
}

/**
 * Asset lists by (profile, enterprise, extendCode), newest few kept (each may hold 200,000 records). Concurrent
 * requests for the same list share one call.
 */
export class AssetListCache {
  private readonly entries = new Map<string, CacheEntry>()
  private readonly inFlight = new Map<string, Promise<CacheEntry>>()

  /** Settles once the cache has caught up with the last profile change (lists wait for it). */
  private synced: Promise<void> = Promise.resolve()

  constructor(
    private readonly deps: AssetListDeps,
    private readonly opts: { maxEntries?: number; now?: () => number } = {},
  ) {
    const { profiles, events } = deps
    if (profiles && events) this.followProfiles(profiles, events)
  }

  private followProfiles(profiles: NonNullable<AssetListDeps['profiles']>, events: NonNullable<AssetListDeps['events']>): void {
    const known = new Map<string, string>()
    const fingerprints = async () => {
      const { profiles: list } = await profiles.list()
      return new Map(list.map((p) => [p.id, [p.baseUrl, p.enterpriseGlobalId, p.channelCode, p.channelCustomerId].join('\u0000')]))
    }
    this.synced = fingerprints()
      .then((now) => now.forEach((v, k) => known.set(k, v)))
      .catch(() => undefined)
    events.on('profiles.changed', () => {
      this.synced = this.synced
        .then(fingerprints)
        .then((now) => {
          for (const [id, before] of known) if (now.get(id) !== before) this.forgetProfile(id)
          known.clear()
          now.forEach((v, k) => known.set(k, v))
        })
        .catch(() => undefined)
    })
  }

  private static key(t: AssetListTarget): string {
    return `${t.profileId}\u0000${t.enterpriseGlobalId}\u0000${t.extendCode}`
  }

  /** The list, from the cache unless `refresh`, not cached, or older than `maxAgeMs`; `cached` says which. */
  async get(target: AssetListTarget, refresh = false, maxAgeMs = Infinity): Promise<{ entry: CacheEntry; cached: boolean }> {
    await this.synced
    const key = AssetListCache.key(target)
    const hit = this.entries.get(key)
    if (hit && !refresh && (this.opts.now ?? Date.now)() - hit.fetchedAt <= maxAgeMs) {
      // Most recently used goes last, so eviction drops the oldest.
      this.entries.delete(key)
      this.entries.set(key, hit)
      return { entry: hit, cached: true }
    }
    let pending = this.inFlight.get(key)
    if (!pending) {
      pending = this.fetch(target).finally(() => this.inFlight.delete(key))
      this.inFlight.set(key, pending)
    }
    const entry = await pending
    return { entry, cached: false }
  }

  /** The list if it is cached (no call). */
  peek(target: AssetListTarget): CacheEntry | undefined {
    return this.entries.get(AssetListCache.key(target))
  }

  /**
   * The enterprise (other than `except`) of a list of the profile kept here that has the number, or null: what
   * the app knows of another enterprise's number without a call.
   */
  whereIs(profileId: string, assetNum: string, except: string): string | null {
    for (const [k, e] of this.entries) {
      const [p, enterprise] = k.split('\u0000')
      if (p === profileId && enterprise !== undefined && enterprise !== except && e.hasNum(assetNum)) return enterprise
    }
    return null
  }

  /** Forgets the lists of one enterprise of a profile (its holders changed). */
  forgetEnterprise(profileId: string, enterpriseGlobalId: string): void {
    for (const k of [...this.entries.keys()]) if (k.startsWith(`${profileId}\u0000${enterpriseGlobalId}\u0000`)) this.entries.delete(k)
  }

  /** Forgets every list of a profile (its address or enterprise changed). */
  forgetProfile(profileId: string): void {
    for (const k of [...this.entries.keys()]) if (k.startsWith(`${profileId}\u0000`)) this.entries.delete(k)
  }

  private async fetch(target: AssetListTarget): Promise<CacheEntry> {
    const client = await this.deps.clientFor(target.profileId)
    const records = await client.listVirtualAssets(
      target.enterpriseGlobalId,
      target.extendCode ? { extendCode: target.extendCode } : undefined,
    )
    const entry = new CacheEntry(records, (this.opts.now ?? Date.now)())
    const key = AssetListCache.key(target)
    this.entries.delete(key)
    this.entries.set(key, entry)
    const max = this.opts.maxEntries ?? 2
    while (this.entries.size > max) {
      const oldest = this.entries.keys().next().value
      if (oldest === undefined) break
      this.entries.delete(oldest)
    }
    return entry
  }
}
