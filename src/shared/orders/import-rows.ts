/**
 * Orders from a spreadsheet (CSV or Excel, read into rows by `imports.parseTable`): one row per asset group, the
 * entry's fields (order type, license type, customer and administrator) on each row, products and packages by
 * catalog reference (product URIs, package numbers). Rows with the same "Entry" value form one entry; without
 * that column, rows whose entry fields are all the same do. Headers in English or Chinese are recognised (the
 * template's, the API names, the customer book's), and the user can change the mapping.
 *
 * Every row is checked before anything becomes a draft: each cell (words of types, dates, yes/no, numbers,
 * catalog references), then the entries with the shared order rules (`checkOrderDraft`), each issue brought back
 * to the row and column it comes from, in the user's language. An entry with a problem in any of its rows is
 * left out whole (its rows belong together); the draft holds the others (docs/decisions.md).
 */
import { LICENSE_TYPES, ORDER_TYPES, type LicenseType, type OrderType } from '../api/orders'
import { foldHeader, parseCustomerType, parseYesNo } from '../customers/files'
import { fillTemplate } from '../errors/catalog'
import type { Locale } from '../i18n/locale'
import { ASSET_NUMBER } from '../rules/values'
import { describeIssue, type RuleIssue } from '../rules/issue'
import { merchandiseFromCatalog, productFromCatalog, type Catalog } from './catalog'
import { parseDateCell, splitList } from './catalog-files'
import { ENTRY_FIELDS, IMPORT_FIELD_LABELS, IMPORT_FIELDS, type ColumnMapping, type ImportField, type Words } from './import-columns'
import {
  ENTRY_CUSTOMER_FIELDS,
  ORDER_DRAFT_LIMITS,
  checkOrderDraft,
  emptyAssetGroup,
  emptyEntry,
  emptyOrderDraft,
  emptyProduct,
  type AssetGroupDraft,
  type OrderDraft,
  type OrderEntryDraft,
  type ProductDraft,
} from './draft'

export { IMPORT_FIELDS, IMPORT_FIELD_LABELS, guessMapping, orderTemplate, type ColumnMapping, type ImportField } from './import-columns'

/** Words of the order types in a file (the technical names too). */
const ORDER_TYPE_WORDS: Record<OrderType, string[]> = {
  new_buy: ['new_buy', 'new buy', 'new', 'buy', 'purchase', '新购', '购买', '新增'],
  delete_asset: ['delete_asset', 'delete asset', 'revoke asset', '删除资产', '退资产', '退锁'],
  delete_product: ['delete_product', 'delete product', 'revoke product', '删除产品', '退产品'],
}

export function parseOrderType(cell: string): OrderType | null {
  const v = foldHeader(cell)
  for (const t of ORDER_TYPES) if (ORDER_TYPE_WORDS[t].some((w) => foldHeader(w) === v)) return t
  return null
}

/** A license type: its technical name, or one of `names` (the screens' words for it, compared folded). */
export function parseLicenseType(cell: string, names: Readonly<Record<LicenseType, readonly string[]>> | null = null): LicenseType | null {
  const v = cell.trim().toLowerCase()
  if ((LICENSE_TYPES as readonly string[]).includes(v)) return v as LicenseType
  if (names) {
    const f = foldHeader(cell)
    for (const t of LICENSE_TYPES) if (names[t].some((n) => foldHeader(n) === f)) return t
  }
  return null
}

// ---- sentences -------------------------------------------------------------------------------------------------

