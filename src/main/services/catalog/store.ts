/**
 * The product catalog of each connection profile, in the app's database (tables `catalog_products`,
 * `catalog_packages`): products by product URI, packages by number, each kept whole as JSON (checked with the
 * shared schemas when written and when read) with a folded search text beside it. Usable offline.
 *
 * Search: every word of the query must be in the name, URI, type or number (folded: case and full-width forms),
 * by LIKE; a catalog holds at most a few thousand items, which LIKE reads in well under a millisecond
 * (docs/decisions.md). Every change keeps the catalog whole: a package never names a product or package the
 * catalog lacks, so the builders never meet a dangling reference.
 */
import { AppError } from '@shared/errors/app-error'
import type { Locale } from '@shared/i18n/locale'
import {
  CATALOG_LIMITS,
  catalogPackageSchema,
  catalogProblems,
  catalogProductSchema,
  type Catalog,
  type CatalogPackage,
  type CatalogProduct,
} from '@shared/orders/catalog'
import { CATALOG_WHAT, catalogMessage, describeCatalogProblem } from '@shared/orders/catalog-files'
import type { CatalogItemRecord } from '@shared/ipc/channels/catalog'
import type { Statement } from 'better-sqlite3'
import { likePattern, type Database, type Migration } from '../db/database'
import { foldText } from '../customers'

export const CATALOG_MIGRATIONS: Migration[] = [
  {
    id: 'catalog-1',
    sql: `
      CREATE TABLE catalog_products (
        seq INTEGER PRIMARY KEY,
        profile_id TEXT NOT NULL,
        product_uri TEXT NOT NULL,
        body TEXT NOT NULL,
        search TEXT NOT NULL,
        updated_at INTEGER NOT NULL,
        UNIQUE (profile_id, product_uri)
      );
      CREATE TABLE catalog_packages (
        seq INTEGER PRIMARY KEY,
        profile_id TEXT NOT NULL,
        merchandise_num TEXT NOT NULL,
        body TEXT NOT NULL,
        search TEXT NOT NULL,
        updated_at INTEGER NOT NULL,
        UNIQUE (profile_id, merchandise_num)
      );
      CREATE TABLE catalog_profiles (
        profile_id TEXT PRIMARY KEY,
        seeded_at INTEGER
      );
    `,
  },
]

interface ItemRow {
  seq: number
  body: string
  updated_at: number
}

function productSearch(p: CatalogProduct): string {
  return foldText([p.productUri, p.productName, p.productType, p.uriKind, ...p.features.map((f) => `${f.featureCode} ${f.featureName}`)].join('\n'))
}

function packageSearch(k: CatalogPackage): string {
  const parts: string[] = []
  const walk = (x: CatalogPackage): void => {
    parts.push(x.merchandiseNum, x.merchandiseName, ...x.products)
    for (const c of x.children) if (typeof c === 'string') parts.push(c)
    else walk(c)
  }
  walk(k)
  return foldText(parts.join('\n'))
}

/** Refusal of a change, worded in the user's language. */
function refuse(message: string): AppError {
  return AppError.app('app.invalidInput', { detail: message })
}

/** What an import or a save does to a profile's catalog. */
export interface CatalogChange {
  added: number
  updated: number
  unchanged: number
}

export interface CatalogStoreOptions {
  now?: () => number
  /** Told when a profile's catalog changed, and which items (the core publishes `catalog.changed`; the workspace shares them). */
  onChange?: (profileId: string, refs: CatalogRefs) => void
}

/** Which items changed: product URIs and package numbers (an item renamed: its old and its new key). */
export interface CatalogRefs {
  products: string[]
  packages: string[]
}

const refs = (products: Iterable<string>, packages: Iterable<string>): CatalogRefs => ({ products: [...new Set(products)], packages: [...new Set(packages)] })

export class CatalogStore {
  private readonly now: () => number
  private readonly statements = new Map<string, Statement>()

