/**
 * The asset lookup: one asset number, everything the operations can tell about it. Sources are asked in parallel
 * and each answers for itself (a failing member group still shows the order group's record). The products need
 * the asset id, so they are asked once another source gave it. Naming the holder may read many pages of
 * employees, so it is its own call and the screen shows the rest first.
 */
import { AppError, toAppErrorData, type AppErrorData } from '@shared/errors/app-error'
import type { EnterpriseAssetNum, LentLock, ListedMember, VirtualAsset } from '@shared/api/models'
import type { AssetLookup, LookupMember, SourceState } from '@shared/ipc/channels/lookup'
import type { ApiClient } from '../../api/client'
import type { AssetListCache } from '../assets'

/** How old a cached list may be for a lookup (lookups should show the service's current state). */
export const LOOKUP_MAX_AGE_MS = 60_000
/** Most employees read to name a holder before giving up (member operation 5 cannot filter by id). */
export const MEMBER_SEARCH_LIMIT = 25_000
/** Pages of employees read at once while searching. */
const MEMBER_PAGE_CONCURRENCY = 3

/** Finds a record by asset number: exact first, then ignoring case (asset numbers of cloud accounts have letters). */
export function findByAssetNum<T extends { assetNum: string }>(list: readonly T[], assetNum: string): T | null {
  const exact = list.find((r) => r.assetNum === assetNum)
  if (exact) return exact
  const lower = assetNum.toLowerCase()
  return list.find((r) => r.assetNum.toLowerCase() === lower) ?? null
}

async function settle<T>(work: () => Promise<T>): Promise<{ source: SourceState; value: T | null }> {
  try {
    return { source: { status: 'ok' }, value: await work() }
  } catch (err) {
    return { source: { status: 'error', error: toAppErrorData(err) }, value: null }
  }
}

/**
 * Who the member group answers for: the enterprise of the connection's employee login. Its operations answer
 * 60000 for any other enterprise (60024 for an asset's products), which the screen then says in plain words
 * (app.enterpriseNotVisible) instead of "the token is incorrect, expired, or lacks permission".
 */
export interface LookupAccount {
  /** The connection's own enterprise (the profile's), null when it names none. */
  ownEnterpriseGlobalId: string | null
  /** The employee login of the member group. */
  login: string
}

/** A member-group refusal (60000, 60024) for an enterprise other than the connection's own, said as what it is. */
export function inPlainWords(error: AppErrorData, enterpriseGlobalId: string, account: LookupAccount | undefined): AppErrorData {
  if ((error.code !== '60000' && error.code !== '60024') || !account || account.ownEnterpriseGlobalId === enterpriseGlobalId) return error
  return toAppErrorData(AppError.app('app.enterpriseNotVisible', { enterprise: enterpriseGlobalId, login: account.login || '—', own: account.ownEnterpriseGlobalId ?? '—' }, { cause: error.code }))
}

/** A short-lived cache of whole-enterprise lists the lookup reads (asset numbers can be 200,000 records). */
export class TimedCache<T> {
  private readonly entries = new Map<string, { at: number; value: Promise<T> }>()
  constructor(private readonly maxAgeMs: number) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key)
    if (hit && Date.now() - hit.at <= this.maxAgeMs) return hit.value
    const value = load()
    this.entries.set(key, { at: Date.now(), value })
    // A failed reading is not kept; one that was dropped (clear) and replaced is not this one's to remove.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key)
    })
    // One enterprise at a time is plenty; do not keep several 200,000-record lists alive.
    for (const k of [...this.entries.keys()]) if (k !== key) this.entries.delete(k)
    return value
  }

  /** Drops a key: the next `get` loads it again. */
  forget(key: string): void {
    this.entries.delete(key)
  }

  /** Forgets every list kept. */
  clear(): void {
    this.entries.clear()
  }
}

/** The key of an enterprise's asset numbers in the cache. */
const numsKey = (t: { profileId: string; enterpriseGlobalId: string }): string => `${t.profileId}\u0000${t.enterpriseGlobalId}`