export const ORDER_IMPORT_MESSAGES = {
  'orderImport.orderType': {
    en: '{field} must be new_buy, delete_asset or delete_product (新购, 删除资产, 删除产品): "{value}"',
    'zh-CN': '{field}必须是 new_buy、delete_asset 或 delete_product（新购、删除资产、删除产品）：“{value}”',
  },
  'orderImport.licenseType': {
    en: '{field} must be one of the 14 license types, by name or as the screens word it (e.g. normal_recover_usbkey): "{value}"',
    'zh-CN': '{field}必须是 14 种授权类型之一，可写技术名称或界面上的名称（例如 normal_recover_usbkey）：“{value}”',
  },
  'orderImport.customerType': { en: '{field} must be Personal or Company (个人 or 企业): "{value}"', 'zh-CN': '{field}必须是“个人”或“企业”（Personal 或 Company）：“{value}”' },
  'orderImport.yesNo': { en: '{field} must be Yes or No (是 or 否): "{value}"', 'zh-CN': '{field}必须是“是”或“否”（Yes 或 No）：“{value}”' },
  'orderImport.date': { en: '{field} must be a date such as 2025-12-31: "{value}"', 'zh-CN': '{field}必须是日期，例如 2025-12-31：“{value}”' },
  'orderImport.number': { en: '{field} must be a whole number: "{value}"', 'zh-CN': '{field}必须是整数：“{value}”' },
  'orderImport.assetNumber': { en: '{field}: "{value}" is not an asset number (1 to 64 visible characters, no spaces)', 'zh-CN': '{field}：“{value}”不是资产编号（1 到 64 个可见字符，不含空格）' },
  'orderImport.tooMany': { en: '{field} may hold at most {max}', 'zh-CN': '{field}最多 {max} 项' },
  'orderImport.unknownProduct': { en: '{field}: the catalog has no product "{value}"', 'zh-CN': '{field}：目录中没有产品“{value}”' },
  'orderImport.unknownPackage': { en: '{field}: the catalog has no package "{value}"', 'zh-CN': '{field}：目录中没有产品包“{value}”' },
  'orderImport.badPackage': { en: '{field}: package "{value}" names something the catalog lacks', 'zh-CN': '{field}：产品包“{value}”引用了目录中没有的内容' },
  'orderImport.instanceIds': { en: '{field} must give one instance ID per product ({count} products)', 'zh-CN': '{field}必须为每个产品给出一个实例 ID（共 {count} 个产品）' },
  'orderImport.line': { en: 'line {line}', 'zh-CN': '第 {line} 行' },
  'orderImport.differs': { en: '{field} differs from line {first} of the same entry: "{value}"', 'zh-CN': '{field}与同一条目第 {first} 行不同：“{value}”' },
  'orderImport.noOrderType': { en: 'The file has no order type column: map one, or every row is a new purchase.', 'zh-CN': '文件中没有订单类型列：请指定，否则每行都按新购处理。' },
  'orderImport.entryLeftOut': { en: 'Left out with its entry (another row of it has a problem).', 'zh-CN': '因同一条目的其他行有问题而未导入。' },
  'orderImport.tooManyEntries': { en: 'The file makes more than {max} entries: one draft holds at most {max}.', 'zh-CN': '文件生成的条目超过 {max} 个：一个草稿最多 {max} 个。' },
} as const satisfies Record<string, Words>
export type OrderImportCode = keyof typeof ORDER_IMPORT_MESSAGES

export function orderImportMessage(code: OrderImportCode, locale: Locale, params: Record<string, string | number> = {}): string {
  return fillTemplate(ORDER_IMPORT_MESSAGES[code][locale], params)
}

// ---- rows to an order ------------------------------------------------------------------------------------------

/** A table as `imports.parseTable` gives it (header apart, each data row's line in the file). */
export interface ImportTable {
  columns: readonly string[]
  rows: readonly (readonly string[])[]
  lines?: readonly number[] | undefined
}

export interface RowIssue {
  /** The row's line in the file (1-based, as a spreadsheet numbers its rows). */
  line: number
  /** The column's header, when the problem is in one cell. */
  column?: string
  message: string
}

export interface ImportedEntry {
  /** The entry's key (the "Entry" cell, or its fields). */
  key: string
  lines: number[]
  orderType: OrderType
  customerName: string
  /** False when any of its rows has a problem: then it is left out. */
  ok: boolean
}

export interface OrderImport {
  /** An order of the entries without problems (with a fresh instance id for every product and package). */
  draft: OrderDraft
  entries: ImportedEntry[]
  issues: RowIssue[]
  /** Data rows read (blank ones skipped), and how many of them are in the draft. */
  rows: number
  goodRows: number
}

export interface OrderImportOptions {
  locale: Locale
  /** Instance ids for products and packages (the setting's prefix). */
  nextId: () => string
  /** The profile's channel code, for the rules' check. */
  channelCode: string
  /** The customer order number of the draft. */
  channelOrderId: string
  /** Words of each license type besides its technical name (the screens' labels in both languages). */
  licenseTypeNames?: Readonly<Record<LicenseType, readonly string[]>> | undefined
}

interface ParsedRow {
  line: number
  entryKey: string
  entryValues: Partial<Record<ImportField, string>>
  entry: Partial<OrderEntryDraft>
  orderType: OrderType
  /** False when the order type cell could not be read (the rules of no type apply then). */
  typeKnown: boolean
  group: AssetGroupDraft
  issues: RowIssue[]
}

