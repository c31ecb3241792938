/**
 * Rules of a batch license order (order operation 5), from the spec's order entry, asset, product and
 * merchandise tables and its five entry rules. Every violation answers 13004 and names the field and the
 * entry's sequence. The sandbox answers the first issue; the app can show them all before sending.
 */
import { DEFAULT_LIMITS } from '../settings'
import {
  CLOUD_LICENSE_TYPES,
  CUSTOMER_TYPES,
  LICENSE_TYPES,
  LOCK_LICENSE_TYPES,
  ORDER_TYPES,
  SYNC_MODES,
  type LicenseType,
  type OrderType,
} from '../api/orders'
import { assetRepeatsAcrossEntries, entryNumbers } from './asset-repeats'
import { issue, type RuleIssue, type RuleName } from './issue'
import { ASSET_NUMBER, isAbsent, isInteger, isPlainObject } from './values'

/** The code every order rule violation answers. */
export const ORDER_VALIDATION_CODE = '13004'

export interface OrderRuleLimits {
  maxOrdersPerBatch: number
}
export const DEFAULT_ORDER_RULE_LIMITS: OrderRuleLimits = { maxOrdersPerBatch: DEFAULT_LIMITS.maxOrdersPerBatch }

/** Entry fields every order type requires (strings). */
export const ENTRY_FIELDS_ALWAYS = [
  'customerName',
  'channelCustomerId',
  'adminName',
  'adminAccount',
  'adminEmail',
  'adminCellNumber',
  'customerType',
  'branchCode',
  'branchName',
  'enterpriseGlobalId',
  'licenseType',
  'orderType',
] as const
/** Entry fields only `new_buy` requires: the revoke forms omit them (entry rule 2). */
export const ENTRY_FIELDS_NEW_BUY = ['customerId', 'crmCustomerId', 'passwordMobile', 'address'] as const

/** Product fields a `new_buy` requires, by kind (spec: product entry). */
const PRODUCT_TEXT = ['crmProductId', 'productUri', 'productName', 'productType', 'timeUnit', 'timeDurationExpression'] as const
/** Present as strings but may be empty: a top-level item has no parent. */
const PRODUCT_PARENT_TEXT = ['parentCrmProductId'] as const
/** The spec's Integer fields of a product (32-bit, as a Java Integer), and its Long ones. */
const PRODUCT_INT32 = ['limitConcurrent', 'trial', 'timeUnitQuantity'] as const
/**
 * `trialEndDate` is typed Integer in the product table but is a time like every other date of the order (a feature's
 * is a Date, the product read back a Long): it is held to the Long range, as the times are (docs/decisions.md).
 */
const PRODUCT_LONGS = ['limitTimeDuration', 'trialEndDate'] as const
/** Product fields that may not be negative. */
const NON_NEGATIVE = new Set<string>(['limitConcurrent', 'timeUnitQuantity'])

/** A Java Integer: what the spec's Integer fields hold. */
export const INT32_MIN = -2_147_483_648
export const INT32_MAX = 2_147_483_647
/** A Long as JSON carries it exactly: a whole number within 2^53 - 1 (larger ones lose digits on the way). */
export const LONG_MAX = Number.MAX_SAFE_INTEGER
/** What a `delete_product` product carries (entry rule 4). */
const DELETE_PRODUCT_TEXT = ['crmProductId', 'productUri'] as const
const MERCHANDISE_TEXT = ['crmProductId', 'merchandiseNum', 'merchandiseName', 'timeDurationExpression'] as const
const MERCHANDISE_PARENT_TEXT = ['parentCrmProductId', 'parentMerchandiseNum'] as const
const FEATURE_TEXT = ['featureCode', 'featureName', 'featureValue', 'featureValueType'] as const

/** "y-m-d" time expressions: three non-negative whole numbers, e.g. `1-0-0` for one year. */
export const TIME_EXPRESSION = /^\d+-\d+-\d+$/

/** Collects issues for one entry, stamping each with the entry's sequence. */
class Collector {
  readonly issues: RuleIssue[] = []
  sequence: number | undefined
  /** Path of the entry being checked (`orderList[2]`). */
  entryAt = ''

