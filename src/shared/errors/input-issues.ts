/**
 * Field problems of an `app.invalidInput` error, in a form screens can word themselves: where (`path`), what
 * (`code`, a small fixed set) and the bound that was crossed, never zod's English. Also the one mapping from zod
 * issues to that form (the core's validation and the renderer's forms both use it) and the fallback sentences in
 * both languages for places that show the error as it is (the CLI, a notification).
 */
import type { Locale } from '../i18n/locale'
import { fillTemplate, type CatalogEntry } from './catalog'
import { CUSTOMER_FIELD_LABELS } from '../customers/fields'

/**
 * What is wrong with a field:
 * - required: missing, or empty where a value is needed;
 * - tooShort / tooLong: text shorter or longer than `bound` characters;
 * - tooFew / tooMany: a list with fewer or more than `bound` entries;
 * - tooSmall / tooBig: a number below or above `bound`;
 * - notInteger: a whole number is needed;
 * - wrongType: a value of another kind (`expected` names the kind);
 * - notOneOf: not one of the allowed values (`values`, the first few);
 * - badFormat: text of the wrong form (an address, a pattern);
 * - unknownKey: a field the call does not take (`values`: the names, the first few);
 * - insecureAddress: a plain http:// address to a machine other than this one, without the profile's consent to
 *   send credentials unencrypted;
 * - invalid: anything else (`message` says what, in English).
 */
export const ISSUE_CODES = [
  'required',
  'tooShort',
  'tooLong',
  'tooFew',
  'tooMany',
  'tooSmall',
  'tooBig',
  'notInteger',
  'wrongType',
  'notOneOf',
  'badFormat',
  'unknownKey',
  'insecureAddress',
  'invalid',
] as const
export type IssueCode = (typeof ISSUE_CODES)[number]

/** Most issues one error carries (the first ones; `details.moreIssues` counts the rest). */
export const MAX_REPORTED_ISSUES = 10
/** Longest path, message and listed value carried (nothing of a huge input is echoed back). */
const MAX_PATH_CHARS = 200
const MAX_TEXT_CHARS = 200
const MAX_LISTED_VALUES = 5

/** One field problem as it crosses the boundary (see ISSUE_CODES). */
export interface InputIssue {
  /** Dotted path of the field, e.g. `fields.baseUrl`, `rows.3.1`; '' for the input as a whole. */
  path: string
  /** English, technical: for logs and for old readers; screens word `code` themselves. */
  message: string
  code?: IssueCode
  /** The limit crossed: a length, a count or a value. */
  bound?: number
  /** Allowed values (notOneOf) or unknown field names (unknownKey), the first few. */
  values?: string[]
  /** wrongType: the kind expected ('string', 'number', 'array', 'object', 'boolean'). */
  expected?: string
}

/** The shape of a zod issue this module reads (zod's own types change between versions; this does not). */
interface ZodIssueLike {
  code: string
  path: readonly PropertyKey[]
  message: string
  input?: unknown
  origin?: string
  minimum?: number | bigint
  maximum?: number | bigint
  expected?: string
  format?: string
  keys?: readonly string[]
  values?: readonly unknown[]
  params?: Record<string, unknown>
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}

function pathOf(path: readonly PropertyKey[]): string {
  return clip(path.map((p) => clip(String(p), 64)).join('.'), MAX_PATH_CHARS)
}

function listed(values: readonly unknown[]): string[] {
  return values.slice(0, MAX_LISTED_VALUES).map((v) => clip(String(v), 64))
}

