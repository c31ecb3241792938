/**
 * Reading back after a create whose outcome is unknown (timeout, dropped connection, 500), before anything is
 * sent again (docs/decisions.md). Each reconciler answers from the service's current state: done, not done, or
 * (where nothing can be read back, e.g. shell numbers) unknown.
 */
import type { BatchOrderBody } from '@shared/api/orders'
import type { BindEnterpriseBody, LendAssetsBody } from '@shared/api/operations'
import type { AssetProducts, EnterpriseCustomer, ListedMember, MerchandiseInstance, ProductInstance, VirtualAsset } from '@shared/api/models'
import { AppError } from '@shared/errors/app-error'
import type { ReadBackReason } from '@shared/orders/outbox'
import { DEFAULT_LIMITS } from '@shared/settings'
import type { ApiClient, CallOptions } from './client'

export type Reconciled = 'done' | 'notDone' | 'unknown'

/** Below this many names, search each by keyword; above, read the whole employee list once. */
export const KEYWORD_SEARCH_MAX = 10

/**
 * Whether a listed employee is the one we sent. The service may append the enterprise code to `userName`
 * (spec limits), so a listed name equal to ours, or ours followed by a separator and a suffix, matches.
 * Names are compared case-insensitively (accounts are letters and digits; we never send two that differ only
 * in case: the import rejects them as duplicates).
 */
export function sameUserName(listed: string, sent: string): boolean {
  const l = listed.toLowerCase()
  const s = sent.toLowerCase()
  return l === s || (l.startsWith(s) && /^[@._-]/.test(l.slice(s.length)))
}

/** Every employee of an enterprise, page by page. */
export async function listAllMembers(
  client: ApiClient,
  enterpriseGlobalId: string,
  opts: CallOptions & { pageSize?: number } = {},
): Promise<ListedMember[]> {
  const pageSize = opts.pageSize ?? DEFAULT_LIMITS.maxPageSize
  const all: ListedMember[] = []
  for (let pageNum = 1; ; pageNum++) {
    const page = await client.listMembers(enterpriseGlobalId, { pageNum, pageSize }, opts)
    all.push(...page.list)
    if (page.list.length === 0 || pageNum >= page.pages || all.length >= page.total) return all
  }
}

/**
 * Which of `userNames` exist now in the enterprise: sent userName → the employee found. Used after an
 * add-employees call ended UNKNOWN: found ones were created, the others were not and may be sent again.
 */
export async function findMembers(
  client: ApiClient,
  enterpriseGlobalId: string,
  userNames: string[],
  /** `wholeList`: read the whole list even for a few names (when the keyword search itself fails). */
  opts: CallOptions & { pageSize?: number; wholeList?: boolean } = {},
): Promise<Map<string, ListedMember>> {
  const found = new Map<string, ListedMember>()
  const match = (list: ListedMember[]) => {
    // Indexed by the name and by its part before a suffix separator, so matching is linear (a list can hold
    // tens of thousands of employees); sameUserName confirms each candidate.
    const index = new Map<string, ListedMember[]>()
    const add = (k: string, m: ListedMember) => {
      const l = index.get(k)
      if (l) l.push(m)
      else index.set(k, [m])
    }
    for (const m of list) {
      if (m.deleted) continue
      const name = m.userName.toLowerCase()
      add(name, m)
      const cut = name.search(/[@._-]/)
      if (cut > 0) add(name.slice(0, cut), m)
    }
    for (const u of userNames) {
      if (found.has(u)) continue
      const hit = index.get(u.toLowerCase())?.find((m) => sameUserName(m.userName, u))
      if (hit) found.set(u, hit)
    }
  }
  if (userNames.length <= KEYWORD_SEARCH_MAX && !opts.wholeList) {
    for (const u of userNames) {
      const page = await client.listMembers(enterpriseGlobalId, { keyword: u, pageNum: 1, pageSize: 50 }, opts)
      match(page.list)
    }
  } else {
    match(await listAllMembers(client, enterpriseGlobalId, opts))
  }
  return found
}

