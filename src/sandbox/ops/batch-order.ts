/**
 * Order operation 5: batch license orders. The whole batch is checked first (the shared order rules, then the
 * state: enterprises, customers, assets, products to revoke) and applied only when every entry passes, so a
 * 13004 never leaves half a batch behind. `sync` and `async` are both applied at once (docs/sandbox.md).
 */
import type {
  BatchOrderBody,
  LicenseType,
  OrderAsset,
  OrderEntry,
  OrderMerchandise,
  OrderProduct,
} from '@shared/api/orders'
import { issue, type RuleName } from '@shared/rules/issue'
import { ORDER_VALIDATION_CODE, checkBatchOrderBody } from '@shared/rules/order-rules'
import { revokeMatches, revokeSource } from '@shared/orders/revoke-impact'
import { isLockType, newAsset } from '../state/factory'
import type { Asset, Customer, Product } from '../state/schema'
import { formatId, type Store } from '../state/store'
import type { Handler, OpContext, OpRequest } from './context'
import { fail, requiredQuery } from './common'
import { removeAsset } from './lending'

const V = ORDER_VALIDATION_CODE

interface Plan {
  entry: OrderEntry
  customer: Customer
  /** delete_asset: the assets to remove. */
  removeAssets: Asset[]
  /** delete_product: the product instances to remove. */
  removeProducts: Set<Product>
}

/** Raises a 13004 naming the entry's sequence and field. */
function entryFail(req: OpRequest, entry: OrderEntry, field: string, rule: RuleName, params: Record<string, string | number>): never {
  return fail(issue(V, field, rule, params, entry.sequence), req)
}

/** The customer an entry is for: by id on a purchase; by channel customer on the revoke forms (no customerId). */
function entryCustomer(store: Store, req: OpRequest, body: BatchOrderBody, entry: OrderEntry, at: string): Customer {
  if (entry.orderType === 'new_buy') {
    const c = store.customers.get(entry.customerId ?? '')
    if (!c) return entryFail(req, entry, `${at}.customerId`, 'notFound', { value: entry.customerId ?? '' })
    if (c.enterpriseGlobalId !== entry.enterpriseGlobalId) {
      return entryFail(req, entry, `${at}.customerId`, 'mismatch', {
        detail: `customer ${c.customerId} belongs to enterprise ${c.enterpriseGlobalId}, not ${entry.enterpriseGlobalId}`,
      })
    }
    return c
  }
  const byChannel = store.customerByChannel(body.channelCode, entry.channelCustomerId)
  const c =
    byChannel && byChannel.enterpriseGlobalId === entry.enterpriseGlobalId
      ? byChannel
      : store.customersOf(entry.enterpriseGlobalId).find((x) => x.channelCustomerId === entry.channelCustomerId)
  if (!c) return entryFail(req, entry, `${at}.channelCustomerId`, 'notFound', { value: entry.channelCustomerId })
  return c
}

/** An existing asset named by a revoke entry: it must exist, be the enterprise's and of the entry's type. */
function revokedAsset(store: Store, req: OpRequest, entry: OrderEntry, no: string, field: string): Asset {
  const a = store.assetByNum(no)
  if (!a) return entryFail(req, entry, field, 'notFound', { value: no })
  if (store.enterpriseOfAsset(a) !== entry.enterpriseGlobalId) {
    return entryFail(req, entry, field, 'mismatch', { detail: `asset ${no} does not belong to enterprise ${entry.enterpriseGlobalId}` })
  }
  if (a.licenseType !== entry.licenseType) {
    return entryFail(req, entry, field, 'mismatch', { detail: `asset ${no} is ${a.licenseType}, not ${entry.licenseType}` })
  }
  return a
}

/** Products an asset is entitled to: on the asset itself, or lent out into a borrowed lock. */
function entitledProducts(store: Store, a: Asset): Product[] {
  const own = [...store.productsOf(a.id)]
  if (a.lentInto) for (const p of store.productsOf(a.lentInto)) if (p.lentFromAssetId === a.id) own.push(p)
  return own
}

