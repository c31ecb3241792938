/**
 * Reading back after a create whose outcome is unknown (timeout, dropped connection, 500), before anything is
 * sent again (docs/decisions.md). Each reconciler answers from the service's current state: done, not done, or
 * (where nothing can be read back, e.g. shell numbers) unknown.
 */
import type { BatchOrderBody } from '@shared/api/orders'
import type { BindEnterpriseBody, LendAssetsBody } from '@shared/api/operations'
import type { EnterpriseCustomer, ListedMember } from '@shared/api/models'
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

/**
 * After a batch order ended UNKNOWN, per order `sequence`: a new purchase is done when all its asset numbers
 * are among the enterprise's assets, not done when none is; a revoke of assets is done when none is left.
 * Revoking products cannot be seen in the asset list: unknown.
 */
export async function reconcileBatchOrder(client: ApiClient, body: BatchOrderBody, opts: CallOptions = {}): Promise<Map<number, Reconciled>> {
  const out = new Map<number, Reconciled>()
  const assetsOf = new Map<string, Set<string>>()
  for (const order of body.orderList) {
    if (order.orderType === 'delete_product') {
      out.set(order.sequence, 'unknown')
      continue
    }
    let assets = assetsOf.get(order.enterpriseGlobalId)
    if (!assets) {
      const list = await client.listVirtualAssets(order.enterpriseGlobalId, undefined, opts)
      assets = new Set(list.map((a) => a.assetNum))
      assetsOf.set(order.enterpriseGlobalId, assets)
    }
    const nos = order.assets.flatMap((a) => a.assetNos)
    const present = nos.filter((n) => assets.has(n)).length
    if (nos.length === 0) out.set(order.sequence, 'unknown')
    else if (order.orderType === 'new_buy') out.set(order.sequence, present === nos.length ? 'done' : present === 0 ? 'notDone' : 'unknown')
    else out.set(order.sequence, present === 0 ? 'done' : present === nos.length ? 'notDone' : 'unknown')
  }
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
