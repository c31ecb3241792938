/** Order operations 6 to 9: disable and enable locks, list an enterprise's virtual assets, get shell numbers. */
import { LOCK_STATUS, type LockStatus } from '@shared/api/models'
import { TOGGLEABLE_LOCK_TYPES } from '@shared/api/orders'
import { issue } from '@shared/rules/issue'
import { isInteger } from '@shared/rules/values'
import { apiError } from '../errors'
import { isLockType } from '../state/factory'
import { virtualAssetRecord } from '../views'
import type { Handler, OpContext, OpRequest } from './context'
import { bodyObject, fail, requiredText } from './common'

const V = '13004'

/** Most lock numbers in one disable/enable call (the app's largest chunk setting). */
export const MAX_LOCKS_PER_CALL = 5000

function lockNumbers(req: OpRequest): string[] {
  const b = bodyObject(req, V)
  const nums = b['assetNums']
  if (nums === undefined || nums === null) fail(issue(V, 'assetNums', 'required'), req)
  if (!Array.isArray(nums)) fail(issue(V, 'assetNums', 'type', { expected: 'array' }), req)
  if (nums.length === 0) fail(issue(V, 'assetNums', 'notEmpty'), req)
  if (nums.length > MAX_LOCKS_PER_CALL) fail(issue(V, 'assetNums', 'maxItems', { max: MAX_LOCKS_PER_CALL }), req)
  for (let i = 0; i < nums.length; i++) {
    const n: unknown = nums[i]
    if (typeof n !== 'string' || n.trim() === '') fail(issue(V, `assetNums[${i}]`, typeof n === 'string' ? 'required' : 'type', { expected: 'string' }), req)
  }
  requiredText(b, 'operatorIdentity', V, req)
  return nums as string[]
}

/** Disable (locked = true) or enable (false) each lock; per-item status 1 to 4. */
function toggle(ctx: OpContext, req: OpRequest, locked: boolean): { data: { assetNum: string; status: LockStatus }[] } {
  const nums = lockNumbers(req)
  ctx.stats.toggled(nums)
  const { store } = ctx
  // The magic 500 lock fails the whole call before anything changes.
  for (const n of nums) {
    if (store.assetByNum(n)?.magic === 'error500') {
      throw apiError('500', req.locale, { en: `(magic lock ${n})`, 'zh-CN': `（魔法锁号 ${n}）` })
    }
  }
  const now = ctx.clock.now()
  const out = new Array<{ assetNum: string; status: LockStatus }>(nums.length)
  let changed = false
  for (let i = 0; i < nums.length; i++) {
    const assetNum = nums[i] as string
    const a = store.assetByNum(assetNum)
    let status: LockStatus
    if (!a) status = LOCK_STATUS.notFound
    else if (!isLockType(a.licenseType) || !TOGGLEABLE_LOCK_TYPES.includes(a.licenseType)) status = LOCK_STATUS.wrongType
    else if (a.magic === 'status3') status = LOCK_STATUS.failed
    else {
      // Already in the wanted state counts as success, so a repeated call (a retry) reports the same.
      if (a.locked !== locked) {
        a.locked = locked
        a.updateTime = now
        changed = true
      }
      status = LOCK_STATUS.success
    }
    out[i] = { assetNum, status }
  }
  if (changed) store.touch()
  return { data: out }
}

export const lockAssets: Handler = (ctx, req) => toggle(ctx, req, true)
export const unlockAssets: Handler = (ctx, req) => toggle(ctx, req, false)

/** 8. Every asset of every customer of the enterprise; `extendCode` keeps those carrying that extension. */
export const listVirtualAssets: Handler = (ctx, req) => {
  const id = req.params['enterpriseGlobalId'] ?? ''
  if (id.trim() === '') fail(issue(V, 'enterpriseGlobalId', 'required'), req)
  if (!ctx.store.enterprises.has(id)) fail(issue(V, 'enterpriseGlobalId', 'notFound', { value: id }), req)
  const extendCode = req.query.get('extendCode')
  let assets = ctx.store.assetsOfEnterprise(id)
  if (extendCode !== null && extendCode.trim() !== '') {
    const code = extendCode.trim()
    assets = assets.filter((a) => a.extends.some((x) => x.extendCode === code))
  }
  return { data: assets.map(virtualAssetRecord) }
}

/** Largest 9-digit sequence. */
const SHELL_MAX = 999_999_999

/** 9. `size` new shell numbers: the region digit, then 9 digits that increase and never repeat. */
export const getShellNums: Handler = (ctx, req) => {
  const b = bodyObject(req, V)
  const size = b['size']
  if (size === undefined || size === null) fail(issue(V, 'size', 'required'), req)
  if (!isInteger(size)) fail(issue(V, 'size', 'type', { expected: 'integer' }), req)
  const max = ctx.limits.maxShellNumsPerCall
  if (size < 1 || size > max) fail(issue(V, 'size', 'range', { min: 1, max }), req)
  ctx.stats.received('getShellNums', String(size))
  const { store } = ctx
  const out: string[] = []
  let n = store.counters.shell
  while (out.length < size) {
    n++
    if (n > SHELL_MAX) throw apiError('500', req.locale, { en: '(shell numbers exhausted)', 'zh-CN': '（锁号已用尽）' })
    const num = ctx.shellRegion + String(n).padStart(9, '0')
    // Never hand out a number an asset already has (demo data, or one typed into an order).
    if (!store.assetByNum(num)) out.push(num)
  }
  store.counters.shell = n
  store.touch()
  ctx.stats.applied('getShellNums', String(size))
  return { data: out }
}