  constructor(
    private readonly db: Database,
    private readonly options: CatalogStoreOptions = {},
  ) {
    this.now = options.now ?? Date.now
  }

  private stmt(sql: string): Statement {
    let s = this.statements.get(sql)
    if (!s) {
      s = this.db.sql.prepare(sql)
      this.statements.set(sql, s)
    }
    return s
  }

  /** A profile's whole catalog: products by name, packages by number. */
  get(profileId: string): Catalog {
    return {
      products: this.productRecords(profileId, '').map((r) => r.product),
      packages: this.packageRecords(profileId, '').map((r) => r.package),
    }
  }

  /** Products and packages whose name, URI, number or type holds every word of `query` (all when empty). */
  search(profileId: string, query: string, limit: number): { products: CatalogItemRecord[]; packages: CatalogItemRecord[]; totalProducts: number; totalPackages: number } {
    const products = this.productRecords(profileId, query)
    const packages = this.packageRecords(profileId, query)
    return {
      products: products.slice(0, limit).map((r) => ({ kind: 'product' as const, ref: r.product.productUri, updatedAt: r.updatedAt, product: r.product })),
      packages: packages.slice(0, limit).map((r) => ({ kind: 'package' as const, ref: r.package.merchandiseNum, updatedAt: r.updatedAt, package: r.package })),
      totalProducts: products.length,
      totalPackages: packages.length,
    }
  }

  private where(query: string): { sql: string; args: string[] } {
    const words = foldText(query).trim().split(/\s+/).filter(Boolean).slice(0, 10)
    return { sql: words.map(() => " AND search LIKE ? ESCAPE '\\'").join(''), args: words.map(likePattern) }
  }

  private productRecords(profileId: string, query: string): { product: CatalogProduct; updatedAt: number }[] {
    const w = this.where(query)
    const rows = this.db.sql.prepare(`SELECT seq, body, updated_at FROM catalog_products WHERE profile_id = ?${w.sql} ORDER BY product_uri`).all(profileId, ...w.args) as ItemRow[]
    return rows.flatMap((r) => {
      const p = catalogProductSchema.safeParse(JSON.parse(r.body))
      return p.success ? [{ product: p.data, updatedAt: r.updated_at }] : []
    })
  }

  private packageRecords(profileId: string, query: string): { package: CatalogPackage; updatedAt: number }[] {
    const w = this.where(query)
    const rows = this.db.sql.prepare(`SELECT seq, body, updated_at FROM catalog_packages WHERE profile_id = ?${w.sql} ORDER BY merchandise_num`).all(profileId, ...w.args) as ItemRow[]
    return rows.flatMap((r) => {
      const k = catalogPackageSchema.safeParse(JSON.parse(r.body))
      return k.success ? [{ package: k.data, updatedAt: r.updated_at }] : []
    })
  }

  /**
   * Keeps a product: new, or in place of the one with URI `replaces` (its URI may change only while no package
   * names it). Refused, in the user's language, when another product has that URI.
   */
  saveProduct(profileId: string, product: CatalogProduct, replaces: string | undefined, locale: Locale): CatalogProduct {
    this.db.tx(() => {
      const current = this.get(profileId)
      const old = replaces ?? product.productUri
      const exists = current.products.some((p) => p.productUri === product.productUri)
      if (exists && product.productUri !== old) throw refuse(catalogMessage('catalog.productExists', locale, { ref: product.productUri }))
      if (replaces === undefined && exists) throw refuse(catalogMessage('catalog.productExists', locale, { ref: product.productUri }))
      if (replaces !== undefined && !current.products.some((p) => p.productUri === replaces)) {
        throw refuse(catalogMessage('catalog.notFound', locale, { what: CATALOG_WHAT.product[locale], ref: replaces }))
      }
      if (product.productUri !== old) {
        const user = current.packages.find((k) => packageNames(k, 'product', old))
        if (user) throw refuse(catalogMessage('catalog.inUse', locale, { ref: old, value: user.merchandiseNum }))
        this.stmt('DELETE FROM catalog_products WHERE profile_id = ? AND product_uri = ?').run(profileId, old)
      }
      if (replaces === undefined && current.products.length >= CATALOG_LIMITS.products) {
        throw refuse(catalogMessage('catalog.tooManyItems', locale, { max: CATALOG_LIMITS.products, what: CATALOG_WHAT.products[locale] }))
      }
      this.putProduct(profileId, product)
    })
    this.options.onChange?.(profileId, refs([replaces ?? product.productUri, product.productUri], []))
    return product
  }

