/**
 * The customer book as a file (CSV or Excel): which column is which field, in English or Chinese (the headers the
 * book's own export writes in either language, the API's field names, and the usual variants), how the words of
 * a customer type and of "default customer" are read, and the sentences of import problems.
 */
import type { Locale } from '../i18n/locale'
import { fillTemplate } from '../errors/catalog'
import {
  CUSTOMER_FIELD_LABELS,
  CUSTOMER_TEXT_FIELDS,
  CUSTOMER_TYPE_LABELS,
  CUSTOMER_TYPES,
  type CustomerField,
  type CustomerType,
} from './fields'

/** Fields a file may carry, in the order the export writes them. */
export const FILE_FIELDS: readonly CustomerField[] = [...CUSTOMER_TEXT_FIELDS, 'customerType', 'isDefault']

/** Header names besides each field's labels and API name (compared folded: no case, spaces, _ or -). */
const EXTRA_HEADERS: Partial<Record<CustomerField, string[]>> = {
  customerName: ['name', 'customer', '客户名', '客户', '名称', '渠道客户名称'],
  customerId: ['授权平台客户id', '客户id', '客户编号'],
  crmCustomerId: ['crm', 'crm id', 'crm customer number', 'crm客户id', 'crm编号', 'crm客户号'],
  channelCustomerId: ['channel customer number', '渠道客户id', '渠道客户号'],
  channelCode: ['channel', '渠道', '渠道代码'],
  enterpriseGlobalId: ['enterprise id', 'enterprise', '企业id', '企业全局id', '主账号全局id', '企业主账号全局id'],
  enterpriseName: ['企业', '企业主账号名称', '主账号名称'],
  branchCode: ['branch', '分公司代码', '分支机构编码'],
  branchName: ['分公司', '分支机构名称', '分支机构'],
  adminName: ['admin name', 'administrator', '管理员', '管理员名称'],
  adminAccount: ['admin account', '管理员帐号'],
  adminEmail: ['admin email', 'administrator email', 'email', 'e-mail', '邮箱', '管理员电子邮箱', '电子邮箱'],
  adminCellNumber: ['admin mobile', 'admin cell number', 'administrator cell number', '管理员手机', '管理员电话'],
  passwordMobile: ['purchaser mobile number', 'password mobile', 'mobile', '购买人手机', '手机号', '手机'],
  address: ['customer address', '客户地址', '地址'],
  customerType: ['type', '类型'],
  isDefault: ['default', 'is default', '是否默认', '默认'],
}

/** Folds a header for comparison. */
export function foldHeader(s: string): string {
  return s.normalize('NFKC').toLowerCase().replace(/[\s_\-()（）:：]+/g, '')
}

/** Every header name of each field, folded. */
const HEADERS: Map<string, CustomerField> = (() => {
  const m = new Map<string, CustomerField>()
  // Labels and API names first: a more specific name wins over a loose variant that happens to be equal.
  for (const f of FILE_FIELDS) {
    for (const name of [f, CUSTOMER_FIELD_LABELS[f].en, CUSTOMER_FIELD_LABELS[f]['zh-CN']]) {
      if (!m.has(foldHeader(name))) m.set(foldHeader(name), f)
    }
  }
  for (const f of FILE_FIELDS) for (const name of EXTRA_HEADERS[f] ?? []) if (!m.has(foldHeader(name))) m.set(foldHeader(name), f)
  return m
})()

/** The field each header cell names (-1 columns are not ours); a field named twice keeps its first column. */
export function customerColumns(header: readonly string[]): Partial<Record<CustomerField, number>> {
  const out: Partial<Record<CustomerField, number>> = {}
  header.forEach((cell, i) => {
    const f = HEADERS.get(foldHeader(cell))
    if (f && out[f] === undefined) out[f] = i
  })
  return out
}

/** The header names a field is known by (for the "no such column" message). */
export function headerNames(field: CustomerField): string[] {
  return [field, CUSTOMER_FIELD_LABELS[field].en, CUSTOMER_FIELD_LABELS[field]['zh-CN'], ...(EXTRA_HEADERS[field] ?? [])]
}

