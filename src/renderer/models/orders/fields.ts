/**
 * From a rule issue's field path (the request's: `orderList[2].assets[0].merchandises[1].licenseOrderProductList[0].productName`)
 * to what the wizard shows: where it is in words ("Entry 3 › Asset group 1 › Package 2 › Product 1"), the field
 * as the screen names it ("Product name"), the sentence in the user's language, and the anchor of the input it
 * belongs to (to show it there and to jump to it). The draft mirrors the request, so the path names the draft's
 * entry, group, product… too; only a package's products are `products` in the draft and
 * `licenseOrderProductList` in the request.
 */
import { CUSTOMER_FIELD_LABELS } from '@shared/customers/fields'
import type { Locale } from '@shared/i18n/locale'
import { describeIssue, type RuleIssue } from '@shared/rules/issue'

type Words = Record<Locale, string>

/** What the screen calls each field of the order, its entries, groups, products, features and packages. */
export const ORDER_FIELD_LABELS: Record<string, Words> = {
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
}

/** A field's label (its own name when the screen has none for it). */
export function orderFieldLabel(name: string, locale: Locale): string {
  return ORDER_FIELD_LABELS[name]?.[locale] ?? name
}

/** The kinds of place inside an entry, in words. */
const PLACE_WORDS: Record<string, Words> = {
  entry: { en: 'Entry {n}', 'zh-CN': '条目 {n}' },
  assets: { en: 'Asset group {n}', 'zh-CN': '资产组 {n}' },
  products: { en: 'Product {n}', 'zh-CN': '产品 {n}' },
  licenseOrderProductList: { en: 'Product {n}', 'zh-CN': '产品 {n}' },
  merchandises: { en: 'Package {n}', 'zh-CN': '产品包 {n}' },
  children: { en: 'Package {n}', 'zh-CN': '产品包 {n}' },
  productFeatures: { en: 'Feature {n}', 'zh-CN': '功能 {n}' },
  assetExtendList: { en: 'Attribute {n}', 'zh-CN': '属性 {n}' },
}
/** Items of a list of values, named by their place. */
const ITEM_WORDS: Record<string, Words> = {
  assetNos: { en: 'Asset number {n}', 'zh-CN': '第 {n} 个资产编号' },
  passwords: { en: 'Password {n}', 'zh-CN': '第 {n} 个密码' },
}

export interface IssuePlace {
  /** The draft entry (0-based), when the field is inside one. */
  entry: number | null
  /** Lists stepped through inside the entry, e.g. [['assets', 0], ['products', 2]]. */
  steps: [string, number][]
  /** The field's name (the last name of the path). */
  field: string
  /** For an item of a list of values (`assetNos[3]`): its index. */
  item: number | null
  /** The draft's path of the input showing the field (item indexes dropped; request names mapped to the draft's). */
  path: string
}

const SEGMENT = /([A-Za-z]+)(?:\[(\d+)\])?/g

/** Reads a rule issue's field path. */
export function issuePlace(field: string): IssuePlace {
  const segs: [string, number | null][] = []
  for (const m of field.matchAll(SEGMENT)) segs.push([m[1]!, m[2] === undefined ? null : Number(m[2])])
  let entry: number | null = null
  const steps: [string, number][] = []
  let name = field
  let item: number | null = null
  const pathParts: string[] = []
  segs.forEach(([seg, idx], i) => {
    const last = i === segs.length - 1
    const draftSeg = seg === 'licenseOrderProductList' ? 'products' : seg
    if (seg === 'orderList' && idx !== null && i === 0) {
      entry = idx
      pathParts.push(`orderList[${idx}]`)
      return
    }
    if (last) {
      name = seg
      if (idx !== null && ITEM_WORDS[seg]) {
        item = idx
        pathParts.push(draftSeg)
      } else if (idx !== null) {
        steps.push([seg, idx])
        pathParts.push(`${draftSeg}[${idx}]`)
      } else pathParts.push(draftSeg)
      return
    }
    if (idx !== null) {
      steps.push([seg, idx])
      pathParts.push(`${draftSeg}[${idx}]`)
    } else pathParts.push(draftSeg)
  })
  return { entry, steps, field: name, item, path: pathParts.join('.') }
}

/** The DOM id of the input for a draft path (`orderList[0].assets[1].assetNos` → `of-orderList-0-assets-1-assetNos`). */
export function anchorId(path: string): string {
  return `of-${path.replace(/\[(\d+)\]/g, '-$1').replace(/\./g, '-')}`
}

const fill = (s: string, n: number): string => s.replace('{n}', String(n))

/** Where an issue is, in words: "Entry 3 › Asset group 1 › Product 2" ('' for the order's header). */
export function issueLocation(place: IssuePlace, locale: Locale): string {
  const parts: string[] = []
  if (place.entry !== null) parts.push(fill(PLACE_WORDS['entry']![locale], place.entry + 1))
  for (const [seg, idx] of place.steps) {
    const w = PLACE_WORDS[seg]
    // A list issue at the list itself ("Products must not be empty") is the last step without an index.
    if (w) parts.push(fill(w[locale], idx + 1))
  }
  return parts.join(' › ')
}

/** The field as the sentence names it: its label, or the numbered item of a list. */
function fieldWords(place: IssuePlace, locale: Locale): string {
  if (place.item !== null) return fill(ITEM_WORDS[place.field]![locale], place.item + 1)
  return orderFieldLabel(place.field, locale)
}

/** Sentences the shared rules word with technical details, said here as the screen would. */
const OVERRIDES: Partial<Record<string, Words>> = {
  'notAllowed:borrowedUsbKey': {
    en: 'Lent lock applies only to locks: this license type is not a lock. Clear the flag or pick a lock type.',
    'zh-CN': '借用锁只适用于加密锁：此授权类型不是锁。请取消勾选或选择锁类型。',
  },
}

/** The issue's sentence, naming the field as the screen does (without the place: see `issueLocation`). */
export function issueMessage(issue: RuleIssue, locale: Locale): string {
  const place = issuePlace(issue.field)
  const override = OVERRIDES[`${issue.rule}:${place.field}`]
  if (override) return override[locale]
  const { sequence: _sequence, ...rest } = issue
  return describeIssue({ ...rest, field: fieldWords(place, locale) }, locale)
}

/** One issue as the wizard lists it. */
export interface ShownIssue {
  issue: RuleIssue
  place: IssuePlace
  anchor: string
  location: string
  message: string
}

export function showIssue(issue: RuleIssue, locale: Locale): ShownIssue {
  const place = issuePlace(issue.field)
  return { issue, place, anchor: anchorId(place.path), location: issueLocation(place, locale), message: issueMessage(issue, locale) }
}

/** Issues grouped by the anchor of their input (each field shows its own). */
export function issuesByAnchor(issues: readonly RuleIssue[]): Map<string, RuleIssue[]> {
  const out = new Map<string, RuleIssue[]>()
  for (const i of issues) {
    const a = anchorId(issuePlace(i.field).path)
    const list = out.get(a)
    if (list) list.push(i)
    else out.set(a, [i])
  }
  return out
}
