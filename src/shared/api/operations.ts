/**
 * The 19 operations of the licensing API in one table: group, method, path, and how safe a repeat is.
 * The client builds requests from it and the sandbox mounts its routes from it, so both agree by construction.
 */
import { z } from 'zod'
import {
  addMembersOutcomeSchema,
  addMembersResultSchema,
  assetProductsSchema,
  batchOrderResultSchema,
  enterpriseAssetNumSchema,
  enterpriseCreationSchema,
  enterpriseCustomerSchema,
  lentLockSchema,
  lockResultSchema,
  memberPageSchema,
  virtualAssetSchema,
} from './models'
import type { BatchOrderBody } from './orders'
import { quickArraySchema } from './quick-check'

export type ApiGroup = 'order' | 'member'
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

/**
 * How a repeat of the call behaves, which decides retries (docs/decisions.md):
 * - `read`: no effect; retried on 500 and transport failures.
 * - `idempotent`: the same request twice leaves the same state (lock toggles, asset configuration, edits); retried.
 * - `create`: a repeat could do the work twice (orders, employees, bind, shell numbers, lending, delete);
 *   never retried blindly: an unknown outcome is reconciled by reading back first.
 */
export type RepeatSafety = 'read' | 'idempotent' | 'create'

/** Path prefixes of the two groups, relative to the profile's base URL. */
export const GROUP_PREFIX: Record<ApiGroup, string> = {
  order: '/order/api/order/v1',
  member: '/me/api/v1',
}

/** The OAuth scope each group's application needs. */
export const GROUP_SCOPE: Record<ApiGroup, string> = {
  order: 'auth_order',
  member: 'auth_me',
}

export interface OperationDef<Data extends z.ZodType = z.ZodType> {
  group: ApiGroup
  method: HttpMethod
  /** Path template relative to the group prefix; `{name}` segments are path parameters. */
  path: string
  repeat: RepeatSafety
  /** Schema of `data` on success; `null` where the spec shows no data. */
  data: Data | null
  /**
   * What a bulk run reads of `data`, where that is much less than all of it: validated instead of `data` on the
   * runner's calls (CallOptions.lean), so a job of thousands does not check fields it never reads.
   */
  lean?: z.ZodType
  /** One line for logs and the journal. */
  title: string
}

// Keeps each entry's exact `data` type (a schema, or `null` where the spec shows no data) so OperationData works.
function op<D extends z.ZodType | null, L extends z.ZodType | undefined = undefined>(
  def: Omit<OperationDef, 'data' | 'lean'> & { data: D; lean?: L },
): Omit<OperationDef, 'data' | 'lean'> & { data: D; lean: L } {
  return def as Omit<OperationDef, 'data' | 'lean'> & { data: D; lean: L }
}

export const OPERATIONS = {
  // order group
  bindEnterprise: op({ group: 'order', method: 'POST', path: '/enterprise/user/bind', repeat: 'create', data: enterpriseCustomerSchema, title: 'Bind enterprise master account' }),
  createEnterprise: op({ group: 'order', method: 'POST', path: '/enterprise/user/create', repeat: 'create', data: enterpriseCreationSchema, title: 'Create industry customer' }),
  queryEnterprise: op({ group: 'order', method: 'GET', path: '/enterprise/user/query', repeat: 'read', data: z.array(enterpriseCustomerSchema), title: 'Query enterprise master account' }),
  updateEnterprise: op({ group: 'order', method: 'POST', path: '/enterprise/user/update', repeat: 'idempotent', data: null, title: 'Update enterprise customer' }),
  batchOrder: op({ group: 'order', method: 'POST', path: '/licenseOrder/batchOrder', repeat: 'create', data: z.array(batchOrderResultSchema), title: 'Batch create license orders' }),
  lockAssets: op({ group: 'order', method: 'POST', path: '/asset/lock', repeat: 'idempotent', data: z.array(lockResultSchema), title: 'Disable physical locks' }),
  unlockAssets: op({ group: 'order', method: 'POST', path: '/asset/unlock', repeat: 'idempotent', data: z.array(lockResultSchema), title: 'Enable physical locks' }),
  listVirtualAssets: op({ group: 'order', method: 'GET', path: '/asset/{enterpriseGlobalId}/list', repeat: 'read', data: z.array(virtualAssetSchema), title: 'List enterprise virtual assets' }),
  getShellNums: op({ group: 'order', method: 'POST', path: '/shellnums', repeat: 'create', data: z.array(z.string()), title: 'Get asset numbers' }),
  // member center group
  addMembers: op({ group: 'member', method: 'POST', path: '/enterprise/{enterpriseGlobalId}/member', repeat: 'create', data: addMembersResultSchema, lean: addMembersOutcomeSchema, title: 'Add employees' }),
  editMember: op({ group: 'member', method: 'PUT', path: '/enterprise/{enterpriseGlobalId}/member/{memberGlobalId}', repeat: 'idempotent', data: null, title: 'Edit employee' }),
  resetPassword: op({ group: 'member', method: 'PUT', path: '/enterprise/{enterpriseGlobalId}/member/{memberGlobalId}/resetPassword', repeat: 'idempotent', data: null, title: 'Reset password' }),
  deleteMember: op({ group: 'member', method: 'DELETE', path: '/enterprise/{enterpriseGlobalId}/member/{memberGlobalId}', repeat: 'create', data: null, title: 'Delete employee' }),
  listMembers: op({ group: 'member', method: 'GET', path: '/enterprise/{enterpriseGlobalId}/members', repeat: 'read', data: memberPageSchema, title: 'List employees' }),
  // One unpaged list of up to 200,000 records: checked in a loop made from the record's schema (quick-check.ts).
  listAssetNums: op({ group: 'member', method: 'GET', path: '/enterprise/{enterpriseGlobalId}/asset/assetNums', repeat: 'read', data: quickArraySchema(enterpriseAssetNumSchema), title: 'List enterprise asset numbers' }),
  listAssetProducts: op({ group: 'member', method: 'GET', path: '/enterprise/asset/{assetId}/merchandiseProducts', repeat: 'read', data: assetProductsSchema, title: 'List products under an asset' }),
  listLentLocks: op({ group: 'member', method: 'GET', path: '/enterprise/{enterpriseGlobalId}/asset/borrowUsbKeys', repeat: 'read', data: z.array(lentLockSchema), title: 'List enterprise lent locks' }),
  configureAssets: op({ group: 'member', method: 'POST', path: '/enterprise/member/{memberGlobalId}/privileges', repeat: 'idempotent', data: null, title: 'Configure assets' }),
  lendAssets: op({ group: 'member', method: 'POST', path: '/enterprise/member/{memberGlobalId}/borrow', repeat: 'create', data: null, title: 'Lend assets' }),
} as const

