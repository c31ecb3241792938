/** Member operations 1 to 5: add, edit, reset the password of, delete and list employees. */
import { issue } from '@shared/rules/issue'
import {
  checkAddMembersBody,
  checkEditMemberBody,
  checkResetPasswordBody,
  type MemberRuleLimits,
} from '@shared/rules/member-rules'
import type { NewMember } from '@shared/api/operations'
import { isInteger } from '@shared/rules/values'
import { apiError } from '../errors'
import { MAGIC_USER_NAMES } from '../magic'
import { newEmployee } from '../state/factory'
import { hashPassword, newSalt } from '../state/passwords'
import type { Employee, Enterprise } from '../state/schema'
import type { Store } from '../state/store'
import { addedMemberRecord, listedMemberRecord } from '../views'
import type { Handler, OpContext, OpRequest } from './context'
import { fail, ownEnterprise } from './common'
import { returnLock } from './lending'

/** Search text of an employee (name and account, lower case), cached per record. */
const searchKeys = new WeakMap<Employee, string>()

function ruleLimits(ctx: OpContext, enterprise: Enterprise): MemberRuleLimits {
  return { passwordMin: ctx.limits.passwordMin, passwordMax: ctx.limits.passwordMax, enterpriseSuffix: `@${enterprise.code}` }
}

function userCenterDown(req: OpRequest, what: string): never {
  throw apiError('80001', req.locale, { en: `(magic value ${what})`, 'zh-CN': `（魔法值 ${what}）` })
}

function error500(req: OpRequest, what: string): never {
  throw apiError('500', req.locale, { en: `(magic value ${what})`, 'zh-CN': `（魔法值 ${what}）` })
}

/** The employee of a path inside the caller's enterprise; 60002 otherwise. */
function pathMember(ctx: OpContext, req: OpRequest, enterprise: Enterprise): Employee {
  const id = req.params['memberGlobalId'] ?? ''
  const e = ctx.store.employees.get(id)
  if (!e || e.enterpriseGlobalId !== enterprise.globalId) {
    throw apiError('60002', req.locale, { en: `(memberGlobalId ${id})`, 'zh-CN': `（memberGlobalId ${id}）` })
  }
  return e
}

const FAILED_EXISTS = { en: 'The account already exists.', 'zh-CN': '账号已存在。' }
const FAILED_REPEATED = { en: 'The account appears more than once in this request.', 'zh-CN': '该账号在本次请求中重复出现。' }
const FAILED_DEPARTMENT = { en: 'Department {id} does not exist.', 'zh-CN': '部门 {id} 不存在。' }

/**
 * 1. Add employees. Whole-call checks first (enterprise id 40009, enterprise suffix 40006, the list and every
 * field, the trial cap 60009); then each employee is created or reported in `failed` (an account that already
 * exists, repeated in the call, or an unknown department). Any failure answers 60027 with both lists.
 */
export const addMembers: Handler = (ctx, req) => {
  const id = req.params['enterpriseGlobalId'] ?? ''
  if (id.trim() === '') fail(issue('40009', 'enterpriseGlobalId', 'required'), req)
  const enterprise = ownEnterprise(ctx, req, id)
  if (enterprise.code === '') {
    throw apiError('40006', req.locale, { en: `(Enterprise ${enterprise.globalId} has no code.)`, 'zh-CN': `（企业 ${enterprise.globalId} 没有企业代码。）` })
  }
  const problem = checkAddMembersBody(req.body, ruleLimits(ctx, enterprise))
  if (problem) fail(problem, req)
  const list = (req.body as { userList: NewMember[] }).userList
  for (const m of list) ctx.stats.received('addMembers', m.userName)
  for (const m of list) {
    const lower = m.userName.toLowerCase()
    if (lower === MAGIC_USER_NAMES.userCenter80001) userCenterDown(req, m.userName)
    if (lower === MAGIC_USER_NAMES.error500) error500(req, m.userName)
  }
  const { store } = ctx
  const cap = ctx.limits.trialMemberCap
  if (enterprise.trial && store.employeesOf(enterprise.globalId).length + list.length > cap) {
    throw apiError('60009', req.locale, undefined, { params: { max: cap } })
  }
  const now = ctx.clock.now()
  const succeeded: Record<string, unknown>[] = []
  const failed: { userName: string; message: string }[] = []
  const seen = new Set<string>()
  const say = (t: { en: string; 'zh-CN': string }, params: Record<string, string | number> = {}): string =>
    t[req.locale].replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? ''))
  for (const m of list) {
    const lower = m.userName.toLowerCase()
    if (seen.has(lower)) {
      failed.push({ userName: m.userName, message: say(FAILED_REPEATED) })
      continue
    }
    seen.add(lower)
    if (store.employeeByUserName(enterprise.globalId, m.userName)) {
      failed.push({ userName: m.userName, message: say(FAILED_EXISTS) })
      continue
    }
    const dep = m.departmentId ?? null
    if (dep !== null && store.departments.get(dep)?.enterpriseGlobalId !== enterprise.globalId) {
      failed.push({ userName: m.userName, message: say(FAILED_DEPARTMENT, { id: dep }) })
      continue
    }
    const e = newEmployee(
      store,
      {
        enterpriseGlobalId: enterprise.globalId,
        userName: m.userName,
        name: m.name,
        password: m.password,
        departmentId: dep,
        remark: m.remark ?? null,
        passwordMobile: m.passwordMobile ? m.passwordMobile : null,
      },
      now,
    )
    ctx.stats.applied('addMembers', m.userName)
    succeeded.push(addedMemberRecord(store, e))
  }
  if (failed.length > 0) {
    throw apiError('60027', req.locale, { en: `(${succeeded.length} added, ${failed.length} failed)`, 'zh-CN': `（成功 ${succeeded.length} 个，失败 ${failed.length} 个）` }, { data: { succeeded, failed } })
  }
  return { data: { succeeded, failed } }
}

