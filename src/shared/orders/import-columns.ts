/** The columns an order file may have: their names in both languages, the header recognised, the template. */
import { ENTRY_CUSTOMER_FIELDS } from './draft'
import { foldHeader, headerNames } from '../customers/files'
import type { Locale } from '../i18n/locale'
import { ORDER_FIELD_LABELS } from './field-labels'
import { formatDateCell } from './catalog-files'
import { serviceDayStart } from '../time/dates'

export type Words = Record<Locale, string>

/** The columns an order file may have, in the template's order. */
export const IMPORT_FIELDS = [
  'entry',
  'orderType',
  'licenseType',
  'customerType',
  ...ENTRY_CUSTOMER_FIELDS,
  'srcLicenseOrderId',
  'assetNos',
  'limitStartDate',
  'limitEndDate',
  'borrowedUsbKey',
  'transferedAssetNum',
  'products',
  'packages',
  'nodes',
  'instanceIds',
  'strictMatchWhenDelete',
] as const
export type ImportField = (typeof IMPORT_FIELDS)[number]

/** Fields of the entry (the same on every row of one entry). */
export const ENTRY_FIELDS: readonly ImportField[] = ['orderType', 'licenseType', 'customerType', ...ENTRY_CUSTOMER_FIELDS, 'srcLicenseOrderId']

// The order's own fields are named as everywhere else (../orders/field-labels.ts); the rest are the file's own.
const F = ORDER_FIELD_LABELS
export const IMPORT_FIELD_LABELS: Record<ImportField, Words> = {
  entry: { en: 'Entry', 'zh-CN': '条目' },
  orderType: F.orderType,
  licenseType: F.licenseType,
  customerType: F.customerType,
  customerName: F.customerName,
  customerId: F.customerId,
  crmCustomerId: F.crmCustomerId,
  channelCustomerId: F.channelCustomerId,
  enterpriseGlobalId: F.enterpriseGlobalId,
  branchCode: F.branchCode,
  branchName: F.branchName,
  adminName: F.adminName,
  adminAccount: F.adminAccount,
  adminEmail: F.adminEmail,
  adminCellNumber: F.adminCellNumber,
  passwordMobile: F.passwordMobile,
  address: F.address,
  srcLicenseOrderId: F.srcLicenseOrderId,
  assetNos: F.assetNos,
  limitStartDate: F.limitStartDate,
  limitEndDate: F.limitEndDate,
  borrowedUsbKey: F.borrowedUsbKey,
  transferedAssetNum: F.transferedAssetNum,
  products: F.products,
  packages: { en: 'Packages', 'zh-CN': '产品包' },
  nodes: { en: 'Nodes', 'zh-CN': '节点数' },
  instanceIds: { en: 'Instance IDs', 'zh-CN': '实例 ID' },
  strictMatchWhenDelete: F.strictMatchWhenDelete,
}

/** Other headers each column is known by (compared folded). */
const EXTRA_HEADERS: Partial<Record<ImportField, string[]>> = {
  entry: ['entry key', 'order entry', 'group', '条目编号', '分组', '序号', 'sequence'],
  orderType: ['type of order', '订单类别'],
  licenseType: ['license', '授权', '许可类型', '锁类型'],
  srcLicenseOrderId: ['source license order id', 'license order id', '原订单号', '源授权订单号'],
  assetNos: ['asset number', 'asset numbers', 'assets', 'lock numbers', 'lock number', '资产号', '锁号', '加密锁号'],
  limitStartDate: ['start', 'from', '开始时间', '起始日期'],
  limitEndDate: ['end', 'until', 'to', '结束时间', '截止日期', '到期日期'],
  borrowedUsbKey: ['borrowed lock', 'borrowedUsbKey', '借出锁', '借用加密锁'],
  transferedAssetNum: ['transferred', '转移资产号'],
  products: ['product uris', 'product', '产品uri', '产品列表'],
  packages: ['package numbers', 'package', 'merchandises', 'merchandise', '套餐', '套餐编号', '产品包编号'],
  nodes: ['node count', 'limitConcurrent', 'concurrent', '并发数', '节点'],
  instanceIds: ['crmProductId', 'crm product ids', 'instance id', '实例编号', '产品实例id'],
  strictMatchWhenDelete: ['strict match', 'strict', '严格匹配', '精确匹配'],
}

