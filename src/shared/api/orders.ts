/**
 * License order requests (order operation 5): the shapes and the closed value lists of the spec.
 * The rules that check an order (required fields per order type, cloud revokes, delete forms) live in
 * `../rules/order-rules.ts`, used by the sandbox and by the app before anything is sent.
 */

/** Allowed `licenseType` values. */
export const LICENSE_TYPES = [
  'normal_unrecover_usbkey',
  'normal_recover_usbkey',
  'normal_unrecover_lan_usbkey',
  'normal_recover_lan_usbkey',
  'identity_usbkey',
  'identity_lan_usbkey',
  'softkey',
  'lan_softkey',
  'product_entity',
  'cloud_account',
  'cloud_customer',
  'cloud_personal',
  'lk_product_usbkey',
  'lk_auth_usbkey',
] as const
export type LicenseType = (typeof LICENSE_TYPES)[number]

/** Cloud license types: `srcLicenseOrderId` is mandatory on their revokes (order entry rule 1). */
export const CLOUD_LICENSE_TYPES: readonly LicenseType[] = ['cloud_account', 'cloud_customer', 'cloud_personal']

/** Physical locks (every `*_usbkey` type). */
export const LOCK_LICENSE_TYPES: readonly LicenseType[] = LICENSE_TYPES.filter((t) => t.endsWith('_usbkey'))

/**
 * Locks that can be disabled and enabled: refillable locks and key-account locks (spec, operations 6 and 7).
 * "Key-account locks" are read as the two `lk_` types, product lock and login lock (docs/decisions.md).
 */
export const KEY_ACCOUNT_LOCK_TYPES: readonly LicenseType[] = ['lk_product_usbkey', 'lk_auth_usbkey']
export const TOGGLEABLE_LOCK_TYPES: readonly LicenseType[] = [
  'normal_recover_usbkey',
  'normal_recover_lan_usbkey',
  ...KEY_ACCOUNT_LOCK_TYPES,
]

export const ORDER_TYPES = ['new_buy', 'delete_asset', 'delete_product'] as const
export type OrderType = (typeof ORDER_TYPES)[number]

export const CUSTOMER_TYPES = ['personal', 'company'] as const
export type CustomerType = (typeof CUSTOMER_TYPES)[number]

export const SYNC_MODES = ['sync', 'async'] as const
export type SyncMode = (typeof SYNC_MODES)[number]

export interface ProductFeature {
  featureCode: string
  featureName: string
  featureValue: string
  featureValueType: string
  trial: number
  /** "Date" in the spec; sent as milliseconds since the epoch. */
  trialEndDate: number
}

export interface OrderProduct {
  crmProductId: string
  parentCrmProductId?: string
  productUri: string
  productName?: string
  gmsPid?: string
  appKey?: string
  productType?: string
  limitStartDate?: number | null
  limitEndDate?: number | null
  limitConcurrent: number
  limitTimeDuration?: number
  strictMatchWhenDelete?: boolean
  trial?: number
  trialEndDate?: number
  passwords?: string[]
  timeUnit?: string
  timeUnitQuantity?: number
  timeDurationExpression?: string
  srcLicenseOrderId?: string
  productFeatures?: ProductFeature[]
}

export interface OrderMerchandise {
  crmProductId: string
  parentCrmProductId: string
  merchandiseNum: string
  merchandiseName: string
  parentMerchandiseNum: string
  timeDurationExpression: string
  children?: OrderMerchandise[] | null
  licenseOrderProductList: OrderProduct[]
}

export interface OrderAsset {
  assetNos: string[]
  assetExtendList?: { extendCode?: string; extendValue?: string }[]
  limitStartDate?: number | null
  limitEndDate?: number | null
  borrowedUsbKey?: boolean
  transferedAssetNum?: boolean
  products?: OrderProduct[]
  merchandises?: OrderMerchandise[]
}

export interface OrderEntry {
  sequence: number
  customerId?: string
  crmCustomerId?: string
  customerName: string
  channelCustomerId: string
  adminName: string
  adminAccount: string
  adminEmail: string
  adminCellNumber: string
  passwordMobile?: string
  address?: string
  customerType: CustomerType
  branchCode: string
  branchName: string
  enterpriseGlobalId: string
  srcLicenseOrderId?: string
  licenseType: LicenseType
  orderType: OrderType
  assets: OrderAsset[]
}

/** Body of order operation 5. */
export interface BatchOrderBody {
  channelCode: string
  channelOrderId: string
  syncMode: SyncMode
  orderList: OrderEntry[]
}