/** 2. Edit: name, department, remark and security mobile of the employee whose userName the body repeats. */
export const editMember: Handler = (ctx, req) => {
  const enterprise = ownEnterprise(ctx, req, req.params['enterpriseGlobalId'] ?? '')
  const problem = checkEditMemberBody(req.body, ruleLimits(ctx, enterprise))
  if (problem) fail(problem, req)
  const b = req.body as Record<string, unknown>
  const e = pathMember(ctx, req, enterprise)
  // userName identifies the account at the user centre; it is not changed by an edit.
  if ((b['userName'] as string).toLowerCase() !== e.userName.toLowerCase()) {
    throw apiError('60002', req.locale, {
      en: `(userName ${String(b['userName'])} is not the account of member ${e.globalId})`,
      'zh-CN': `（userName ${String(b['userName'])} 不是成员 ${e.globalId} 的账号）`,
    })
  }
  if (e.userName.toLowerCase() === MAGIC_USER_NAMES.userCenter80001) userCenterDown(req, e.userName)
  const dep = b['departmentId']
  if (isInteger(dep) && ctx.store.departments.get(dep)?.enterpriseGlobalId !== enterprise.globalId) {
    fail(issue('40000', 'departmentId', 'notFound', { value: dep }), req)
  }
  e.name = b['name'] as string
  searchKeys.delete(e)
  if (dep !== undefined) e.departmentId = (dep as number | null) ?? null
  if (b['remark'] !== undefined) e.remark = (b['remark'] as string | null) ?? null
  if (b['passwordMobile'] !== undefined) e.passwordMobile = (b['passwordMobile'] as string | null) || null
  e.updateTime = ctx.clock.now()
  ctx.store.touch()
  return { data: null }
}

/** 3. Reset password. */
export const resetPassword: Handler = (ctx, req) => {
  const enterprise = ownEnterprise(ctx, req, req.params['enterpriseGlobalId'] ?? '')
  const problem = checkResetPasswordBody(req.body, ruleLimits(ctx, enterprise))
  if (problem) fail(problem, req)
  const e = pathMember(ctx, req, enterprise)
  if (e.userName.toLowerCase() === MAGIC_USER_NAMES.userCenter80001) userCenterDown(req, e.userName)
  e.salt = newSalt()
  e.passwordHash = hashPassword((req.body as { password: string }).password, e.salt)
  e.updateTime = ctx.clock.now()
  ctx.store.touch()
  return { data: null }
}

/** 4. Delete: the employee's asset numbers are withdrawn and any lock lent to them is returned first. */
export const deleteMember: Handler = (ctx, req) => {
  const enterprise = ownEnterprise(ctx, req, req.params['enterpriseGlobalId'] ?? '')
  const e = pathMember(ctx, req, enterprise)
  if (e.userName.toLowerCase() === MAGIC_USER_NAMES.userCenter80001) userCenterDown(req, e.userName)
  const { store } = ctx
  const now = ctx.clock.now()
  for (const lock of [...store.lentLocksOf(e.globalId)]) returnLock(store, lock, now)
  for (const a of [...store.assetsOfMember(e.globalId)]) store.assign(a, null, now)
  store.removeEmployee(e)
  return { data: null }
}

/**
 * Serialised list records and whole pages, reused until the state changes in any way (any change clears them
 * all, so nothing served can be stale). Pages and filters are capped so odd queries cannot grow memory.
 */
interface ListCache {
  revision: number
  records: WeakMap<Employee, string>
  filtered: Map<string, readonly Employee[]>
  pages: Map<string, string>
}
/** Caps that keep the worst case small: 128 pages of 500 records, 32 filters over 50,000 employees. */
const MAX_PAGES = 128
const MAX_FILTERS = 32
const listCaches = new WeakMap<Store, ListCache>()
function listCache(store: Store): ListCache {
  let c = listCaches.get(store)
  if (!c || c.revision !== store.revision) {
    c = { revision: store.revision, records: new WeakMap(), filtered: new Map(), pages: new Map() }
    listCaches.set(store, c)
  }
  return c
}

