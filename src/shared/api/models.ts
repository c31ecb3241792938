/**
 * Resources of the licensing API as they appear in responses (spec: "Resources and their fields").
 *
 * Schemas accept unknown extra fields (zod strips them) so a newer service does not break the app.
 * Fields the spec marks nullable are `.nullable()`; descriptive fields a real service might leave out are
 * `.nullish()` so one missing label does not fail a whole page of results.
 * Times are milliseconds since the epoch (docs/decisions.md).
 */
import { z } from 'zod'

const str = z.string()
const optStr = z.string().nullish()
const long = z.number()
/** "numeric or String" in the spec. */
export const idLike = z.union([z.string(), z.number()])

// ---- order group ---------------------------------------------------------------------------------------

/** Enterprise customer record (response of bind; items of query). */
export const enterpriseCustomerSchema = z.object({
  customerId: str,
  channelCode: str,
  channelCustomerId: str,
  enterpriseGlobalId: str,
  enterpriseName: optStr,
  isDefault: z.boolean(),
})
export type EnterpriseCustomer = z.infer<typeof enterpriseCustomerSchema>

/** Enterprise account creation result (order operation 2). */
export const enterpriseCreationSchema = z.object({
  enterpriseGlobalId: str,
  defaultType: z.boolean(),
  members: z.array(z.object({ memberGlobalId: str, memberIdentity: str })),
})
export type EnterpriseCreation = z.infer<typeof enterpriseCreationSchema>

/** Batch order result item (order operation 5). */
export const batchOrderResultSchema = z.object({
  sequence: z.number().int(),
  licenseOrderId: str,
  customerId: str,
})
export type BatchOrderResult = z.infer<typeof batchOrderResultSchema>

/** Per-lock status of disable/enable: 1 success, 2 lock does not exist, 3 operation failed, 4 wrong lock type. */
export const LOCK_STATUS = { success: 1, notFound: 2, failed: 3, wrongType: 4 } as const
export type LockStatus = (typeof LOCK_STATUS)[keyof typeof LOCK_STATUS]
export const lockStatusSchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)])

/** Lock operation result item (order operations 6 and 7). */
export const lockResultSchema = z.object({ assetNum: str, status: lockStatusSchema })
export type LockResult = z.infer<typeof lockResultSchema>

/** Assignment record inside a virtual asset. */
export const assignStatusSchema = z.object({
  id: optStr,
  assignStatus: optStr,
  assignMemberId: optStr,
  createTime: z.union([z.string(), z.number()]).nullish(),
  updateTime: z.null().optional(),
})
export type AssignStatus = z.infer<typeof assignStatusSchema>

export const assetExtendSchema = z.object({ extendCode: optStr, extendValue: optStr })
export type AssetExtend = z.infer<typeof assetExtendSchema>

/** Virtual asset record (order operation 8). */
export const virtualAssetSchema = z.object({
  id: str,
  licenseType: str,
  assetNum: str,
  grantable: z.boolean().nullish(),
  customerId: optStr,
  keyShellNumber: optStr,
  keyChipType: z.number().int().nullish(),
  locked: z.boolean(),
  freezing: z.boolean().nullish(),
  createTime: long.nullish(),
  updateTime: long.nullish(),
  limitStartTime: long.nullable().optional(),
  limitEndTime: long.nullable().optional(),
  assignStatus: assignStatusSchema.nullish(),
  assetLimits: z.unknown().optional(),
  assetExtends: z.array(assetExtendSchema).nullish(),
  borrowedUsbKey: z.boolean().nullish(),
})
export type VirtualAsset = z.infer<typeof virtualAssetSchema>

/** Asset-number digit strings (order operation 9): 10 digits, first the region. */
export const SHELL_REGION = { domestic: '8', singapore: '6' } as const
export const shellNumberSchema = z.string().regex(/^[86]\d{9}$/)

// ---- member group --------------------------------------------------------------------------------------

/** Employee record as returned by add (ids numeric in the spec; strings tolerated). */
export const addedMemberSchema = z.object({
  id: idLike,
  userId: idLike.nullish(),
  globalId: str,
  enterpriseId: idLike.nullish(),
  departmentId: z.number().nullable().optional(),
  departmentName: z.string().nullable().optional(),
  userName: str,
  name: optStr,
  remark: z.string().nullable().optional(),
  deleted: z.boolean().nullish(),
  updateTime: long.nullish(),
  createTime: long.nullish(),
})
export type AddedMember = z.infer<typeof addedMemberSchema>

/** Employee record as returned by list (ids strings in the spec; numbers tolerated). */
export const listedMemberSchema = addedMemberSchema.extend({
  passwordMobile: optStr,
  assetNums: z.array(str).nullish(),
  borrowNum: optStr,
  onlineFlag: z.boolean().nullish(),
  boundUserInfo: z.unknown().optional(),
})
export type ListedMember = z.infer<typeof listedMemberSchema>

/** Data of member operation 1; also the body of a 60027 partial success. */
export const addMembersResultSchema = z.object({
  succeeded: z.array(addedMemberSchema),
  failed: z.array(z.object({ userName: str, message: optStr })),
})
export type AddMembersResult = z.infer<typeof addMembersResultSchema>

