/** Builders of new state records with their ids, shared by the demo data and the operations. */
import type { LicenseType } from '@shared/api/orders'
import { LOCK_LICENSE_TYPES } from '@shared/api/orders'
import { hashPassword, newSalt } from './passwords'
import type { Asset, Customer, Employee, Enterprise } from './schema'
import { formatId, type Store } from './store'

/** Password of the administrator of every enterprise the sandbox creates (docs/sandbox.md). */
export const CREATED_ADMIN_PASSWORD = 'Demo@12345'

/** A new enterprise master account with code `e` + 7 digits and its admin login `admin@code`. */
export function newEnterprise(store: Store, name: string, now: number, opts: { code?: string; trial?: boolean } = {}): Enterprise {
  const n = store.next('enterprise')
  const e: Enterprise = {
    globalId: formatId('E', n),
    id: n,
    name,
    code: opts.code ?? `e${String(n).padStart(7, '0')}`,
    trial: opts.trial ?? false,
    createTime: now,
  }
  store.addEnterprise(e)
  return e
}

/** The admin login of an enterprise the sandbox created. */
export function addAdmin(store: Store, login: string, password: string, enterpriseGlobalId: string, salt = newSalt()): void {
  store.addAdmin({ login, salt, passwordHash: hashPassword(password, salt), enterpriseGlobalId })
}

export function newCustomer(
  store: Store,
  fields: Omit<Customer, 'customerId' | 'createTime' | 'updateTime'>,
  now: number,
): Customer {
  const c: Customer = { customerId: formatId('C', store.next('customer')), ...fields, createTime: now, updateTime: now }
  store.addCustomer(c)
  return c
}

export interface NewEmployeeFields {
  enterpriseGlobalId: string
  userName: string
  name: string
  password: string
  departmentId?: number | null
  remark?: string | null
  passwordMobile?: string | null
  onlineFlag?: boolean
  /** Precomputed salt and hash (bulk demo data shares one); computed from `password` otherwise. */
  hashed?: { salt: string; hash: string }
}

export function newEmployee(store: Store, f: NewEmployeeFields, now: number): Employee {
  const n = store.next('employee')
  const salt = f.hashed?.salt ?? newSalt()
  const e: Employee = {
    id: n,
    userId: 100_000 + n,
    globalId: formatId('M', n),
    enterpriseGlobalId: f.enterpriseGlobalId,
    departmentId: f.departmentId ?? null,
    userName: f.userName,
    name: f.name,
    remark: f.remark ?? null,
    passwordMobile: f.passwordMobile ?? null,
    salt,
    passwordHash: f.hashed?.hash ?? hashPassword(f.password, salt),
    onlineFlag: f.onlineFlag ?? false,
    createTime: now,
    updateTime: now,
  }
  store.addEmployee(e)
  return e
}

export function isLockType(t: LicenseType): boolean {
  return LOCK_LICENSE_TYPES.includes(t)
}

export function newAsset(
  store: Store,
  f: Pick<Asset, 'assetNum' | 'licenseType' | 'customerId'> & Partial<Omit<Asset, 'id'>>,
  now: number,
): Asset {
  const lock = isLockType(f.licenseType)
  const a: Asset = {
    id: formatId('A', store.next('asset')),
    keyChipType: lock ? 2 : null,
    locked: false,
    freezing: false,
    grantable: true,
    createTime: now,
    updateTime: now,
    limitStartTime: null,
    limitEndTime: null,
    assignMemberId: null,
    assignTime: null,
    extends: [],
    borrowedUsbKey: false,
    lentTo: null,
    lentInto: null,
    onlineFlag: false,
    transferedAssetNum: false,
    magic: null,
    licenseOrderId: null,
    ...f,
  }
  store.addAsset(a)
  return a
}