/** After bind ended UNKNOWN: the customer record if the binding exists now. */
export async function reconcileBind(client: ApiClient, body: BindEnterpriseBody, opts: CallOptions = {}): Promise<EnterpriseCustomer | null> {
  const records = await client.queryEnterprise(
    { channelCode: body.channelCode, channelCustomerId: body.channelCustomerId, defaultCustomer: 'N' },
    opts,
  )
  return records.find((r) => r.channelCode === body.channelCode && r.channelCustomerId === body.channelCustomerId) ?? null
}

/** What reading back found for one entry of a batch order. */
export interface EntryReadBack {
  sequence: number
  verdict: 'done' | 'notDone' | 'cannotTell'
  reason: ReadBackReason
  /** The asset numbers the reason is about (the first few): what the user can check. */
  assetNos: string[]
  /** From the product instances found (new_buy), else null. */
  licenseOrderId: string | null
  customerId: string | null
}

export interface BatchReadBackOptions extends CallOptions {
  /** Asset numbers of the order's new_buy entries that were listed before it was sent (null: not known). */
  preExisting?: readonly string[] | null
  /** Whether member operation 7 (products of an asset) may be asked (member credentials are configured). */
  memberProducts?: boolean
}

const FEW = 20
/** Products of assets read side by side during a read-back. */
const PRODUCT_READS_AT_ONCE = 8

/** Every product instance of an asset (loose ones and those in packages, at any depth). */
export function instancesOf(p: AssetProducts): ProductInstance[] {
  const out = [...(p.productInstanceList ?? [])]
  const walk = (m: MerchandiseInstance): void => {
    out.push(...(m.productInstanceList ?? []))
    for (const c of m.children ?? []) walk(c)
  }
  for (const m of p.children ?? []) walk(m)
  return out
}

/** Whether a package tree holds something of a channel order (packages carry the order's ids too). */
function merchandiseOf(p: AssetProducts, channelOrderId: string): string | null {
  let found: string | null = null
  const walk = (m: MerchandiseInstance): void => {
    if (found === null && m.channelOrderId === channelOrderId) found = m.licenseOrderId ?? ''
    for (const c of m.children ?? []) walk(c)
  }
  for (const m of p.children ?? []) walk(m)
  return found
}

/**
 * After a batch order ended UNKNOWN, per entry: done, not done, or cannot tell, with the reason (see
 * docs/engine.md "Orders: outbox and exactly-once"). Evidence, best first:
 * - new_buy: products (or packages) carrying this order's `channelOrderId` on its assets (member operation 7,
 *   when member credentials are configured); else the asset list (order operation 8): none of its numbers
 *   listed → not done; every number that was not listed before sending is listed now → done; its assets all
 *   existed before and their products cannot be read → cannot tell.
 * - delete_asset: none of its numbers listed → done; all still listed → not done; some → cannot tell.
 * - delete_product: the products to revoke are gone from its assets → done; still there → not done; the
 *   products cannot be read → cannot tell.
 * A read that fails throws (the caller tries again later); an asset whose products cannot be read (another
 * enterprise, member group refused) only weakens the evidence.
 */