/**
 * What an employee import reads of member operation 1's answer: each added employee's userName and globalId,
 * each refusal's userName and message. Validated instead of the whole record on the bulk runner's calls: for 100
 * employees 24 µs instead of 110, and a fifth of the garbage (other fields were checked, then never read).
 */
export const addMembersOutcomeSchema = z.object({
  succeeded: z.array(addedMemberSchema.pick({ userName: true, globalId: true })),
  failed: addMembersResultSchema.shape.failed,
})

/** Page (data of the employee list). */
export const memberPageSchema = z.object({
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  size: z.number().int(),
  orderBy: z.unknown().optional(),
  startRow: z.number().int().nullish(),
  endRow: z.number().int().nullish(),
  total: z.number().int(),
  pages: z.number().int(),
  list: z.array(listedMemberSchema),
  firstPage: z.number().int().nullish(),
  prePage: z.number().int().nullish(),
  nextPage: z.number().int().nullish(),
  lastPage: z.number().int().nullish(),
  isFirstPage: z.boolean().nullish(),
  isLastPage: z.boolean().nullish(),
  hasPreviousPage: z.boolean().nullish(),
  hasNextPage: z.boolean().nullish(),
  navigatePages: z.number().int().nullish(),
  navigatepageNums: z.array(z.number().int()).nullish(),
})
export type MemberPage = z.infer<typeof memberPageSchema>

/** Enterprise asset number record (member operation 6). */
export const enterpriseAssetNumSchema = z.object({
  assetNum: str,
  assetId: str,
  cloudAccountGlobalId: z.string().nullable().optional(),
  borrowedFlag: z.boolean().nullish(),
  onlineFlag: z.boolean().nullish(),
})
export type EnterpriseAssetNum = z.infer<typeof enterpriseAssetNumSchema>

/** Lent lock record (member operation 8). */
export const lentLockSchema = z.object({
  assetId: str,
  assetNum: str,
  borrowedFlag: z.boolean().nullish(),
  cloudAccountGlobalId: z.string().nullable().optional(),
})
export type LentLock = z.infer<typeof lentLockSchema>

/** Product instance (member operation 7). */
export const productInstanceSchema = z.object({
  id: idLike,
  licenseType: optStr,
  customerId: optStr,
  assetId: z.string().nullable().optional(),
  assetInsId: z.string().nullable().optional(),
  merchandiseInsId: idLike.nullable().optional(),
  assetNum: z.string().nullable().optional(),
  productUri: optStr,
  gmsPid: optStr,
  appKey: optStr,
  productName: optStr,
  channelCode: optStr,
  licenseOrderId: optStr,
  channelOrderId: optStr,
  limitStartTime: long.nullish(),
  limitEndTime: long.nullish(),
  limitAmount: z.number().nullish(),
  limitConcurrent: z.number().nullish(),
  limitTimeDuration: long.nullish(),
  trial: z.number().nullish(),
  trialEndDate: long.nullable().optional(),
  limitType: optStr,
  prodDefExtend: z.boolean().nullish(),
  timeDurationExpression: z.string().nullable().optional(),
  srcLicenseOrderId: z.string().nullable().optional(),
  createTime: long.nullish(),
  updateTime: long.nullable().optional(),
  activateFlag: z.boolean().nullish(),
  crmProductId: optStr,
  productExtendInstanceList: z.array(z.unknown()).nullish(),
})
export type ProductInstance = z.infer<typeof productInstanceSchema>

/** Merchandise instance; nests through `children`. */
export interface MerchandiseInstance {
  id: string | number
  licenseType?: string | null | undefined
  merchandiseNum?: string | null | undefined
  merchandiseName?: string | null | undefined
  parentId?: string | number | null | undefined
  parentMerchandiseNum?: string | null | undefined
  customerId?: string | null | undefined
  licenseOrderId?: string | null | undefined
  channelOrderId?: string | null | undefined
  createTime?: number | null | undefined
  updateTime?: number | null | undefined
  channelCode?: string | null | undefined
  timeDurationExpression?: string | null | undefined
  srcLicenseOrderId?: string | null | undefined
  children?: MerchandiseInstance[] | null | undefined
  productInstanceList?: ProductInstance[] | null | undefined
}
export const merchandiseInstanceSchema: z.ZodType<MerchandiseInstance> = z.lazy(() =>
  z.object({
    id: idLike,
    licenseType: optStr,
    merchandiseNum: optStr,
    merchandiseName: optStr,
    parentId: idLike.nullable().optional(),
    parentMerchandiseNum: optStr,
    customerId: optStr,
    licenseOrderId: optStr,
    channelOrderId: optStr,
    createTime: long.nullish(),
    updateTime: long.nullish(),
    channelCode: optStr,
    timeDurationExpression: optStr,
    srcLicenseOrderId: optStr,
    children: z.array(merchandiseInstanceSchema).nullish(),
    productInstanceList: z.array(productInstanceSchema).nullish(),
  }),
)

/** Data of member operation 7. */
export const assetProductsSchema = z.object({
  productInstanceList: z.array(productInstanceSchema).nullish(),
  children: z.array(merchandiseInstanceSchema).nullish(),
})
export type AssetProducts = z.infer<typeof assetProductsSchema>
