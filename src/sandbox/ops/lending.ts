/**
 * Moving entitlements into and out of borrowed locks. A lend moves an asset's product instances onto the lock
 * (remembering where they came from); returning a lock moves them back. Revoking an asset and deleting an
 * employee go through here so nothing is left pointing at a removed record.
 */
import type { Asset } from '../state/schema'
import type { Store } from '../state/store'

/** Moves the products of `asset` into the borrowed `lock`. */
export function lendInto(store: Store, asset: Asset, lock: Asset, now: number): void {
  for (const p of [...store.productsOf(asset.id)]) {
    p.lentFromAssetId = asset.id
    store.moveProduct(p, lock.id, now)
  }
  asset.lentInto = lock.id
  asset.updateTime = now
  store.touch()
}

/** Returns a lent lock: its borrowed products go back to their assets, and it is free again. */
export function returnLock(store: Store, lock: Asset, now: number): void {
  for (const p of [...store.productsOf(lock.id)]) {
    const from = p.lentFromAssetId ? store.assets.get(p.lentFromAssetId) : undefined
    if (!from) continue
    p.lentFromAssetId = null
    store.moveProduct(p, from.id, now)
    from.lentInto = null
    from.updateTime = now
  }
  store.setLentTo(lock, null)
  lock.updateTime = now
}

/** Removes an asset for good (revoke): its lent products come back first, its own lent-out products go too. */
export function removeAsset(store: Store, asset: Asset, now: number): void {
  if (asset.borrowedUsbKey && asset.lentTo) returnLock(store, asset, now)
  if (asset.lentInto) {
    const lock = store.assets.get(asset.lentInto)
    if (lock) {
      for (const p of [...store.productsOf(lock.id)]) if (p.lentFromAssetId === asset.id) store.removeProduct(p)
      if (!store.productsOf(lock.id).some((p) => p.lentFromAssetId !== null)) store.setLentTo(lock, null)
    }
  }
  store.removeAsset(asset)
}