function codeOf(i: ZodIssueLike): Pick<InputIssue, 'code' | 'bound' | 'values' | 'expected'> {
  const bound = (v: number | bigint | undefined) => (v === undefined ? {} : { bound: Number(v) })
  switch (i.code) {
    case 'invalid_type':
      // The input is in the issue when parsed with `reportInput` (the core does); else zod's text says it.
      if ('input' in i ? i.input === undefined : /received undefined$/.test(i.message)) return { code: 'required' }
      if (i.expected === 'int') return { code: 'notInteger' }
      return { code: 'wrongType', ...(i.expected ? { expected: i.expected } : {}) }
    case 'too_small':
      if (i.origin === 'string') return Number(i.minimum) <= 1 ? { code: 'required' } : { code: 'tooShort', ...bound(i.minimum) }
      if (i.origin === 'array' || i.origin === 'set') return { code: 'tooFew', ...bound(i.minimum) }
      return { code: 'tooSmall', ...bound(i.minimum) }
    case 'too_big':
      if (i.origin === 'string') return { code: 'tooLong', ...bound(i.maximum) }
      if (i.origin === 'array' || i.origin === 'set') return { code: 'tooMany', ...bound(i.maximum) }
      return { code: 'tooBig', ...bound(i.maximum) }
    case 'invalid_value':
      return { code: 'notOneOf', values: listed(i.values ?? []) }
    case 'invalid_format':
      return { code: 'badFormat' }
    case 'unrecognized_keys':
      return { code: 'unknownKey', values: listed(i.keys ?? []) }
    case 'invalid_union':
      return { code: 'invalid' }
    case 'custom': {
      // Refinements name their code in `params.code` (e.g. the profile address rule).
      const named = i.params?.['code']
      return { code: typeof named === 'string' && (ISSUE_CODES as readonly string[]).includes(named) ? (named as IssueCode) : 'invalid' }
    }
    default:
      return { code: 'invalid' }
  }
}

/** One zod issue in the boundary's form. */
export function inputIssueOf(i: ZodIssueLike): InputIssue {
  const out: InputIssue = { path: pathOf(i.path), message: clip(i.message, MAX_TEXT_CHARS) }
  const c = codeOf(i)
  if (c.code) out.code = c.code
  if (c.bound !== undefined) out.bound = c.bound
  if (c.values) out.values = c.values
  if (c.expected) out.expected = c.expected
  return out
}

/** The first `max` issues of a zod error in the boundary's form, and how many were left out. */
export function inputIssuesOf(issues: readonly ZodIssueLike[], max = MAX_REPORTED_ISSUES): { issues: InputIssue[]; more: number } {
  return { issues: issues.slice(0, max).map(inputIssueOf), more: Math.max(0, issues.length - max) }
}

/** Sentences per issue code; `{field}` names the field, `{bound}` the limit, `{values}` the values listed. */
export const ISSUE_TEXT: Record<IssueCode, CatalogEntry> = {
  required: { en: '{field} is required', 'zh-CN': '{field}为必填项' },
  tooShort: { en: '{field} needs at least {bound} characters', 'zh-CN': '{field}至少需要 {bound} 个字符' },
  tooLong: { en: '{field} may have at most {bound} characters', 'zh-CN': '{field}最多 {bound} 个字符' },
  tooFew: { en: '{field} needs at least {bound} entries', 'zh-CN': '{field}至少需要 {bound} 项' },
  tooMany: { en: '{field} may have at most {bound} entries', 'zh-CN': '{field}最多 {bound} 项' },
  tooSmall: { en: '{field} must be at least {bound}', 'zh-CN': '{field}不能小于 {bound}' },
  tooBig: { en: '{field} must be at most {bound}', 'zh-CN': '{field}不能大于 {bound}' },
  notInteger: { en: '{field} must be a whole number', 'zh-CN': '{field}必须是整数' },
  wrongType: { en: '{field} has the wrong kind of value', 'zh-CN': '{field}的值类型不对' },
  notOneOf: { en: '{field} must be one of: {values}', 'zh-CN': '{field}必须是以下之一：{values}' },
  badFormat: { en: '{field} is not in the expected form', 'zh-CN': '{field}的格式不对' },
  unknownKey: { en: '{field} does not take: {values}', 'zh-CN': '{field}不接受这些字段：{values}' },
  insecureAddress: {
    en: '{field} starts with http://, which would send the credentials unencrypted to another machine: use https://, or tick "Send credentials unencrypted" on the profile',
    'zh-CN': '{field}以 http:// 开头，凭据会以明文发送到另一台机器：请改用 https://，或在连接配置中勾选“允许以明文发送凭据”',
  },
  invalid: { en: '{field} is not valid', 'zh-CN': '{field}无效' },
}

/**
 * Words for the fields inputs carry (the last part of a path), as the screens name them. A field not listed is
 * named by its path as it is.
 */
