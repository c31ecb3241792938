/**
 * The demo data: deterministic for a seed, documented in docs/sandbox.md. Identities, enterprises, customers,
 * the named employees and every asset number below are fixed whatever the seed; the seed shapes the rest
 * (generated names, flags, products). `scale` grows the demo enterprise: 25 x scale employees and
 * 100 x scale assets (scale 2000: 50,000 employees and 200,000 assets).
 */
import type { LicenseType } from '@shared/api/orders'
import { SANDBOX_DEMO, SANDBOX_DEMO_CUSTOMER_COMMON, SANDBOX_DEMO_CUSTOMERS, SANDBOX_DEMO_PRODUCTS, sandboxDemoCrmId } from '@shared/sandbox-demo'
import { MAGIC_LOCKS, MAGIC_USER_NAMES } from '../magic'
import { Rng } from '../rng'
import { addAdmin, isLockType, newAsset, newCustomer, newEmployee, newEnterprise } from './factory'
import { hashPassword } from './passwords'
import type { Asset, Customer, Employee, Enterprise, Product } from './schema'
import { Store, formatId } from './store'

/** 2024-01-01 00:00 China Standard Time: demo records date from here, so the data does not depend on today. */
export const DEMO_EPOCH = 1_704_038_400_000
const DAY = 86_400_000
const YEAR = 365 * DAY

/** First value of the shell-number counter: new shell numbers start at 8200000001. */
export const SHELL_COUNTER_START = 200_000_000

/** Demo logins besides demoadmin; all share the demo password. */
export const DEMO_LOGINS = {
  admin: SANDBOX_DEMO.user.username,
  admin2: 'demoadmin2',
  trial: 'demotrial',
  unbound: 'demounbound',
  noSuffix: 'demonosuffix',
} as const

/** Fixed employees of the demo enterprise that the docs and tests name. */
export const DEMO_EMPLOYEES = {
  /** Holds cloud accounts 8100000041 and 8100000043 and lock 8100000001. */
  zhangsan: 'zhangsan',
  /** Holds 8100000042 (lent into borrowed lock 8100000055, which is lent to lisi) and 8100000044. */
  lisi: 'lisi',
  /** Holds 8100000045 and the no-nodes cloud account 8000033006. */
  wangwu: 'wangwu',
} as const

/** Fixed asset numbers of the demo enterprise (DEMO / DEMO-0001), by kind. */
export const DEMO_ASSETS = {
  refillable: ['8100000001', '8100000002', '8100000003', '8100000004', '8100000005', '8100000006', '8100000007', '8100000008'],
  refillableLan: ['8100000009', '8100000010'],
  keyAccount: ['8100000011', '8100000012'],
  disabledRefillable: ['8100000013', '8100000014'],
  /**
   * Refillable locks to practise a products refund on (delete_product): fixed products whatever the seed, listed in
   * docs/sandbox.md; the second holds one product twice with different dates (strict or loose matching).
   */
  productRefund: ['8100000015', '8100000016'],
  nonRefillable: ['8100000021', '8100000022', '8100000023', '8100000024'],
  nonRefillableLan: ['8100000025'],
  identity: ['8100000026', '8100000027'],
  certificates: ['8100000031', '8100000032', '8100000033'],
  productEntity: ['8100000035'],
  cloudAccounts: ['8100000041', '8100000042', '8100000043', '8100000044', '8100000045', '8100000046'],
  cloudCustomer: ['8100000047'],
  cloudPersonal: ['8100000048'],
  freeBorrowedLocks: ['8100000051', '8100000052', '8100000053', '8100000054'],
  lentBorrowedLock: '8100000055',
  /** Assets of the demo enterprise's second customer (DEMO / DEMO-0001-SH). */
  secondCustomer: ['8100000061', '8100000062', '8100000063'],
  /** Assets of the second enterprise (DEMO / DEMO-0002): another customer's. */
  otherEnterprise: ['8100000101', '8100000102', '8100000103', '8100000104', '8100000105', '8100000106', '8100000107', '8100000108', '8100000109'],
} as const

