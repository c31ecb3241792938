/** Calls of the virtual asset list (order operation 8) and one asset's full record. */
import type { VirtualAsset } from '@shared/api/models'
import type { AssetTable } from '@shared/ipc/channels/assets'
import { invoke } from '../bridge'

export interface AssetListTarget {
  enterpriseGlobalId?: string
  extendCode?: string
}

/** The list (the core's copy unless `refresh`). */
export function listAssets(target: AssetListTarget, refresh = false): Promise<AssetTable> {
  return invoke('assets.list', { ...target, refresh })
}

export function getAssetDetail(id: string, target: AssetListTarget): Promise<VirtualAsset> {
  return invoke('assets.detail', { id, ...target })
}
