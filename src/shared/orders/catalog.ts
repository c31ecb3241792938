/**
 * The product catalog: the products and packages a desk sells, kept per connection profile (main keeps it in
 * SQLite, src/main/services/catalog), and the pure builders that turn a catalog product or package into the
 * order draft's product or package tree, each node with a fresh instance id (`crmProductId`) and its parent's.
 *
 * A product is known by its product URI, which the service also takes as either `gmsPid` or `appKey`
 * (`uriKind` says which). A package (`merchandise` in the spec) has a number, a name, products (by URI) and
 * child packages, each either another catalog package by number or one written inline; a tree is at most
 * CATALOG_LIMITS.depth deep (the order rules refuse deeper), and a package never contains itself.
 * Every string and list is bounded: a catalog crosses the IPC boundary and is read from files.
 */
import { z } from 'zod'
import { TIME_EXPRESSION } from '../rules/order-rules'
import {
  ORDER_DRAFT_LIMITS,
  emptyMerchandise,
  emptyProduct,
  newKey,
  type FeatureDraft,
  type MerchandiseDraft,
  type ProductDraft,
} from './draft'

/** Bounds of a catalog (the spec gives none; docs/decisions.md "Orders: the product catalog"). */
export const CATALOG_LIMITS = {
  products: 5000,
  packages: 2000,
  features: ORDER_DRAFT_LIMITS.features,
  productsPerPackage: ORDER_DRAFT_LIMITS.products,
  children: ORDER_DRAFT_LIMITS.merchandises,
  depth: ORDER_DRAFT_LIMITS.depth,
  id: ORDER_DRAFT_LIMITS.id,
  text: ORDER_DRAFT_LIMITS.text,
} as const
const L = CATALOG_LIMITS

/** How the service is told a product's URI: as `gmsPid` (installed software) or `appKey` (applications). */
export const PRODUCT_URI_KINDS = ['gmsPid', 'appKey'] as const
export type ProductUriKind = (typeof PRODUCT_URI_KINDS)[number]

/** An id as the service takes it: visible characters, no spaces. */
// eslint-disable-next-line no-control-regex -- control characters are what is refused
const ID = /^[^\s\u0000-\u001f\u007f]+$/
// eslint-disable-next-line no-control-regex -- control characters are what is refused
const NO_CONTROL = /^[^\u0000-\u001f\u007f]*$/
const idText = z.string().trim().min(1).max(L.id).regex(ID, 'noSpaces')
const plainText = (max: number = L.text) => z.string().trim().max(max).regex(NO_CONTROL, 'controlChars')
const count = z.number().int().min(0).max(1_000_000)

export const catalogFeatureSchema = z.object({
  featureCode: idText,
  featureName: plainText().default(''),
  featureValue: plainText().default(''),
  featureValueType: plainText(100).default(''),
  trial: z.union([z.literal(0), z.literal(1)]).default(0),
  /** Milliseconds since the epoch; 0 for none (the spec requires the field). */
  trialEndDate: z.number().int().min(0).max(8_640_000_000_000_000).default(0),
}).strict()
export type CatalogFeature = z.output<typeof catalogFeatureSchema>

export const catalogProductSchema = z.object({
  productUri: idText,
  uriKind: z.enum(PRODUCT_URI_KINDS).default('gmsPid'),
  productName: plainText().min(1),
  // The order rules require it of a new purchase; the spec gives no list (docs/decisions.md).
  productType: plainText(100).min(1),
  /** Nodes (`limitConcurrent`) a new purchase gets unless the user changes it. */
  defaultNodeCount: count.default(1),
  timeUnit: plainText(50).default('year'),
  timeUnitQuantity: count.default(1),
  /** "y-m-d", e.g. 1-0-0 for a year. */
  timeDurationExpression: z.string().trim().max(50).regex(TIME_EXPRESSION, 'timeExpression').default('1-0-0'),
  trial: z.union([z.literal(0), z.literal(1)]).default(0),
  features: z.array(catalogFeatureSchema).max(L.features).default([]),
}).strict()
export type CatalogProduct = z.output<typeof catalogProductSchema>
export type CatalogProductInput = z.input<typeof catalogProductSchema>