  add(field: string, rule: RuleName, params?: Record<string, string | number>): void {
    this.issues.push(issue(ORDER_VALIDATION_CODE, field, rule, params, this.sequence))
  }

  text(obj: Record<string, unknown>, key: string, at: string, allowEmpty = false): void {
    const v = obj[key]
    if (v === undefined || v === null) return this.add(at + key, 'required')
    if (typeof v !== 'string') return this.add(at + key, 'type', { expected: 'string' })
    if (!allowEmpty && v.trim() === '') this.add(at + key, 'required')
  }

  /** A required whole number: 32-bit for the spec's Integer fields, within 2^53 for its Long ones. */
  integer(obj: Record<string, unknown>, key: string, at: string, size: 'int32' | 'long', min?: number): void {
    const v = obj[key]
    if (v === undefined || v === null) return this.add(at + key, 'required')
    this.whole(v, at + key, size, min)
  }

  optionalInteger(obj: Record<string, unknown>, key: string, at: string, size: 'int32' | 'long' = 'long'): void {
    const v = obj[key]
    if (v !== undefined && v !== null) this.whole(v, at + key, size)
  }

  /** A whole number of the size's range; below `min` (if given) or beyond the range is an issue naming the bound. */
  whole(v: unknown, field: string, size: 'int32' | 'long', min?: number): void {
    if (typeof v !== 'number' || !Number.isInteger(v)) return this.add(field, 'type', { expected: 'integer' })
    const lo = min ?? (size === 'int32' ? INT32_MIN : -LONG_MAX)
    const hi = size === 'int32' ? INT32_MAX : LONG_MAX
    if (v < lo) this.add(field, 'atLeast', { min: lo })
    else if (v > hi) this.add(field, 'atMost', { max: hi })
  }

  optionalText(obj: Record<string, unknown>, key: string, at: string): void {
    const v = obj[key]
    if (v !== undefined && v !== null && typeof v !== 'string') this.add(at + key, 'type', { expected: 'string' })
  }

  optionalBoolean(obj: Record<string, unknown>, key: string, at: string): void {
    const v = obj[key]
    if (v !== undefined && v !== null && typeof v !== 'boolean') this.add(at + key, 'type', { expected: 'boolean' })
  }

  oneOf(obj: Record<string, unknown>, key: string, at: string, allowed: readonly string[]): void {
    const v = obj[key]
    if (typeof v === 'string' && v.trim() !== '' && !allowed.includes(v)) {
      this.add(at + key, 'oneOf', { allowed: allowed.join(', ') })
    }
  }

  /** An array that must be present; returns it, or undefined after reporting. */
  array(obj: Record<string, unknown>, key: string, at: string, nonEmpty: boolean): unknown[] | undefined {
    const v = obj[key]
    if (v === undefined || v === null) {
      this.add(at + key, 'required')
      return undefined
    }
    if (!Array.isArray(v)) {
      this.add(at + key, 'type', { expected: 'array' })
      return undefined
    }
    if (nonEmpty && v.length === 0) this.add(at + key, 'notEmpty')
    return v
  }

  /** An optional array: returns [] when absent. */
  optionalArray(obj: Record<string, unknown>, key: string, at: string): unknown[] {
    const v = obj[key]
    if (v === undefined || v === null) return []
    if (!Array.isArray(v)) {
      this.add(at + key, 'type', { expected: 'array' })
      return []
    }
    return v
  }

  object(v: unknown, at: string): v is Record<string, unknown> {
    if (isPlainObject(v)) return true
    this.add(at, 'type', { expected: 'object' })
    return false
  }

  dates(obj: Record<string, unknown>, at: string): void {
    this.optionalInteger(obj, 'limitStartDate', at)
    this.optionalInteger(obj, 'limitEndDate', at)
    const s = obj['limitStartDate']
    const e = obj['limitEndDate']
    if (isInteger(s) && isInteger(e) && s > e) this.add(`${at}limitStartDate`, 'dateOrder')
  }

  timeExpression(obj: Record<string, unknown>, key: string, at: string): void {
    const v = obj[key]
    if (typeof v === 'string' && v.trim() !== '' && !TIME_EXPRESSION.test(v)) {
      this.add(at + key, 'timeExpression', { value: v })
    }
  }
}

