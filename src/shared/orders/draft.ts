/**
 * An order draft (order operation 5 in the making): what the wizard edits, the draft store keeps, the outbox sends.
 * Its entries mirror the request's `orderList` field for field, so an issue the shared rules find at
 * `orderList[2].assets[0].products[1].productName` names entry 3, asset group 1, product 2, field `productName` of
 * the draft too. A draft holds what the user typed, complete or not (empty text, numbers not given yet as null);
 * `toBatchOrderBody` turns it into the request the service gets (the revoke forms of entry rules 2 to 4 applied),
 * and `checkOrderDraft` runs the one rule set (`../rules/order-rules.ts`) on that request, here and in main.
 * Every string and list is bounded (a draft is read from files and crosses the IPC boundary).
 */
import { z } from 'zod'
import { CUSTOMER_TYPES, LICENSE_TYPES, ORDER_TYPES, SYNC_MODES } from '../api/orders'
import type { BatchOrderBody, OrderAsset, OrderEntry, OrderMerchandise, OrderProduct, ProductFeature } from '../api/orders'
import { checkBatchOrderBody, type OrderRuleLimits } from '../rules/order-rules'
import type { RuleIssue } from '../rules/issue'
import { draftRefusalSchema } from './refusal'

/** Format version of the body; raise it with a migration when the shape changes. */
export const ORDER_DRAFT_VERSION = 1

/** Bounds of a draft (the spec gives none; docs/decisions.md "Orders"). */
export const ORDER_DRAFT_LIMITS = {
  entries: 1000,
  assetGroups: 200,
  assetNos: 20_000,
  products: 500,
  features: 200,
  merchandises: 200,
  /** Package tree depth (the rules refuse deeper). */
  depth: 8,
  passwords: 1000,
  extends: 100,
  text: 500,
  id: 200,
} as const

const L = ORDER_DRAFT_LIMITS
/** A text field as typed (may be empty while the draft is incomplete). */
const text = (max: number = L.text) => z.string().max(max).default('')
/** A whole number, or null while not given. */
const int = z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER).nullable().default(null)
/** A time (milliseconds since the epoch, docs/decisions.md), or null for none. */
const time = z.number().int().min(0).max(8_640_000_000_000_000).nullable().default(null)
/** A key the wizard gives each row so lists can be reordered without losing their state; never sent. */
const key = z.string().min(1).max(64)

export const featureDraftSchema = z.object({
  key,
  featureCode: text(L.id),
  featureName: text(),
  featureValue: text(),
  featureValueType: text(100),
  trial: z.union([z.literal(0), z.literal(1)]).default(0),
  trialEndDate: int,
})
export type FeatureDraft = z.output<typeof featureDraftSchema>

export const productDraftSchema = z.object({
  key,
  crmProductId: text(L.id),
  parentCrmProductId: text(L.id),
  productUri: text(L.id),
  productName: text(),
  gmsPid: text(L.id),
  appKey: text(L.id),
  productType: text(100),
  limitStartDate: time,
  limitEndDate: time,
  limitConcurrent: int,
  limitTimeDuration: int,
  strictMatchWhenDelete: z.boolean().default(false),
  trial: z.union([z.literal(0), z.literal(1)]).default(0),
  trialEndDate: int,
  passwords: z.array(z.string().max(L.text)).max(L.passwords).default([]),
  timeUnit: text(50),
  timeUnitQuantity: int,
  timeDurationExpression: text(50),
  srcLicenseOrderId: text(L.id),
  productFeatures: z.array(featureDraftSchema).max(L.features).default([]),
  /** The catalog product it came from (its product URI), when picked from the catalog. */
  catalogRef: z.string().max(L.id).optional(),
})
export type ProductDraft = z.output<typeof productDraftSchema>

export interface MerchandiseDraft {
  key: string
  crmProductId: string
  parentCrmProductId: string
  merchandiseNum: string
  merchandiseName: string
  parentMerchandiseNum: string
  timeDurationExpression: string
  children: MerchandiseDraft[]
  products: ProductDraft[]
  catalogRef?: string | undefined
}

export const merchandiseDraftSchema: z.ZodType<MerchandiseDraft, unknown> = z.lazy(() =>
  z.object({
    key,
    crmProductId: text(L.id),
    parentCrmProductId: text(L.id),
    merchandiseNum: text(L.id),
    merchandiseName: text(),
    parentMerchandiseNum: text(L.id),
    timeDurationExpression: text(50),
    children: z.array(merchandiseDraftSchema).max(L.merchandises).default([]),
    products: z.array(productDraftSchema).max(L.products).default([]),
    catalogRef: z.string().max(L.id).optional(),
  }),
)