export interface CatalogPackage {
  merchandiseNum: string
  merchandiseName: string
  timeDurationExpression: string
  /** Child packages: a catalog package's number, or a package written inline. */
  children: (string | CatalogPackage)[]
  /** Product URIs of the catalog. */
  products: string[]
}
export interface CatalogPackageInput {
  merchandiseNum: string
  merchandiseName: string
  timeDurationExpression?: string | undefined
  children?: (string | CatalogPackageInput)[] | undefined
  products?: string[] | undefined
}

/**
 * A package, and the packages written inside it, down to CATALOG_LIMITS.depth levels (no deeper tree can be
 * ordered). Built level by level rather than lazily, so every level is strict and bounded where it can be seen.
 */
function packageSchemaOf(levels: number): z.ZodType<CatalogPackage, CatalogPackageInput> {
  const child = levels > 1 ? z.union([idText, packageSchemaOf(levels - 1)]) : idText
  return z
    .object({
      merchandiseNum: idText,
      merchandiseName: plainText().min(1),
      timeDurationExpression: z.string().trim().max(50).regex(TIME_EXPRESSION, 'timeExpression').default('1-0-0'),
      children: z.array(child).max(L.children).default([]),
      products: z.array(idText).max(L.productsPerPackage).default([]),
    })
    .strict()
}
export const catalogPackageSchema = packageSchemaOf(L.depth)

export const catalogSchema = z.object({
  products: z.array(catalogProductSchema).max(L.products).default([]),
  packages: z.array(catalogPackageSchema).max(L.packages).default([]),
})
export type Catalog = z.output<typeof catalogSchema>

// ---- checks of references ----------------------------------------------------------------------------------

/** A problem of a catalog as a whole (what a schema cannot see: references, repeats, loops, depth). */
export interface CatalogProblem {
  kind: 'product' | 'package'
  /** The product URI or package number the problem is in. */
  ref: string
  code: 'duplicate' | 'unknownProduct' | 'unknownPackage' | 'cycle' | 'tooDeep'
  /** The reference that is wrong (unknown URI or number, or the package that comes back). */
  value?: string
}

/**
 * What is wrong with a catalog's references: a repeated product URI or package number, a package naming a
 * product or child package the catalog lacks, a package that contains itself, a tree deeper than the limit.
 */
export function catalogProblems(catalog: Pick<Catalog, 'products' | 'packages'>): CatalogProblem[] {
  const out: CatalogProblem[] = []
  const uris = new Set<string>()
  for (const p of catalog.products) {
    if (uris.has(p.productUri)) out.push({ kind: 'product', ref: p.productUri, code: 'duplicate' })
    uris.add(p.productUri)
  }
  const byNum = new Map<string, CatalogPackage>()
  for (const k of catalog.packages) {
    if (byNum.has(k.merchandiseNum)) out.push({ kind: 'package', ref: k.merchandiseNum, code: 'duplicate' })
    else byNum.set(k.merchandiseNum, k)
  }
  for (const top of catalog.packages) {
    const seen = new Set<string>()
    const walk = (k: CatalogPackage, path: readonly string[], depth: number): void => {
      if (depth > L.depth) {
        out.push({ kind: 'package', ref: top.merchandiseNum, code: 'tooDeep' })
        return
      }
      for (const uri of k.products) {
        const key = `p:${uri}`
        if (!uris.has(uri) && !seen.has(key)) out.push({ kind: 'package', ref: top.merchandiseNum, code: 'unknownProduct', value: uri })
        seen.add(key)
      }
      for (const child of k.children) {
        if (typeof child !== 'string') {
          walk(child, path, depth + 1)
          continue
        }
        if (path.includes(child)) {
          out.push({ kind: 'package', ref: top.merchandiseNum, code: 'cycle', value: child })
          continue
        }
        const found = byNum.get(child)
        if (!found) {
          const key = `k:${child}`
          if (!seen.has(key)) out.push({ kind: 'package', ref: top.merchandiseNum, code: 'unknownPackage', value: child })
          seen.add(key)
          continue
        }
        walk(found, [...path, child], depth + 1)
      }
    }
    walk(top, [top.merchandiseNum], 1)
  }
  // One report per package and problem is enough (a loop is found again from each package on it).
  const keys = new Set<string>()
  return out.filter((p) => {
    const k = `${p.kind}\u0000${p.ref}\u0000${p.code}\u0000${p.value ?? ''}`
    if (keys.has(k)) return false
    keys.add(k)
    return true
  })
}

// ---- builders ----------------------------------------------------------------------------------------------