/**
 * An order from the rows of a file with a column mapping: each row checked, rows grouped into entries, every
 * entry checked with the shared rules, the entries without problems in the draft.
 */
export function rowsToOrder(table: ImportTable, mapping: ColumnMapping, catalog: Pick<Catalog, 'products' | 'packages'>, opts: OrderImportOptions): OrderImport {
  const { locale } = opts
  const products = new Map(catalog.products.map((p) => [p.productUri, p]))
  const packages = new Map(catalog.packages.map((k) => [k.merchandiseNum, k]))
  const header = (f: ImportField): string => (mapping[f] >= 0 ? (table.columns[mapping[f]] ?? IMPORT_FIELD_LABELS[f][locale]) : IMPORT_FIELD_LABELS[f][locale])
  const parsed: ParsedRow[] = []

  table.rows.forEach((cells, r) => {
    const line = table.lines?.[r] ?? r + 2
    const cell = (f: ImportField): string => (mapping[f] >= 0 ? (cells[mapping[f]] ?? '').trim() : '')
    if (IMPORT_FIELDS.every((f) => cell(f) === '')) return
    const issues: RowIssue[] = []
    const bad = (f: ImportField, code: OrderImportCode, params: Record<string, string | number> = {}) =>
      issues.push({ line, column: header(f), message: orderImportMessage(code, locale, { field: header(f), value: cell(f).slice(0, 100), ...params }) })

    const orderTypeCell = cell('orderType')
    const orderType = orderTypeCell === '' ? 'new_buy' : parseOrderType(orderTypeCell)
    if (orderType === null) bad('orderType', 'orderImport.orderType')
    const entry: Partial<OrderEntryDraft> = {}
    const lt = cell('licenseType')
    if (lt !== '') {
      const v = parseLicenseType(lt, opts.licenseTypeNames ?? null)
      if (v) entry.licenseType = v
      else bad('licenseType', 'orderImport.licenseType')
    }
    const ct = cell('customerType')
    if (ct !== '') {
      const v = parseCustomerType(ct)
      if (v) entry.customerType = v
      else bad('customerType', 'orderImport.customerType')
    }
    for (const f of ENTRY_CUSTOMER_FIELDS) if (cell(f) !== '') entry[f] = cell(f).slice(0, f === 'address' || f === 'customerName' ? ORDER_DRAFT_LIMITS.text : ORDER_DRAFT_LIMITS.id)
    if (cell('srcLicenseOrderId') !== '') entry.srcLicenseOrderId = cell('srcLicenseOrderId').slice(0, ORDER_DRAFT_LIMITS.id)

    const group = emptyAssetGroup()
    const nos = splitList(cell('assetNos'))
    if (nos.length > ORDER_DRAFT_LIMITS.assetNos) bad('assetNos', 'orderImport.tooMany', { max: ORDER_DRAFT_LIMITS.assetNos })
    const wrongNo = nos.find((n) => !ASSET_NUMBER.test(n))
    if (wrongNo !== undefined) issues.push({ line, column: header('assetNos'), message: orderImportMessage('orderImport.assetNumber', locale, { field: header('assetNos'), value: wrongNo.slice(0, 100) }) })
    group.assetNos = nos.slice(0, ORDER_DRAFT_LIMITS.assetNos)
    for (const f of ['limitStartDate', 'limitEndDate'] as const) {
      const v = cell(f)
      if (v === '') continue
      const ms = parseDateCell(v)
      if (ms === null) bad(f, 'orderImport.date')
      else group[f] = ms
    }
    const yesNo = (f: ImportField): boolean => {
      const v = cell(f)
      if (v === '') return false
      const b = parseYesNo(v)
      if (b === null) bad(f, 'orderImport.yesNo')
      return b === true
    }
    group.borrowedUsbKey = yesNo('borrowedUsbKey')
    group.transferedAssetNum = yesNo('transferedAssetNum')
    const strict = yesNo('strictMatchWhenDelete')
    let nodes: number | null = null
    if (cell('nodes') !== '') {
      if (/^\d{1,7}$/.test(cell('nodes'))) nodes = Number(cell('nodes'))
      else bad('nodes', 'orderImport.number')
    }
    const productRefs = splitList(cell('products'))
    const packageRefs = splitList(cell('packages'))
    const instanceIds = splitList(cell('instanceIds'))
    if (productRefs.length > ORDER_DRAFT_LIMITS.products) bad('products', 'orderImport.tooMany', { max: ORDER_DRAFT_LIMITS.products })
    if (packageRefs.length > ORDER_DRAFT_LIMITS.merchandises) bad('packages', 'orderImport.tooMany', { max: ORDER_DRAFT_LIMITS.merchandises })
    if (orderType === 'delete_product') {
      if (instanceIds.length > 0 && instanceIds.length !== productRefs.length) bad('instanceIds', 'orderImport.instanceIds', { count: productRefs.length })
      group.products = productRefs.slice(0, ORDER_DRAFT_LIMITS.products).map((uri, i): ProductDraft => {
        const known = products.get(uri)
        return {
          ...emptyProduct(),
          productUri: uri,
          productName: known?.productName ?? '',
          crmProductId: instanceIds[i] ?? '',
          limitConcurrent: nodes ?? known?.defaultNodeCount ?? 1,
          strictMatchWhenDelete: strict,
          catalogRef: known ? uri : undefined,
        }
      })
    } else if (orderType === 'new_buy') {
      for (const uri of productRefs.slice(0, ORDER_DRAFT_LIMITS.products)) {
        const p = products.get(uri)
        if (!p) {
          issues.push({ line, column: header('products'), message: orderImportMessage('orderImport.unknownProduct', locale, { field: header('products'), value: uri.slice(0, 100) }) })
          continue
        }
        const d = productFromCatalog(p, opts.nextId)
        if (nodes !== null) d.limitConcurrent = nodes
        group.products.push(d)
      }
      for (const num of packageRefs.slice(0, ORDER_DRAFT_LIMITS.merchandises)) {
        const k = packages.get(num)
        if (!k) {
          issues.push({ line, column: header('packages'), message: orderImportMessage('orderImport.unknownPackage', locale, { field: header('packages'), value: num.slice(0, 100) }) })
          continue
        }
        try {
          group.merchandises.push(merchandiseFromCatalog(k, catalog, opts.nextId))
        } catch {
          issues.push({ line, column: header('packages'), message: orderImportMessage('orderImport.badPackage', locale, { field: header('packages'), value: num.slice(0, 100) }) })
        }
      }
    }
    const entryValues: Partial<Record<ImportField, string>> = {}
    for (const f of ENTRY_FIELDS) if (cell(f) !== '') entryValues[f] = cell(f)
    const key = cell('entry') !== '' ? `key\u0000${cell('entry')}` : `fields\u0000${JSON.stringify(ENTRY_FIELDS.map((f) => foldHeader(cell(f))))}`
    parsed.push({ line, entryKey: key, entryValues, entry, orderType: orderType ?? 'new_buy', typeKnown: orderType !== null, group, issues })
  })

  // Rows into entries, in the order each entry first appears.
  const groups = new Map<string, ParsedRow[]>()
  for (const row of parsed) {
    const g = groups.get(row.entryKey)
    if (g) g.push(row)
    else groups.set(row.entryKey, [row])
  }
  const candidates: { rows: ParsedRow[]; entry: OrderEntryDraft }[] = []
  for (const rows of groups.values()) {
    const first = rows[0]!
    // Entry fields must agree: a later row may leave them empty, or repeat them, but not say otherwise.
    for (const row of rows.slice(1)) {
      for (const f of ENTRY_FIELDS) {
        const v = row.entryValues[f]
        if (v !== undefined && foldHeader(v) !== foldHeader(first.entryValues[f] ?? '')) {
          row.issues.push({ line: row.line, column: header(f), message: orderImportMessage('orderImport.differs', locale, { field: header(f), first: first.line, value: v.slice(0, 100) }) })
        }
      }
    }
    const entry = { ...emptyEntry(first.orderType), ...first.entry, assets: rows.map((r) => r.group) }
    candidates.push({ rows, entry })
  }

  // The shared rules, on all the candidate entries at once (sequences 1..n), each issue back at its row.
  const draft = emptyOrderDraft(opts.channelOrderId)
  draft.entries = candidates.map((c) => c.entry)
  const ruleIssues = checkOrderDraft(draft, opts.channelCode, { maxOrdersPerBatch: Number.MAX_SAFE_INTEGER })
  const general: RowIssue[] = []
  for (const ri of ruleIssues) {
    const m = /^orderList\[(\d+)\](?:\.assets\[(\d+)\])?/.exec(ri.field)
    const c = m ? candidates[Number(m[1])] : undefined
    if (!c) {
      general.push({ line: 0, message: describeRuleIssue(ri, ri.field, locale) })
      continue
    }
    if (!c.rows[0]!.typeKnown) continue
    const row = m![2] !== undefined ? (c.rows[Number(m![2])] ?? c.rows[0]!) : c.rows[0]!
    const name = lastName(ri.field)
    const f = columnOfRuleField(name)
    // A cell already said to be wrong (an unknown product, a malformed number) is not reported twice.
    if (f && row.issues.some((i) => i.column === header(f))) continue
    // A repeated asset number names the file's line where it first is, not the request's path.
    const first = typeof ri.params?.['first'] === 'string' ? /^orderList\[(\d+)\]\.assets\[(\d+)\]/.exec(ri.params['first']) : null
    const firstLine = first ? candidates[Number(first[1])]?.rows[Number(first[2])]?.line : undefined
    const said = firstLine === undefined ? ri : { ...ri, params: { ...ri.params, first: orderImportMessage('orderImport.line', locale, { line: firstLine }) } }
    row.issues.push({ line: row.line, ...(f ? { column: header(f) } : {}), message: describeRuleIssue(said, f ? header(f) : fieldWords(name, locale), locale) })
  }
  if (candidates.length > ORDER_DRAFT_LIMITS.entries) general.push({ line: 0, message: orderImportMessage('orderImport.tooManyEntries', locale, { max: ORDER_DRAFT_LIMITS.entries }) })

  const entries: ImportedEntry[] = candidates.map((c) => ({
    key: c.rows[0]!.entryKey.split('\u0000')[0] === 'key' ? c.rows[0]!.entryKey.slice(4) : '',
    lines: c.rows.map((r) => r.line),
    orderType: c.entry.orderType,
    customerName: c.entry.customerName,
    ok: c.rows.every((r) => r.issues.length === 0),
  }))
  const issues: RowIssue[] = [...general]
  candidates.forEach((c, i) => {
    for (const r of c.rows) {
      issues.push(...dedupe(r.issues))
      if (!entries[i]!.ok && r.issues.length === 0) issues.push({ line: r.line, message: orderImportMessage('orderImport.entryLeftOut', locale) })
    }
  })
  issues.sort((a, b) => a.line - b.line)
  const good = candidates.filter((_, i) => entries[i]!.ok).slice(0, ORDER_DRAFT_LIMITS.entries)
  const out = emptyOrderDraft(opts.channelOrderId)
  out.entries = good.map((c) => c.entry)
  return { draft: out, entries, issues, rows: parsed.length, goodRows: good.reduce((n, c) => n + c.rows.length, 0) }
}