function plan(ctx: OpContext, req: OpRequest, body: BatchOrderBody, entry: OrderEntry, index: number): Plan {
  const { store } = ctx
  const at = `orderList[${index}]`
  if (!store.enterprises.has(entry.enterpriseGlobalId)) {
    entryFail(req, entry, `${at}.enterpriseGlobalId`, 'notFound', { value: entry.enterpriseGlobalId })
  }
  const customer = entryCustomer(store, req, body, entry, at)
  const src = revokeSource(entry.srcLicenseOrderId)
  if (entry.orderType !== 'new_buy' && src !== null) {
    const o = store.orders.get(src)
    if (!o) entryFail(req, entry, `${at}.srcLicenseOrderId`, 'notFound', { value: src })
    if (o.enterpriseGlobalId !== entry.enterpriseGlobalId) {
      entryFail(req, entry, `${at}.srcLicenseOrderId`, 'mismatch', { detail: `order ${src} belongs to another enterprise` })
    }
  }
  const out: Plan = { entry, customer, removeAssets: [], removeProducts: new Set() }
  entry.assets.forEach((asset: OrderAsset, ai) => {
    asset.assetNos.forEach((no, ni) => {
      const field = `${at}.assets[${ai}].assetNos[${ni}]`
      // A number appears once per batch (the shared rules refuse a repeat), so no two entries race for one asset.
      if (entry.orderType === 'new_buy') {
        const existing = store.assetByNum(no)
        if (existing && store.enterpriseOfAsset(existing) !== entry.enterpriseGlobalId) {
          entryFail(req, entry, field, 'mismatch', { detail: `asset ${no} belongs to another enterprise` })
        }
        if (existing && existing.licenseType !== entry.licenseType) {
          entryFail(req, entry, field, 'mismatch', { detail: `asset ${no} is ${existing.licenseType}, not ${entry.licenseType}` })
        }
        return
      }
      const a = revokedAsset(store, req, entry, no, field)
      if (entry.orderType === 'delete_asset') {
        if (src !== null && !entitledProducts(store, a).some((p) => p.licenseOrderId === src) && a.licenseOrderId !== src) {
          entryFail(req, entry, field, 'mismatch', { detail: `asset ${no} has nothing from order ${src}` })
        }
        out.removeAssets.push(a)
        return
      }
      const products = entitledProducts(store, a)
      ;(asset.products ?? []).forEach((d, pi) => {
        const found = products.filter((p) => revokeMatches(p, d, src))
        if (found.length === 0) {
          const how = d.strictMatchWhenDelete
            ? `no product ${d.productUri} on asset ${no} with limitStartDate ${d.limitStartDate ?? null}, limitEndDate ${d.limitEndDate ?? null} and limitConcurrent ${d.limitConcurrent}`
            : `no product ${d.productUri} on asset ${no}`
          entryFail(req, entry, `${at}.assets[${ai}].products[${pi}]`, 'mismatch', {
            detail: src === null ? how : `${how} from order ${src}`,
          })
        }
        for (const p of found) out.removeProducts.add(p)
      })
    })
  })
  return out
}

function productInstance(
  store: Store,
  p: OrderProduct,
  ctx: { asset: Asset; licenseType: LicenseType; customerId: string; orderId: string; body: BatchOrderBody; entry: OrderEntry; merchandiseId: number | null; now: number },
): Product {
  const features = (p.productFeatures ?? []).map((f) => ({
    featureCode: f.featureCode,
    featureName: f.featureName,
    featureValue: f.featureValue,
    featureValueType: f.featureValueType,
    trial: f.trial,
    trialEndDate: f.trialEndDate ?? null,
  }))
  return {
    id: store.next('product'),
    assetId: ctx.asset.id,
    lentFromAssetId: null,
    merchandiseId: ctx.merchandiseId,
    licenseType: ctx.licenseType,
    customerId: ctx.customerId,
    productUri: p.productUri,
    gmsPid: p.gmsPid ?? null,
    appKey: p.appKey ?? null,
    productName: p.productName ?? p.productUri,
    productType: p.productType ?? null,
    channelCode: ctx.body.channelCode,
    licenseOrderId: ctx.orderId,
    channelOrderId: ctx.body.channelOrderId,
    limitStartTime: p.limitStartDate ?? null,
    limitEndTime: p.limitEndDate ?? null,
    limitAmount: 0,
    limitConcurrent: p.limitConcurrent,
    limitTimeDuration: p.limitTimeDuration ?? 0,
    trial: p.trial ?? 0,
    trialEndDate: p.trialEndDate ?? null,
    limitType: features.length ? 'feature' : 'basic',
    prodDefExtend: features.length > 0,
    timeDurationExpression: p.timeDurationExpression ?? null,
    srcLicenseOrderId: p.srcLicenseOrderId ?? null,
    createTime: ctx.now,
    updateTime: null,
    activateFlag: false,
    crmProductId: p.crmProductId,
    features,
  }
}

