/** Helpers shared by the operation handlers: body fields, the caller's enterprise, and their errors. */
import { issue, type RuleIssue } from '@shared/rules/issue'
import { isAbsent, isPlainObject } from '@shared/rules/values'
import { apiError, issueError } from '../errors'
import type { Enterprise } from '../state/schema'
import type { OpContext, OpRequest } from './context'

/** The body as an object; a missing or non-object body is a validation error of the group. */
export function bodyObject(req: OpRequest, code: string): Record<string, unknown> {
  if (isPlainObject(req.body)) return req.body
  throw issueError(issue(code, 'body', req.body === undefined ? 'required' : 'type', { expected: 'object' }), req.locale)
}

/** A required non-blank string field, or the given code. */
export function requiredText(obj: Record<string, unknown>, key: string, code: string, req: OpRequest, field = key): string {
  const v = obj[key]
  if (isAbsent(v)) throw issueError(issue(code, field, 'required'), req.locale)
  if (typeof v !== 'string') throw issueError(issue(code, field, 'type', { expected: 'string' }), req.locale)
  return v.trim()
}

/** An optional string field: null when absent. */
export function optionalText(obj: Record<string, unknown>, key: string, code: string, req: OpRequest): string | null {
  const v = obj[key]
  if (v === undefined || v === null) return null
  if (typeof v !== 'string') throw issueError(issue(code, key, 'type', { expected: 'string' }), req.locale)
  return v
}

/** A required query parameter. */
export function requiredQuery(req: OpRequest, key: string, code: string): string {
  const v = req.query.get(key)
  if (v === null || v.trim() === '') throw issueError(issue(code, key, 'required'), req.locale)
  return v.trim()
}

export function fail(found: RuleIssue, req: OpRequest): never {
  throw issueError(found, req.locale)
}

/** The logged-in administrator's enterprise (member group). */
export function callerEnterprise(ctx: OpContext, req: OpRequest): Enterprise {
  const login = req.caller.login
  const admin = login ? ctx.store.adminByLogin(login) : undefined
  const enterprise = admin ? ctx.store.enterprises.get(admin.enterpriseGlobalId) : undefined
  if (!enterprise) throw apiError('60005', req.locale, { en: '(The user of this token has no enterprise.)', 'zh-CN': '（该令牌的用户没有所属企业。）' })
  return enterprise
}

/**
 * The enterprise of a path, which must be the caller's own: another enterprise's id (or an unknown one) is a
 * resource the token has no permission for, 60000.
 */
export function ownEnterprise(ctx: OpContext, req: OpRequest, enterpriseGlobalId: string): Enterprise {
  const enterprise = callerEnterprise(ctx, req)
  if (enterprise.globalId !== enterpriseGlobalId) {
    throw apiError('60000', req.locale, {
      en: `(enterpriseGlobalId ${enterpriseGlobalId} is not the enterprise of the logged-in user.)`,
      'zh-CN': `（enterpriseGlobalId ${enterpriseGlobalId} 不是当前登录用户的企业。）`,
    })
  }
  return enterprise
}

/** 60017: ops 6, 7, 8 need the enterprise to be bound to an authorized customer. */
export function requireBoundCustomer(ctx: OpContext, req: OpRequest, enterprise: Enterprise): void {
  if (ctx.store.customersOf(enterprise.globalId).length === 0) {
    throw apiError('60017', req.locale, {
      en: `(Enterprise ${enterprise.globalId} has no authorized customer.)`,
      'zh-CN': `（企业 ${enterprise.globalId} 没有授权客户。）`,
    })
  }
}
