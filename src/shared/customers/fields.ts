/**
 * The customer fields an order needs, as the customer book keeps them and the forms of order operations 1 to 4
 * send them: their names in both languages (labels, file headers), their bounds, and the checks a form runs as
 * the user types. The spec gives no lengths or formats for these fields: the bounds are ours (docs/decisions.md,
 * "Customers"), kept here once and used by the forms, the book, its import and the CLI.
 */
import type { Locale } from '../i18n/locale'
import { describeIssue, issue, type RuleIssue } from '../rules/issue'
import { EMAIL, charLength, isMobile } from '../rules/values'

/** The text fields of a customer in the book, in the order files and screens show them. */
export const CUSTOMER_TEXT_FIELDS = [
  'customerName',
  'customerId',
  'crmCustomerId',
  'channelCode',
  'channelCustomerId',
  'enterpriseGlobalId',
  'enterpriseName',
  'branchCode',
  'branchName',
  'adminName',
  'adminAccount',
  'adminEmail',
  'adminCellNumber',
  'passwordMobile',
  'address',
] as const
export type CustomerTextField = (typeof CUSTOMER_TEXT_FIELDS)[number]

/** `customerType` of an order entry. */
export const CUSTOMER_TYPES = ['personal', 'company'] as const
export type CustomerType = (typeof CUSTOMER_TYPES)[number]

/** Every field a file or a form may carry. */
export type CustomerField = CustomerTextField | 'customerType' | 'isDefault'

type FieldKind = 'id' | 'name' | 'mobile' | 'email' | 'address'

interface FieldSpec {
  kind: FieldKind
  /** Longest value, in characters. */
  max: number
}

/**
 * Bounds of each field. Ids and codes: no spaces (a space in an id is a typing slip the service would answer
 * with "not found"); names and addresses: any text on one line. The lengths follow the profile's own fields
 * (channel code and customer id 100, enterprise id 200) and leave room for long Chinese names.
 */
export const CUSTOMER_FIELD_SPECS: Record<CustomerTextField, FieldSpec> = {
  customerName: { kind: 'name', max: 200 },
  customerId: { kind: 'id', max: 200 },
  crmCustomerId: { kind: 'id', max: 100 },
  channelCode: { kind: 'id', max: 100 },
  channelCustomerId: { kind: 'id', max: 100 },
  enterpriseGlobalId: { kind: 'id', max: 200 },
  enterpriseName: { kind: 'name', max: 200 },
  branchCode: { kind: 'id', max: 100 },
  branchName: { kind: 'name', max: 200 },
  adminName: { kind: 'name', max: 100 },
  adminAccount: { kind: 'id', max: 200 },
  adminEmail: { kind: 'email', max: 254 },
  adminCellNumber: { kind: 'mobile', max: 30 },
  passwordMobile: { kind: 'mobile', max: 30 },
  address: { kind: 'address', max: 500 },
}

/** What the screens, files and messages call each field. */
export const CUSTOMER_FIELD_LABELS: Record<CustomerField, Record<Locale, string>> = {
  customerName: { en: 'Customer name', 'zh-CN': '客户名称' },
  customerId: { en: 'Customer ID', 'zh-CN': '客户 ID' },
  crmCustomerId: { en: 'CRM customer ID', 'zh-CN': 'CRM 客户编号' },
  channelCode: { en: 'Channel code', 'zh-CN': '渠道编码' },
  channelCustomerId: { en: 'Channel customer ID', 'zh-CN': '渠道客户编号' },
  enterpriseGlobalId: { en: 'Enterprise global ID', 'zh-CN': '企业全局 ID' },
  enterpriseName: { en: 'Enterprise name', 'zh-CN': '企业名称' },
  branchCode: { en: 'Branch code', 'zh-CN': '分公司编码' },
  branchName: { en: 'Branch name', 'zh-CN': '分公司名称' },
  adminName: { en: 'Administrator name', 'zh-CN': '管理员姓名' },
  adminAccount: { en: 'Administrator account', 'zh-CN': '管理员账号' },
  adminEmail: { en: 'Administrator e-mail', 'zh-CN': '管理员邮箱' },
  adminCellNumber: { en: 'Administrator mobile', 'zh-CN': '管理员手机号' },
  passwordMobile: { en: 'Purchaser mobile', 'zh-CN': '购买人手机号' },
  address: { en: 'Address', 'zh-CN': '地址' },
  customerType: { en: 'Customer type', 'zh-CN': '客户类型' },
  isDefault: { en: 'Default customer', 'zh-CN': '默认客户' },
}

/** The words of a customer type. */
export const CUSTOMER_TYPE_LABELS: Record<CustomerType, Record<Locale, string>> = {
  personal: { en: 'Personal', 'zh-CN': '个人' },
  company: { en: 'Company', 'zh-CN': '企业' },
}

/** The label of a field in a language. */
export function customerFieldLabel(field: CustomerField, locale: Locale): string {
  return CUSTOMER_FIELD_LABELS[field][locale]
}