export const assetExtendDraftSchema = z.object({ extendCode: text(L.id), extendValue: text() })

export const assetGroupDraftSchema = z.object({
  key,
  assetNos: z.array(z.string().max(200)).max(L.assetNos).default([]),
  assetExtendList: z.array(assetExtendDraftSchema).max(L.extends).default([]),
  limitStartDate: time,
  limitEndDate: time,
  borrowedUsbKey: z.boolean().default(false),
  transferedAssetNum: z.boolean().default(false),
  products: z.array(productDraftSchema).max(L.products).default([]),
  merchandises: z.array(merchandiseDraftSchema).max(L.merchandises).default([]),
  /** delete_product: the asset id the products were read from (member operation 7), to read them again. */
  assetId: z.string().max(L.id).optional(),
})
export type AssetGroupDraft = z.output<typeof assetGroupDraftSchema>

/** The customer and administrator fields of an entry, in the order the form shows them. */
export const ENTRY_CUSTOMER_FIELDS = [
  'customerName',
  'customerId',
  'crmCustomerId',
  'channelCustomerId',
  'enterpriseGlobalId',
  'branchCode',
  'branchName',
  'adminName',
  'adminAccount',
  'adminEmail',
  'adminCellNumber',
  'passwordMobile',
  'address',
] as const
export type EntryCustomerField = (typeof ENTRY_CUSTOMER_FIELDS)[number]

export const orderEntryDraftSchema = z.object({
  key,
  orderType: z.enum(ORDER_TYPES).default('new_buy'),
  /** One of LICENSE_TYPES, or '' while not chosen. */
  licenseType: z.union([z.enum(LICENSE_TYPES), z.literal('')]).default(''),
  customerType: z.enum(CUSTOMER_TYPES).default('company'),
  customerName: text(),
  customerId: text(L.id),
  crmCustomerId: text(L.id),
  channelCustomerId: text(L.id),
  enterpriseGlobalId: text(L.id),
  branchCode: text(L.id),
  branchName: text(),
  adminName: text(),
  adminAccount: text(L.id),
  adminEmail: text(300),
  adminCellNumber: text(50),
  passwordMobile: text(50),
  address: text(),
  srcLicenseOrderId: text(L.id),
  /** The customer book record the customer fields were filled from (its id), if any. */
  customerRef: z.string().max(L.id).optional(),
  assets: z.array(assetGroupDraftSchema).max(L.assetGroups).default([]),
})
export type OrderEntryDraft = z.output<typeof orderEntryDraftSchema>

export const orderDraftSchema = z.object({
  version: z.literal(ORDER_DRAFT_VERSION).default(ORDER_DRAFT_VERSION),
  /** The customer order number (channelOrderId): proposed unique, editable until submitted. */
  channelOrderId: text(L.id),
  syncMode: z.enum(SYNC_MODES).default('sync'),
  entries: z.array(orderEntryDraftSchema).max(L.entries).default([]),
  /** Marked ready by the user (only possible with no issues left); any edit clears it. */
  ready: z.boolean().default(false),
  /** Free notes for the staff, never sent. */
  note: text(2000),
  /** The service's refusal of this order when it came back to Drafts, until its field changes or it is dismissed. */
  refusal: draftRefusalSchema.optional(),
})
export type OrderDraft = z.output<typeof orderDraftSchema>
export type OrderDraftInput = z.input<typeof orderDraftSchema>

/** A template: a whole order, or one entry, saved to start from ("Annual refillable lock with product X"). */
export const orderTemplateSchema = z.discriminatedUnion('scope', [
  z.object({ scope: z.literal('order'), order: orderDraftSchema }),
  z.object({ scope: z.literal('entry'), entry: orderEntryDraftSchema }),
])
export type OrderTemplate = z.output<typeof orderTemplateSchema>

