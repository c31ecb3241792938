/**
 * Member operations 6 to 10: the enterprise's asset numbers, an asset's products, the lent locks, configuring
 * asset numbers of an employee, and lending an employee's assets into a borrowed lock.
 */
import { issue } from '@shared/rules/issue'
import { isPlainObject } from '@shared/rules/values'
import { apiError, type Detail } from '../errors'
import { MAGIC_USER_NAMES } from '../magic'
import type { Asset, Employee, Enterprise } from '../state/schema'
import { assetProductsData } from '../views'
import type { Handler, OpContext, OpRequest } from './context'
import { callerEnterprise, fail, ownEnterprise, requireBoundCustomer } from './common'
import { lendInto } from './lending'

/** 6. Every asset number of the enterprise, with who holds it and whether it is lent. */
export const listAssetNums: Handler = (ctx, req) => {
  const enterprise = ownEnterprise(ctx, req, req.params['enterpriseGlobalId'] ?? '')
  requireBoundCustomer(ctx, req, enterprise)
  const data = ctx.store.assetsOfEnterprise(enterprise.globalId).map((a) => ({
    assetNum: a.assetNum,
    assetId: a.id,
    // A borrowed lock is held by the employee it is lent to; other assets by the employee configured.
    cloudAccountGlobalId: a.borrowedUsbKey ? a.lentTo : a.assignMemberId,
    borrowedFlag: a.borrowedUsbKey ? a.lentTo !== null : a.lentInto !== null,
    onlineFlag: a.onlineFlag,
  }))
  return { data }
}

/** The caller's asset by id: 60024 when unknown or another enterprise's. */
function ownAsset(ctx: OpContext, req: OpRequest, enterprise: Enterprise, assetId: string): Asset {
  const a = ctx.store.assets.get(assetId)
  if (!a || ctx.store.enterpriseOfAsset(a) !== enterprise.globalId) {
    throw apiError('60024', req.locale, { en: `(assetId ${assetId})`, 'zh-CN': `（assetId ${assetId}）` })
  }
  return a
}

/** 7. Products and merchandise of one asset of the caller's enterprise. */
export const listAssetProducts: Handler = (ctx, req) => {
  const enterprise = callerEnterprise(ctx, req)
  requireBoundCustomer(ctx, req, enterprise)
  const asset = ownAsset(ctx, req, enterprise, req.params['assetId'] ?? '')
  return { data: assetProductsData(ctx.store, asset) }
}

/** 8. The borrowed locks of the enterprise: free ones and lent ones. */
export const listLentLocks: Handler = (ctx, req) => {
  const enterprise = ownEnterprise(ctx, req, req.params['enterpriseGlobalId'] ?? '')
  requireBoundCustomer(ctx, req, enterprise)
  const data = ctx.store
    .assetsOfEnterprise(enterprise.globalId)
    .filter((a) => a.borrowedUsbKey)
    .map((a) => ({ assetId: a.id, assetNum: a.assetNum, borrowedFlag: a.lentTo !== null, cloudAccountGlobalId: a.lentTo }))
  return { data }
}

/** The employee of a `/enterprise/member/{memberGlobalId}/...` path in the caller's enterprise; 60026 otherwise. */
function subAccount(ctx: OpContext, req: OpRequest, enterprise: Enterprise): Employee {
  const id = req.params['memberGlobalId'] ?? ''
  const e = ctx.store.employees.get(id)
  if (!e || e.enterpriseGlobalId !== enterprise.globalId) {
    throw apiError('60026', req.locale, { en: `(memberGlobalId ${id})`, 'zh-CN': `（memberGlobalId ${id}）` })
  }
  return e
}

/** A required array of non-blank strings (40000 otherwise). */
function stringList(req: OpRequest, body: Record<string, unknown>, key: string, nonEmpty: boolean): string[] {
  const v = body[key]
  if (v === undefined || v === null) fail(issue('40000', key, 'required'), req)
  if (!Array.isArray(v)) fail(issue('40000', key, 'type', { expected: 'array' }), req)
  if (nonEmpty && v.length === 0) fail(issue('40000', key, 'notEmpty'), req)
  v.forEach((x: unknown, i) => {
    if (typeof x !== 'string' || x.trim() === '') fail(issue('40000', `${key}[${i}]`, typeof x === 'string' ? 'required' : 'type', { expected: 'string' }), req)
  })
  return (v as string[]).map((x) => x.trim())
}

function bodyOf(req: OpRequest): Record<string, unknown> {
  if (!isPlainObject(req.body)) fail(issue('40000', 'body', req.body === undefined ? 'required' : 'type', { expected: 'object' }), req)
  return req.body
}

function err(code: string, req: OpRequest, d: Detail): never {
  throw apiError(code, req.locale, d)
}

/**
 * 9. Configure assets: withdraw `deleteAssets`, then assign `addAssets`, all or nothing. Each number must be
 * the enterprise's (60024 unknown, 60025 another customer's) and appear once (60028); one configured to a
 * different employee is 60028 too. Re-adding what the employee holds, or removing what they do not, is a no-op,
 * so a repeated call gives the same result.
 */
