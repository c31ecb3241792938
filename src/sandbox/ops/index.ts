/** The handler of each of the 19 operations. */
import type { OperationId } from '@shared/api/operations'
import { batchOrder } from './batch-order'
import type { Handler } from './context'
import { bindEnterprise, createEnterprise, queryEnterprise, updateEnterprise } from './enterprise'
import { configureAssets, lendAssets, listAssetNums, listAssetProducts, listLentLocks } from './member-assets'
import { addMembers, deleteMember, editMember, listMembers, resetPassword } from './members'
import { getShellNums, listVirtualAssets, lockAssets, unlockAssets } from './order-assets'

export const HANDLERS: Record<OperationId, Handler> = {
  bindEnterprise,
  createEnterprise,
  queryEnterprise,
  updateEnterprise,
  batchOrder,
  lockAssets,
  unlockAssets,
  listVirtualAssets,
  getShellNums,
  addMembers,
  editMember,
  resetPassword,
  deleteMember,
  listMembers,
  listAssetNums,
  listAssetProducts,
  listLentLocks,
  configureAssets,
  lendAssets,
}
