/**
 * New drafts from a submitted order (pure): `draftFromBody` turns a request back into an order draft ("copy as a
 * new draft"), and `refundDraft` builds the revoke of what a new_buy bought ("refund"):
 * - an asset the order created (not listed before it was sent) is revoked whole: a delete_asset entry;
 * - an asset that existed before (the order renewed it, adding products) keeps what it had: a delete_product
 *   entry revoking exactly the products the order added (strict match on their dates and node count);
 * both with `srcLicenseOrderId` = the entry's license order id from the results. Entries without a license order
 * id (not known) are left out and reported, so the user sees what could not be refunded.
 */
import type { BatchOrderBody, OrderAsset, OrderEntry, OrderMerchandise, OrderProduct, ProductFeature } from '../api/orders'
import {
  assetGroupDraftSchema,
  featureDraftSchema,
  merchandiseDraftSchema,
  newKey,
  orderDraftSchema,
  orderEntryDraftSchema,
  productDraftSchema,
  type AssetGroupDraft,
  type MerchandiseDraft,
  type OrderDraft,
  type OrderEntryDraft,
  type ProductDraft,
} from './draft'

const s = (v: string | null | undefined): string => v ?? ''
const n = (v: number | null | undefined): number | null => (v === undefined ? null : v)

function featureDraft(f: ProductFeature) {
  return featureDraftSchema.parse({
    key: newKey(),
    featureCode: s(f.featureCode),
    featureName: s(f.featureName),
    featureValue: s(f.featureValue),
    featureValueType: s(f.featureValueType),
    trial: f.trial === 1 ? 1 : 0,
    trialEndDate: n(f.trialEndDate),
  })
}

export function productDraftFrom(p: OrderProduct): ProductDraft {
  return productDraftSchema.parse({
    key: newKey(),
    crmProductId: s(p.crmProductId),
    parentCrmProductId: s(p.parentCrmProductId),
    productUri: s(p.productUri),
    productName: s(p.productName),
    gmsPid: s(p.gmsPid),
    appKey: s(p.appKey),
    productType: s(p.productType),
    limitStartDate: n(p.limitStartDate),
    limitEndDate: n(p.limitEndDate),
    limitConcurrent: n(p.limitConcurrent),
    limitTimeDuration: n(p.limitTimeDuration),
    strictMatchWhenDelete: p.strictMatchWhenDelete === true,
    trial: p.trial === 1 ? 1 : 0,
    trialEndDate: n(p.trialEndDate),
    passwords: p.passwords ?? [],
    timeUnit: s(p.timeUnit),
    timeUnitQuantity: n(p.timeUnitQuantity),
    timeDurationExpression: s(p.timeDurationExpression),
    srcLicenseOrderId: s(p.srcLicenseOrderId),
    productFeatures: (p.productFeatures ?? []).map(featureDraft),
  })
}

function merchandiseDraftFrom(m: OrderMerchandise): MerchandiseDraft {
  return merchandiseDraftSchema.parse({
    key: newKey(),
    crmProductId: s(m.crmProductId),
    parentCrmProductId: s(m.parentCrmProductId),
    merchandiseNum: s(m.merchandiseNum),
    merchandiseName: s(m.merchandiseName),
    parentMerchandiseNum: s(m.parentMerchandiseNum),
    timeDurationExpression: s(m.timeDurationExpression),
    children: (m.children ?? []).map(merchandiseDraftFrom),
    products: (m.licenseOrderProductList ?? []).map(productDraftFrom),
  })
}

function assetDraftFrom(a: OrderAsset): AssetGroupDraft {
  return assetGroupDraftSchema.parse({
    key: newKey(),
    assetNos: [...a.assetNos],
    assetExtendList: (a.assetExtendList ?? []).map((x) => ({ extendCode: s(x.extendCode), extendValue: s(x.extendValue) })),
    limitStartDate: n(a.limitStartDate),
    limitEndDate: n(a.limitEndDate),
    borrowedUsbKey: a.borrowedUsbKey === true,
    transferedAssetNum: a.transferedAssetNum === true,
    products: (a.products ?? []).map(productDraftFrom),
    merchandises: (a.merchandises ?? []).map(merchandiseDraftFrom),
  })
}