export type OperationId = keyof typeof OPERATIONS
export const OPERATION_IDS = Object.keys(OPERATIONS) as OperationId[]

/** The `data` type an operation returns on success. */
export type OperationData<K extends OperationId> = (typeof OPERATIONS)[K]['data'] extends z.ZodType
  ? z.output<NonNullable<(typeof OPERATIONS)[K]['data']>>
  : null

/** What a bulk run's call of an operation returns: its `lean` schema's output, or else its `data`. */
export type OperationLeanData<K extends OperationId> = (typeof OPERATIONS)[K]['lean'] extends z.ZodType
  ? z.output<NonNullable<(typeof OPERATIONS)[K]['lean']>>
  : OperationData<K>

/** Path parameter names of a template, in order. */
export function pathParamNames(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string)
}

/** Fills a path template; every value is URI-encoded so an id can never change the path. */
export function fillPath(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined || value === '') throw new Error(`missing path parameter ${name}`)
    return encodeURIComponent(value)
  })
}

// ---- request shapes (what the client sends; the sandbox checks them with the spec's error codes) -----------

export interface BindEnterpriseBody {
  channelCode: string
  channelCustomerId: string
  customerName: string
  branchName: string
  enterpriseName: string
  passwordMobile: string
}
export interface CreateEnterpriseBody {
  crmCustomerId: string
  customerName: string
  branchName: string
  address?: string
}
export type UpdateEnterpriseBody = CreateEnterpriseBody
export interface QueryEnterpriseQuery {
  channelCode: string
  channelCustomerId: string
  defaultCustomer: 'Y' | 'N'
}
export interface LockBody {
  assetNums: string[]
  operatorIdentity: string
}
export interface ShellNumsBody {
  size: number
}
export interface NewMember {
  userName: string
  password: string
  departmentId?: number
  name: string
  remark?: string
  passwordMobile?: string
}
export interface AddMembersBody {
  userList: NewMember[]
}
/** Fields left out keep their values; null clears an optional one (docs/decisions.md). */
export interface EditMemberBody {
  userName: string
  departmentId?: number | null
  name: string
  remark?: string | null
  passwordMobile?: string | null
}
export interface ResetPasswordBody {
  password: string
}
export interface ListMembersQuery {
  departmentId?: number
  keyword?: string
  pageNum: number
  pageSize: number
}
export interface ConfigureAssetsBody {
  deleteAssets: string[]
  addAssets: string[]
}
export interface LendAssetsBody {
  borrowedUsbKey: string
  assetIDs: string[]
}

/** Request shape per operation: path parameters, query (besides g_nonce and appKey), body. */
export interface OperationRequests {
  bindEnterprise: { body: BindEnterpriseBody }
  createEnterprise: { body: CreateEnterpriseBody }
  queryEnterprise: { query: QueryEnterpriseQuery }
  updateEnterprise: { body: UpdateEnterpriseBody }
  /** `appKey` goes in the query; the client takes it from the profile. */
  batchOrder: { body: BatchOrderBody }
  lockAssets: { body: LockBody }
  unlockAssets: { body: LockBody }
  listVirtualAssets: { path: { enterpriseGlobalId: string }; query?: { extendCode?: string } }
  getShellNums: { body: ShellNumsBody }
  addMembers: { path: { enterpriseGlobalId: string }; body: AddMembersBody }
  editMember: { path: { enterpriseGlobalId: string; memberGlobalId: string }; body: EditMemberBody }
  resetPassword: { path: { enterpriseGlobalId: string; memberGlobalId: string }; body: ResetPasswordBody }
  deleteMember: { path: { enterpriseGlobalId: string; memberGlobalId: string } }
  listMembers: { path: { enterpriseGlobalId: string }; query: ListMembersQuery }
  listAssetNums: { path: { enterpriseGlobalId: string } }
  listAssetProducts: { path: { assetId: string } }
  listLentLocks: { path: { enterpriseGlobalId: string } }
  configureAssets: { path: { memberGlobalId: string }; body: ConfigureAssetsBody }
  lendAssets: { path: { memberGlobalId: string }; body: LendAssetsBody }
}
