/**
 * Handlers of the virtual assets screen (order operation 8). The service sends the whole list in one answer, so
 * the list is cached here per (profile, enterprise, extendCode) until the user refreshes, and the renderer gets a
 * columnar projection (what the table shows and filters on); the full record of one asset comes on demand.
 * Also the helpers the other desk handlers share: which profile and enterprise a call is about.
 */
import { AppError } from '@shared/errors/app-error'
import type { VirtualAsset } from '@shared/api/models'
import { ASSET_FLAG, MAX_TABLE_ASSETS, type AssetTable } from '@shared/ipc/channels/assets'
import type { ApiClient } from '../api/client'
import { clientPoolFor } from '../api/client-pool'
import type { Services } from '../core/services'
import type { HandlerRegistry } from '../ipc/registry'

/** What the desk handlers need besides the core's services: the API client of a profile (journal attached). */
export interface DeskDeps {
  clientFor(profileId: string): Promise<ApiClient>
}

/** The profile a call is about: the one named, else the active one. */
export async function targetProfile(services: Pick<Services, 'profiles'>, profileId: string | undefined): Promise<string> {
  return profileId ?? (await services.profiles.activeId())
}

/**
 * The enterprise a call is about: the one given, else the profile's enterprise global id, else the enterprise the
 * profile's channel customer is bound to (order operation 3, default customer), remembered per profile.
 */
export class EnterpriseResolver {
  private readonly byChannel = new Map<string, string>()

  constructor(
    private readonly services: Pick<Services, 'profiles'>,
    private readonly deps: DeskDeps,
  ) {}

  /** Forgets what was learnt (profiles changed). */
  clear(): void {
    this.byChannel.clear()
  }

  async resolve(profileId: string, given: string | undefined): Promise<string> {
    if (given) return given
    const view = await this.services.profiles.get(profileId)
    if (view.enterpriseGlobalId) return view.enterpriseGlobalId
    if (!view.channelCode || !view.channelCustomerId) throw AppError.app('app.noEnterprise')
    const key = `${profileId}\u0000${view.baseUrl}\u0000${view.channelCode}\u0000${view.channelCustomerId}`
    const known = this.byChannel.get(key)
    if (known) return known
    const client = await this.deps.clientFor(profileId)
    const customers = await client.queryEnterprise({
      channelCode: view.channelCode,
      channelCustomerId: view.channelCustomerId,
      defaultCustomer: 'Y',
    })
    const id = customers.find((c) => c.enterpriseGlobalId)?.enterpriseGlobalId
    if (!id) throw AppError.app('app.noEnterprise')
    this.byChannel.set(key, id)
    return id
  }
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

  constructor(
    private readonly deps: DeskDeps,
    private readonly opts: { maxEntries?: number; now?: () => number } = {},
  ) {}

  private static key(t: AssetListTarget): string {
    return `${t.profileId}\u0000${t.enterpriseGlobalId}\u0000${t.extendCode}`
  }

  /** The list, from the cache unless `refresh`, not cached, or older than `maxAgeMs`; `cached` says which. */
  async get(target: AssetListTarget, refresh = false, maxAgeMs = Infinity): Promise<{ entry: CacheEntry; cached: boolean }> {
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

/** The desk's shared state, built once per core: resolving enterprises, and the asset list cache. */
export interface DeskState {
  deps: DeskDeps
  enterprises: EnterpriseResolver
  assets: AssetListCache
  /** Settles once the caches have caught up with the last profile change (lists wait for it). */
  synced: Promise<void>
}

const deskStates = new WeakMap<Services, DeskState>()

/**
 * The desk's state for a core (built on first use, shared by the assets, shell numbers, lookup, locks and import
 * handlers). `deps` may be given once, before the first handler is registered (tests); otherwise the core's API
 * clients are used.
 */
export function deskStateFor(services: Services, deps?: DeskDeps): DeskState {
  let state = deskStates.get(services)
  if (state && deps && state.deps !== deps) throw new Error('desk dependencies were already set for this core')
  if (!state) {
    const d = deps ?? coreDeskDeps(services)
    state = { deps: d, enterprises: new EnterpriseResolver(services, d), assets: new AssetListCache(d), synced: Promise.resolve() }
    deskStates.set(services, state)
    // A profile whose address or enterprise changed (or that is gone) may now mean other data: drop what was
    // cached for it. Switching profiles alone keeps the lists.
    const known = new Map<string, string>()
    const fingerprints = async () => {
      const { profiles } = await services.profiles.list()
      return new Map(profiles.map((p) => [p.id, [p.baseUrl, p.enterpriseGlobalId, p.channelCode, p.channelCustomerId].join('\u0000')]))
    }
    const desk = state
    desk.synced = fingerprints()
      .then((now) => now.forEach((v, k) => known.set(k, v)))
      .catch(() => undefined)
    services.events.on('profiles.changed', () => {
      desk.enterprises.clear()
      desk.synced = desk.synced
        .then(fingerprints)
        .then((now) => {
          for (const [id, before] of known) if (now.get(id) !== before) desk.assets.forgetProfile(id)
          known.clear()
          now.forEach((v, k) => known.set(k, v))
        })
        .catch(() => undefined)
    })
  }
  return state
}

/** Resolves an asset list key from a channel input. */
export async function resolveListTarget(
  services: Pick<Services, 'profiles'>,
  desk: DeskState,
  input: { profileId?: string | undefined; enterpriseGlobalId?: string | undefined; extendCode?: string | undefined },
): Promise<AssetListTarget> {
  await desk.synced
  const profileId = await targetProfile(services, input.profileId)
  const enterpriseGlobalId = await desk.enterprises.resolve(profileId, input.enterpriseGlobalId || undefined)
  return { profileId, enterpriseGlobalId, extendCode: input.extendCode ?? '' }
}

/** Registers the `assets.*` channels. */
export function registerAssetHandlers(registry: HandlerRegistry, services: Services): void {
  const desk = deskStateFor(services)
  registry.handle('assets.list', async (input) => {
    const target = await resolveListTarget(services, desk, input)
    const { entry, cached } = await desk.assets.get(target, input.refresh ?? false)
    return { ...target, fetchedAt: entry.fetchedAt, cached, ...entry.columns() }
  })
  registry.handle('assets.detail', async (input) => {
    const target = await resolveListTarget(services, desk, input)
    const { entry } = await desk.assets.get(target)
    const record = entry.byId(input.id)
    if (!record) throw AppError.app('app.notFound', { what: input.id })
    return record
  })
}

/** The core's API clients: its one journaled pool, shared with the bulk runner. */
function coreDeskDeps(services: Services): DeskDeps {
  const pool = clientPoolFor(services)
  return { clientFor: (profileId) => pool.get(profileId) }
}