/** A customer type from a cell: personal/company in either language (公司 too); null for anything else. */
export function parseCustomerType(cell: string): CustomerType | null {
  const v = foldHeader(cell)
  for (const t of CUSTOMER_TYPES) {
    if (v === t || v === foldHeader(CUSTOMER_TYPE_LABELS[t].en) || v === foldHeader(CUSTOMER_TYPE_LABELS[t]['zh-CN'])) return t
  }
  if (v === '公司' || v === '单位' || v === '企业客户') return 'company'
  if (v === '个人客户' || v === 'person' || v === 'individual') return 'personal'
  return null
}

const YES = ['yes', 'y', 'true', '1', '是', '默认', 'default']
const NO = ['no', 'n', 'false', '0', '否', '不是', '非默认']

/** Yes or no from a cell, in either language; null for anything else. */
export function parseYesNo(cell: string): boolean | null {
  const v = foldHeader(cell)
  if (YES.includes(v)) return true
  if (NO.includes(v)) return false
  return null
}

/** Words of yes and no as the export writes them. */
export const YES_NO: Record<Locale, { yes: string; no: string }> = {
  en: { yes: 'Yes', no: 'No' },
  'zh-CN': { yes: '是', no: '否' },
}

/** Problems of a customer file that are not a field's rule. */
export const CUSTOMER_IMPORT_MESSAGES = {
  'customers.noColumns': {
    en: 'The file has no column of the customer book. Use a header row such as: {names}',
    'zh-CN': '文件中没有客户簿的列。请使用如下标题行：{names}',
  },
  'customers.noName': {
    en: 'The row names no customer: it needs a name or an id (customer, CRM, channel customer or enterprise).',
    'zh-CN': '该行没有指明客户：需要名称或编号（客户、CRM、渠道客户或企业）。',
  },
  'customers.badType': {
    en: '{field} must be Personal or Company (个人 or 企业): "{value}"',
    'zh-CN': '{field}必须是“个人”或“企业”（Personal 或 Company）：“{value}”',
  },
  'customers.badYesNo': { en: '{field} must be Yes or No (是 or 否): "{value}"', 'zh-CN': '{field}必须是“是”或“否”（Yes 或 No）：“{value}”' },
  'customers.repeated': {
    en: 'The same customer as line {first}: the later line is merged into it.',
    'zh-CN': '与第 {first} 行是同一客户：后面的行合并到该客户。',
  },
} as const satisfies Record<string, Record<Locale, string>>
export type CustomerImportCode = keyof typeof CUSTOMER_IMPORT_MESSAGES

export function customerImportMessage(code: CustomerImportCode, locale: Locale, params: Record<string, string | number> = {}): string {
  return fillTemplate(CUSTOMER_IMPORT_MESSAGES[code][locale], params)
}

/** Where a customer came from, and the operation that last showed it, in words (screens and exports). */
export const SOURCE_LABELS: Record<'found' | 'bound' | 'created' | 'updated' | 'typed' | 'imported', Record<Locale, string>> = {
  found: { en: 'Found on the service', 'zh-CN': '从服务查到' },
  bound: { en: 'Bound', 'zh-CN': '已绑定' },
  created: { en: 'Created', 'zh-CN': '已创建' },
  updated: { en: 'Updated', 'zh-CN': '已更新' },
  typed: { en: 'Typed', 'zh-CN': '手动录入' },
  imported: { en: 'Imported', 'zh-CN': '导入' },
}

/** Headers of the export's columns that are not fields. */
export const EXPORT_EXTRA_HEADERS: Record<'source' | 'lastSeen' | 'members', Record<Locale, string>> = {
  source: { en: 'Source', 'zh-CN': '来源' },
  lastSeen: { en: 'Last seen on the service', 'zh-CN': '最近在服务上确认' },
  members: { en: 'Members created', 'zh-CN': '创建的成员' },
}
