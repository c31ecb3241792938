/**
 * Plain logic of the order pickers (components/order-pickers): which asset numbers an enterprise's list offers
 * for a delete_asset entry (order operation 8), and how an asset's products and packages (member operation 7)
 * become the products of a delete_product entry (entry rule 4), with the products' own license order ids offered
 * as srcLicenseOrderId (required for cloud license types, entry rule 1).
 */
import type { AssetProducts, MerchandiseInstance, ProductInstance } from '@shared/api/models'
import { CLOUD_LICENSE_TYPES, type LicenseType } from '@shared/api/orders'
import { assetNumberKey, readAssetNumberText } from '@shared/lists/asset-numbers'
import { newKey, productDraftSchema, type ProductDraft } from '@shared/orders/draft'
import { EMPTY_FILTER, filterAssets, type AssetModel, type AssetRow } from '../assets/asset-list'

/** What AssetProductsPicker emits: one asset's products picked for revoking. */
export interface AssetProductsPick {
  assetNum: string
  assetId: string
  products: ProductDraft[]
  limitStartDate: number | null
  limitEndDate: number | null
  srcLicenseOrderIds: string[]
}

// ---- asset numbers (delete_asset) -----------------------------------------------------------------------

/** Longest search text of the asset number picker (a pasted list of a few hundred numbers fits). */
export const ASSET_SEARCH_MAX = 20_000

/**
 * The assets a search shows. One piece of text finds the numbers (or ids, or employees) containing it; a pasted
 * list (two or more numbers, read by the one asset-number reader) shows exactly the listed numbers the
 * enterprise has, and says which it does not.
 */
export function searchAssets(model: AssetModel, text: string): { rows: readonly AssetRow[]; missing: string[]; list: boolean } {
  const trimmed = text.trim()
  if (trimmed === '') return { rows: model.rows, missing: [], list: false }
  const entries = readAssetNumberText(trimmed.slice(0, ASSET_SEARCH_MAX)).entries
  if (entries.length < 2) return { rows: filterAssets(model, { ...EMPTY_FILTER, text: trimmed }, null), missing: [], list: false }
  const wanted = new Map<string, string>()
  for (const e of entries) if (e.value !== '') wanted.set(assetNumberKey(e.value), e.value)
  const rows: AssetRow[] = []
  const found = new Set<string>()
  for (const r of model.rows) {
    const k = assetNumberKey(r.assetNum)
    if (wanted.has(k)) {
      rows.push(r)
      found.add(k)
    }
  }
  const missing = [...wanted].filter(([k]) => !found.has(k)).map(([, v]) => v)
  return { rows, missing, list: true }
}

/** The numbers picked, in the list's order, each once (by the reader's key: case does not make a new number). */
export function pickedNumbers(model: AssetModel, picked: ReadonlySet<string>): string[] {
  const out: string[] = []
  const seen = new Set<string>()
  for (const r of model.rows) {
    if (picked.has(r.assetNum) && !seen.has(assetNumberKey(r.assetNum))) {
      seen.add(assetNumberKey(r.assetNum))
      out.push(r.assetNum)
    }
  }
  return out
}

/** The asset's id in the enterprise's list (member operation 7 asks by id), or null when it has no such number. */
export function assetIdOf(model: AssetModel, assetNum: string): string | null {
  const k = assetNumberKey(assetNum.trim())
  if (k === '') return null
  return model.rows.find((r) => assetNumberKey(r.assetNum) === k)?.id ?? null
}

// ---- products of an asset (delete_product) --------------------------------------------------------------

/** A product instance as the picker lists it. */
export interface PickProduct {
  kind: 'product'
  /** The instance id (unique within the answer). */
  id: string
  depth: number
  productUri: string
  productName: string
  crmProductId: string
  licenseType: string
  licenseOrderId: string
  channelOrderId: string
  limitStartDate: number | null
  limitEndDate: number | null
  limitConcurrent: number | null
  timeDurationExpression: string
}

/** A package (merchandise) heading: ticking it ticks the products inside it, at any depth. */
export interface PickPackage {
  kind: 'package'
  id: string
  depth: number
  merchandiseNum: string
  merchandiseName: string
  licenseOrderId: string
  /** Ids of every product inside (children's included). */
  productIds: string[]
}

export type PickRow = PickProduct | PickPackage

const s = (v: string | null | undefined): string => (v ?? '').trim()
const n = (v: number | null | undefined): number | null => (typeof v === 'number' && Number.isFinite(v) ? Math.trunc(v) : null)