const SURNAMES: readonly [string, string][] = [
  ['王', 'wang'], ['李', 'li'], ['张', 'zhang'], ['刘', 'liu'], ['陈', 'chen'], ['杨', 'yang'], ['赵', 'zhao'],
  ['黄', 'huang'], ['周', 'zhou'], ['吴', 'wu'], ['徐', 'xu'], ['孙', 'sun'], ['胡', 'hu'], ['朱', 'zhu'],
  ['高', 'gao'], ['林', 'lin'], ['何', 'he'], ['郭', 'guo'], ['马', 'ma'], ['罗', 'luo'],
]
const GIVEN: readonly [string, string][] = [
  ['伟', 'wei'], ['芳', 'fang'], ['娜', 'na'], ['敏', 'min'], ['静', 'jing'], ['磊', 'lei'], ['强', 'qiang'],
  ['洋', 'yang'], ['艳', 'yan'], ['勇', 'yong'], ['军', 'jun'], ['杰', 'jie'], ['娟', 'juan'], ['涛', 'tao'],
  ['明', 'ming'], ['超', 'chao'], ['秀英', 'xiuying'], ['霞', 'xia'], ['平', 'ping'], ['刚', 'gang'],
]
const DEPARTMENTS = ['研发部', '销售部', '市场部', '财务部', '人事部', '技术支持部']
const REMARKS = [null, null, null, '项目经理', '造价工程师', '外包人员', 'Site engineer', '实习生']

interface CatalogProduct {
  uri: string
  name: string
  type: string
  gms: boolean
}
/** The demo products (shared with the Sandbox profile's product catalog). */
const CATALOG: readonly CatalogProduct[] = SANDBOX_DEMO_PRODUCTS

interface Gen {
  store: Store
  rng: Rng
  hashed: { salt: string; hash: string }
  orderIds: Map<string, string>
}

function makeProduct(g: Gen, asset: Asset, c: CatalogProduct, opts: { merchandiseId?: number | null; nodes?: number; at: number; fixed?: { start: number; years: number } }): Product {
  // A fixed product draws nothing from the seed (the data after it stays the same).
  const start = opts.fixed ? opts.fixed.start : DEMO_EPOCH + g.rng.int(180) * DAY
  const years = opts.fixed ? opts.fixed.years : 1 + g.rng.int(3)
  const p: Product = {
    id: g.store.next('product'),
    assetId: asset.id,
    lentFromAssetId: null,
    merchandiseId: opts.merchandiseId ?? null,
    licenseType: asset.licenseType,
    customerId: asset.customerId,
    productUri: c.uri,
    gmsPid: c.gms ? c.uri : null,
    appKey: c.gms ? null : c.uri,
    productName: c.name,
    productType: c.type,
    channelCode: SANDBOX_DEMO.channelCode,
    licenseOrderId: g.orderIds.get(asset.customerId) ?? null,
    channelOrderId: `DEMO-ORDER-${asset.customerId.slice(-4)}`,
    limitStartTime: start,
    limitEndTime: start + years * YEAR,
    limitAmount: 0,
    limitConcurrent: opts.nodes ?? (asset.licenseType.includes('lan') ? 5 + g.rng.int(20) : 1 + g.rng.int(3)),
    limitTimeDuration: 0,
    trial: 0,
    trialEndDate: null,
    limitType: 'basic',
    prodDefExtend: false,
    timeDurationExpression: `${years}-0-0`,
    srcLicenseOrderId: null,
    createTime: opts.at,
    updateTime: null,
    activateFlag: opts.fixed ? true : g.rng.chance(0.7),
    crmProductId: `CRM-P-${asset.assetNum}-${c.uri}`,
    features: [],
  }
  g.store.addProduct(p)
  return p
}

/** A package tree on a cloud account: a suite with one child package, each holding products. */
function makeMerchandise(g: Gen, asset: Asset, at: number): void {
  const suiteId = g.store.next('merchandise')
  const base = {
    assetId: asset.id,
    licenseType: asset.licenseType,
    customerId: asset.customerId,
    licenseOrderId: g.orderIds.get(asset.customerId) ?? null,
    channelOrderId: `DEMO-ORDER-${asset.customerId.slice(-4)}`,
    createTime: at,
    updateTime: null,
    channelCode: SANDBOX_DEMO.channelCode,
    timeDurationExpression: '1-0-0',
    srcLicenseOrderId: null,
  }
  g.store.addMerchandise({ ...base, id: suiteId, parentId: null, merchandiseNum: 'PKG-SUITE', merchandiseName: '造价全家桶 Cost Suite', parentMerchandiseNum: null, crmProductId: `CRM-M-${asset.assetNum}-S` })
  const childId = g.store.next('merchandise')
  g.store.addMerchandise({ ...base, id: childId, parentId: suiteId, merchandiseNum: 'PKG-BASIC', merchandiseName: '基础包 Basic Pack', parentMerchandiseNum: 'PKG-SUITE', crmProductId: `CRM-M-${asset.assetNum}-B` })
  makeProduct(g, asset, CATALOG[0] as CatalogProduct, { merchandiseId: suiteId, at })
  makeProduct(g, asset, CATALOG[1] as CatalogProduct, { merchandiseId: childId, at })
  makeProduct(g, asset, CATALOG[4] as CatalogProduct, { merchandiseId: childId, at })
}