  /** Keeps a package, new or in place of `replaces`; its products and child packages must be in the catalog. */
  savePackage(profileId: string, pkg: CatalogPackage, replaces: string | undefined, locale: Locale): CatalogPackage {
    this.db.tx(() => {
      const current = this.get(profileId)
      const old = replaces ?? pkg.merchandiseNum
      const exists = current.packages.some((k) => k.merchandiseNum === pkg.merchandiseNum)
      if (exists && (replaces === undefined || pkg.merchandiseNum !== old)) throw refuse(catalogMessage('catalog.packageExists', locale, { ref: pkg.merchandiseNum }))
      if (replaces !== undefined && !current.packages.some((k) => k.merchandiseNum === replaces)) {
        throw refuse(catalogMessage('catalog.notFound', locale, { what: CATALOG_WHAT.package[locale], ref: replaces }))
      }
      if (pkg.merchandiseNum !== old) {
        const user = current.packages.find((k) => k.merchandiseNum !== old && packageNames(k, 'package', old))
        if (user) throw refuse(catalogMessage('catalog.childInUse', locale, { ref: old, value: user.merchandiseNum }))
      }
      if (replaces === undefined && current.packages.length >= CATALOG_LIMITS.packages) {
        throw refuse(catalogMessage('catalog.tooManyItems', locale, { max: CATALOG_LIMITS.packages, what: CATALOG_WHAT.packages[locale] }))
      }
      const next = { products: current.products, packages: [...current.packages.filter((k) => k.merchandiseNum !== old), pkg] }
      const problem = catalogProblems(next).find((p) => p.ref === pkg.merchandiseNum || p.code === 'cycle')
      if (problem) throw refuse(describeCatalogProblem(problem, locale, CATALOG_LIMITS.depth))
      if (pkg.merchandiseNum !== old) this.stmt('DELETE FROM catalog_packages WHERE profile_id = ? AND merchandise_num = ?').run(profileId, old)
      this.putPackage(profileId, pkg)
    })
    this.options.onChange?.(profileId, refs([], [replaces ?? pkg.merchandiseNum, pkg.merchandiseNum]))
    return pkg
  }

  /**
   * Removes products and packages together. Refused when something left would name one of them (a package
   * holding a removed product or child package), so the catalog stays whole.
   */
  remove(profileId: string, productUris: readonly string[], packageNums: readonly string[], locale: Locale): void {
    this.db.tx(() => {
      const current = this.get(profileId)
      const goneProducts = new Set(productUris)
      const gonePackages = new Set(packageNums)
      for (const uri of goneProducts) {
        if (!current.products.some((p) => p.productUri === uri)) throw refuse(catalogMessage('catalog.notFound', locale, { what: CATALOG_WHAT.product[locale], ref: uri }))
      }
      for (const num of gonePackages) {
        if (!current.packages.some((k) => k.merchandiseNum === num)) throw refuse(catalogMessage('catalog.notFound', locale, { what: CATALOG_WHAT.package[locale], ref: num }))
      }
      for (const k of current.packages) {
        if (gonePackages.has(k.merchandiseNum)) continue
        for (const uri of goneProducts) if (packageNames(k, 'product', uri)) throw refuse(catalogMessage('catalog.inUse', locale, { ref: uri, value: k.merchandiseNum }))
        for (const num of gonePackages) if (packageNames(k, 'package', num)) throw refuse(catalogMessage('catalog.childInUse', locale, { ref: num, value: k.merchandiseNum }))
      }
      const delP = this.stmt('DELETE FROM catalog_products WHERE profile_id = ? AND product_uri = ?')
      const delK = this.stmt('DELETE FROM catalog_packages WHERE profile_id = ? AND merchandise_num = ?')
      for (const uri of goneProducts) delP.run(profileId, uri)
      for (const num of gonePackages) delK.run(profileId, num)
    })
    this.options.onChange?.(profileId, refs(productUris, packageNums))
  }