function productRow(p: ProductInstance, depth: number): PickProduct {
  return {
    kind: 'product',
    id: String(p.id),
    depth,
    productUri: s(p.productUri),
    productName: s(p.productName),
    crmProductId: s(p.crmProductId),
    licenseType: s(p.licenseType),
    licenseOrderId: s(p.licenseOrderId),
    channelOrderId: s(p.channelOrderId),
    limitStartDate: n(p.limitStartTime),
    limitEndDate: n(p.limitEndTime),
    limitConcurrent: n(p.limitConcurrent),
    timeDurationExpression: s(p.timeDurationExpression),
  }
}

function packageRows(m: MerchandiseInstance, depth: number, out: PickRow[]): string[] {
  const heading: PickPackage = {
    kind: 'package',
    id: `m:${String(m.id)}`,
    depth,
    merchandiseNum: s(m.merchandiseNum),
    merchandiseName: s(m.merchandiseName),
    licenseOrderId: s(m.licenseOrderId),
    productIds: [],
  }
  out.push(heading)
  for (const p of m.productInstanceList ?? []) {
    const row = productRow(p, depth + 1)
    out.push(row)
    heading.productIds.push(row.id)
  }
  // A package tree deeper than the rules allow is a service's mistake, not a reason to hang the page.
  if (depth < 16) for (const c of m.children ?? []) heading.productIds.push(...packageRows(c, depth + 1, out))
  return heading.productIds
}

/** The asset's products and packages as the service reports them, in its order: loose products first. */
export function pickRows(data: AssetProducts): PickRow[] {
  const out: PickRow[] = []
  for (const p of data.productInstanceList ?? []) out.push(productRow(p, 0))
  for (const m of data.children ?? []) packageRows(m, 0, out)
  return out
}

/** The product rows only (what can be revoked). */
export function pickProducts(rows: readonly PickRow[]): PickProduct[] {
  return rows.filter((r): r is PickProduct => r.kind === 'product')
}

/** Ticking a package: all its products ticked, or all unticked when they all were. */
export function togglePackage(picked: ReadonlySet<string>, pkg: PickPackage): Set<string> {
  const next = new Set(picked)
  const all = pkg.productIds.length > 0 && pkg.productIds.every((id) => next.has(id))
  for (const id of pkg.productIds) {
    if (all) next.delete(id)
    else next.add(id)
  }
  return next
}

/** Whether a package shows as ticked (all), partly ticked (some), or not. */
export function packageState(picked: ReadonlySet<string>, pkg: PickPackage): 'all' | 'some' | 'none' {
  const k = pkg.productIds.filter((id) => picked.has(id)).length
  if (k === 0) return 'none'
  return k === pkg.productIds.length ? 'all' : 'some'
}

/**
 * How a revoked product is matched on the service (entry rule 5, `strictMatchWhenDelete`): `product` revokes
 * every instance of the product on the asset; `exact` only the one with the same dates and node count.
 */
export type MatchMode = 'product' | 'exact'

/** A product to revoke: only the six fields of entry rule 4, taken from the instance as the service reported it. */
export function toDeleteProduct(p: PickProduct, match: MatchMode): ProductDraft {
  return productDraftSchema.parse({
    key: newKey(),
    crmProductId: p.crmProductId,
    productUri: p.productUri,
    productName: p.productName,
    limitStartDate: p.limitStartDate,
    limitEndDate: p.limitEndDate,
    limitConcurrent: p.limitConcurrent,
    strictMatchWhenDelete: match === 'exact',
  })
}

/**
 * The license order ids to offer as the entry's srcLicenseOrderId: those of the ticked products (and of the
 * packages holding them), each once, most used first; all the asset's when nothing is ticked.
 */
export function licenseOrderIdsOf(rows: readonly PickRow[], picked: ReadonlySet<string>): string[] {
  const counts = new Map<string, number>()
  const add = (id: string) => {
    if (id !== '') counts.set(id, (counts.get(id) ?? 0) + 1)
  }
  const any = picked.size > 0
  for (const r of rows) {
    if (r.kind === 'product') {
      if (!any || picked.has(r.id)) add(r.licenseOrderId)
    } else if (!any || r.productIds.some((id) => picked.has(id))) add(r.licenseOrderId)
  }
  return [...counts].sort((a, b) => b[1] - a[1]).map(([id]) => id)
}

/** Whether the revoke of this license type needs srcLicenseOrderId (entry rule 1: cloud license types). */
export function needsSourceOrder(licenseType: string): boolean {
  return (CLOUD_LICENSE_TYPES as readonly string[]).includes(licenseType as LicenseType)
}

/** What the picker emits for the ticked products. */
export function buildPick(assetNum: string, assetId: string, rows: readonly PickRow[], picked: ReadonlySet<string>, match: MatchMode): AssetProductsPick {
  return {
    assetNum,
    assetId,
    products: pickProducts(rows).filter((p) => picked.has(p.id)).map((p) => toDeleteProduct(p, match)),
    limitStartDate: null,
    limitEndDate: null,
    srcLicenseOrderIds: licenseOrderIdsOf(rows, picked),
  }
}