/** The fixed products of the products-refund locks: [catalog index, start, years, nodes]. */
const REFUND_PRACTICE: readonly (readonly [number, number, number, number])[][] = [
  [[0, 0, 3, 3], [1, 0, 2, 1], [2, 0, 1, 2]],
  [[0, 0, 1, 1], [0, YEAR, 2, 5], [3, 0, 2, 1]],
]

/** A lock of `productRefund` with its fixed products (dates from DEMO_EPOCH; nothing drawn from the seed). */
function refundPracticeLock(g: Gen, customer: Customer, assetNum: string, products: readonly (readonly [number, number, number, number])[]): void {
  const a = asset(g, customer, assetNum, 'normal_recover_usbkey', {}, 0)
  for (const [ci, from, years, nodes] of products) {
    const p = makeProduct(g, a, CATALOG[ci] as CatalogProduct, { nodes, at: a.createTime })
    p.limitStartTime = DEMO_EPOCH + from
    p.limitEndTime = DEMO_EPOCH + from + years * YEAR
    p.timeDurationExpression = `${years}-0-0`
    p.activateFlag = true
    p.crmProductId = `CRM-P-${assetNum}-${p.id}`
  }
}

/**
 * Locks to practise renewals on: products (and one login lock's own date) ending a fixed number of days after the
 * day the data was built (`today`, China time, 00:00), so Renewals has something to show whenever the sandbox
 * starts. [asset number, license type, the asset's own end (days, or null), products: [catalog index, ends in days,
 * nodes]]. Nothing is drawn from the seed. See docs/sandbox.md.
 */
export const RENEWAL_PRACTICE: readonly (readonly [string, LicenseType, number | null, readonly (readonly [number, number, number])[]])[] = [
  ['8100000017', 'normal_recover_usbkey', null, [[0, 10, 2], [1, 20, 1], [2, 45, 1]]],
  ['8100000018', 'normal_recover_usbkey', null, [[3, 75, 3], [1, 400, 1]]],
  ['8100000019', 'lk_auth_usbkey', 40, [[0, 400, 1]]],
]

function renewalPracticeLocks(g: Gen, customer: Customer, today: number): void {
  const day0 = Math.floor((today + 8 * 3_600_000) / DAY) * DAY - 8 * 3_600_000
  for (const [assetNum, licenseType, ownEnd, products] of RENEWAL_PRACTICE) {
    const a = newAsset(
      g.store,
      {
        assetNum,
        licenseType,
        customerId: customer.customerId,
        limitStartTime: ownEnd === null ? null : day0 + ownEnd * DAY - 2 * YEAR,
        limitEndTime: ownEnd === null ? null : day0 + ownEnd * DAY,
        licenseOrderId: g.orderIds.get(customer.customerId) ?? null,
      },
      DEMO_EPOCH,
    )
    for (const [ci, endsIn, nodes] of products) {
      const p = makeProduct(g, a, CATALOG[ci] as CatalogProduct, { nodes, at: DEMO_EPOCH, fixed: { start: day0 + endsIn * DAY - YEAR, years: 1 } })
      p.crmProductId = `CRM-P-${assetNum}-${p.id}`
    }
  }
}

function asset(g: Gen, customer: Customer, assetNum: string, licenseType: LicenseType, extra: Partial<Asset> = {}, products = 1): Asset {
  const at = DEMO_EPOCH + g.rng.int(90) * DAY
  const a = newAsset(
    g.store,
    {
      assetNum,
      licenseType,
      customerId: customer.customerId,
      keyChipType: isLockType(licenseType) ? (g.rng.chance(0.6) ? 2 : 1) : null,
      onlineFlag: g.rng.chance(0.3),
      limitStartTime: licenseType.startsWith('lk_') ? at : null,
      limitEndTime: licenseType.startsWith('lk_') ? at + 2 * YEAR : null,
      licenseOrderId: g.orderIds.get(customer.customerId) ?? null,
      ...extra,
    },
    at,
  )
  for (let i = 0; i < products; i++) makeProduct(g, a, CATALOG[(i + g.rng.int(CATALOG.length)) % CATALOG.length] as CatalogProduct, { at })
  return a
}

