/**
 * The sandbox's state in memory, with the indexes every operation needs precomputed (asset by number,
 * employees per enterprise in id order for paging, assignments per employee...). All changes go through its
 * methods so the indexes stay right, and every change bumps `revision`, which the persister watches.
 */
import type {
  Admin,
  Asset,
  Counters,
  Customer,
  Department,
  Employee,
  Enterprise,
  LicenseOrder,
  Merchandise,
  Product,
  StateData,
} from './schema'
import { STATE_VERSION } from './schema'

const SEP = '\u0000'

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key)
  if (list) list.push(value)
  else map.set(key, [value])
}

function removeFrom<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key)
  if (!list) return
  const i = list.indexOf(value)
  if (i >= 0) list.splice(i, 1)
  if (list.length === 0) map.delete(key)
}

/** `P000000000000042`: a prefix and a 15-digit counter, like the service's global ids. */
export function formatId(prefix: string, n: number): string {
  return prefix + String(n).padStart(15, '0')
}

const EMPTY: readonly never[] = []

export class Store {
  readonly seed: number
  readonly scale: number
  readonly counters: Counters
  /** Bumped on every change; the persister writes when it moves. */
  revision = 0

  readonly enterprises = new Map<string, Enterprise>()
  readonly customers = new Map<string, Customer>()
  private readonly customersByChannel = new Map<string, Customer>()
  private readonly customersByCrm = new Map<string, Customer>()
  private readonly customersByEnterprise = new Map<string, Customer[]>()
  private readonly admins = new Map<string, Admin>()
  readonly departments = new Map<number, Department>()
  private readonly departmentsByEnterprise = new Map<string, Department[]>()
  readonly employees = new Map<string, Employee>()
  private readonly employeesByEnterprise = new Map<string, Employee[]>()
  private readonly employeesByUserName = new Map<string, Employee>()
  readonly assets = new Map<string, Asset>()
  private readonly assetsByNum = new Map<string, Asset>()
  private readonly assetsByCustomer = new Map<string, Asset[]>()
  private readonly assetsByMember = new Map<string, Asset[]>()
  private readonly lentLocksByMember = new Map<string, Asset[]>()
  private readonly productsByAsset = new Map<string, Product[]>()
  private readonly merchandiseByAsset = new Map<string, Merchandise[]>()
  readonly orders = new Map<string, LicenseOrder>()
  private readonly ordersByChannelOrder = new Map<string, LicenseOrder[]>()

  constructor(seed: number, scale: number, counters: Counters) {
    this.seed = seed
    this.scale = scale
    this.counters = counters
  }

  /** Builds a store (and its indexes) from plain data, e.g. a loaded data file. */
  static fromData(data: StateData): Store {
    const s = new Store(data.seed, data.scale, { ...data.counters })
    for (const e of data.enterprises) s.addEnterprise(e)
    for (const c of data.customers) s.addCustomer(c)
    for (const a of data.admins) s.addAdmin(a)
    for (const d of data.departments) s.addDepartment(d)
    for (const e of [...data.employees].sort((a, b) => a.id - b.id)) s.addEmployee(e)
    for (const a of data.assets) s.addAsset(a)
    for (const p of data.products) s.addProduct(p)
    for (const m of data.merchandises) s.addMerchandise(m)
    for (const o of data.orders) s.addOrder(o)
    s.revision = 0
    return s
  }

  /** Plain data for the data file. */
  toData(): StateData {
    const products: Product[] = []
    for (const list of this.productsByAsset.values()) for (const p of list) products.push(p)
    const merchandises: Merchandise[] = []
    for (const list of this.merchandiseByAsset.values()) for (const m of list) merchandises.push(m)
    return {
      version: STATE_VERSION,
      seed: this.seed,
      scale: this.scale,
      counters: { ...this.counters },
      enterprises: [...this.enterprises.values()],
      customers: [...this.customers.values()],
      admins: [...this.admins.values()],
      departments: [...this.departments.values()],
      employees: [...this.employees.values()],
      assets: [...this.assets.values()],
      products,
      merchandises,
      orders: [...this.orders.values()],
    }
  }