function checkFeature(c: Collector, f: unknown, at: string): void {
  if (!c.object(f, at)) return
  for (const k of FEATURE_TEXT) c.text(f, k, `${at}.`)
  c.integer(f, 'trial', `${at}.`, 'int32')
  if (isInteger(f['trial']) && f['trial'] !== 0 && f['trial'] !== 1) c.add(`${at}.trial`, 'oneOf', { allowed: '0, 1' })
  // "Date" in the spec: a time (milliseconds, as every other time of the order), or a date written as one.
  const end = f['trialEndDate']
  if (end === undefined || end === null) c.add(`${at}.trialEndDate`, 'required')
  else if (typeof end === 'number') c.whole(end, `${at}.trialEndDate`, 'long', 0)
  else if (!isDateText(end)) c.add(`${at}.trialEndDate`, 'date', { value: typeof end === 'string' ? end.slice(0, 40) : typeof end })
}

/** A date written out: `2026-12-31`, optionally with a time (`2026-12-31 23:59:59`, ISO `T`, zone), that exists. */
const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/
export function isDateText(v: unknown): boolean {
  if (typeof v !== 'string') return false
  const m = DATE_TEXT.exec(v.trim())
  if (!m) return false
  const [y, mo, d, h = 0, mi = 0, se = 0] = m.slice(1).map((x) => (x === undefined ? undefined : Number(x)))
  if (mo! < 1 || mo! > 12 || d! < 1 || h! > 23 || mi! > 59 || se! > 59) return false
  // The day exists in that month (2026-02-30 does not).
  return d! <= new Date(Date.UTC(y!, mo!, 0)).getUTCDate()
}

/** A product of a `new_buy` (spec: product entry, every required field). */
function checkNewBuyProduct(c: Collector, p: unknown, at: string): void {
  if (!c.object(p, at)) return
  const dot = `${at}.`
  for (const k of PRODUCT_TEXT) c.text(p, k, dot)
  for (const k of PRODUCT_PARENT_TEXT) c.text(p, k, dot, true)
  for (const k of PRODUCT_INT32) c.integer(p, k, dot, 'int32', NON_NEGATIVE.has(k) ? 0 : undefined)
  for (const k of PRODUCT_LONGS) c.integer(p, k, dot, 'long', k === 'trialEndDate' ? 0 : undefined)
  if (isInteger(p['trial']) && p['trial'] !== 0 && p['trial'] !== 1) c.add(`${dot}trial`, 'oneOf', { allowed: '0, 1' })
  const strict = p['strictMatchWhenDelete']
  if (strict === undefined || strict === null) c.add(`${dot}strictMatchWhenDelete`, 'required')
  else if (typeof strict !== 'boolean') c.add(`${dot}strictMatchWhenDelete`, 'type', { expected: 'boolean' })
  c.timeExpression(p, 'timeDurationExpression', dot)
  c.optionalText(p, 'gmsPid', dot)
  c.optionalText(p, 'appKey', dot)
  c.optionalText(p, 'srcLicenseOrderId', dot)
  c.dates(p, dot)
  const passwords = c.optionalArray(p, 'passwords', dot)
  passwords.forEach((pw, i) => {
    if (typeof pw !== 'string') c.add(`${dot}passwords[${i}]`, 'type', { expected: 'string' })
  })
  const features = c.array(p, 'productFeatures', dot, false)
  features?.forEach((f, i) => checkFeature(c, f, `${dot}productFeatures[${i}]`))
}

/** A product of a `delete_product` (entry rule 4: six fields). */
function checkDeleteProduct(c: Collector, p: unknown, at: string): void {
  if (!c.object(p, at)) return
  const dot = `${at}.`
  for (const k of DELETE_PRODUCT_TEXT) c.text(p, k, dot)
  c.integer(p, 'limitConcurrent', dot, 'int32', 0)
  const strict = p['strictMatchWhenDelete']
  if (strict === undefined || strict === null) c.add(`${dot}strictMatchWhenDelete`, 'required')
  else if (typeof strict !== 'boolean') c.add(`${dot}strictMatchWhenDelete`, 'type', { expected: 'boolean' })
  c.dates(p, dot)
}

