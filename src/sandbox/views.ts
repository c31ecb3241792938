/**
 * Records as the service returns them (spec: "Resources and their fields"), built from the state. Ids that
 * the spec types as numeric in the add response and String in the list response follow that split.
 */
import type { Store } from './state/store'
import type { Asset, Customer, Employee, Merchandise, Product } from './state/schema'

/** `yyyy-MM-dd HH:mm:ss` in China Standard Time: the assignment time is a String in the spec. */
export function formatCst(ms: number): string {
  const d = new Date(ms + 8 * 3600_000)
  const p = (n: number) => String(n).padStart(2, '0')
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`
}

export function customerRecord(store: Store, c: Customer): Record<string, unknown> {
  return {
    customerId: c.customerId,
    channelCode: c.channelCode,
    channelCustomerId: c.channelCustomerId,
    enterpriseGlobalId: c.enterpriseGlobalId,
    enterpriseName: store.enterprises.get(c.enterpriseGlobalId)?.name ?? null,
    isDefault: c.isDefault,
  }
}

/** Virtual asset record (order operation 8). */
export function virtualAssetRecord(a: Asset): Record<string, unknown> {
  return {
    id: a.id,
    licenseType: a.licenseType,
    assetNum: a.assetNum,
    grantable: a.grantable,
    customerId: a.customerId,
    keyShellNumber: a.assetNum.replace(/\D/g, ''),
    keyChipType: a.keyChipType,
    locked: a.locked,
    freezing: a.freezing,
    createTime: a.createTime,
    updateTime: a.updateTime,
    limitStartTime: a.limitStartTime,
    limitEndTime: a.limitEndTime,
    assignStatus: a.assignMemberId
      ? { id: a.id, assignStatus: 'assigned', assignMemberId: a.assignMemberId, createTime: formatCst(a.assignTime ?? a.updateTime), updateTime: null }
      : null,
    assetLimits: null,
    assetExtends: a.extends.map((x) => ({ extendCode: x.extendCode, extendValue: x.extendValue })),
    borrowedUsbKey: a.borrowedUsbKey,
  }
}

/** Employee record of the add response: numeric ids. */
export function addedMemberRecord(store: Store, e: Employee): Record<string, unknown> {
  const enterprise = store.enterprises.get(e.enterpriseGlobalId)
  return {
    id: e.id,
    userId: e.userId,
    globalId: e.globalId,
    enterpriseId: enterprise?.id ?? null,
    departmentId: e.departmentId,
    departmentName: e.departmentId === null ? null : (store.departments.get(e.departmentId)?.name ?? null),
    userName: e.userName,
    name: e.name,
    remark: e.remark,
    deleted: false,
    updateTime: e.updateTime,
    createTime: e.createTime,
  }
}

/** Employee record of the list response: String ids, plus asset numbers, lent lock and online flag. */
export function listedMemberRecord(store: Store, e: Employee, enterpriseId: string): Record<string, unknown> {
  const lent = store.lentLocksOf(e.globalId)
  return {
    id: String(e.id),
    userId: String(e.userId),
    globalId: e.globalId,
    enterpriseId,
    departmentId: e.departmentId,
    departmentName: e.departmentId === null ? null : (store.departments.get(e.departmentId)?.name ?? null),
    userName: e.userName,
    passwordMobile: e.passwordMobile,
    name: e.name,
    assetNums: store.assetsOfMember(e.globalId).map((a) => a.assetNum),
    borrowNum: lent.length ? lent.map((a) => a.assetNum).join(',') : null,
    onlineFlag: e.onlineFlag,
    remark: e.remark,
    deleted: false,
    updateTime: e.updateTime,
    createTime: e.createTime,
    boundUserInfo: null,
  }
}

export function productInstanceRecord(p: Product, asset: Asset | undefined): Record<string, unknown> {
  return {
    id: p.id,
    licenseType: p.licenseType,
    customerId: p.customerId,
    assetId: p.assetId,
    assetInsId: p.assetId,
    merchandiseInsId: p.merchandiseId,
    assetNum: asset?.assetNum ?? null,
    productUri: p.productUri,
    gmsPid: p.gmsPid,
    appKey: p.appKey,
    productName: p.productName,
    channelCode: p.channelCode,
    licenseOrderId: p.licenseOrderId,
    channelOrderId: p.channelOrderId,
    limitStartTime: p.limitStartTime,
    limitEndTime: p.limitEndTime,
    limitAmount: p.limitAmount,
    limitConcurrent: p.limitConcurrent,
    limitTimeDuration: p.limitTimeDuration,
    trial: p.trial,
    trialEndDate: p.trialEndDate,
    limitType: p.limitType,
    prodDefExtend: p.prodDefExtend,
    timeDurationExpression: p.timeDurationExpression,
    srcLicenseOrderId: p.srcLicenseOrderId,
    createTime: p.createTime,
    updateTime: p.updateTime,
    activateFlag: p.activateFlag,
    crmProductId: p.crmProductId,
    productExtendInstanceList: p.features.map((f) => ({ ...f })),
  }
}

/** Data of member operation 7: products outside any package, and the package trees with theirs. */
export function assetProductsData(store: Store, asset: Asset): Record<string, unknown> {
  const products = store.productsOf(asset.id)
  const all = store.merchandiseOf(asset.id)
  const ids = new Set(all.map((m) => m.id))
  const byMerchandise = new Map<number, Product[]>()
  const loose: Product[] = []
  for (const p of products) {
    // A product lent in from another asset keeps its package id; here it is shown outside any package.
    if (p.merchandiseId === null || !ids.has(p.merchandiseId)) loose.push(p)
    else {
      const list = byMerchandise.get(p.merchandiseId)
      if (list) list.push(p)
      else byMerchandise.set(p.merchandiseId, [p])
    }
  }
  const children = new Map<number | null, Merchandise[]>()
  for (const m of all) {
    const key = m.parentId !== null && ids.has(m.parentId) ? m.parentId : null
    const list = children.get(key)
    if (list) list.push(m)
    else children.set(key, [m])
  }
  const render = (m: Merchandise): Record<string, unknown> => {
    const kids = children.get(m.id)
    return {
      id: m.id,
      licenseType: m.licenseType,
      merchandiseNum: m.merchandiseNum,
      merchandiseName: m.merchandiseName,
      parentId: m.parentId,
      parentMerchandiseNum: m.parentMerchandiseNum,
      customerId: m.customerId,
      licenseOrderId: m.licenseOrderId,
      channelOrderId: m.channelOrderId,
      createTime: m.createTime,
      updateTime: m.updateTime,
      channelCode: m.channelCode,
      timeDurationExpression: m.timeDurationExpression,
      srcLicenseOrderId: m.srcLicenseOrderId,
      // The spec: null at the lowest level.
      children: kids ? kids.map(render) : null,
      productInstanceList: (byMerchandise.get(m.id) ?? []).map((p) => productInstanceRecord(p, asset)),
    }
  }
  return {
    productInstanceList: loose.map((p) => productInstanceRecord(p, asset)),
    children: (children.get(null) ?? []).map(render),
  }
}