  /** Marks a change made directly on an object (e.g. a lock flipped). */
  touch(): void {
    this.revision++
  }

  /** Next value of a counter. */
  next(counter: keyof Counters): number {
    this.counters[counter] += 1
    return this.counters[counter]
  }

  // ---- enterprises and customers ------------------------------------------------------------------------

  addEnterprise(e: Enterprise): void {
    this.enterprises.set(e.globalId, e)
    this.touch()
  }

  addCustomer(c: Customer): void {
    this.customers.set(c.customerId, c)
    this.customersByChannel.set(c.channelCode + SEP + c.channelCustomerId, c)
    if (c.crmCustomerId) this.customersByCrm.set(c.crmCustomerId, c)
    pushTo(this.customersByEnterprise, c.enterpriseGlobalId, c)
    this.touch()
  }

  customerByChannel(channelCode: string, channelCustomerId: string): Customer | undefined {
    return this.customersByChannel.get(channelCode + SEP + channelCustomerId)
  }

  customerByCrm(crmCustomerId: string): Customer | undefined {
    return this.customersByCrm.get(crmCustomerId)
  }

  customersOf(enterpriseGlobalId: string): readonly Customer[] {
    return this.customersByEnterprise.get(enterpriseGlobalId) ?? EMPTY
  }

  enterpriseByName(name: string): Enterprise | undefined {
    for (const e of this.enterprises.values()) if (e.name === name) return e
    return undefined
  }

  // ---- administrators (logins) ----------------------------------------------------------------------------

  addAdmin(a: Admin): void {
    this.admins.set(a.login.toLowerCase(), a)
    this.touch()
  }

  adminByLogin(login: string): Admin | undefined {
    return this.admins.get(login.toLowerCase())
  }

  // ---- departments and employees --------------------------------------------------------------------------

  addDepartment(d: Department): void {
    this.departments.set(d.id, d)
    pushTo(this.departmentsByEnterprise, d.enterpriseGlobalId, d)
    this.touch()
  }

  departmentsOf(enterpriseGlobalId: string): readonly Department[] {
    return this.departmentsByEnterprise.get(enterpriseGlobalId) ?? EMPTY
  }

  /** Adds an employee; ids only grow, so appending keeps each enterprise's list in id order. */
  addEmployee(e: Employee): void {
    this.employees.set(e.globalId, e)
    pushTo(this.employeesByEnterprise, e.enterpriseGlobalId, e)
    this.employeesByUserName.set(e.enterpriseGlobalId + SEP + e.userName.toLowerCase(), e)
    this.touch()
  }

  removeEmployee(e: Employee): void {
    this.employees.delete(e.globalId)
    removeFrom(this.employeesByEnterprise, e.enterpriseGlobalId, e)
    this.employeesByUserName.delete(e.enterpriseGlobalId + SEP + e.userName.toLowerCase())
    this.touch()
  }

  /** Employees of an enterprise in id (creation) order. Do not modify the returned array. */
  employeesOf(enterpriseGlobalId: string): readonly Employee[] {
    return this.employeesByEnterprise.get(enterpriseGlobalId) ?? EMPTY
  }

  /** userNames are unique per enterprise, compared without case. */
  employeeByUserName(enterpriseGlobalId: string, userName: string): Employee | undefined {
    return this.employeesByUserName.get(enterpriseGlobalId + SEP + userName.toLowerCase())
  }

  // ---- assets -----------------------------------------------------------------------------------------------

  addAsset(a: Asset): void {
    this.assets.set(a.id, a)
    this.assetsByNum.set(a.assetNum, a)
    pushTo(this.assetsByCustomer, a.customerId, a)
    if (a.assignMemberId) pushTo(this.assetsByMember, a.assignMemberId, a)
    if (a.lentTo) pushTo(this.lentLocksByMember, a.lentTo, a)
    this.touch()
  }