export const FIELD_TERMS: Record<string, CatalogEntry> = {
  // The customer fields as the Customers screens name them (src/shared/customers/fields.ts); the entries below
  // win where a name is the same.
  ...CUSTOMER_FIELD_LABELS,
  '': { en: 'The input', 'zh-CN': '输入' },
  name: { en: 'The name', 'zh-CN': '名称' },
  baseUrl: { en: 'The service address', 'zh-CN': '服务地址' },
  tokenUrl: { en: 'The token endpoint', 'zh-CN': '令牌端点' },
  orderAppKey: { en: 'The order-group app key', 'zh-CN': '订单组应用 Key' },
  memberAppKey: { en: 'The member-group app key', 'zh-CN': '成员组应用 Key' },
  userLogin: { en: 'The user login', 'zh-CN': '用户登录名' },
  operatorIdentity: { en: 'The operator identity', 'zh-CN': '操作人标识' },
  channelCode: { en: 'The channel code', 'zh-CN': '渠道编码' },
  channelCustomerId: { en: 'The channel customer id', 'zh-CN': '渠道客户 ID' },
  enterpriseGlobalId: { en: 'The enterprise global id', 'zh-CN': '企业全局 ID' },
  allowInsecureHttp: { en: '"Send credentials unencrypted"', 'zh-CN': '“允许以明文发送凭据”' },
  orderAppSecret: { en: 'The order-group app secret', 'zh-CN': '订单组应用密钥' },
  memberAppSecret: { en: 'The member-group app secret', 'zh-CN': '成员组应用密钥' },
  userPassword: { en: 'The user password', 'zh-CN': '用户密码' },
  orderAccessToken: { en: 'The order-group access token', 'zh-CN': '订单组访问令牌' },
  memberClientToken: { en: 'The member-group client token', 'zh-CN': '成员组客户端令牌' },
  userToken: { en: 'The user token', 'zh-CN': '用户令牌' },
  value: { en: 'The value', 'zh-CN': '值' },
  secrets: { en: 'The secrets', 'zh-CN': '密钥' },
  fields: { en: 'The profile', 'zh-CN': '连接配置' },
  assetNum: { en: 'The asset number', 'zh-CN': '资产编号' },
  // The employee form's fields (src/shared/members/member-form.ts, MEMBER_FIELD_LABELS).
  userName: { en: 'The account', 'zh-CN': '账号' },
  password: { en: 'The password', 'zh-CN': '密码' },
  departmentId: { en: 'The department', 'zh-CN': '部门' },
  remark: { en: 'The remark', 'zh-CN': '备注' },
  memberGlobalId: { en: "The employee's global id", 'zh-CN': '员工全局 ID' },
  extendCode: { en: 'The extension code', 'zh-CN': '扩展属性编码' },
  id: { en: 'The id', 'zh-CN': '编号（ID）' },
  size: { en: 'The number of asset numbers', 'zh-CN': '资产编号数量' },
  text: { en: 'The search text', 'zh-CN': '搜索文本' },
  fileName: { en: 'The file name', 'zh-CN': '文件名' },
  contentBase64: { en: 'The file', 'zh-CN': '文件' },
  rows: { en: 'The table', 'zh-CN': '表格' },
  columns: { en: 'The columns', 'zh-CN': '列' },
  items: { en: 'The list', 'zh-CN': '列表' },
}

/** The words for a field path: its last named part, else the path itself. */
export function fieldTerm(path: string, locale: Locale): string {
  const parts = path.split('.').filter((p) => p !== '' && !/^\d+$/.test(p))
  const last = parts[parts.length - 1] ?? ''
  const term = FIELD_TERMS[last]
  if (term) return term[locale]
  return locale === 'zh-CN' ? `字段 ${path}` : `The field ${path}`
}

/** One issue as a sentence in a language (the fallback wording; screens may word `code` their own way). */
export function describeInputIssue(issue: InputIssue, locale: Locale): string {
  const field = fieldTerm(issue.path, locale)
  // A sentence the core already worded in the reader's language names its field: said as it is.
  if (!issue.code) return issue.message.toLowerCase().includes(field.replace(/^The /, '').toLowerCase()) ? issue.message : `${field}: ${issue.message}`
  const sep = locale === 'zh-CN' ? '、' : ', '
  return fillTemplate(ISSUE_TEXT[issue.code][locale], { field, bound: issue.bound ?? '', values: (issue.values ?? []).join(sep) })
}

/** The issues of an error as one text: each sentence, then how many more there were. */
export function describeInputIssues(issues: readonly InputIssue[], more: number, locale: Locale): string {
  const sentences = issues.map((i) => describeInputIssue(i, locale))
  if (more > 0) sentences.push(locale === 'zh-CN' ? `另有 ${more} 处问题` : `and ${more} more`)
  return sentences.join(locale === 'zh-CN' ? '；' : '; ') + (locale === 'zh-CN' ? '。' : '.')
}