export const configureAssets: Handler = (ctx, req) => {
  const enterprise = callerEnterprise(ctx, req)
  const b = bodyOf(req)
  const del = stringList(req, b, 'deleteAssets', false)
  const add = stringList(req, b, 'addAssets', false)
  const member = subAccount(ctx, req, enterprise)
  if (member.userName.toLowerCase() === MAGIC_USER_NAMES.several60023) {
    err('60023', req, { en: `(magic employee ${member.userName})`, 'zh-CN': `（魔法员工 ${member.userName}）` })
  }
  const { store } = ctx
  const seen = new Set<string>()
  const resolve = (no: string): Asset => {
    if (seen.has(no)) err('60028', req, { en: `(${no})`, 'zh-CN': `（${no}）` })
    seen.add(no)
    const a = store.assetByNum(no)
    if (!a) err('60024', req, { en: `(${no})`, 'zh-CN': `（${no}）` })
    if (store.enterpriseOfAsset(a) !== enterprise.globalId) {
      err('60025', req, { en: `(${no} belongs to customer ${a.customerId})`, 'zh-CN': `（${no} 属于客户 ${a.customerId}）` })
    }
    return a
  }
  const toWithdraw = del.map(resolve)
  const toAssign = add.map(resolve)
  for (const a of toAssign) {
    if (a.assignMemberId !== null && a.assignMemberId !== member.globalId) {
      err('60028', req, { en: `(${a.assetNum} is configured to ${a.assignMemberId})`, 'zh-CN': `（${a.assetNum} 已配置给 ${a.assignMemberId}）` })
    }
  }
  const now = ctx.clock.now()
  for (const a of toWithdraw) if (a.assignMemberId === member.globalId) store.assign(a, null, now)
  for (const a of toAssign) store.assign(a, member.globalId, now)
  return { data: null }
}

/**
 * 10. Lend: moves the products of the employee's assets into a borrowed lock. Checks, in order: the employee
 * (60026), the lock (33009 magic, 33008 not a usable borrowed lock of the enterprise or disabled, 33018 lent to
 * someone else), then each asset (33003 not the employee's, 33007 lent into another lock, 33006 no nodes).
 */
export const lendAssets: Handler = (ctx, req) => {
  const enterprise = callerEnterprise(ctx, req)
  const b = bodyOf(req)
  const lockNo = b['borrowedUsbKey']
  if (typeof lockNo !== 'string' || lockNo.trim() === '') {
    fail(issue('40000', 'borrowedUsbKey', typeof lockNo === 'string' || lockNo === undefined || lockNo === null ? 'required' : 'type', { expected: 'string' }), req)
  }
  const ids = stringList(req, b, 'assetIDs', true)
  const member = subAccount(ctx, req, enterprise)
  const key = `${member.globalId}/${lockNo.trim()}`
  ctx.stats.received('lendAssets', key)
  const { store } = ctx
  const lock = store.assetByNum(lockNo.trim())
  if (!lock || !lock.borrowedUsbKey || store.enterpriseOfAsset(lock) !== enterprise.globalId) {
    err('33008', req, { en: `(${lockNo} is not a borrowed lock of this enterprise)`, 'zh-CN': `（${lockNo} 不是本企业的借用锁）` })
  }
  if (lock.magic === 'lend33009') err('33009', req, { en: `(magic lock ${lock.assetNum})`, 'zh-CN': `（魔法锁号 ${lock.assetNum}）` })
  if (lock.locked) err('33008', req, { en: `(${lock.assetNum} is disabled)`, 'zh-CN': `（${lock.assetNum} 已被禁用）` })
  if (lock.lentTo !== null && lock.lentTo !== member.globalId) {
    err('33018', req, { en: `(${lock.assetNum} is lent to ${lock.lentTo})`, 'zh-CN': `（${lock.assetNum} 已借给 ${lock.lentTo}）` })
  }
  const assets: Asset[] = []
  for (const id of new Set(ids)) {
    const a = store.assets.get(id)
    if (!a || a.assignMemberId !== member.globalId || a.borrowedUsbKey) {
      err('33003', req, { en: `(asset ${id} is not configured to ${member.globalId})`, 'zh-CN': `（资产 ${id} 未配置给 ${member.globalId}）` })
    }
    if (a.lentInto !== null && a.lentInto !== lock.id) {
      err('33007', req, { en: `(asset ${id} is lent into another lock)`, 'zh-CN': `（资产 ${id} 已借入其他借用锁）` })
    }
    if (a.lentInto === lock.id) continue
    if (!store.productsOf(a.id).some((p) => p.limitConcurrent > 0)) {
      err('33006', req, { en: `(asset ${id} has no nodes to lend)`, 'zh-CN': `（资产 ${id} 没有可借出的节点）` })
    }
    assets.push(a)
  }
  const now = ctx.clock.now()
  store.setLentTo(lock, member.globalId)
  for (const a of assets) lendInto(store, a, lock, now)
  ctx.stats.applied('lendAssets', key)
  return { data: null }
}
