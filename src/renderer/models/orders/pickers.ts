/**
 * Plain logic of the order pickers (components/order-pickers): which asset numbers an enterprise's list offers
 * for a delete_asset entry, and how an asset's products (member operation 7) become the products of a
 * delete_product entry (entry rule 4) with the license order ids offered as srcLicenseOrderId (rule 1).
 */
import type { ProductDraft } from '@shared/orders/draft'

/** What AssetProductsPicker emits: one asset's products picked for revoking. */
export interface AssetProductsPick {
  assetNum: string
  assetId: string
  products: ProductDraft[]
  limitStartDate: number | null
  limitEndDate: number | null
  srcLicenseOrderIds: string[]
}
