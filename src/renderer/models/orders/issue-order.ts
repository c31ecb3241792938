/**
 * The order of the wizard's issues: as the fields are on screen, the order's own fields first, then entry by entry,
 * and inside an entry in the form's order (type, customer, asset groups; in a group its numbers, dates, products and
 * packages; in a product its fields top to bottom, then its features). The rules find issues in their own order
 * (required fields first, repeats across entries last): a list read that way jumps up and down the form.
 *
 * The lists below are the form's order (views/orders/wizard); a field the form does not show goes last of its part.
 */
import { ENTRY_CUSTOMER_FIELDS } from '@shared/orders/draft'
import type { RuleIssue } from '@shared/rules/issue'

/** The customer grid of an entry (CustomerSection): the picker (enterprise) stands above it, alone. */
export const CUSTOMER_GRID_FIELDS = ENTRY_CUSTOMER_FIELDS.filter((k) => k !== 'enterpriseGlobalId')

const HEADER = ['channelCode', 'channelOrderId', 'syncMode', 'orderList']
// `sequence` is the entry's place (never typed): an issue with it concerns the whole entry, so it comes first.
const ENTRY = ['sequence', 'orderType', 'licenseType', 'enterpriseGlobalId', 'customerType', ...CUSTOMER_GRID_FIELDS, 'srcLicenseOrderId', 'assets']
const ASSET = ['assetNos', 'limitStartDate', 'limitEndDate', 'borrowedUsbKey', 'transferedAssetNum', 'assetExtendList', 'products', 'merchandises']
const EXTEND = ['extendCode', 'extendValue']
/** A product's fields (ProductFields, DurationField); a revoke's six fields are shown in this order too. */
const PRODUCT = [
  'productName',
  'productUri',
  'gmsPid',
  'appKey',
  'productType',
  'limitConcurrent',
  'crmProductId',
  'parentCrmProductId',
  'strictMatchWhenDelete',
  'timeUnit',
  'timeUnitQuantity',
  'timeDurationExpression',
  'limitStartDate',
  'limitEndDate',
  'limitTimeDuration',
  'trial',
  'trialEndDate',
  'srcLicenseOrderId',
  'passwords',
  'productFeatures',
]
const FEATURE = ['featureCode', 'featureName', 'featureValue', 'featureValueType', 'trial', 'trialEndDate']
const PACKAGE = ['merchandiseNum', 'merchandiseName', 'timeDurationExpression', 'crmProductId', 'parentMerchandiseNum', 'parentCrmProductId', 'licenseOrderProductList', 'children']

const rank = (fields: readonly string[]) => new Map(fields.map((f, i) => [f, i]))
/** The fields of what a list holds, by the list's name (the root: the order's own fields). */
const PARTS: Record<string, Map<string, number>> = {
  '': rank(HEADER),
  orderList: rank(ENTRY),
  assets: rank(ASSET),
  assetExtendList: rank(EXTEND),
  products: rank(PRODUCT),
  licenseOrderProductList: rank(PRODUCT),
  productFeatures: rank(FEATURE),
  merchandises: rank(PACKAGE),
  children: rank(PACKAGE),
}
const UNKNOWN = 99

const SEGMENT = /([A-Za-z]+)(?:\[(\d+)\])?/g

/**
 * A key that sorts as the field is placed on screen: per step of the path, the field's rank in its part and its
 * index (none before the first: a list's own issue, "Products must not be empty", before its items').
 */
export function screenOrderKey(field: string): string {
  let part = PARTS['']
  let key = ''
  for (const m of field.matchAll(SEGMENT)) {
    const name = m[1]!
    const r = part?.get(name) ?? UNKNOWN
    const index = m[2] === undefined ? 0 : Number(m[2]) + 1
    key += r.toString(36).padStart(2, '0') + index.toString(36).padStart(5, '0')
    part = PARTS[name]
  }
  return key
}

/** The issues in the order of their fields on screen (a new list; same fields keep their order). */
export function inScreenOrder(issues: readonly RuleIssue[]): RuleIssue[] {
  const keyed = issues.map((issue, i) => ({ issue, i, key: screenOrderKey(issue.field) }))
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.i - b.i))
  return keyed.map((k) => k.issue)
}

/**
 * `inScreenOrder` kept by the list: the checker keeps an entry's issue list the same object while the entry is
 * unchanged, so an edit sorts only the entry it touched (a big order may have thousands of issues).
 */
export function screenOrderCache(): (list: RuleIssue[]) => RuleIssue[] {
  const cache = new WeakMap<RuleIssue[], RuleIssue[]>()
  return (list) => {
    let o = cache.get(list)
    if (!o) {
      o = list.length < 2 ? list : inScreenOrder(list)
      cache.set(list, o)
    }
    return o
  }
}
