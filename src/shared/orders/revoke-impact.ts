/**
 * What a revoke removes: which product instances of an asset a delete_product entry matches (entry rules 1 and 5)
 * and what a delete_asset entry takes with it. The rule lives here once: the sandbox's batch order applies it, and
 * the wizard's revoke preview computes with it from the asset's product tree (member operation 7), so the two
 * cannot drift. Pure.
 *
 * The product mnemonic of rule 5 is the product id `productUri` (a gmsPid or an appKey, spec "Product entry"); an
 * instance without one is known by its gmsPid, then its appKey.
 */
import type { AssetProducts, MerchandiseInstance, ProductInstance } from '../api/models'
import { isAbsent } from '../rules/values'

/** The fields of a rule-4 product that matching reads. */
export interface RevokeSpec {
  productUri: string
  limitStartDate?: number | null | undefined
  limitEndDate?: number | null | undefined
  limitConcurrent: number
  strictMatchWhenDelete?: boolean | undefined
}

/** The fields of a product instance that matching reads (the sandbox's own instances and op 7's both fit). */
export interface MatchableProduct {
  productUri?: string | null | undefined
  gmsPid?: string | null | undefined
  appKey?: string | null | undefined
  licenseOrderId?: string | null | undefined
  limitStartTime?: number | null | undefined
  limitEndTime?: number | null | undefined
  limitConcurrent?: number | null | undefined
}

/** The product mnemonic: productUri, else gmsPid, else appKey. */
export function productMnemonic(p: MatchableProduct): string {
  return p.productUri || p.gmsPid || p.appKey || ''
}

/** An entry's srcLicenseOrderId, or null when empty (rule 1: then every order of the customer). */
export function revokeSource(v: string | null | undefined): string | null {
  return isAbsent(v) ? null : (v as string).trim()
}

/**
 * Rules 1 and 5: the instance carries the product's mnemonic, comes from the source order (any order when there is
 * none), and, on a strict match, has the same start, end and node count.
 */
export function revokeMatches(p: MatchableProduct, d: RevokeSpec, src: string | null): boolean {
  if (productMnemonic(p) !== d.productUri) return false
  if (src !== null && (p.licenseOrderId ?? null) !== src) return false
  if (d.strictMatchWhenDelete !== true) return true
  return (
    (p.limitStartTime ?? null) === (d.limitStartDate ?? null) &&
    (p.limitEndTime ?? null) === (d.limitEndDate ?? null) &&
    (p.limitConcurrent ?? null) === d.limitConcurrent
  )
}

/** One product instance in a preview. */
export interface ImpactProduct {
  id: string
  productUri: string
  productName: string
  licenseOrderId: string | null
  limitStartTime: number | null
  limitEndTime: number | null
  limitConcurrent: number | null
  /** The packages it sits in, outermost first. */
  packages: string[]
  /** Removed from another order than the entry's source order, or from any order when the entry names none. */
  otherOrder: boolean
}

/** A package (merchandise instance) a delete_asset removes with the asset. */
export interface ImpactPackage {
  name: string
  licenseOrderId: string | null
}

/** What one revoke entry does to one asset. */
export interface AssetImpact {
  assetNum: string
  removed: ImpactProduct[]
  kept: ImpactProduct[]
  /** delete_asset: the packages that go with the asset. */
  removedPackages: ImpactPackage[]
  /** delete_product: the indexes of the entry's products that match nothing here. */
  unmatched: number[]
  /** delete_asset with a source order: the asset has nothing from it. */
  nothingFromSource: boolean
  /** The service refuses the whole order (docs/decisions.md, "A revoke that matches nothing"). */
  refused: boolean
}

interface Placed {
  product: ProductInstance
  packages: string[]
}

function place(data: AssetProducts | null | undefined): { products: Placed[]; packages: ImpactPackage[] } {
  const products: Placed[] = []
  const packages: ImpactPackage[] = []
  if (!data) return { products, packages }
  for (const p of data.productInstanceList ?? []) products.push({ product: p, packages: [] })
  const walk = (m: MerchandiseInstance, path: string[]) => {
    const name = m.merchandiseName ?? m.merchandiseNum ?? String(m.id)
    packages.push({ name, licenseOrderId: m.licenseOrderId ?? null })
    const here = [...path, name]
    for (const p of m.productInstanceList ?? []) products.push({ product: p, packages: here })
    for (const c of m.children ?? []) walk(c, here)
  }
  for (const m of data.children ?? []) walk(m, [])
  return { products, packages }
}

function shown(x: Placed, otherOrder: boolean): ImpactProduct {
  const p = x.product
  return {
    id: String(p.id),
    productUri: productMnemonic(p),
    productName: p.productName ?? productMnemonic(p),
    licenseOrderId: p.licenseOrderId ?? null,
    limitStartTime: p.limitStartTime ?? null,
    limitEndTime: p.limitEndTime ?? null,
    limitConcurrent: p.limitConcurrent ?? null,
    packages: x.packages,
    otherOrder,
  }
}

/** What a revoke entry does to one asset whose product tree (member operation 7) is `tree`. */
export function assetImpact(input: {
  orderType: 'delete_asset' | 'delete_product'
  srcLicenseOrderId: string | null | undefined
  assetNum: string
  products: readonly RevokeSpec[]
  tree: AssetProducts | null | undefined
}): AssetImpact {
  const src = revokeSource(input.srcLicenseOrderId)
  const { products, packages } = place(input.tree)
  const other = (p: ProductInstance) => src === null || (p.licenseOrderId ?? null) !== src
  if (input.orderType === 'delete_asset') {
    const nothing = src !== null && !products.some((x) => x.product.licenseOrderId === src) && !packages.some((m) => m.licenseOrderId === src)
    return {
      assetNum: input.assetNum,
      removed: nothing ? [] : products.map((x) => shown(x, other(x.product))),
      kept: nothing ? products.map((x) => shown(x, false)) : [],
      removedPackages: nothing ? [] : packages,
      unmatched: [],
      nothingFromSource: nothing,
      refused: nothing,
    }
  }
  const hit = new Set<Placed>()
  const unmatched: number[] = []
  input.products.forEach((d, i) => {
    const found = products.filter((x) => revokeMatches(x.product, d, src))
    if (found.length === 0) unmatched.push(i)
    for (const x of found) hit.add(x)
  })
  return {
    assetNum: input.assetNum,
    removed: products.filter((x) => hit.has(x)).map((x) => shown(x, other(x.product))),
    kept: products.filter((x) => !hit.has(x)).map((x) => shown(x, false)),
    removedPackages: [],
    unmatched,
    nothingFromSource: false,
    refused: unmatched.length > 0,
  }
}