export async function readBackBatchOrder(client: ApiClient, body: BatchOrderBody, opts: BatchReadBackOptions = {}): Promise<EntryReadBack[]> {
  const before = opts.preExisting ? new Set(opts.preExisting) : null
  const listed = new Map<string, Map<string, VirtualAsset>>()
  const productsCache = new Map<string, AssetProducts | null>()
  const assetsOf = async (eid: string): Promise<Map<string, VirtualAsset>> => {
    let m = listed.get(eid)
    if (!m) {
      const list = await client.listVirtualAssets(eid, undefined, opts)
      m = new Map(list.map((a) => [a.assetNum, a]))
      listed.set(eid, m)
    }
    return m
  }
  /** The products of an asset; null when they cannot be read here. */
  const productsOf = async (a: VirtualAsset): Promise<AssetProducts | null> => {
    if (!opts.memberProducts) return null
    if (productsCache.has(a.id)) return productsCache.get(a.id)!
    let p: AssetProducts | null = null
    try {
      p = await client.listAssetProducts(a.id, opts)
    } catch (err) {
      // A transport failure is a failed read (tried again later); a refusal (another enterprise) is no evidence.
      if (err instanceof AppError && err.code.startsWith('app.') && err.code !== 'app.httpStatus') throw err
      p = null
    }
    productsCache.set(a.id, p)
    return p
  }
  // The products of the assets the verdicts will look at first, a few calls at a time (one per asset: an order of
  // 100 entries would otherwise wait for 100 calls in a row).
  if (opts.memberProducts) {
    const first: VirtualAsset[] = []
    for (const e of body.orderList) {
      const assets = await assetsOf(e.enterpriseGlobalId)
      const listedNos = e.assets.flatMap((a) => a.assetNos).filter((n) => assets.has(n))
      for (const n of e.orderType === 'delete_product' ? listedNos : listedNos.slice(0, 1)) first.push(assets.get(n)!)
    }
    const queue = [...new Map(first.map((a) => [a.id, a])).values()]
    await Promise.all(
      Array.from({ length: Math.min(PRODUCT_READS_AT_ONCE, queue.length) }, async () => {
        for (let a = queue.shift(); a; a = queue.shift()) await productsOf(a)
      }),
    )
  }
  const out: EntryReadBack[] = []
  for (const e of body.orderList) {
    const nos = e.assets.flatMap((a) => a.assetNos)
    const assets = await assetsOf(e.enterpriseGlobalId)
    const present = nos.filter((n) => assets.has(n))
    const absent = nos.filter((n) => !assets.has(n))
    const r = (verdict: EntryReadBack['verdict'], reason: ReadBackReason, about: string[], lo: string | null = null, cid: string | null = null): void => {
      out.push({ sequence: e.sequence, verdict, reason, assetNos: about.slice(0, FEW), licenseOrderId: lo, customerId: cid })
    }
    if (e.orderType === 'new_buy') {
      if (present.length === 0) {
        r('notDone', 'assetsAbsent', nos)
        continue
      }
      const customerId = assets.get(present[0]!)?.customerId ?? null
      // Member operation 7: products carrying this order's channelOrderId.
      let found: string | null = null
      let readable = true
      const hasProducts = e.assets.some((a) => (a.products?.length ?? 0) > 0 || (a.merchandises?.length ?? 0) > 0)
      for (const no of present) {
        const p = await productsOf(assets.get(no)!)
        if (!p) {
          readable = false
          continue
        }
        const inst = instancesOf(p).find((i) => i.channelOrderId === body.channelOrderId && (!i.channelCode || i.channelCode === body.channelCode))
        if (inst) {
          found = inst.licenseOrderId ?? ''
          break
        }
        const m = merchandiseOf(p, body.channelOrderId)
        if (m !== null) {
          found = m
          break
        }
      }
      if (found !== null) {
        r('done', 'instancesFound', present, found || null, customerId)
        continue
      }
      if (readable && hasProducts && absent.length === 0) {
        r('notDone', 'instancesMissing', present)
        continue
      }
      // The asset list alone: numbers that were not listed before sending and are listed now.
      if (before) {
        const fresh = nos.filter((n) => !before.has(n))
        if (fresh.length > 0 && fresh.every((n) => assets.has(n))) {
          r('done', 'assetsAppeared', fresh, null, customerId)
          continue
        }
        if (fresh.length > 0 && fresh.every((n) => !assets.has(n))) {
          // Nothing new appeared; the assets listed all existed before: their products would tell.
          r(readable && hasProducts ? 'notDone' : 'cannotTell', readable && hasProducts ? 'instancesMissing' : 'assetsExistedBefore', present)
          continue
        }
        if (fresh.length === 0) {
          r('cannotTell', hasProducts ? 'productsUnreadable' : 'assetsExistedBefore', present)
          continue
        }
      }
      r('cannotTell', absent.length > 0 ? 'assetsPartly' : 'assetsExistedBefore', absent.length > 0 ? absent : present)
      continue
    }
    if (e.orderType === 'delete_asset') {
      if (present.length === 0) r('done', 'assetsGone', nos)
      else if (absent.length === 0) r('notDone', 'assetsStill', present)
      else r('cannotTell', 'assetsPartly', present)
      continue
    }
    // delete_product: are the products to revoke still on the assets?
    if (present.length === 0) {
      r('cannotTell', 'assetsPartly', nos)
      continue
    }
    let still = false
    let unreadable = false
    for (const a of e.assets) {
      for (const no of a.assetNos) {
        const asset = assets.get(no)
        if (!asset) continue
        const p = await productsOf(asset)
        if (!p) {
          unreadable = true
          continue
        }
        const inst = instancesOf(p)
        for (const d of a.products ?? []) {
          const src = e.srcLicenseOrderId
          if (inst.some((i) => i.productUri === d.productUri && (!src || i.licenseOrderId === src) && (d.strictMatchWhenDelete !== true || ((i.limitStartTime ?? null) === (d.limitStartDate ?? null) && (i.limitEndTime ?? null) === (d.limitEndDate ?? null) && i.limitConcurrent === d.limitConcurrent)))) {
            still = true
          }
        }
      }
    }
    if (still) r('notDone', 'productsStill', present)
    else if (unreadable) r('cannotTell', 'productsUnreadable', present)
    else r('done', 'productsGone', present)
  }
  return out
}

