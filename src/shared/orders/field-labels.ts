/**
 * What the screens, messages and files call each field of an order, its entries, asset groups, products, features
 * and packages, in both languages: one table for the wizard (issues at their fields), the order import's headers and
 * issues, and any other place that names an order field. Customer fields come from the customer field table.
 */
import { CUSTOMER_FIELD_LABELS } from '../customers/fields'
import type { Locale } from '../i18n/locale'

type Words = Record<Locale, string>

/** What the screen calls each field of the order, its entries, groups, products, features and packages. */
export const ORDER_FIELD_LABELS = {
  channelCode: { en: 'Channel code', 'zh-CN': '渠道编码' },
  channelOrderId: { en: 'Customer order number', 'zh-CN': '客户订单号' },
  syncMode: { en: 'Processing', 'zh-CN': '处理方式' },
  orderList: { en: 'Entries', 'zh-CN': '订单条目' },
  sequence: { en: 'Sequence', 'zh-CN': '序号' },
  customerName: CUSTOMER_FIELD_LABELS.customerName,
  customerId: CUSTOMER_FIELD_LABELS.customerId,
  crmCustomerId: CUSTOMER_FIELD_LABELS.crmCustomerId,
  channelCustomerId: CUSTOMER_FIELD_LABELS.channelCustomerId,
  enterpriseGlobalId: CUSTOMER_FIELD_LABELS.enterpriseGlobalId,
  branchCode: CUSTOMER_FIELD_LABELS.branchCode,
  branchName: CUSTOMER_FIELD_LABELS.branchName,
  adminName: CUSTOMER_FIELD_LABELS.adminName,
  adminAccount: CUSTOMER_FIELD_LABELS.adminAccount,
  adminEmail: CUSTOMER_FIELD_LABELS.adminEmail,
  adminCellNumber: CUSTOMER_FIELD_LABELS.adminCellNumber,
  passwordMobile: CUSTOMER_FIELD_LABELS.passwordMobile,
  address: CUSTOMER_FIELD_LABELS.address,
  customerType: CUSTOMER_FIELD_LABELS.customerType,
  licenseType: { en: 'License type', 'zh-CN': '授权类型' },
  orderType: { en: 'Order type', 'zh-CN': '订单类型' },
  srcLicenseOrderId: { en: 'Original license order number', 'zh-CN': '原授权订单号' },
  assets: { en: 'Asset groups', 'zh-CN': '资产组' },
  assetNos: { en: 'Asset numbers', 'zh-CN': '资产编号' },
  limitStartDate: { en: 'Start date', 'zh-CN': '开始日期' },
  limitEndDate: { en: 'End date', 'zh-CN': '结束日期' },
  borrowedUsbKey: { en: 'Lent lock', 'zh-CN': '借用锁' },
  transferedAssetNum: { en: 'Transferred asset number', 'zh-CN': '转移的资产编号' },
  assetExtendList: { en: 'Extension attributes', 'zh-CN': '扩展属性' },
  extendCode: { en: 'Attribute code', 'zh-CN': '属性编码' },
  extendValue: { en: 'Attribute value', 'zh-CN': '属性值' },
  products: { en: 'Products', 'zh-CN': '产品' },
  licenseOrderProductList: { en: 'Products', 'zh-CN': '产品' },
  merchandises: { en: 'Packages', 'zh-CN': '产品包' },
  children: { en: 'Sub-packages', 'zh-CN': '子产品包' },
  crmProductId: { en: 'Instance ID', 'zh-CN': '实例 ID' },
  parentCrmProductId: { en: 'Parent instance ID', 'zh-CN': '父实例 ID' },
  productUri: { en: 'Product URI', 'zh-CN': '产品 URI' },
  productName: { en: 'Product name', 'zh-CN': '产品名称' },
  gmsPid: { en: 'GMS product ID', 'zh-CN': 'GMS 产品 ID' },
  appKey: { en: 'App key', 'zh-CN': '应用 Key' },
  productType: { en: 'Product type', 'zh-CN': '产品类型' },
  limitConcurrent: { en: 'Nodes', 'zh-CN': '节点数' },
  limitTimeDuration: { en: 'Accumulated usage time', 'zh-CN': '累计使用时长' },
  strictMatchWhenDelete: { en: 'Match exactly when revoking', 'zh-CN': '退订时精确匹配' },
  trial: { en: 'Trial', 'zh-CN': '试用' },
  trialEndDate: { en: 'Trial ends', 'zh-CN': '试用截止' },
  passwords: { en: 'Passwords', 'zh-CN': '密码' },
  timeUnit: { en: 'Time unit', 'zh-CN': '时间单位' },
  timeUnitQuantity: { en: 'Number of units', 'zh-CN': '单位数量' },
  timeDurationExpression: { en: 'Duration (y-m-d)', 'zh-CN': '时长（年-月-日）' },
  productFeatures: { en: 'Features', 'zh-CN': '功能' },
  featureCode: { en: 'Feature code', 'zh-CN': '功能编码' },
  featureName: { en: 'Feature name', 'zh-CN': '功能名称' },
  featureValue: { en: 'Feature value', 'zh-CN': '功能值' },
  featureValueType: { en: 'Value type', 'zh-CN': '值类型' },
  merchandiseNum: { en: 'Package number', 'zh-CN': '产品包编号' },
  merchandiseName: { en: 'Package name', 'zh-CN': '产品包名称' },
  parentMerchandiseNum: { en: 'Parent package number', 'zh-CN': '父产品包编号' },
} satisfies Record<string, Words>

const BY_NAME: Readonly<Record<string, Words>> = ORDER_FIELD_LABELS

/** A field's label in a language (its own name when no screen names it). */
export function orderFieldLabel(name: string, locale: Locale): string {
  return BY_NAME[name]?.[locale] ?? name
}