function applyPurchase(ctx: OpContext, body: BatchOrderBody, entry: OrderEntry, customer: Customer, orderId: string, now: number): void {
  const { store } = ctx
  for (const asset of entry.assets) {
    for (const no of asset.assetNos) {
      let a = store.assetByNum(no)
      if (!a) {
        a = newAsset(
          store,
          {
            assetNum: no,
            licenseType: entry.licenseType,
            customerId: customer.customerId,
            limitStartTime: asset.limitStartDate ?? null,
            limitEndTime: asset.limitEndDate ?? null,
            borrowedUsbKey: asset.borrowedUsbKey === true,
            transferedAssetNum: asset.transferedAssetNum === true,
            extends: (asset.assetExtendList ?? []).map((x) => ({ extendCode: x.extendCode ?? null, extendValue: x.extendValue ?? null })),
            grantable: !isLockType(entry.licenseType) || entry.licenseType.startsWith('lk_'),
            licenseOrderId: orderId,
          },
          now,
        )
      } else {
        // A purchase on an existing asset renews it: new limits and extensions, more products.
        if (asset.limitStartDate !== undefined) a.limitStartTime = asset.limitStartDate ?? null
        if (asset.limitEndDate !== undefined) a.limitEndTime = asset.limitEndDate ?? null
        for (const x of asset.assetExtendList ?? []) {
          const known = a.extends.find((e) => e.extendCode === (x.extendCode ?? null))
          if (known) known.extendValue = x.extendValue ?? null
          else a.extends.push({ extendCode: x.extendCode ?? null, extendValue: x.extendValue ?? null })
        }
        a.updateTime = now
      }
      const base = { asset: a, licenseType: entry.licenseType, customerId: customer.customerId, orderId, body, entry, now }
      for (const p of asset.products ?? []) store.addProduct(productInstance(store, p, { ...base, merchandiseId: null }))
      const addTree = (m: OrderMerchandise, parentId: number | null): void => {
        const id = store.next('merchandise')
        store.addMerchandise({
          id,
          assetId: (a as Asset).id,
          parentId,
          licenseType: entry.licenseType,
          merchandiseNum: m.merchandiseNum,
          merchandiseName: m.merchandiseName,
          parentMerchandiseNum: m.parentMerchandiseNum || null,
          customerId: customer.customerId,
          licenseOrderId: orderId,
          channelOrderId: body.channelOrderId,
          createTime: now,
          updateTime: null,
          channelCode: body.channelCode,
          timeDurationExpression: m.timeDurationExpression,
          srcLicenseOrderId: entry.srcLicenseOrderId ?? null,
          crmProductId: m.crmProductId,
        })
        for (const p of m.licenseOrderProductList ?? []) store.addProduct(productInstance(store, p, { ...base, merchandiseId: id }))
        for (const child of m.children ?? []) addTree(child, id)
      }
      for (const m of asset.merchandises ?? []) addTree(m, null)
    }
  }
}

export const batchOrder: Handler = (ctx, req) => {
  const appKey = requiredQuery(req, 'appKey', V)
  if (appKey !== req.caller.clientId) {
    fail(issue(V, 'appKey', 'mismatch', { detail: `appKey ${appKey} is not the application of the access token` }), req)
  }
  const found = checkBatchOrderBody(req.body, { maxOrdersPerBatch: ctx.limits.maxOrdersPerBatch })
  if (found[0]) fail(found[0], req)
  const body = req.body as BatchOrderBody
  const key = `${body.channelCode}/${body.channelOrderId}`
  ctx.stats.received('batchOrder', key)
  const { store } = ctx
  // A channel order is accepted once: a resent batch is refused instead of buying twice.
  if (!ctx.acceptRepeatedChannelOrder && store.ordersOfChannelOrder(body.channelCode, body.channelOrderId).length > 0) {
    fail(issue(V, 'channelOrderId', 'exists', { value: body.channelOrderId }), req)
  }
  const plans = body.orderList.map((entry, i) => plan(ctx, req, body, entry, i))

  const now = ctx.clock.now()
  const results = plans.map(({ entry, customer, removeAssets, removeProducts }) => {
    const licenseOrderId = formatId('LO', store.next('order'))
    store.addOrder({
      licenseOrderId,
      channelCode: body.channelCode,
      channelOrderId: body.channelOrderId,
      sequence: entry.sequence,
      customerId: customer.customerId,
      enterpriseGlobalId: entry.enterpriseGlobalId,
      licenseType: entry.licenseType,
      orderType: entry.orderType,
      syncMode: body.syncMode,
      createTime: now,
    })
    const apply = (at: number): void => {
      if (entry.orderType === 'new_buy') applyPurchase(ctx, body, entry, customer, licenseOrderId, at)
      for (const a of removeAssets) if (store.assets.has(a.id)) removeAsset(store, a, at)
      for (const p of removeProducts) store.removeProduct(p)
    }
    // An async order may be applied later (SandboxOptions.asyncDelayMs), as it was checked now.
    if (body.syncMode === 'async' && (ctx.asyncDelayMs ?? 0) > 0 && ctx.deferred) {
      ctx.deferred.push({ due: now + ctx.asyncDelayMs!, apply: () => apply(ctx.clock.now()) })
    } else apply(now)
    return { sequence: entry.sequence, licenseOrderId, customerId: customer.customerId }
  })
  ctx.stats.applied('batchOrder', key)
  return { data: results }
}