/** The customer and header fields of an entry, as a draft entry of another order type. */
function entryHead(e: OrderEntry, orderType: OrderEntry['orderType']): Omit<OrderEntryDraft, 'assets'> {
  return orderEntryDraftSchema.parse({
    key: newKey(),
    orderType,
    licenseType: e.licenseType,
    customerType: e.customerType,
    customerName: s(e.customerName),
    customerId: s(e.customerId),
    crmCustomerId: s(e.crmCustomerId),
    channelCustomerId: s(e.channelCustomerId),
    enterpriseGlobalId: s(e.enterpriseGlobalId),
    branchCode: s(e.branchCode),
    branchName: s(e.branchName),
    adminName: s(e.adminName),
    adminAccount: s(e.adminAccount),
    adminEmail: s(e.adminEmail),
    adminCellNumber: s(e.adminCellNumber),
    passwordMobile: s(e.passwordMobile),
    address: s(e.address),
    srcLicenseOrderId: s(e.srcLicenseOrderId),
  })
}

export function entryDraftFrom(e: OrderEntry): OrderEntryDraft {
  return { ...entryHead(e, e.orderType), assets: e.assets.map(assetDraftFrom) }
}

/** "Copy as a new draft": the same order with a new customer order number, not ready (the user checks it). */
export function draftFromBody(body: BatchOrderBody, channelOrderId: string): OrderDraft {
  return orderDraftSchema.parse({
    channelOrderId,
    syncMode: body.syncMode,
    entries: body.orderList.map(entryDraftFrom),
    ready: false,
  })
}

/** Every product of an asset group, its packages' too (at any depth). */
function productsOf(a: OrderAsset): OrderProduct[] {
  const out = [...(a.products ?? [])]
  const walk = (m: OrderMerchandise): void => {
    out.push(...(m.licenseOrderProductList ?? []))
    for (const c of m.children ?? []) walk(c)
  }
  for (const m of a.merchandises ?? []) walk(m)
  return out
}

/** A product to revoke on delete_product: the six fields of entry rule 4, strict match on what was bought. */
function revokeProduct(p: OrderProduct): ProductDraft {
  return productDraftSchema.parse({
    key: newKey(),
    crmProductId: s(p.crmProductId),
    productUri: s(p.productUri),
    limitStartDate: n(p.limitStartDate),
    limitEndDate: n(p.limitEndDate),
    limitConcurrent: n(p.limitConcurrent),
    strictMatchWhenDelete: true,
  })
}

export interface RefundResult {
  draft: OrderDraft
  /** Sequences of new_buy entries left out: their license order id is not known. */
  skipped: number[]
  /** Sequences of entries that are not new purchases (nothing to refund). */
  notPurchases: number[]
}

/**
 * The refund of a submitted order's new purchases. `results` are the order's per-entry results; `preExisting`
 * the asset numbers that were listed before it was sent (null: not known, then every asset is revoked whole).
 */
export function refundDraft(
  body: BatchOrderBody,
  results: readonly { sequence: number; licenseOrderId: string | null }[],
  preExisting: readonly string[] | null,
  channelOrderId: string,
): RefundResult {
  const before = new Set(preExisting ?? [])
  const entries: OrderEntryDraft[] = []
  const skipped: number[] = []
  const notPurchases: number[] = []
  for (const e of body.orderList) {
    if (e.orderType !== 'new_buy') {
      notPurchases.push(e.sequence)
      continue
    }
    const lo = results.find((r) => r.sequence === e.sequence)?.licenseOrderId
    if (!lo) {
      skipped.push(e.sequence)
      continue
    }
    const whole: string[] = []
    const renewed: { assetNos: string[]; products: OrderProduct[]; limitStartDate: number | null; limitEndDate: number | null }[] = []
    for (const a of e.assets) {
      const created = a.assetNos.filter((no) => !before.has(no))
      const kept = a.assetNos.filter((no) => before.has(no))
      whole.push(...created)
      const products = productsOf(a)
      if (kept.length > 0 && products.length > 0) renewed.push({ assetNos: kept, products, limitStartDate: n(a.limitStartDate), limitEndDate: n(a.limitEndDate) })
    }
    if (whole.length > 0) {
      entries.push({
        ...entryHead(e, 'delete_asset'),
        srcLicenseOrderId: lo,
        assets: [assetGroupDraftSchema.parse({ key: newKey(), assetNos: whole })],
      })
    }
    if (renewed.length > 0) {
      entries.push({
        ...entryHead(e, 'delete_product'),
        srcLicenseOrderId: lo,
        assets: renewed.map((r) =>
          assetGroupDraftSchema.parse({
            key: newKey(),
            assetNos: r.assetNos,
            limitStartDate: r.limitStartDate,
            limitEndDate: r.limitEndDate,
            products: r.products.map(revokeProduct),
          }),
        ),
      })
    }
  }
  const draft = orderDraftSchema.parse({ channelOrderId, syncMode: body.syncMode, entries, ready: false })
  return { draft, skipped, notPurchases }
}