function employee(g: Gen, e: Enterprise, n: number, deps: number[], fixed?: { userName: string; name: string }): Employee {
  const [sn, sp] = g.rng.pick(SURNAMES)
  const [gn, gp] = g.rng.pick(GIVEN)
  const mobile = g.rng.chance(0.7) ? `13${g.rng.between(0, 9)}${String(g.rng.int(100_000_000)).padStart(8, '0')}` : null
  return newEmployee(
    g.store,
    {
      enterpriseGlobalId: e.globalId,
      userName: fixed?.userName ?? `${sp}${gp}${n}`,
      name: fixed?.name ?? sn + gn,
      password: SANDBOX_DEMO.user.password,
      hashed: g.hashed,
      departmentId: deps.length ? g.rng.pick(deps) : null,
      remark: g.rng.pick(REMARKS),
      passwordMobile: mobile,
      onlineFlag: g.rng.chance(0.25),
    },
    DEMO_EPOCH + n * 3_600_000,
  )
}

function departments(g: Gen, e: Enterprise, names: readonly string[]): number[] {
  return names.map((name) => {
    const id = g.store.next('department')
    g.store.addDepartment({ id, enterpriseGlobalId: e.globalId, name })
    return id
  })
}

function demoOrder(g: Gen, customer: Customer): void {
  const id = formatId('LO', g.store.next('order'))
  g.orderIds.set(customer.customerId, id)
  g.store.addOrder({
    licenseOrderId: id,
    channelCode: SANDBOX_DEMO.channelCode,
    channelOrderId: `DEMO-ORDER-${customer.customerId.slice(-4)}`,
    sequence: 1,
    customerId: customer.customerId,
    enterpriseGlobalId: customer.enterpriseGlobalId,
    licenseType: 'cloud_account',
    orderType: 'new_buy',
    syncMode: 'sync',
    createTime: DEMO_EPOCH,
  })
}

type DemoCustomer = (typeof SANDBOX_DEMO_CUSTOMERS)[number]

/** A demo customer of the shared list (src/shared/sandbox-demo.ts), made in the list's order. */
function customer(g: Gen, e: Enterprise, d: DemoCustomer): Customer {
  const c = newCustomer(
    g.store,
    {
      channelCode: SANDBOX_DEMO.channelCode,
      channelCustomerId: d.channelCustomerId,
      enterpriseGlobalId: e.globalId,
      isDefault: d.isDefault,
      customerName: d.customerName,
      branchName: d.branchName,
      crmCustomerId: sandboxDemoCrmId(d.channelCustomerId),
      address: SANDBOX_DEMO_CUSTOMER_COMMON.address,
      passwordMobile: SANDBOX_DEMO_CUSTOMER_COMMON.passwordMobile,
    },
    DEMO_EPOCH,
  )
  // The app copies the list into the Sandbox profile's book: its ids must be the ones made here.
  if (c.customerId !== d.customerId || e.globalId !== d.enterpriseGlobalId || e.name !== d.enterpriseName) throw new Error(`demo customer ${d.channelCustomerId} differs from SANDBOX_DEMO_CUSTOMERS`)
  demoOrder(g, c)
  return c
}

/**
 * Builds the demo state for a seed and scale. `today` dates the renewal-practice locks only (RENEWAL_PRACTICE);
 * the sandbox passes the time it starts, tests a fixed one (DEMO_EPOCH when absent).
 */