/** Asset numbers of the new_buy entries of an order that are listed now (read before sending, as evidence). */
export async function listedBefore(client: ApiClient, body: BatchOrderBody, opts: CallOptions = {}): Promise<string[]> {
  const out: string[] = []
  const byEnterprise = new Map<string, string[]>()
  for (const e of body.orderList) {
    if (e.orderType !== 'new_buy') continue
    const l = byEnterprise.get(e.enterpriseGlobalId) ?? []
    l.push(...e.assets.flatMap((a) => a.assetNos))
    byEnterprise.set(e.enterpriseGlobalId, l)
  }
  for (const [eid, nos] of byEnterprise) {
    const list = new Set((await client.listVirtualAssets(eid, undefined, opts)).map((a) => a.assetNum))
    for (const n of nos) if (list.has(n)) out.push(n)
  }
  return out
}

/**
 * After a batch order ended UNKNOWN, per order `sequence` (the asset list only, no products read): see
 * readBackBatchOrder.
 */
export async function reconcileBatchOrder(client: ApiClient, body: BatchOrderBody, opts: BatchReadBackOptions = {}): Promise<Map<number, Reconciled>> {
  const out = new Map<number, Reconciled>()
  for (const r of await readBackBatchOrder(client, body, opts)) out.set(r.sequence, r.verdict === 'cannotTell' ? 'unknown' : r.verdict)
  return out
}

/** After lend ended UNKNOWN: done when the lent lock is now lent to that employee. */
export async function reconcileLend(
  client: ApiClient,
  enterpriseGlobalId: string,
  memberGlobalId: string,
  body: LendAssetsBody,
  opts: CallOptions = {},
): Promise<Reconciled> {
  const lent = await client.listLentLocks(enterpriseGlobalId, opts)
  const lock = lent.find((l) => l.assetNum === body.borrowedUsbKey)
  if (!lock) return 'notDone'
  return lock.cloudAccountGlobalId === memberGlobalId ? 'done' : 'notDone'
}

/** After delete ended UNKNOWN: done when the employee is no longer listed. */
export async function reconcileDeleteMember(
  client: ApiClient,
  enterpriseGlobalId: string,
  memberGlobalId: string,
  opts: CallOptions & { userName?: string } = {},
): Promise<Reconciled> {
  const list = opts.userName
    ? (await client.listMembers(enterpriseGlobalId, { keyword: opts.userName, pageNum: 1, pageSize: 50 }, opts)).list
    : await listAllMembers(client, enterpriseGlobalId, opts)
  return list.some((m) => m.globalId === memberGlobalId && !m.deleted) ? 'notDone' : 'done'
}

/** Shell numbers are handed out once and cannot be read back: an unknown outcome stays unknown for the user. */
export function reconcileShellNums(): Reconciled {
  return 'unknown'
}