  /**
   * Puts many products and packages in at once (an import, the seed), in one transaction: items with the same
   * URI or number are replaced, others added, the rest of the catalog kept. The caller has checked the result
   * with catalogProblems; this checks the bounds once more.
   */
  merge(profileId: string, catalog: Catalog, locale: Locale): { products: CatalogChange; packages: CatalogChange } {
    const out = this.db.tx(() => {
      const current = this.get(profileId)
      const oldProducts = new Map(current.products.map((p) => [p.productUri, JSON.stringify(p)]))
      const oldPackages = new Map(current.packages.map((k) => [k.merchandiseNum, JSON.stringify(k)]))
      const products: CatalogChange = { added: 0, updated: 0, unchanged: 0 }
      const packages: CatalogChange = { added: 0, updated: 0, unchanged: 0 }
      const changed = refs([], [])
      for (const p of catalog.products) {
        const before = oldProducts.get(p.productUri)
        if (before === JSON.stringify(p)) products.unchanged++
        else {
          if (before === undefined) products.added++
          else products.updated++
          this.putProduct(profileId, p)
          changed.products.push(p.productUri)
        }
      }
      for (const k of catalog.packages) {
        const before = oldPackages.get(k.merchandiseNum)
        if (before === JSON.stringify(k)) packages.unchanged++
        else {
          if (before === undefined) packages.added++
          else packages.updated++
          this.putPackage(profileId, k)
          changed.packages.push(k.merchandiseNum)
        }
      }
      const counts = this.counts(profileId)
      if (counts.products > CATALOG_LIMITS.products) throw refuse(catalogMessage('catalog.tooManyItems', locale, { max: CATALOG_LIMITS.products, what: CATALOG_WHAT.products[locale] }))
      if (counts.packages > CATALOG_LIMITS.packages) throw refuse(catalogMessage('catalog.tooManyItems', locale, { max: CATALOG_LIMITS.packages, what: CATALOG_WHAT.packages[locale] }))
      return { products, packages, changed }
    })
    if (out.changed.products.length + out.changed.packages.length > 0) this.options.onChange?.(profileId, out.changed)
    return { products: out.products, packages: out.packages }
  }

  counts(profileId: string): { products: number; packages: number } {
    return {
      products: this.stmt('SELECT count(*) FROM catalog_products WHERE profile_id = ?').pluck().get(profileId) as number,
      packages: this.stmt('SELECT count(*) FROM catalog_packages WHERE profile_id = ?').pluck().get(profileId) as number,
    }
  }

  /**
   * Fills a profile's catalog once, the first time it is found empty (the Sandbox profile's demo catalog). A
   * catalog the user emptied later stays empty.
   */
  seedOnce(profileId: string, catalog: Catalog): boolean {
    const seeded = this.db.tx(() => {
      const row = this.stmt('SELECT seeded_at FROM catalog_profiles WHERE profile_id = ?').get(profileId) as { seeded_at: number | null } | undefined
      if (row) return false
      this.stmt('INSERT INTO catalog_profiles (profile_id, seeded_at) VALUES (?, ?)').run(profileId, this.now())
      const c = this.counts(profileId)
      if (c.products + c.packages > 0) return false
      for (const p of catalog.products) this.putProduct(profileId, p)
      for (const k of catalog.packages) this.putPackage(profileId, k)
      return true
    })
    if (seeded) this.options.onChange?.(profileId, refs(catalog.products.map((p) => p.productUri), catalog.packages.map((k) => k.merchandiseNum)))
    return seeded
  }