function dedupe(list: RowIssue[]): RowIssue[] {
  const seen = new Set<string>()
  return list.filter((i) => {
    const k = `${i.column ?? ''}\u0000${i.message}`
    if (seen.has(k)) return false
    seen.add(k)
    return true
  })
}

/** The last field name of a rule path (`orderList[0].assets[1].assetNos[2]` → `assetNos`). */
function lastName(field: string): string {
  const names = [...field.matchAll(/([A-Za-z]+)(?:\[\d+\])?/g)].map((m) => m[1]!)
  return names[names.length - 1] ?? field
}

/** The file column a rule field comes from, if one does. */
function columnOfRuleField(name: string): ImportField | null {
  if ((IMPORT_FIELDS as readonly string[]).includes(name)) return name as ImportField
  if (name === 'limitConcurrent') return 'nodes'
  if (name === 'crmProductId') return 'instanceIds'
  if (name === 'merchandises') return 'packages'
  return null
}

/** A field the file has no column for, named in words where known. */
const OTHER_FIELD_WORDS: Record<string, Words> = {
  channelOrderId: { en: 'Customer order number', 'zh-CN': '客户订单号' },
  productUri: { en: 'Product URI', 'zh-CN': '产品 URI' },
  productName: { en: 'Product name', 'zh-CN': '产品名称' },
  productType: { en: 'Product type', 'zh-CN': '产品类型' },
}

function fieldWords(name: string, locale: Locale): string {
  return OTHER_FIELD_WORDS[name]?.[locale] ?? name
}

function describeRuleIssue(ri: RuleIssue, field: string, locale: Locale): string {
  const { sequence: _sequence, ...rest } = ri
  return describeIssue({ ...rest, field }, locale)
}