// eslint-disable-next-line no-control-regex -- control characters are what this finds
const CONTROL = /[\u0000-\u001f\u007f]/
const SPACE = /\s/

/**
 * The first problem of one field's value ('' = empty, which is fine here: `required` is the form's business).
 * The issue's `field` is the field's name; `describeCustomerIssue` words it with the label.
 */
export function checkCustomerValue(field: CustomerTextField, value: string): RuleIssue | null {
  const v = value.trim()
  if (v === '') return null
  const spec = CUSTOMER_FIELD_SPECS[field]
  if (charLength(v) > spec.max) return issue('13004', field, 'maxLength', { max: spec.max })
  if (CONTROL.test(v)) return issue('13004', field, 'controlChars')
  if (spec.kind === 'id' && SPACE.test(v)) return issue('13004', field, 'noSpaces')
  if (spec.kind === 'mobile' && !isMobile(v)) return issue('13004', field, 'mobile')
  if (spec.kind === 'email' && !EMAIL.test(v)) return issue('13004', field, 'email')
  return null
}

/** A field problem in the user's language, naming the field as the screen does. */
export function describeCustomerIssue(found: RuleIssue, locale: Locale): string {
  const field = (Object.hasOwn(CUSTOMER_FIELD_LABELS, found.field) ? customerFieldLabel(found.field as CustomerField, locale) : found.field)
  return describeIssue({ ...found, field }, locale)
}


/** Field → the first problem of its value; fields without a problem are absent. */
export type FieldIssues<F extends string> = Partial<Record<F, RuleIssue>>

function checkForm<F extends CustomerTextField>(
  values: Record<F, string>,
  fields: readonly F[],
  required: readonly F[],
): FieldIssues<F> {
  const out: FieldIssues<F> = {}
  for (const f of fields) {
    const v = values[f] ?? ''
    const found = required.includes(f) && v.trim() === '' ? issue('13004', f, 'required') : checkCustomerValue(f, v)
    if (found) out[f] = found
  }
  return out
}

/** Order operation 1: every field required (spec). */
export const BIND_FIELDS = ['channelCode', 'channelCustomerId', 'customerName', 'branchName', 'enterpriseName', 'passwordMobile'] as const
export type BindField = (typeof BIND_FIELDS)[number]
export type BindFields = Record<BindField, string>

/** Order operations 2 and 4: the CRM customer id, name and branch required, the address optional (spec). */
export const CREATE_FIELDS = ['crmCustomerId', 'customerName', 'branchName', 'address'] as const
export type CreateField = (typeof CREATE_FIELDS)[number]
export type CreateFields = Record<CreateField, string>
const CREATE_REQUIRED = ['crmCustomerId', 'customerName', 'branchName'] as const

/** Order operation 3: the channel pair. */
export const FIND_FIELDS = ['channelCode', 'channelCustomerId'] as const
export type FindField = (typeof FIND_FIELDS)[number]

export function checkBindFields(values: BindFields): FieldIssues<BindField> {
  return checkForm(values, BIND_FIELDS, BIND_FIELDS)
}

export function checkCreateFields(values: CreateFields): FieldIssues<CreateField> {
  return checkForm(values, CREATE_FIELDS, CREATE_REQUIRED)
}

/** Update (operation 4) takes the same fields and rules as create. */
export const checkUpdateFields = checkCreateFields

export function checkFindFields(values: Record<FindField, string>): FieldIssues<FindField> {
  return checkForm(values, FIND_FIELDS, FIND_FIELDS)
}

/** A customer kept in the book by hand: any field may be empty, but not all of the ones that name it. */
export function checkBookFields(values: Partial<Record<CustomerTextField, string>>): FieldIssues<CustomerTextField> {
  const out: FieldIssues<CustomerTextField> = {}
  for (const f of CUSTOMER_TEXT_FIELDS) {
    const found = checkCustomerValue(f, values[f] ?? '')
    if (found) out[f] = found
  }
  if (!NAMING_FIELDS.some((f) => (values[f] ?? '').trim() !== '')) out.customerName ??= issue('13004', 'customerName', 'required')
  return out
}

/** A customer must have at least one of these to be found again (a name or an id). */
export const NAMING_FIELDS: readonly CustomerTextField[] = [
  'customerName',
  'customerId',
  'crmCustomerId',
  'channelCustomerId',
  'enterpriseGlobalId',
  'enterpriseName',
]

/**
 * Which of `fields` a service message names. A 13004 carries its reason in `message` ("passwordMobile must be a
 * mainland China mobile number…", "channelCustomerId: … already exists"): the first field named as a whole
 * word is the one the form marks. null when it names none of them.
 */
export function fieldOfServiceMessage<F extends string>(message: string | undefined, fields: readonly F[]): F | null {
  if (!message) return null
  let best: { field: F; at: number } | null = null
  for (const f of fields) {
    const m = new RegExp(`(^|[^A-Za-z0-9_])${f}(?![A-Za-z0-9_])`).exec(message)
    if (m && (best === null || m.index < best.at)) best = { field: f, at: m.index }
  }
  return best?.field ?? null
}