  /** One product by URI, null when the catalog lacks it (or its stored body no longer checks). */
  product(profileId: string, uri: string): CatalogProduct | null {
    const body = this.stmt('SELECT body FROM catalog_products WHERE profile_id = ? AND product_uri = ?').pluck().get(profileId, uri) as string | undefined
    const p = body === undefined ? null : catalogProductSchema.safeParse(JSON.parse(body))
    return p?.success ? p.data : null
  }

  /** One package by number, null when the catalog lacks it. */
  package(profileId: string, num: string): CatalogPackage | null {
    const body = this.stmt('SELECT body FROM catalog_packages WHERE profile_id = ? AND merchandise_num = ?').pluck().get(profileId, num) as string | undefined
    const k = body === undefined ? null : catalogPackageSchema.safeParse(JSON.parse(body))
    return k?.success ? k.data : null
  }

  /** Every product URI and package number of a profile. */
  refs(profileId: string): CatalogRefs {
    return refs(
      this.stmt('SELECT product_uri FROM catalog_products WHERE profile_id = ? ORDER BY seq').pluck().all(profileId) as string[],
      this.stmt('SELECT merchandise_num FROM catalog_packages WHERE profile_id = ? ORDER BY seq').pluck().all(profileId) as string[],
    )
  }

  /**
   * Items as colleagues left them (the team workspace), in one transaction: each stored under its key as it is,
   * or deleted (null). Not checked as a whole: a package may arrive before the product it names, and the
   * builders refuse a missing reference with its reason until it does (CatalogRefError).
   */
  adopt(profileId: string, products: { ref: string; product: CatalogProduct | null }[], packages: { ref: string; pkg: CatalogPackage | null }[]): void {
    if (products.length + packages.length === 0) return
    this.db.tx(() => {
      const delP = this.stmt('DELETE FROM catalog_products WHERE profile_id = ? AND product_uri = ?')
      const delK = this.stmt('DELETE FROM catalog_packages WHERE profile_id = ? AND merchandise_num = ?')
      for (const p of products) {
        if (p.product) this.putProduct(profileId, { ...p.product, productUri: p.ref })
        else delP.run(profileId, p.ref)
      }
      for (const k of packages) {
        if (k.pkg) this.putPackage(profileId, { ...k.pkg, merchandiseNum: k.ref })
        else delK.run(profileId, k.ref)
      }
    })
    this.options.onChange?.(profileId, refs(products.map((p) => p.ref), packages.map((k) => k.ref)))
  }

  private putProduct(profileId: string, p: CatalogProduct): void {
    this.stmt(
      `INSERT INTO catalog_products (profile_id, product_uri, body, search, updated_at) VALUES (@profileId, @uri, @body, @search, @now)
       ON CONFLICT (profile_id, product_uri) DO UPDATE SET body = excluded.body, search = excluded.search, updated_at = excluded.updated_at`,
    ).run({ profileId, uri: p.productUri, body: JSON.stringify(p), search: productSearch(p), now: this.now() })
  }

  private putPackage(profileId: string, k: CatalogPackage): void {
    this.stmt(
      `INSERT INTO catalog_packages (profile_id, merchandise_num, body, search, updated_at) VALUES (@profileId, @num, @body, @search, @now)
       ON CONFLICT (profile_id, merchandise_num) DO UPDATE SET body = excluded.body, search = excluded.search, updated_at = excluded.updated_at`,
    ).run({ profileId, num: k.merchandiseNum, body: JSON.stringify(k), search: packageSearch(k), now: this.now() })
  }
}

/** Whether a package (its inline children included) names a product URI or a child package number. */
export function packageNames(k: CatalogPackage, kind: 'product' | 'package', ref: string): boolean {
  if (kind === 'product' && k.products.includes(ref)) return true
  return k.children.some((c) => (typeof c === 'string' ? kind === 'package' && c === ref : packageNames(c, kind, ref)))
}
