/**
 * The sandbox's state as it is kept in memory and written to the data file. The zod schemas are the trust
 * boundary for a data file read from disk; the types are inferred from them so the two never drift.
 * Times are milliseconds since the epoch.
 */
import { z } from 'zod'
import { LICENSE_TYPES, ORDER_TYPES } from '@shared/api/orders'

const time = z.number()
const optTime = z.number().nullable()
const optText = z.string().nullable()
const licenseType = z.enum(LICENSE_TYPES)

/** Behaviours the documented magic values force (docs/sandbox.md, "Magic values"). */
export const ASSET_MAGIC = ['status3', 'error500', 'lend33009'] as const

export const enterpriseSchema = z.object({
  globalId: z.string(),
  /** Numeric id (`enterpriseId` of member records). */
  id: z.number().int(),
  name: z.string(),
  /** Enterprise code appended to userNames as `@code`; empty answers 40006 on add. */
  code: z.string(),
  /** Trial enterprises may hold at most `trialMemberCap` employees (60009). */
  trial: z.boolean(),
  createTime: time,
})

export const customerSchema = z.object({
  customerId: z.string(),
  channelCode: z.string(),
  channelCustomerId: z.string(),
  enterpriseGlobalId: z.string(),
  isDefault: z.boolean(),
  customerName: z.string(),
  branchName: z.string(),
  crmCustomerId: optText,
  address: optText,
  passwordMobile: optText,
  createTime: time,
  updateTime: time,
})

/** An enterprise administrator who can log in (password grant) and use the member group. */
export const adminSchema = z.object({
  login: z.string(),
  salt: z.string(),
  passwordHash: z.string(),
  enterpriseGlobalId: z.string(),
})

export const departmentSchema = z.object({
  id: z.number().int(),
  enterpriseGlobalId: z.string(),
  name: z.string(),
})

export const employeeSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  globalId: z.string(),
  enterpriseGlobalId: z.string(),
  departmentId: z.number().int().nullable(),
  userName: z.string(),
  name: z.string(),
  remark: optText,
  passwordMobile: optText,
  salt: z.string(),
  passwordHash: z.string(),
  onlineFlag: z.boolean(),
  createTime: time,
  updateTime: time,
})

export const assetSchema = z.object({
  id: z.string(),
  assetNum: z.string(),
  licenseType,
  customerId: z.string(),
  keyChipType: z.number().int().nullable(),
  locked: z.boolean(),
  freezing: z.boolean(),
  grantable: z.boolean(),
  createTime: time,
  updateTime: time,
  limitStartTime: optTime,
  limitEndTime: optTime,
  /** Employee (global id) the asset number is configured to (member operation 9). */
  assignMemberId: optText,
  assignTime: optTime,
  extends: z.array(z.object({ extendCode: optText, extendValue: optText })),
  /** A borrowed (lent) lock: the target of member operation 10. */
  borrowedUsbKey: z.boolean(),
  /** For a borrowed lock: the employee it is lent to. */
  lentTo: optText,
  /** For an ordinary asset: the borrowed lock its entitlements were moved into. */
  lentInto: optText,
  onlineFlag: z.boolean(),
  transferedAssetNum: z.boolean(),
  magic: z.enum(ASSET_MAGIC).nullable(),
  /** License order that created the asset. */
  licenseOrderId: optText,
})

export const featureSchema = z.object({
  featureCode: z.string(),
  featureName: z.string(),
  featureValue: z.string(),
  featureValueType: z.string(),
  trial: z.number(),
  trialEndDate: z.union([z.number(), z.string()]).nullable(),
})

export const productSchema = z.object({
  id: z.number().int(),
  /** Asset the product currently sits on (a borrowed lock while lent). */
  assetId: z.string(),
  /** Asset the product belonged to before it was lent; null when never lent. */
  lentFromAssetId: optText,
  merchandiseId: z.number().int().nullable(),
  licenseType,
  customerId: z.string(),
  productUri: z.string(),
  gmsPid: optText,
  appKey: optText,
  productName: z.string(),
  productType: optText,
  channelCode: optText,
  licenseOrderId: optText,
  channelOrderId: optText,
  limitStartTime: optTime,
  limitEndTime: optTime,
  limitAmount: z.number(),
  limitConcurrent: z.number(),
  limitTimeDuration: z.number(),
  trial: z.number(),
  trialEndDate: optTime,
  limitType: z.string(),
  prodDefExtend: z.boolean(),
  timeDurationExpression: optText,
  srcLicenseOrderId: optText,
  createTime: time,
  updateTime: optTime,
  activateFlag: z.boolean(),
  crmProductId: z.string(),
  features: z.array(featureSchema),
})

export const merchandiseSchema = z.object({
  id: z.number().int(),
  assetId: z.string(),
  parentId: z.number().int().nullable(),
  licenseType,
  merchandiseNum: z.string(),
  merchandiseName: z.string(),
  parentMerchandiseNum: optText,
  customerId: z.string(),
  licenseOrderId: optText,
  channelOrderId: optText,
  createTime: time,
  updateTime: optTime,
  channelCode: optText,
  timeDurationExpression: optText,
  srcLicenseOrderId: optText,
  crmProductId: optText,
})

export const licenseOrderSchema = z.object({
  licenseOrderId: z.string(),
  channelCode: z.string(),
  channelOrderId: z.string(),
  sequence: z.number().int(),
  customerId: z.string(),
  enterpriseGlobalId: z.string(),
  licenseType,
  orderType: z.enum(ORDER_TYPES),
  syncMode: z.string(),
  createTime: time,
})

export const countersSchema = z.object({
  enterprise: z.number().int(),
  customer: z.number().int(),
  employee: z.number().int(),
  asset: z.number().int(),
  product: z.number().int(),
  merchandise: z.number().int(),
  order: z.number().int(),
  department: z.number().int(),
  /** Last 9-digit sequence handed out by the shell-number operation. */
  shell: z.number().int(),
})

export const STATE_VERSION = 1

export const stateSchema = z.object({
  version: z.literal(STATE_VERSION),
  seed: z.number(),
  scale: z.number(),
  counters: countersSchema,
  enterprises: z.array(enterpriseSchema),
  customers: z.array(customerSchema),
  admins: z.array(adminSchema),
  departments: z.array(departmentSchema),
  employees: z.array(employeeSchema),
  assets: z.array(assetSchema),
  products: z.array(productSchema),
  merchandises: z.array(merchandiseSchema),
  orders: z.array(licenseOrderSchema),
})

export type Enterprise = z.infer<typeof enterpriseSchema>
export type Customer = z.infer<typeof customerSchema>
export type Admin = z.infer<typeof adminSchema>
export type Department = z.infer<typeof departmentSchema>
export type Employee = z.infer<typeof employeeSchema>
export type Asset = z.infer<typeof assetSchema>
export type AssetMagic = (typeof ASSET_MAGIC)[number]
export type Feature = z.infer<typeof featureSchema>
export type Product = z.infer<typeof productSchema>
export type Merchandise = z.infer<typeof merchandiseSchema>
export type LicenseOrder = z.infer<typeof licenseOrderSchema>
export type Counters = z.infer<typeof countersSchema>
export type StateData = z.infer<typeof stateSchema>