function remember<V>(map: Map<string, V>, max: number, key: string, value: V): V {
  if (map.size >= max) map.clear()
  map.set(key, value)
  return value
}

/** Pages shown in `navigatepageNums` (PageHelper's default). */
const NAVIGATE_PAGES = 8

function positiveInt(req: OpRequest, key: string, max?: number): number {
  const raw = req.query.get(key)
  if (raw === null || raw.trim() === '') fail(issue('40000', key, 'required'), req)
  const n = Number(raw)
  if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(n)) fail(issue('40000', key, 'type', { expected: 'integer' }), req)
  if (n < 1 || (max !== undefined && n > max)) fail(issue('40000', key, 'range', { min: 1, max: max ?? Number.MAX_SAFE_INTEGER }), req)
  return n
}

function searchKey(e: Employee): string {
  let k = searchKeys.get(e)
  if (k === undefined) {
    k = `${e.name}\u0000${e.userName}`.toLowerCase()
    searchKeys.set(e, k)
  }
  return k
}

/** 5. List employees, one page at a time, in creation order; `keyword` matches name or account. */
export const listMembers: Handler = (ctx, req) => {
  const enterprise = ownEnterprise(ctx, req, req.params['enterpriseGlobalId'] ?? '')
  const pageNum = positiveInt(req, 'pageNum')
  const pageSize = positiveInt(req, 'pageSize', ctx.limits.maxPageSize)
  const depRaw = req.query.get('departmentId')
  let departmentId: number | null = null
  if (depRaw !== null && depRaw.trim() !== '') {
    if (!/^-?\d+$/.test(depRaw.trim())) fail(issue('40000', 'departmentId', 'type', { expected: 'integer' }), req)
    departmentId = Number(depRaw)
  }
  const keyword = (req.query.get('keyword') ?? '').trim().toLowerCase()
  if (keyword === MAGIC_USER_NAMES.userCenter80001) userCenterDown(req, keyword)
  if (keyword === MAGIC_USER_NAMES.error500) error500(req, keyword)

  const cache = listCache(ctx.store)
  const filterKey = `${enterprise.globalId}\u0000${departmentId ?? ''}\u0000${keyword}`
  const pageKey = `${filterKey}\u0000${pageNum}\u0000${pageSize}`
  const cached = cache.pages.get(pageKey)
  if (cached !== undefined) return { json: cached }

  let all = ctx.store.employeesOf(enterprise.globalId)
  if (departmentId !== null || keyword !== '') {
    all =
      cache.filtered.get(filterKey) ??
      remember(
        cache.filtered,
        MAX_FILTERS,
        filterKey,
        all.filter((e) => (departmentId === null || e.departmentId === departmentId) && (keyword === '' || searchKey(e).includes(keyword))),
      )
  }
  const total = all.length
  const pages = Math.ceil(total / pageSize)
  const from = (pageNum - 1) * pageSize
  const enterpriseId = String(enterprise.id)
  const list = all.slice(from, from + pageSize).map((e) => {
    let json = cache.records.get(e)
    if (json === undefined) {
      json = JSON.stringify(listedMemberRecord(ctx.store, e, enterpriseId))
      cache.records.set(e, json)
    }
    return json
  })
  const size = list.length
  const nums: number[] = []
  if (pages <= NAVIGATE_PAGES) for (let i = 1; i <= pages; i++) nums.push(i)
  else {
    let start = pageNum - NAVIGATE_PAGES / 2
    if (start < 1) start = 1
    else if (start + NAVIGATE_PAGES - 1 > pages) start = pages - NAVIGATE_PAGES + 1
    for (let i = 0; i < NAVIGATE_PAGES; i++) nums.push(start + i)
  }
  const startRow = size === 0 ? 0 : from + 1
  const page = JSON.stringify({
    pageNum,
    pageSize,
    size,
    orderBy: null,
    startRow,
    endRow: size === 0 ? 0 : startRow + size - 1,
    total,
    pages,
    list: [],
    firstPage: nums[0] ?? 0,
    prePage: pageNum > 1 ? pageNum - 1 : 0,
    nextPage: pageNum < pages ? pageNum + 1 : 0,
    lastPage: nums[nums.length - 1] ?? 0,
    isFirstPage: pageNum === 1,
    isLastPage: pageNum === pages || pages === 0,
    hasPreviousPage: pageNum > 1,
    hasNextPage: pageNum < pages,
    navigatePages: NAVIGATE_PAGES,
    navigatepageNums: nums,
  })
  // The records are spliced in as cached JSON: a page of 100 is most of the work of this call.
  return { json: remember(cache.pages, MAX_PAGES, pageKey, page.replace('"list":[]', () => `"list":[${list.join(',')}]`)) }
}