/** The enterprise's asset numbers, kept a minute (TimedCache): what a lookup needs of it. */
export interface AssetNumsCache {
  get(key: string, load: () => Promise<EnterpriseAssetNum[]>): Promise<EnterpriseAssetNum[]>
  forget?(key: string): void
}

/**
 * Composes the lookup of one asset number (see the module comment). A number no list has is read again from the
 * service before it is called not found when the lists came from the cache: lists read a minute ago may predate
 * the asset (just bought). Lists read for this very lookup are not read twice (an enterprise's 200,000 assets).
 */
export async function lookupAsset(
  assets: Pick<AssetListCache, 'get'>,
  client: ApiClient,
  target: { profileId: string; enterpriseGlobalId: string; assetNum: string },
  assetNumsCache?: AssetNumsCache,
  account?: LookupAccount,
): Promise<AssetLookup> {
  const first = await lookupOnce(assets, client, target, assetNumsCache, account, false)
  if (first.lookup.found || !first.cached) return first.lookup
  assetNumsCache?.forget?.(numsKey(target))
  return (await lookupOnce(assets, client, target, assetNumsCache, account, true)).lookup
}


async function lookupOnce(
  assets: Pick<AssetListCache, 'get'>,
  client: ApiClient,
  target: { profileId: string; enterpriseGlobalId: string; assetNum: string },
  assetNumsCache: AssetNumsCache | undefined,
  account: LookupAccount | undefined,
  fresh: boolean,
): Promise<{ lookup: AssetLookup; cached: boolean }> {
  const { profileId, enterpriseGlobalId, assetNum } = target
  let cached = false
  const member = async <T>(work: () => Promise<T>) => {
    const r = await settle(work)
    return r.source.status === 'error' ? { source: { status: 'error' as const, error: inPlainWords(r.source.error, enterpriseGlobalId, account) }, value: r.value } : r
  }
  const [virtual, numbers, lent] = await Promise.all([
    settle<VirtualAsset | null>(async () => {
      const got = await assets.get({ profileId, enterpriseGlobalId, extendCode: '' }, fresh, LOOKUP_MAX_AGE_MS)
      if (got.cached) cached = true
      return findByAssetNum(got.entry.records, assetNum)
    }),
    member<EnterpriseAssetNum | null>(async () => {
      let loaded = false
      const load = () => {
        loaded = true
        return client.listAssetNums(enterpriseGlobalId)
      }
      const list = assetNumsCache ? await assetNumsCache.get(numsKey(target), load) : await load()
      if (!loaded) cached = true
      return findByAssetNum(list, assetNum)
    }),
    member<LentLock | null>(async () => findByAssetNum(await client.listLentLocks(enterpriseGlobalId), assetNum)),
  ])
  const assetId = virtual.value?.id ?? numbers.value?.assetId ?? lent.value?.assetId ?? null
  const products = assetId
    ? await member(() => client.listAssetProducts(assetId))
    : { source: { status: 'skipped', reason: 'noAssetId' } as SourceState, value: null }
  const holderGlobalId =
    numbers.value?.cloudAccountGlobalId ?? virtual.value?.assignStatus?.assignMemberId ?? lent.value?.cloudAccountGlobalId ?? null
  const lookup: AssetLookup = {
    assetNum: virtual.value?.assetNum ?? numbers.value?.assetNum ?? lent.value?.assetNum ?? assetNum,
    enterpriseGlobalId,
    found: virtual.value !== null || numbers.value !== null || lent.value !== null,
    virtualAsset: { source: virtual.source, record: virtual.value },
    assetNumber: { source: numbers.source, record: numbers.value },
    products: { source: products.source, data: products.value },
    lentLocks: { source: lent.source, record: lent.value },
    holderGlobalId,
  }
  return { lookup, cached }
}

/** The employee list read page by page, remembered per enterprise for a few minutes (names rarely change). */
export class MemberDirectory {
  private readonly known = new Map<string, { at: number; members: Map<string, ListedMember>; pagesRead: Set<number>; total: number | null }>()