let keySeq = 0
/** A fresh row key (unique within a draft; not a secret, not an id the service sees). */
export function newKey(): string {
  keySeq = (keySeq + 1) % 1_000_000
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 0x100000).toString(36)}${keySeq.toString(36)}`
}

/** An empty order. */
export function emptyOrderDraft(channelOrderId = ''): OrderDraft {
  return orderDraftSchema.parse({ channelOrderId })
}

export function emptyEntry(orderType: OrderDraft['entries'][number]['orderType'] = 'new_buy'): OrderEntryDraft {
  return orderEntryDraftSchema.parse({ key: newKey(), orderType, assets: [emptyAssetGroup()] })
}

export function emptyAssetGroup(): AssetGroupDraft {
  return assetGroupDraftSchema.parse({ key: newKey() })
}

/** A product with the defaults a new purchase usually has (1 node, one year, not a trial). */
export function emptyProduct(): ProductDraft {
  return productDraftSchema.parse({
    key: newKey(),
    limitConcurrent: 1,
    limitTimeDuration: 0,
    trialEndDate: 0,
    timeUnit: 'year',
    timeUnitQuantity: 1,
    timeDurationExpression: '1-0-0',
  })
}

export function emptyFeature(): FeatureDraft {
  return featureDraftSchema.parse({ key: newKey(), trialEndDate: 0 })
}

export function emptyMerchandise(): MerchandiseDraft {
  return merchandiseDraftSchema.parse({ key: newKey(), timeDurationExpression: '1-0-0' })
}

// ---- draft -> request -------------------------------------------------------------------------------------

const trimmed = (s: string): string => s.trim()
/** Optional text: left out of the request when empty. */
function optional<T extends object, K extends string>(target: T, k: K, v: string): void {
  const t = v.trim()
  if (t !== '') (target as Record<string, unknown>)[k] = t
}
/** A number the rules require: null stays absent so the rules say "required" at its field. */
function put<T extends object>(target: T, k: string, v: number | null): void {
  if (v !== null) (target as Record<string, unknown>)[k] = v
}

function featureBody(f: FeatureDraft): ProductFeature {
  const out = {
    featureCode: trimmed(f.featureCode),
    featureName: trimmed(f.featureName),
    featureValue: trimmed(f.featureValue),
    featureValueType: trimmed(f.featureValueType),
    trial: f.trial,
  } as ProductFeature
  put(out, 'trialEndDate', f.trialEndDate)
  return out
}

/** A product of a new purchase: every field of the spec's product entry. */
export function newBuyProductBody(p: ProductDraft): OrderProduct {
  const out = {
    crmProductId: trimmed(p.crmProductId),
    parentCrmProductId: trimmed(p.parentCrmProductId),
    productUri: trimmed(p.productUri),
    productName: trimmed(p.productName),
    productType: trimmed(p.productType),
    strictMatchWhenDelete: p.strictMatchWhenDelete,
    trial: p.trial,
    timeUnit: trimmed(p.timeUnit),
    timeDurationExpression: trimmed(p.timeDurationExpression),
    productFeatures: p.productFeatures.map(featureBody),
  } as OrderProduct
  optional(out, 'gmsPid', p.gmsPid)
  optional(out, 'appKey', p.appKey)
  optional(out, 'srcLicenseOrderId', p.srcLicenseOrderId)
  put(out, 'limitStartDate', p.limitStartDate)
  put(out, 'limitEndDate', p.limitEndDate)
  put(out, 'limitConcurrent', p.limitConcurrent)
  put(out, 'limitTimeDuration', p.limitTimeDuration)
  put(out, 'trialEndDate', p.trialEndDate)
  put(out, 'timeUnitQuantity', p.timeUnitQuantity)
  const passwords = p.passwords.map(trimmed).filter((s) => s !== '')
  if (passwords.length > 0) out.passwords = passwords
  return out
}

/** A product of a delete_product entry: only the six fields of entry rule 4. */
export function deleteProductBody(p: ProductDraft): OrderProduct {
  const out = {
    crmProductId: trimmed(p.crmProductId),
    productUri: trimmed(p.productUri),
    strictMatchWhenDelete: p.strictMatchWhenDelete,
  } as OrderProduct
  put(out, 'limitStartDate', p.limitStartDate)
  put(out, 'limitEndDate', p.limitEndDate)
  put(out, 'limitConcurrent', p.limitConcurrent)
  return out
}

export function merchandiseBody(m: MerchandiseDraft): OrderMerchandise {
  return {
    crmProductId: trimmed(m.crmProductId),
    parentCrmProductId: trimmed(m.parentCrmProductId),
    merchandiseNum: trimmed(m.merchandiseNum),
    merchandiseName: trimmed(m.merchandiseName),
    parentMerchandiseNum: trimmed(m.parentMerchandiseNum),
    timeDurationExpression: trimmed(m.timeDurationExpression),
    children: m.children.length > 0 ? m.children.map(merchandiseBody) : null,
    licenseOrderProductList: m.products.map(newBuyProductBody),
  }
}

function assetBody(a: AssetGroupDraft, orderType: OrderEntryDraft['orderType']): OrderAsset {
  const assetNos = a.assetNos.map(trimmed)
  // Entry rule 3: a delete_asset carries only the asset numbers.
  if (orderType === 'delete_asset') return { assetNos }
  const out: OrderAsset = { assetNos }
  put(out, 'limitStartDate', a.limitStartDate)
  put(out, 'limitEndDate', a.limitEndDate)
  if (orderType === 'delete_product') {
    // Entry rule 4: asset numbers, the asset's limits and the products (six fields each).
    out.products = a.products.map(deleteProductBody)
    return out
  }
  const ext = a.assetExtendList.filter((x) => x.extendCode.trim() !== '' || x.extendValue.trim() !== '')
  if (ext.length > 0) out.assetExtendList = ext.map((x) => ({ extendCode: trimmed(x.extendCode), extendValue: trimmed(x.extendValue) }))
  if (a.borrowedUsbKey) out.borrowedUsbKey = true
  if (a.transferedAssetNum) out.transferedAssetNum = true
  out.products = a.products.map(newBuyProductBody)
  if (a.merchandises.length > 0) out.merchandises = a.merchandises.map(merchandiseBody)
  return out
}

/** One entry as sent; `sequence` is its place in the order (1-based). */
export function entryBody(e: OrderEntryDraft, sequence: number): OrderEntry {
  const out = {
    sequence,
    customerName: trimmed(e.customerName),
    channelCustomerId: trimmed(e.channelCustomerId),
    adminName: trimmed(e.adminName),
    adminAccount: trimmed(e.adminAccount),
    adminEmail: trimmed(e.adminEmail),
    adminCellNumber: trimmed(e.adminCellNumber),
    customerType: e.customerType,
    branchCode: trimmed(e.branchCode),
    branchName: trimmed(e.branchName),
    enterpriseGlobalId: trimmed(e.enterpriseGlobalId),
    licenseType: e.licenseType,
    orderType: e.orderType,
    assets: e.assets.map((a) => assetBody(a, e.orderType)),
  } as OrderEntry
  if (e.orderType === 'new_buy') {
    // Entry rule 2: only a new purchase carries these four.
    out.customerId = trimmed(e.customerId)
    out.crmCustomerId = trimmed(e.crmCustomerId)
    out.passwordMobile = trimmed(e.passwordMobile)
    out.address = trimmed(e.address)
  }
  optional(out, 'srcLicenseOrderId', e.srcLicenseOrderId)
  return out
}

/** The request body of order operation 5 for a draft. `channelCode` comes from the connection profile. */
export function toBatchOrderBody(draft: OrderDraft, channelCode: string): BatchOrderBody {
  return {
    channelCode: channelCode.trim(),
    channelOrderId: draft.channelOrderId.trim(),
    syncMode: draft.syncMode,
    orderList: draft.entries.map((e, i) => entryBody(e, i + 1)),
  }
}

/**
 * Every issue of a draft, by the one rule set the service follows (13004 otherwise). Field paths are the
 * request's (`orderList[i]...`, `channelOrderId`), which are the draft's too (entry i, same names); the header's
 * `channelCode` comes from the profile.
 */
export function checkOrderDraft(draft: OrderDraft, channelCode: string, limits?: OrderRuleLimits): RuleIssue[] {
  return checkBatchOrderBody(toBatchOrderBody(draft, channelCode), limits)
}

/** Counts for the review page and the Drafts list. */
export interface OrderCounts {
  entries: number
  assetNumbers: number
  products: number
  merchandises: number
}

function countMerchandise(list: MerchandiseDraft[], acc: { products: number; merchandises: number }): void {
  for (const m of list) {
    acc.merchandises++
    acc.products += m.products.length
    countMerchandise(m.children, acc)
  }
}

export function countOrder(draft: OrderDraft): OrderCounts {
  const acc = { products: 0, merchandises: 0 }
  let assetNumbers = 0
  for (const e of draft.entries) {
    for (const a of e.assets) {
      assetNumbers += a.assetNos.length
      acc.products += a.products.length
      countMerchandise(a.merchandises, acc)
    }
  }
  return { entries: draft.entries.length, assetNumbers, ...acc }
}

/** The order types of a draft, as one word for the Drafts list: the type, 'mixed', or '' when empty. */
export function orderDraftType(draft: OrderDraft): string {
  const types = new Set(draft.entries.map((e) => e.orderType))
  if (types.size === 0) return ''
  return types.size === 1 ? [...types][0]! : 'mixed'
}

/** The customer names of a draft, as the Drafts list shows them ("ACME Ltd", "ACME Ltd +2"). */
export function orderDraftCustomer(draft: OrderDraft): string {
  const names = [...new Set(draft.entries.map((e) => e.customerName.trim()).filter((n) => n !== ''))]
  if (names.length === 0) return ''
  const first = names[0]!.slice(0, 250)
  return names.length === 1 ? first : `${first} +${names.length - 1}`
}