/** A catalog reference a package names that the catalog does not have (callers check with catalogProblems). */
export class CatalogRefError extends Error {
  constructor(
    readonly kind: 'product' | 'package',
    readonly ref: string,
  ) {
    super(`the catalog has no ${kind} ${ref}`)
    this.name = 'CatalogRefError'
  }
}

function featureFromCatalog(f: CatalogFeature): FeatureDraft {
  return { key: newKey(), ...f }
}

/**
 * A catalog product as an order draft's product: the catalog's values over a new purchase's defaults, a fresh
 * instance id from `nextId`, and its parent's instance id (a package's) when it is inside one.
 */
export function productFromCatalog(product: CatalogProduct, nextId: () => string, parentCrmProductId = ''): ProductDraft {
  return {
    ...emptyProduct(),
    crmProductId: nextId(),
    parentCrmProductId,
    productUri: product.productUri,
    productName: product.productName,
    gmsPid: product.uriKind === 'gmsPid' ? product.productUri : '',
    appKey: product.uriKind === 'appKey' ? product.productUri : '',
    productType: product.productType,
    limitConcurrent: product.defaultNodeCount,
    timeUnit: product.timeUnit,
    timeUnitQuantity: product.timeUnitQuantity,
    timeDurationExpression: product.timeDurationExpression,
    trial: product.trial,
    productFeatures: product.features.map(featureFromCatalog),
    catalogRef: product.productUri,
  }
}

/** The package a merchandise node hangs under: its instance id and number. */
export interface MerchandiseParent {
  crmProductId: string
  merchandiseNum: string
}

/**
 * A catalog package as an order draft's package tree: every package node and every product with a fresh
 * instance id, products pointing at their package (`parentCrmProductId`), child packages at theirs
 * (`parentCrmProductId`, `parentMerchandiseNum`). Child packages named by number are looked up in `catalog`.
 * Throws CatalogRefError for a reference the catalog lacks, or a package that contains itself.
 */
export function merchandiseFromCatalog(
  pkg: CatalogPackage,
  catalog: Pick<Catalog, 'products' | 'packages'>,
  nextId: () => string,
  parent?: MerchandiseParent,
): MerchandiseDraft {
  const products = new Map(catalog.products.map((p) => [p.productUri, p]))
  const packages = new Map(catalog.packages.map((k) => [k.merchandiseNum, k]))
  const build = (k: CatalogPackage, up: MerchandiseParent | undefined, path: readonly string[]): MerchandiseDraft => {
    if (path.length > L.depth) throw new CatalogRefError('package', k.merchandiseNum)
    const crmProductId = nextId()
    const self: MerchandiseParent = { crmProductId, merchandiseNum: k.merchandiseNum }
    return {
      ...emptyMerchandise(),
      crmProductId,
      parentCrmProductId: up?.crmProductId ?? '',
      merchandiseNum: k.merchandiseNum,
      merchandiseName: k.merchandiseName,
      parentMerchandiseNum: up?.merchandiseNum ?? '',
      timeDurationExpression: k.timeDurationExpression,
      products: k.products.map((uri) => {
        const p = products.get(uri)
        if (!p) throw new CatalogRefError('product', uri)
        return productFromCatalog(p, nextId, crmProductId)
      }),
      children: k.children.map((c) => {
        if (typeof c !== 'string') return build(c, self, [...path, c.merchandiseNum])
        const found = packages.get(c)
        if (!found || path.includes(c)) throw new CatalogRefError('package', c)
        return build(found, self, [...path, c])
      }),
      catalogRef: k.merchandiseNum,
    }
  }
  return build(pkg, parent, [pkg.merchandiseNum])
}

/** Product URIs a package brings, its children's included (each once, in tree order). */
export function packageProductUris(pkg: CatalogPackage, catalog: Pick<Catalog, 'packages'>): string[] {
  const packages = new Map(catalog.packages.map((k) => [k.merchandiseNum, k]))
  const out = new Set<string>()
  const walk = (k: CatalogPackage, path: readonly string[]): void => {
    if (path.length > L.depth) return
    for (const u of k.products) out.add(u)
    for (const c of k.children) {
      if (typeof c !== 'string') walk(c, [...path, c.merchandiseNum])
      else if (!path.includes(c)) {
        const found = packages.get(c)
        if (found) walk(found, [...path, c])
      }
    }
  }
  walk(pkg, [pkg.merchandiseNum])
  return [...out]
}