  constructor(private readonly opts: { maxAgeMs?: number; pageSize: () => Promise<number>; limit?: number }) {}

  /** Forgets every employee read (a search under way finishes on what it read, and keeps none of it). */
  clear(): void {
    this.known.clear()
  }

  /** Finds an employee by global id, reading pages in order (a few at a time) until found or past the limit. */
  async find(client: ApiClient, profileId: string, enterpriseGlobalId: string, globalId: string): Promise<LookupMember> {
    const key = `${profileId}\u0000${enterpriseGlobalId}`
    let dir = this.known.get(key)
    if (!dir || Date.now() - dir.at > (this.opts.maxAgeMs ?? 5 * 60_000)) {
      dir = { at: Date.now(), members: new Map(), pagesRead: new Set(), total: null }
      this.known.set(key, dir)
    }
    const limit = this.opts.limit ?? MEMBER_SEARCH_LIMIT
    const pageSize = await this.opts.pageSize()
    const maxPages = Math.ceil(limit / pageSize)
    const result = (complete: boolean): LookupMember => {
      const m = dir.members.get(globalId)
      return {
        found: m !== undefined,
        member: m
          ? {
              globalId: m.globalId,
              userName: m.userName,
              name: m.name ?? null,
              departmentName: m.departmentName ?? null,
              assetNums: m.assetNums ?? [],
              borrowNum: m.borrowNum ?? null,
              onlineFlag: m.onlineFlag ?? null,
            }
          : null,
        searched: dir.members.size,
        complete,
      }
    }
    const readPage = async (pageNum: number): Promise<void> => {
      if (dir.pagesRead.has(pageNum)) return
      const page = await client.listMembers(enterpriseGlobalId, { pageNum, pageSize })
      for (const m of page.list) dir.members.set(m.globalId, m)
      dir.total = page.total
      dir.pagesRead.add(pageNum)
    }
    if (dir.members.has(globalId)) return result(true)
    await readPage(1)
    const pages = () => Math.ceil((dir.total ?? 0) / pageSize)
    let next = 2
    while (!dir.members.has(globalId) && next <= Math.min(pages(), maxPages)) {
      const batch: number[] = []
      while (batch.length < MEMBER_PAGE_CONCURRENCY && next <= Math.min(pages(), maxPages)) batch.push(next++)
      await Promise.all(batch.map(readPage))
    }
    return result(dir.members.has(globalId) || pages() <= maxPages)
  }
}

/**
 * The lookup's own caches, built once per core: the enterprise's asset numbers, and the employees it read to name
 * holders. The core drops them (clear) whenever what they hold may have changed: a profile changed or another
 * became active, a job on employees or assignments finished, a configure or lend call was made.
 */
export class LookupService {
  private readonly assetNums = new TimedCache<EnterpriseAssetNum[]>(LOOKUP_MAX_AGE_MS)
  private readonly directory: MemberDirectory

  constructor(private readonly deps: { assets: Pick<AssetListCache, 'get'>; pageSize: () => Promise<number> }) {
    this.directory = new MemberDirectory({ pageSize: deps.pageSize })
  }

  /** Everything the sources tell about one asset number. */
  asset(client: ApiClient, target: { profileId: string; enterpriseGlobalId: string; assetNum: string }, account?: LookupAccount): Promise<AssetLookup> {
    return lookupAsset(this.deps.assets, client, target, this.assetNums, account)
  }

  /** Names an employee by global id. */
  async member(client: ApiClient, profileId: string, enterpriseGlobalId: string, globalId: string, account?: LookupAccount): Promise<LookupMember> {
    try {
      return await this.directory.find(client, profileId, enterpriseGlobalId, globalId)
    } catch (err) {
      const data = toAppErrorData(err)
      const said = inPlainWords(data, enterpriseGlobalId, account)
      throw said === data ? err : AppError.fromData(said)
    }
  }

  /** Forgets the asset numbers and employees kept: the next lookup reads them from the service. */
  clear(): void {
    this.assetNums.clear()
    this.directory.clear()
  }
}