export function buildDemoState(seed: number, scale: number, today: number = DEMO_EPOCH): Store {
  const store = new Store(seed, scale, {
    enterprise: 0,
    customer: 0,
    employee: 0,
    asset: 0,
    product: 0,
    merchandise: 0,
    order: 0,
    department: 0,
    shell: SHELL_COUNTER_START,
  })
  const rng = new Rng(seed)
  const salt = rng.hex(16)
  const g: Gen = { store, rng, hashed: { salt, hash: hashPassword(SANDBOX_DEMO.user.password, salt) }, orderIds: new Map() }
  const pw = SANDBOX_DEMO.user.password
  const login = (l: string, e: Enterprise) => addAdmin(store, l, pw, e.globalId, salt)

  // Enterprises in a fixed order, so their ids do not depend on the seed.
  const e1 = newEnterprise(store, '演示科技有限公司', DEMO_EPOCH, { code: 'demo0001' })
  const e2 = newEnterprise(store, '示例建设集团', DEMO_EPOCH, { code: 'demo0002' })
  const e3 = newEnterprise(store, '试用设计院', DEMO_EPOCH, { code: 'demo0003', trial: true })
  const e4 = newEnterprise(store, '未绑定客户的企业', DEMO_EPOCH, { code: 'demo0004' })
  const e5 = newEnterprise(store, '无企业代码的企业', DEMO_EPOCH, { code: '' })
  login(DEMO_LOGINS.admin, e1)
  login(DEMO_LOGINS.admin2, e2)
  login(DEMO_LOGINS.trial, e3)
  login(DEMO_LOGINS.unbound, e4)
  login(DEMO_LOGINS.noSuffix, e5)

  const [d1, d1b, d2, d3, d5] = SANDBOX_DEMO_CUSTOMERS
  const c1 = customer(g, e1, d1)
  const c1b = customer(g, e1, d1b)
  const c2 = customer(g, e2, d2)
  const c3 = customer(g, e3, d3)
  const c5 = customer(g, e5, d5)

  // ---- the demo enterprise: named employees first, then generated ones ------------------------------------
  const deps1 = departments(g, e1, DEPARTMENTS)
  let n = 0
  const zhangsan = employee(g, e1, ++n, deps1, { userName: DEMO_EMPLOYEES.zhangsan, name: '张三' })
  const lisi = employee(g, e1, ++n, deps1, { userName: DEMO_EMPLOYEES.lisi, name: '李四' })
  const wangwu = employee(g, e1, ++n, deps1, { userName: DEMO_EMPLOYEES.wangwu, name: '王五' })
  employee(g, e1, ++n, deps1, { userName: MAGIC_USER_NAMES.userCenter80001, name: '用户中心故障' })
  employee(g, e1, ++n, deps1, { userName: MAGIC_USER_NAMES.several60023, name: '重复匹配' })
  const people: Employee[] = [zhangsan, lisi, wangwu]
  const employeeCount = Math.max(25, Math.round(25 * scale))
  while (n < employeeCount) people.push(employee(g, e1, ++n, deps1))

  const A = DEMO_ASSETS
  const now = DEMO_EPOCH
  for (const no of A.refillable) asset(g, c1, no, 'normal_recover_usbkey', {}, 2)
  for (const no of A.refillableLan) asset(g, c1, no, 'normal_recover_lan_usbkey')
  asset(g, c1, A.keyAccount[0], 'lk_product_usbkey')
  asset(g, c1, A.keyAccount[1], 'lk_auth_usbkey')
  for (const no of A.disabledRefillable) asset(g, c1, no, 'normal_recover_usbkey', { locked: true })
  A.productRefund.forEach((no, i) => refundPracticeLock(g, c1, no, REFUND_PRACTICE[i] ?? []))
  for (const no of A.nonRefillable) asset(g, c1, no, 'normal_unrecover_usbkey')
  for (const no of A.nonRefillableLan) asset(g, c1, no, 'normal_unrecover_lan_usbkey')
  asset(g, c1, A.identity[0], 'identity_usbkey')
  asset(g, c1, A.identity[1], 'identity_lan_usbkey')
  asset(g, c1, A.certificates[0], 'softkey')
  asset(g, c1, A.certificates[1], 'softkey', { freezing: true })
  asset(g, c1, A.certificates[2], 'lan_softkey')
  asset(g, c1, A.productEntity[0], 'product_entity')
  const clouds = A.cloudAccounts.map((no, i) => {
    const a = asset(g, c1, no, 'cloud_account', i === 2 || i === 3 ? { extends: [{ extendCode: 'gxxp', extendValue: '1' }] } : {}, 1)
    makeMerchandise(g, a, a.createTime)
    return a
  })
  asset(g, c1, A.cloudCustomer[0], 'cloud_customer')
  asset(g, c1, A.cloudPersonal[0], 'cloud_personal')
  const freeLocks = A.freeBorrowedLocks.map((no) => asset(g, c1, no, 'normal_recover_usbkey', { borrowedUsbKey: true }, 0))
  const lentLock = asset(g, c1, A.lentBorrowedLock, 'normal_recover_usbkey', { borrowedUsbKey: true }, 0)
  for (const no of A.secondCustomer.slice(0, 2)) asset(g, c1b, no, 'normal_recover_usbkey')
  asset(g, c1b, A.secondCustomer[2], 'cloud_account')

  // Magic assets (magic.ts).
  asset(g, c1, MAGIC_LOCKS.status3, 'normal_recover_usbkey', { magic: 'status3' })
  asset(g, c1, MAGIC_LOCKS.error500, 'normal_recover_usbkey', { magic: 'error500' })
  const noNodes = asset(g, c1, MAGIC_LOCKS.noNodes33006, 'cloud_account', {}, 0)
  makeProduct(g, noNodes, CATALOG[4] as CatalogProduct, { nodes: 0, at: now })
  asset(g, c1, MAGIC_LOCKS.lend33008, 'normal_recover_usbkey', { borrowedUsbKey: true, locked: true }, 0)
  asset(g, c1, MAGIC_LOCKS.lend33009, 'normal_recover_usbkey', { borrowedUsbKey: true, magic: 'lend33009' }, 0)

  // Assignments and the one lock already lent.
  const [c41, c42, c43, c44, c45, c46] = clouds as [Asset, Asset, Asset, Asset, Asset, Asset]
  store.assign(c41, zhangsan.globalId, now)
  store.assign(c43, zhangsan.globalId, now)
  const lock1 = store.assetByNum(A.refillable[0])
  if (lock1) store.assign(lock1, zhangsan.globalId, now)
  store.assign(c42, lisi.globalId, now)
  store.assign(c44, lisi.globalId, now)
  store.assign(c45, wangwu.globalId, now)
  store.assign(noNodes, wangwu.globalId, now)
  const sixth = people[3]
  if (sixth) store.assign(c46, sixth.globalId, now)
  const cert = store.assetByNum(A.certificates[0])
  const seventh = people[4]
  if (cert && seventh) store.assign(cert, seventh.globalId, now)
  store.setLentTo(lentLock, lisi.globalId)
  for (const p of [...store.productsOf(c42.id)]) {
    p.lentFromAssetId = c42.id
    store.moveProduct(p, lentLock.id, now)
  }
  c42.lentInto = lentLock.id
  void freeLocks

  // Generated assets up to 100 x scale, spread over the common kinds.
  // The renewal-practice locks, made last, count in the 100 x scale.
  const fixedCount = store.assetsOfEnterprise(e1.globalId).length + RENEWAL_PRACTICE.length
  const target = Math.max(fixedCount, Math.round(100 * scale))
  let serial = 8_101_000_000
  for (let i = fixedCount; i < target; i++) {
    const r = rng.next()
    const type: LicenseType =
      r < 0.55 ? 'normal_recover_usbkey' : r < 0.7 ? 'normal_unrecover_usbkey' : r < 0.75 ? 'lk_auth_usbkey' : r < 0.95 ? 'cloud_account' : 'softkey'
    const a = asset(g, c1, String(++serial), type, { locked: type === 'normal_recover_usbkey' && rng.chance(0.05) })
    if ((type === 'cloud_account' || type === 'softkey') && rng.chance(0.5)) {
      const who = people[rng.int(people.length)]
      if (who) store.assign(a, who.globalId, now)
    }
  }

  // ---- the second enterprise: another customer's assets (60025) -------------------------------------------
  const deps2 = departments(g, e2, ['工程部', '预算部'])
  const people2: Employee[] = []
  for (let i = 0; i < 8; i++) people2.push(employee(g, e2, ++n, deps2))
  const other = A.otherEnterprise
  for (const no of other.slice(0, 4)) asset(g, c2, no, 'normal_recover_usbkey')
  asset(g, c2, other[4], 'normal_unrecover_usbkey')
  for (const no of other.slice(5, 8)) asset(g, c2, no, 'cloud_account', {}, 2)
  asset(g, c2, other[8], 'normal_recover_usbkey', { borrowedUsbKey: true }, 0)
  const e2Cloud = store.assetByNum(other[5])
  if (e2Cloud && people2[0]) store.assign(e2Cloud, people2[0].globalId, now)

  // ---- the trial enterprise (60009), the unbound one (60017), the one without a code (40006) ---------------
  const deps3 = departments(g, e3, ['设计一所'])
  for (let i = 0; i < 18; i++) employee(g, e3, ++n, deps3)
  asset(g, c3, '8100000201', 'cloud_account')
  asset(g, c3, '8100000202', 'cloud_account')
  for (let i = 0; i < 3; i++) employee(g, e4, ++n, [])
  for (let i = 0; i < 2; i++) employee(g, e5, ++n, [])
  asset(g, c5, '8100000301', 'cloud_account')

  // Last, so the ids and the seed's draws of everything above stay as they were.
  renewalPracticeLocks(g, c1, today)

  store.revision = 0
  return store
}