function checkMerchandise(c: Collector, m: unknown, at: string, depth: number): void {
  if (!c.object(m, at)) return
  const dot = `${at}.`
  for (const k of MERCHANDISE_TEXT) c.text(m, k, dot)
  for (const k of MERCHANDISE_PARENT_TEXT) c.text(m, k, dot, true)
  c.timeExpression(m, 'timeDurationExpression', dot)
  const products = c.array(m, 'licenseOrderProductList', dot, false)
  products?.forEach((p, i) => checkNewBuyProduct(c, p, `${dot}licenseOrderProductList[${i}]`))
  // A package tree deeper than this is a mistake, not a catalogue.
  if (depth > 8) return c.add(`${dot}children`, 'maxItems', { max: 8 })
  c.optionalArray(m, 'children', dot).forEach((child, i) => checkMerchandise(c, child, `${dot}children[${i}]`, depth + 1))
}

/**
 * Asset numbers: any 1 to 64 visible characters. Lock numbers are not held to the 10-digit shell format: the
 * spec's `keyShellNumber` is "the numeric part of the asset number", so an asset number may carry more.
 */
function checkAssetNos(c: Collector, a: Record<string, unknown>, at: string, seen: Map<string, number>, group: number): void {
  const nos = c.array(a, 'assetNos', at, true)
  if (!nos) return
  // An order may carry 100,000 numbers and is checked as the user types: the field's path is built only for an
  // issue, and a plain loop keeps the check to a regex test and a map lookup per number.
  const field = (i: number) => `${at}assetNos[${i}]`
  for (let i = 0; i < nos.length; i++) {
    const no = nos[i]
    if (typeof no !== 'string') {
      c.add(field(i), 'type', { expected: 'string' })
      continue
    }
    if (!ASSET_NUMBER.test(no)) {
      c.add(field(i), 'assetNumber', { value: no })
      continue
    }
    const first = seen.get(no)
    if (first === undefined) {
      seen.set(no, group * GROUP_STRIDE + i)
      continue
    }
    const firstGroup = Math.floor(first / GROUP_STRIDE)
    // Another asset group: say where the first one is (the same group's list shows it beside the repeat).
    if (firstGroup === group) c.add(field(i), 'duplicate', { value: no })
    else c.add(field(i), 'duplicate', { value: no, first: `${c.entryAt}.assets[${firstGroup}].assetNos[${first % GROUP_STRIDE}]` })
  }
}

/** Place of a number within an entry, as one number: group * GROUP_STRIDE + index (lists are far shorter). */
const GROUP_STRIDE = 1_000_000_000

function checkAsset(c: Collector, a: unknown, group: number, orderType: OrderType, licenseType: LicenseType | undefined, seen: Map<string, number>): void {
  const at = `${c.entryAt}.assets[${group}]`
  if (!c.object(a, at)) return
  const dot = `${at}.`
  const isLock = licenseType !== undefined && LOCK_LICENSE_TYPES.includes(licenseType)
  if (orderType === 'delete_asset') {
    // Entry rule 3: only assetNos is carried; anything else is ignored.
    return checkAssetNos(c, a, dot, seen, group)
  }
  if (orderType === 'delete_product') {
    checkAssetNos(c, a, dot, seen, group)
    c.dates(a, dot)
    const products = c.array(a, 'products', dot, true)
    products?.forEach((p, i) => checkDeleteProduct(c, p, `${dot}products[${i}]`))
    return
  }
  checkAssetNos(c, a, dot, seen, group)
  c.dates(a, dot)
  c.optionalBoolean(a, 'transferedAssetNum', dot)
  c.optionalBoolean(a, 'borrowedUsbKey', dot)
  if (a['borrowedUsbKey'] === true && licenseType !== undefined && !isLock) {
    c.add(`${dot}borrowedUsbKey`, 'notAllowed', { detail: `${licenseType} is not a lock` })
  }
  c.optionalArray(a, 'assetExtendList', dot).forEach((x, i) => {
    const f = `${dot}assetExtendList[${i}]`
    if (!c.object(x, f)) return
    c.optionalText(x, 'extendCode', `${f}.`)
    c.optionalText(x, 'extendValue', `${f}.`)
  })
  // "products: may be empty only when orderType is delete_asset".
  const products = c.array(a, 'products', dot, true)
  products?.forEach((p, i) => checkNewBuyProduct(c, p, `${dot}products[${i}]`))
  c.optionalArray(a, 'merchandises', dot).forEach((m, i) => checkMerchandise(c, m, `${dot}merchandises[${i}]`, 1))
}

