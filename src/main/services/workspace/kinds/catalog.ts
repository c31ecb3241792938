/**
 * The product catalog as two shared kinds: 'product' (by product URI) and 'package' (by package number), each
 * item's whole body. A removed item is sent as removed with no body (the catalog deletes, it keeps no tombstones).
 *
 * "Keep both" cannot keep two items under one key (the URI or number is the service's): mine is kept under the
 * first free `<key>-copy`, `<key>-copy2`, … for the user to rename or remove (docs/decisions.md).
 */
import { CATALOG_LIMITS, catalogPackageSchema, catalogProductSchema, type CatalogPackage, type CatalogProduct } from '@shared/orders/catalog'
import type { CatalogStore } from '../../catalog'
import type { SyncKind } from './types'

/** The first key of the form `<key>-copy[N]` that `taken` says is free, within the catalog's id length. */
export function copyKey(key: string, taken: (k: string) => boolean): string {
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? '-copy' : `-copy${n}`
    const k = key.slice(0, CATALOG_LIMITS.id - suffix.length) + suffix
    if (!taken(k)) return k
  }
}

export function productKind(store: CatalogStore, profileId: () => string): SyncKind {
  return {
    kind: 'product',
    read(id) {
      const p = store.product(profileId(), id)
      return p ? { body: p, removed: false } : { body: null, removed: true }
    },
    all() {
      return store.refs(profileId()).products
    },
    apply(records) {
      const bad: string[] = []
      const good = records.flatMap((r): { ref: string; product: CatalogProduct | null }[] => {
        if (r.removed) return [{ ref: r.id, product: null }]
        const parsed = catalogProductSchema.safeParse(r.body)
        if (!parsed.success || parsed.data.productUri !== r.id) {
          bad.push(r.id)
          return []
        }
        return [{ ref: r.id, product: parsed.data }]
      })
      store.adopt(profileId(), good, [])
      return bad
    },
    copy(body) {
      const p = catalogProductSchema.parse(body)
      const uri = copyKey(p.productUri, (k) => store.product(profileId(), k) !== null)
      store.adopt(profileId(), [{ ref: uri, product: { ...p, productUri: uri } }], [])
      return uri
    },
  }
}

export function packageKind(store: CatalogStore, profileId: () => string): SyncKind {
  return {
    kind: 'package',
    read(id) {
      const k = store.package(profileId(), id)
      return k ? { body: k, removed: false } : { body: null, removed: true }
    },
    all() {
      return store.refs(profileId()).packages
    },
    apply(records) {
      const bad: string[] = []
      const good = records.flatMap((r): { ref: string; pkg: CatalogPackage | null }[] => {
        if (r.removed) return [{ ref: r.id, pkg: null }]
        const parsed = catalogPackageSchema.safeParse(r.body)
        if (!parsed.success || parsed.data.merchandiseNum !== r.id) {
          bad.push(r.id)
          return []
        }
        return [{ ref: r.id, pkg: parsed.data }]
      })
      store.adopt(profileId(), [], good)
      return bad
    },
    copy(body) {
      const k = catalogPackageSchema.parse(body)
      const num = copyKey(k.merchandiseNum, (x) => store.package(profileId(), x) !== null)
      store.adopt(profileId(), [], [{ ref: num, pkg: { ...k, merchandiseNum: num } }])
      return num
    },
  }
}
