/** Valid order entries and products for the batch-order tests; each test changes one thing. */
import { DEMO_ENTERPRISE } from './helpers'

/** A minimal valid new_buy entry for a refillable lock of the demo enterprise. */
export function lockEntry(customerId: string): Record<string, unknown> {
  return {
    sequence: 1,
    customerId,
    crmCustomerId: 'CRM-DEMO-0001',
    customerName: '演示科技有限公司',
    channelCustomerId: 'DEMO-0001',
    adminName: '管理员',
    adminAccount: 'demoadmin',
    adminEmail: 'admin@example.com',
    adminCellNumber: '13800138000',
    passwordMobile: '13800138000',
    address: '北京',
    customerType: 'company',
    branchCode: 'BJ',
    branchName: '北京分公司',
    enterpriseGlobalId: DEMO_ENTERPRISE,
    licenseType: 'normal_recover_usbkey',
    orderType: 'new_buy',
  }
}

/** A complete product entry of a new_buy. */
export function product(crmProductId: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    crmProductId,
    parentCrmProductId: '',
    productUri: 'GMS-1001',
    productName: '计价软件',
    gmsPid: 'GMS-1001',
    productType: 'tool',
    limitStartDate: 1_735_660_800_000,
    limitEndDate: 1_767_196_800_000,
    limitConcurrent: 3,
    limitTimeDuration: 0,
    strictMatchWhenDelete: false,
    trial: 0,
    trialEndDate: 0,
    timeUnit: 'year',
    timeUnitQuantity: 1,
    timeDurationExpression: '1-0-0',
    productFeatures: [],
    ...over,
  }
}

/** A new_buy of one cloud account with a loose product and a two-level package. */
export function cloudEntry(customerId: string, assetNo: string, sequence = 1): Record<string, unknown> {
  return {
    ...lockEntry(customerId),
    sequence,
    licenseType: 'cloud_account',
    assets: [
      {
        assetNos: [assetNo],
        assetExtendList: [{ extendCode: 'gxxp', extendValue: '1' }],
        products: [product(`CRM-P-${assetNo}-1`, { productUri: 'APP-2001', gmsPid: undefined, appKey: 'APP-2001', limitConcurrent: 5 })],
        merchandises: [
          {
            crmProductId: `CRM-M-${assetNo}`,
            parentCrmProductId: '',
            merchandiseNum: 'PKG-T',
            merchandiseName: 'Test Suite',
            parentMerchandiseNum: '',
            timeDurationExpression: '1-0-0',
            licenseOrderProductList: [product(`CRM-P-${assetNo}-2`, { productUri: 'GMS-1002' })],
            children: [
              {
                crmProductId: `CRM-M-${assetNo}-c`,
                parentCrmProductId: `CRM-M-${assetNo}`,
                merchandiseNum: 'PKG-T-1',
                merchandiseName: 'Test Child',
                parentMerchandiseNum: 'PKG-T',
                timeDurationExpression: '1-0-0',
                licenseOrderProductList: [product(`CRM-P-${assetNo}-3`, { productUri: 'GMS-1003' })],
                children: null,
              },
            ],
          },
        ],
      },
    ],
  }
}

/** The revoke forms leave out customerId, crmCustomerId, passwordMobile and address (entry rule 2). */
export function revokeBase(licenseType: string, orderType: 'delete_asset' | 'delete_product', sequence = 1): Record<string, unknown> {
  const e: Record<string, unknown> = { ...lockEntry(''), sequence, licenseType, orderType }
  for (const k of ['customerId', 'crmCustomerId', 'passwordMobile', 'address']) delete e[k]
  return e
}

/** A batch order body. */
export function batch(channelOrderId: string, orderList: unknown[]): Record<string, unknown> {
  return { channelCode: 'DEMO', channelOrderId, syncMode: 'sync', orderList }
}

export const APP_KEY = { appKey: 'demo-order-app' }
