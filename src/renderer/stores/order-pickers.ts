/**
 * What the order pickers read: an enterprise's asset list (order operation 8, the core's cached copy unless
 * refreshed) and one asset's products and packages (member operation 7). Kept apart from the Assets screen's
 * store so picking in the wizard never changes what the Assets screen shows. Lists are kept per enterprise
 * (raw models, never deep-reactive: an enterprise may have 200,000 assets).
 */
import { defineStore } from 'pinia'
import { markRaw, ref, shallowRef } from 'vue'
import type { AppErrorData } from '@shared/errors/app-error'
import type { AssetProducts } from '@shared/api/models'
import { listAssets } from '../api/assets'
import { assetProducts } from '../api/holdings'
import { BridgeError, errorData } from '../api/errors'
import { buildAssetModel, type AssetModel } from '../models/assets/asset-list'
import { assetIdOf } from '../models/orders/pickers'
import { useProfilesStore } from './profiles'

/** An enterprise's list as the pickers hold it. */
export interface PickerAssets {
  model: AssetModel | null
  loading: boolean
  error: AppErrorData | null
}

export const useOrderPickersStore = defineStore('order-pickers', () => {
  const profiles = useProfilesStore()
  /** By "profile|enterprise"; replaced (never mutated) so views re-render. */
  const lists = shallowRef<ReadonlyMap<string, PickerAssets>>(new Map())
  const keyOf = (enterprise: string) => `${profiles.activeId}|${enterprise.trim()}`

  function set(key: string, value: PickerAssets): void {
    const next = new Map(lists.value)
    next.set(key, value)
    lists.value = next
  }

  /** The list of an enterprise as held now (null before the first load). */
  function assetsOf(enterprise: string): PickerAssets | null {
    return lists.value.get(keyOf(enterprise)) ?? null
  }

  const inflight = new Map<string, Promise<AssetModel | null>>()
  /** Loads (or reloads with `refresh`) an enterprise's asset list; returns it, or null when it failed. */
  function loadAssets(enterprise: string, refresh = false): Promise<AssetModel | null> {
    const key = keyOf(enterprise)
    const held = lists.value.get(key)
    if (!refresh && held?.model) return Promise.resolve(held.model)
    const running = inflight.get(key)
    if (running && !refresh) return running
    set(key, { model: held?.model ?? null, loading: true, error: null })
    const p = (async () => {
      try {
        const table = await listAssets({ ...(enterprise.trim() ? { enterpriseGlobalId: enterprise.trim() } : {}) }, refresh)
        const model = markRaw(buildAssetModel(table))
        set(key, { model, loading: false, error: null })
        return model
      } catch (err) {
        set(key, { model: held?.model ?? null, loading: false, error: errorData(err) })
        return null
      } finally {
        inflight.delete(key)
      }
    })()
    inflight.set(key, p)
    return p
  }

  const productsLoading = ref(false)
  /**
   * The products and packages of one asset, found by its number in the enterprise's list. Throws the core's
   * error; `null` when the enterprise has no asset with that number.
   */
  async function productsOf(enterprise: string, assetNum: string, refresh = false): Promise<{ assetId: string; data: AssetProducts } | null> {
    productsLoading.value = true
    try {
      let model = await loadAssets(enterprise, refresh)
      if (!model) throw new BridgeError(assetsOf(enterprise)?.error ?? errorData(null))
      let assetId = assetIdOf(model, assetNum)
      // A number bought since the list was read: read it again once.
      if (!assetId && !refresh) {
        model = await loadAssets(enterprise, true)
        assetId = model ? assetIdOf(model, assetNum) : null
      }
      if (!assetId) return null
      const data = await assetProducts({ ...(enterprise.trim() ? { enterpriseGlobalId: enterprise.trim() } : {}), assetId })
      return { assetId, data }
    } finally {
      productsLoading.value = false
    }
  }

  return { lists, assetsOf, loadAssets, productsOf, productsLoading }
})