  removeAsset(a: Asset): void {
    this.assign(a, null, 0)
    this.setLentTo(a, null)
    this.assets.delete(a.id)
    this.assetsByNum.delete(a.assetNum)
    removeFrom(this.assetsByCustomer, a.customerId, a)
    this.productsByAsset.delete(a.id)
    this.merchandiseByAsset.delete(a.id)
    this.touch()
  }

  assetByNum(assetNum: string): Asset | undefined {
    return this.assetsByNum.get(assetNum)
  }

  assetsOfCustomer(customerId: string): readonly Asset[] {
    return this.assetsByCustomer.get(customerId) ?? EMPTY
  }

  /** Every asset of every customer of an enterprise. */
  assetsOfEnterprise(enterpriseGlobalId: string): Asset[] {
    const customers = this.customersOf(enterpriseGlobalId)
    if (customers.length === 1) return [...this.assetsOfCustomer((customers[0] as Customer).customerId)]
    // concat, not push(...): a spread of 200,000 items overflows the stack.
    let out: Asset[] = []
    for (const c of customers) out = out.concat(this.assetsOfCustomer(c.customerId))
    return out
  }

  enterpriseOfAsset(a: Asset): string | undefined {
    return this.customers.get(a.customerId)?.enterpriseGlobalId
  }

  /** Configures an asset number to an employee, or withdraws it (null). */
  assign(a: Asset, memberGlobalId: string | null, now: number): void {
    if (a.assignMemberId === memberGlobalId) return
    if (a.assignMemberId) removeFrom(this.assetsByMember, a.assignMemberId, a)
    a.assignMemberId = memberGlobalId
    a.assignTime = memberGlobalId ? now : null
    if (memberGlobalId) pushTo(this.assetsByMember, memberGlobalId, a)
    if (now) a.updateTime = now
    this.touch()
  }

  assetsOfMember(memberGlobalId: string): readonly Asset[] {
    return this.assetsByMember.get(memberGlobalId) ?? EMPTY
  }

  /** Lends a borrowed lock to an employee, or returns it (null). */
  setLentTo(lock: Asset, memberGlobalId: string | null): void {
    if (lock.lentTo === memberGlobalId) return
    if (lock.lentTo) removeFrom(this.lentLocksByMember, lock.lentTo, lock)
    lock.lentTo = memberGlobalId
    if (memberGlobalId) pushTo(this.lentLocksByMember, memberGlobalId, lock)
    this.touch()
  }

  lentLocksOf(memberGlobalId: string): readonly Asset[] {
    return this.lentLocksByMember.get(memberGlobalId) ?? EMPTY
  }

  // ---- products and merchandise -----------------------------------------------------------------------------

  addProduct(p: Product): void {
    pushTo(this.productsByAsset, p.assetId, p)
    this.touch()
  }

  removeProduct(p: Product): void {
    removeFrom(this.productsByAsset, p.assetId, p)
    this.touch()
  }

  /** Moves a product instance onto another asset (lending). */
  moveProduct(p: Product, toAssetId: string, now: number): void {
    removeFrom(this.productsByAsset, p.assetId, p)
    p.assetId = toAssetId
    p.updateTime = now
    pushTo(this.productsByAsset, toAssetId, p)
    this.touch()
  }

  productsOf(assetId: string): readonly Product[] {
    return this.productsByAsset.get(assetId) ?? EMPTY
  }

  addMerchandise(m: Merchandise): void {
    pushTo(this.merchandiseByAsset, m.assetId, m)
    this.touch()
  }

  merchandiseOf(assetId: string): readonly Merchandise[] {
    return this.merchandiseByAsset.get(assetId) ?? EMPTY
  }

  // ---- license orders ---------------------------------------------------------------------------------------

  addOrder(o: LicenseOrder): void {
    this.orders.set(o.licenseOrderId, o)
    pushTo(this.ordersByChannelOrder, o.channelCode + SEP + o.channelOrderId, o)
    this.touch()
  }

  ordersOfChannelOrder(channelCode: string, channelOrderId: string): readonly LicenseOrder[] {
    return this.ordersByChannelOrder.get(channelCode + SEP + channelOrderId) ?? EMPTY
  }
}