/** Issues of one order entry, `index` being its place in `orderList`. */
export function checkOrderEntry(entry: unknown, index: number): RuleIssue[] {
  const c = new Collector()
  const at = `orderList[${index}]`
  c.entryAt = at
  if (!c.object(entry, at)) return c.issues
  const dot = `${at}.`
  const seq = entry['sequence']
  if (seq === undefined || seq === null) c.add(`${dot}sequence`, 'required')
  else if (isInt32(seq)) c.sequence = seq
  else c.whole(seq, `${dot}sequence`, 'int32')

  const orderType = entry['orderType']
  const known = typeof orderType === 'string' && (ORDER_TYPES as readonly string[]).includes(orderType)
  for (const k of ENTRY_FIELDS_ALWAYS) c.text(entry, k, dot)
  c.oneOf(entry, 'orderType', dot, ORDER_TYPES)
  c.oneOf(entry, 'licenseType', dot, LICENSE_TYPES)
  c.oneOf(entry, 'customerType', dot, CUSTOMER_TYPES)
  c.optionalText(entry, 'srcLicenseOrderId', dot)
  if (!known) return c.issues
  const type = orderType as OrderType
  if (type === 'new_buy') for (const k of ENTRY_FIELDS_NEW_BUY) c.text(entry, k, dot)

  const lt = entry['licenseType']
  const licenseType = typeof lt === 'string' && (LICENSE_TYPES as readonly string[]).includes(lt) ? (lt as LicenseType) : undefined
  // Entry rule 1: a revoke of a cloud license type names the order it revokes.
  if (type !== 'new_buy' && licenseType && CLOUD_LICENSE_TYPES.includes(licenseType) && isAbsent(entry['srcLicenseOrderId'])) {
    c.add(`${dot}srcLicenseOrderId`, 'required')
  }
  const assets = c.array(entry, 'assets', dot, true)
  // An asset number has one fate per order: once per entry (across its groups) and once per order (entries.ts).
  const seen = new Map<string, number>()
  assets?.forEach((a, i) => checkAsset(c, a, i, type, licenseType, seen))
  return c.issues
}

const isInt32 = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= INT32_MIN && v <= INT32_MAX

/**
 * Issues of a whole batch order body: top-level fields, then per entry its own issues, its asset numbers already in
 * an earlier entry, and a repeated sequence.
 */
export function checkBatchOrderBody(body: unknown, limits: OrderRuleLimits = DEFAULT_ORDER_RULE_LIMITS): RuleIssue[] {
  const c = new Collector()
  if (!c.object(body, 'body')) return c.issues
  c.text(body, 'channelCode', '')
  c.text(body, 'channelOrderId', '')
  c.text(body, 'syncMode', '')
  c.oneOf(body, 'syncMode', '', SYNC_MODES)
  const list = c.array(body, 'orderList', '', true)
  if (!list) return c.issues
  if (list.length > limits.maxOrdersPerBatch) c.add('orderList', 'maxItems', { max: limits.maxOrdersPerBatch })
  const out = [...c.issues]
  const sequences = new Map<number, number>()
  const repeats = assetRepeatsAcrossEntries(list.map(entryNumbers))
  list.forEach((entry, i) => {
    out.push(...checkOrderEntry(entry, i), ...repeats[i]!)
    const seq = isPlainObject(entry) ? entry['sequence'] : undefined
    if (isInt32(seq)) {
      if (sequences.has(seq)) out.push(issue(ORDER_VALIDATION_CODE, `orderList[${i}].sequence`, 'duplicate', { value: seq }, seq))
      sequences.set(seq, i)
    }
  })
  return out
}