/** Every header a field is known by. */
function namesOf(f: ImportField): string[] {
  const base = [f, IMPORT_FIELD_LABELS[f].en, IMPORT_FIELD_LABELS[f]['zh-CN'], ...(EXTRA_HEADERS[f] ?? [])]
  if ((ENTRY_CUSTOMER_FIELDS as readonly string[]).includes(f) || f === 'customerType') base.push(...headerNames(f as Parameters<typeof headerNames>[0]))
  return base
}

const HEADER_INDEX: Map<string, ImportField> = (() => {
  const m = new Map<string, ImportField>()
  // Labels and API names first, so a loose variant of one field never takes another field's own name.
  for (const f of IMPORT_FIELDS) for (const n of namesOf(f).slice(0, 3)) if (!m.has(foldHeader(n))) m.set(foldHeader(n), f)
  for (const f of IMPORT_FIELDS) for (const n of namesOf(f).slice(3)) if (!m.has(foldHeader(n))) m.set(foldHeader(n), f)
  return m
})()

/** Which column holds each field (-1: none), guessed from the header. */
export type ColumnMapping = Record<ImportField, number>

export function guessMapping(columns: readonly string[]): ColumnMapping {
  const out = Object.fromEntries(IMPORT_FIELDS.map((f) => [f, -1])) as ColumnMapping
  columns.forEach((c, i) => {
    const f = HEADER_INDEX.get(foldHeader(c))
    if (f && out[f] === -1) out[f] = i
  })
  return out
}

/** The template's header and two example rows (a new purchase from the catalog, a revoke of asset numbers). */
export function orderTemplate(locale: Locale, example: { productUri?: string | undefined; packageNum?: string | undefined } = {}): { columns: string[]; rows: string[][] } {
  const columns = IMPORT_FIELDS.map((f) => IMPORT_FIELD_LABELS[f][locale])
  const zh = locale === 'zh-CN'
  const start = serviceDayStart(2025, 1, 1)
  const end = serviceDayStart(2025, 12, 31)
  const base: Partial<Record<ImportField, string>> = {
    customerType: zh ? '企业' : 'Company',
    customerName: zh ? '示例客户有限公司' : 'Example Ltd',
    customerId: 'C0001',
    crmCustomerId: 'CRM-0001',
    channelCustomerId: 'DEMO-0001',
    enterpriseGlobalId: 'E000000000000001',
    branchCode: 'BJ',
    branchName: zh ? '北京分公司' : 'Beijing branch',
    adminName: zh ? '张三' : 'Zhang San',
    adminAccount: 'zhangsan',
    adminEmail: 'zhangsan@example.com',
    adminCellNumber: '13800000000',
    passwordMobile: '13800000000',
    address: zh ? '北京市海淀区' : 'Haidian, Beijing',
  }
  const row = (v: Partial<Record<ImportField, string>>) => IMPORT_FIELDS.map((f) => v[f] ?? '')
  const yes = zh ? '否' : 'No'
  return {
    columns,
    rows: [
      row({
        ...base,
        entry: '1',
        orderType: 'new_buy',
        licenseType: 'normal_recover_usbkey',
        assetNos: '8100000001; 8100000002',
        limitStartDate: formatDateCell(start),
        limitEndDate: formatDateCell(end),
        borrowedUsbKey: yes,
        transferedAssetNum: yes,
        products: example.productUri ?? 'GMS-1001',
        packages: example.packageNum ?? '',
        nodes: '1',
      }),
      row({ ...base, entry: '2', orderType: 'delete_asset', licenseType: 'normal_recover_usbkey', assetNos: '8100000003' }),
    ],
  }
}
