/**
 * The product catalog as a file, and the sentences of its problems in both languages.
 *
 * Layout (docs/decisions.md "Orders: the product catalog"): three tables, Products, Features and Packages.
 * - Excel: one sheet each, named in English or Chinese (Products/产品, Features/功能, Packages/套餐).
 * - CSV: one file, the tables one after the other, each opened by a row holding only its name in brackets
 *   (`[Products]`, `[产品]`, ...) followed by its header row. A CSV without such rows is one table, recognised by
 *   its header (a products file, a packages file or a features file).
 * A feature row names its product by URI. A package row lists its products (URIs) and its child packages
 * (numbers), separated by `;`; a package written inside another (not a catalog package of its own) is a row
 * whose "Inside package" names the package it is in.
 * Headers are compared folded (case, spaces, `_`, `-`, brackets ignored) against each field's English and
 * Chinese label, its API name and a few usual variants.
 */
import type { Locale } from '../i18n/locale'
import { fillTemplate } from '../errors/catalog'
import { foldHeader } from '../customers/files'
import type { CatalogPackage, CatalogProblem, CatalogProduct } from './catalog'
import { serviceDate, serviceDayStart } from '../time/dates'

export type Label = Record<Locale, string>

export const CATALOG_SECTIONS = ['products', 'features', 'packages'] as const
export type CatalogSection = (typeof CATALOG_SECTIONS)[number]

/** The tables' names (sheet names in Excel, section rows in CSV). */
export const SECTION_LABELS: Record<CatalogSection, Label> = {
  products: { en: 'Products', 'zh-CN': '产品' },
  features: { en: 'Features', 'zh-CN': '功能' },
  packages: { en: 'Packages', 'zh-CN': '套餐' },
}

export const PRODUCT_FILE_FIELDS = [
  'productUri',
  'uriKind',
  'productName',
  'productType',
  'defaultNodeCount',
  'timeUnit',
  'timeUnitQuantity',
  'timeDurationExpression',
  'trial',
] as const
export type ProductFileField = (typeof PRODUCT_FILE_FIELDS)[number]

export const FEATURE_FILE_FIELDS = ['productUri', 'featureCode', 'featureName', 'featureValue', 'featureValueType', 'trial', 'trialEndDate'] as const
export type FeatureFileField = (typeof FEATURE_FILE_FIELDS)[number]

export const PACKAGE_FILE_FIELDS = ['merchandiseNum', 'merchandiseName', 'timeDurationExpression', 'products', 'children', 'parentMerchandiseNum'] as const
export type PackageFileField = (typeof PACKAGE_FILE_FIELDS)[number]

export type CatalogFileField = ProductFileField | FeatureFileField | PackageFileField

/** Each field's label, as the export writes it and forms show it. */
export const CATALOG_FIELD_LABELS: Record<CatalogFileField, Label> = {
  productUri: { en: 'Product URI', 'zh-CN': '产品URI' },
  uriKind: { en: 'URI sent as', 'zh-CN': 'URI类型' },
  productName: { en: 'Product name', 'zh-CN': '产品名称' },
  productType: { en: 'Product type', 'zh-CN': '产品类型' },
  defaultNodeCount: { en: 'Default nodes', 'zh-CN': '默认节点数' },
  timeUnit: { en: 'Time unit', 'zh-CN': '时间单位' },
  timeUnitQuantity: { en: 'Time units', 'zh-CN': '时间单位数量' },
  timeDurationExpression: { en: 'Duration (y-m-d)', 'zh-CN': '时长（年-月-日）' },
  trial: { en: 'Trial', 'zh-CN': '试用' },
  featureCode: { en: 'Feature code', 'zh-CN': '功能编码' },
  featureName: { en: 'Feature name', 'zh-CN': '功能名称' },
  featureValue: { en: 'Feature value', 'zh-CN': '功能值' },
  featureValueType: { en: 'Value type', 'zh-CN': '值类型' },
  trialEndDate: { en: 'Trial ends', 'zh-CN': '试用截止日期' },
  merchandiseNum: { en: 'Package number', 'zh-CN': '套餐编号' },
  merchandiseName: { en: 'Package name', 'zh-CN': '套餐名称' },
  products: { en: 'Products', 'zh-CN': '产品' },
  children: { en: 'Child packages', 'zh-CN': '子套餐' },
  parentMerchandiseNum: { en: 'Inside package', 'zh-CN': '所属套餐' },
}

const EXTRA_HEADERS: Partial<Record<CatalogFileField, string[]>> = {
  productUri: ['uri', 'product', 'product id', '产品标识', '产品编号', '产品uri'],
  uriKind: ['uri kind', 'kind', 'gmspid or appkey', '标识类型'],
  productName: ['name', '名称', '产品名'],
  productType: ['type', '类型'],
  defaultNodeCount: ['nodes', 'node count', 'limitConcurrent', '节点数', '并发数'],
  timeUnitQuantity: ['time unit quantity', 'quantity', '数量'],
  timeDurationExpression: ['duration', '时长', '期限'],
  trial: ['试用版'],
  trialEndDate: ['trial end date', '试用到期'],
  merchandiseNum: ['package', 'package no', 'merchandise', '套餐号', '商品编号'],
  merchandiseName: ['package name', '商品名称'],
  products: ['product uris', '产品列表', '包含产品'],
  children: ['children', 'child packages', '下级套餐'],
  parentMerchandiseNum: ['parent package', 'parent', '上级套餐', '父套餐'],
}

const SECTION_FIELDS: Record<CatalogSection, readonly CatalogFileField[]> = {
  products: PRODUCT_FILE_FIELDS,
  features: FEATURE_FILE_FIELDS,
  packages: PACKAGE_FILE_FIELDS,
}

/** The fields a section's header names, by column (a field named twice keeps its first column). */
export function sectionColumns(section: CatalogSection, header: readonly string[]): Partial<Record<CatalogFileField, number>> {
  const names = new Map<string, CatalogFileField>()
  const fields = SECTION_FIELDS[section]
  for (const f of fields) for (const n of [f, CATALOG_FIELD_LABELS[f].en, CATALOG_FIELD_LABELS[f]['zh-CN']]) if (!names.has(foldHeader(n))) names.set(foldHeader(n), f)
  for (const f of fields) for (const n of EXTRA_HEADERS[f] ?? []) if (!names.has(foldHeader(n))) names.set(foldHeader(n), f)
  const out: Partial<Record<CatalogFileField, number>> = {}
  header.forEach((cell, i) => {
    const f = names.get(foldHeader(cell))
    if (f && out[f] === undefined) out[f] = i
  })
  return out
}

/** The section a row opens (`[Products]`, `[套餐]`...), or null when it is not such a row. */
export function sectionOfRow(cells: readonly string[]): CatalogSection | null {
  const filled = cells.filter((c) => c.trim() !== '')
  if (filled.length !== 1) return null
  const m = /^[[【]\s*(.+?)\s*[\]】]$/.exec(filled[0]!.trim())
  return m ? sectionNamed(m[1]!) : null
}

/** The section a sheet or section name means, in either language. */
export function sectionNamed(name: string): CatalogSection | null {
  const v = foldHeader(name)
  for (const s of CATALOG_SECTIONS) if (v === s || v === foldHeader(SECTION_LABELS[s].en) || v === foldHeader(SECTION_LABELS[s]['zh-CN'])) return s
  if (v === 'merchandise' || v === 'merchandises' || v === '商品') return 'packages'
  return null
}

/** The section a header row belongs to, for a file of one table: the one whose key columns it names. */
export function sectionOfHeader(header: readonly string[]): CatalogSection | null {
  const products = sectionColumns('products', header)
  const features = sectionColumns('features', header)
  const packages = sectionColumns('packages', header)
  if (features.featureCode !== undefined && features.productUri !== undefined) return 'features'
  if (packages.merchandiseNum !== undefined) return 'packages'
  if (products.productUri !== undefined && products.productName !== undefined) return 'products'
  return null
}

const YES = ['yes', 'y', 'true', '1', '是', '试用']
const NO = ['no', 'n', 'false', '0', '否', '']

/** 0 or 1 from a yes/no cell in either language; null for anything else. */
export function parseTrial(cell: string): 0 | 1 | null {
  const v = foldHeader(cell)
  if (YES.includes(v)) return 1
  if (NO.includes(v)) return 0
  return null
}

export const YES_NO_WORDS: Record<Locale, { yes: string; no: string }> = {
  en: { yes: 'Yes', no: 'No' },
  'zh-CN': { yes: '是', no: '否' },
}

/** gmsPid or appKey from a cell (the API names, or gms / app); '' gives gmsPid. */
export function parseUriKind(cell: string): 'gmsPid' | 'appKey' | null {
  const v = foldHeader(cell)
  if (v === '' || v === 'gmspid' || v === 'gms' || v === 'pid') return 'gmsPid'
  if (v === 'appkey' || v === 'app' || v === 'key' || v === '应用') return 'appKey'
  return null
}

/** A list cell: values separated by `;`, `；`, `,`, `，` or line breaks. */
export function splitList(cell: string): string[] {
  return cell
    .split(/[;；,，\n]+/)
    .map((s) => s.trim())
    .filter((s) => s !== '')
}

/** A date cell (yyyy-mm-dd, yyyy/mm/dd, or an ISO time as Excel cells come) as milliseconds at 00:00 China time; null if not one. */
export function parseDateCell(cell: string): number | null {
  const t = cell.trim()
  if (/^\d{4}-\d{2}-\d{2}T/.test(t)) {
    const ms = Date.parse(t)
    return Number.isNaN(ms) ? null : ms
  }
  const m = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?$/.exec(t)
  if (!m) return null
  return serviceDayStart(Number(m[1]), Number(m[2]), Number(m[3]))
}

/** A time as the files write it: the date in China time (the service's), or '' for none. */
export function formatDateCell(ms: number | null): string {
  return ms === 0 ? '' : serviceDate(ms)
}

// ---- the tables the export writes ------------------------------------------------------------------------------

export interface CatalogSheet {
  section: CatalogSection
  name: string
  columns: string[]
  rows: (string | number | null)[][]
}

/** A catalog as its three tables, headers in `locale` (read back by import in either language). */
export function catalogSheets(catalog: { products: readonly CatalogProduct[]; packages: readonly CatalogPackage[] }, locale: Locale): CatalogSheet[] {
  const label = (f: CatalogFileField) => CATALOG_FIELD_LABELS[f][locale]
  const yn = (v: 0 | 1) => (v === 1 ? YES_NO_WORDS[locale].yes : YES_NO_WORDS[locale].no)
  const products = catalog.products.map((p) => [
    p.productUri,
    p.uriKind,
    p.productName,
    p.productType,
    p.defaultNodeCount,
    p.timeUnit,
    p.timeUnitQuantity,
    p.timeDurationExpression,
    yn(p.trial),
  ])
  const features = catalog.products.flatMap((p) =>
    p.features.map((f) => [p.productUri, f.featureCode, f.featureName, f.featureValue, f.featureValueType, yn(f.trial), formatDateCell(f.trialEndDate)]),
  )
  const packages: (string | number | null)[][] = []
  const write = (k: CatalogPackage, inside: string): void => {
    packages.push([
      k.merchandiseNum,
      k.merchandiseName,
      k.timeDurationExpression,
      k.products.join('; '),
      k.children.map((c) => (typeof c === 'string' ? c : null)).filter((c): c is string => c !== null).join('; '),
      inside,
    ])
    for (const c of k.children) if (typeof c !== 'string') write(c, k.merchandiseNum)
  }
  for (const k of catalog.packages) write(k, '')
  const sheet = (section: CatalogSection, fields: readonly CatalogFileField[], rows: (string | number | null)[][]): CatalogSheet => ({
    section,
    name: SECTION_LABELS[section][locale],
    columns: fields.map(label),
    rows,
  })
  return [sheet('products', PRODUCT_FILE_FIELDS, products), sheet('features', FEATURE_FILE_FIELDS, features), sheet('packages', PACKAGE_FILE_FIELDS, packages)]
}

// ---- sentences -------------------------------------------------------------------------------------------------

export const CATALOG_MESSAGES = {
  'catalog.required': { en: '{field} is required', 'zh-CN': '{field}不能为空' },
  'catalog.tooLong': { en: '{field} may be at most {max} characters', 'zh-CN': '{field}最多 {max} 个字符' },
  'catalog.tooMany': { en: '{field} may list at most {max}', 'zh-CN': '{field}最多 {max} 项' },
  'catalog.noSpaces': { en: '{field} may not contain spaces: "{value}"', 'zh-CN': '{field}不能包含空格：“{value}”' },
  'catalog.controlChars': { en: '{field} may not contain line breaks or control characters', 'zh-CN': '{field}不能包含换行或控制字符' },
  'catalog.timeExpression': {
    en: '{field} must be years-months-days, e.g. 1-0-0 for one year: "{value}"',
    'zh-CN': '{field}必须是“年-月-日”，例如一年写 1-0-0：“{value}”',
  },
  'catalog.wholeNumber': { en: '{field} must be a whole number from 0 to {max}: "{value}"', 'zh-CN': '{field}必须是 0 到 {max} 的整数：“{value}”' },
  'catalog.yesNo': { en: '{field} must be Yes or No (是 or 否): "{value}"', 'zh-CN': '{field}必须是“是”或“否”（Yes 或 No）：“{value}”' },
  'catalog.uriKind': { en: '{field} must be gmsPid or appKey: "{value}"', 'zh-CN': '{field}必须是 gmsPid 或 appKey：“{value}”' },
  'catalog.date': { en: '{field} must be a date such as 2025-12-31: "{value}"', 'zh-CN': '{field}必须是日期，例如 2025-12-31：“{value}”' },
  'catalog.invalid': { en: '{field} is not valid: "{value}"', 'zh-CN': '{field}无效：“{value}”' },
  'catalog.duplicateProduct': { en: 'Product {ref} is in the catalog twice (line {first}).', 'zh-CN': '产品 {ref} 在目录中出现两次（第 {first} 行）。' },
  'catalog.duplicatePackage': { en: 'Package {ref} is in the catalog twice (line {first}).', 'zh-CN': '套餐 {ref} 在目录中出现两次（第 {first} 行）。' },
  'catalog.productExists': { en: 'The catalog already has product {ref}.', 'zh-CN': '目录中已有产品 {ref}。' },
  'catalog.packageExists': { en: 'The catalog already has package {ref}.', 'zh-CN': '目录中已有套餐 {ref}。' },
  'catalog.unknownProduct': { en: 'Package {ref} names product {value}, which the catalog does not have.', 'zh-CN': '套餐 {ref} 引用了目录中没有的产品 {value}。' },
  'catalog.unknownPackage': { en: 'Package {ref} names package {value}, which the catalog does not have.', 'zh-CN': '套餐 {ref} 引用了目录中没有的套餐 {value}。' },
  'catalog.cycle': { en: 'Package {ref} contains itself (through {value}).', 'zh-CN': '套餐 {ref} 包含了它自己（经由 {value}）。' },
  'catalog.tooDeep': { en: 'Package {ref} nests more than {max} levels deep.', 'zh-CN': '套餐 {ref} 的嵌套超过 {max} 层。' },
  'catalog.featureOfUnknown': { en: 'The feature names product {value}, which is not in the catalog.', 'zh-CN': '该功能所属的产品 {value} 不在目录中。' },
  'catalog.insideUnknown': { en: 'The package is inside package {value}, which the file does not have.', 'zh-CN': '该套餐所属的套餐 {value} 不在文件中。' },
  'catalog.noColumns': { en: 'The {section} table has no {names} column.', 'zh-CN': '{section}表中没有“{names}”列。' },
  'catalog.noTables': {
    en: 'The file has no table of the catalog: use sheets (or, in CSV, rows) named [Products], [Features] and [Packages], with a header row each.',
    'zh-CN': '文件中没有目录的表：请使用名为 [产品]、[功能]、[套餐] 的工作表（CSV 中为同名的行），各带一行标题。',
  },
  'catalog.tooManyItems': { en: 'A catalog holds at most {max} {what}.', 'zh-CN': '目录最多保存 {max} 个{what}。' },
  'catalog.inUse': { en: 'Product {ref} is in package {value}: take it out of the package first.', 'zh-CN': '产品 {ref} 在套餐 {value} 中：请先从套餐中移除。' },
  'catalog.childInUse': { en: 'Package {ref} is inside package {value}: take it out first.', 'zh-CN': '套餐 {ref} 在套餐 {value} 中：请先移出。' },
  'catalog.notFound': { en: 'The catalog has no {what} {ref}.', 'zh-CN': '目录中没有{what} {ref}。' },
} as const satisfies Record<string, Label>
export type CatalogMessageCode = keyof typeof CATALOG_MESSAGES

export function catalogMessage(code: CatalogMessageCode, locale: Locale, params: Record<string, string | number> = {}): string {
  return fillTemplate(CATALOG_MESSAGES[code][locale], params)
}

export const CATALOG_WHAT: Record<'product' | 'package' | 'products' | 'packages', Label> = {
  product: { en: 'product', 'zh-CN': '产品' },
  package: { en: 'package', 'zh-CN': '套餐' },
  products: { en: 'products', 'zh-CN': '产品' },
  packages: { en: 'packages', 'zh-CN': '套餐' },
}

/** A catalog problem (catalogProblems) in words. */
export function describeCatalogProblem(p: CatalogProblem, locale: Locale, maxDepth: number, firstLine?: number): string {
  const params = { ref: p.ref, value: p.value ?? '', max: maxDepth, first: firstLine ?? '?' }
  switch (p.code) {
    case 'duplicate':
      return catalogMessage(p.kind === 'product' ? 'catalog.duplicateProduct' : 'catalog.duplicatePackage', locale, params)
    case 'unknownProduct':
      return catalogMessage('catalog.unknownProduct', locale, params)
    case 'unknownPackage':
      return catalogMessage('catalog.unknownPackage', locale, params)
    case 'cycle':
      return catalogMessage('catalog.cycle', locale, params)
    case 'tooDeep':
      return catalogMessage('catalog.tooDeep', locale, params)
  }
}

/** The shape of a zod issue read here (zod's own types change between versions). */
interface ZodIssueLike {
  code: string
  message: string
  maximum?: number | bigint
  minimum?: number | bigint
}

/** A zod issue of a catalog field in words, naming the field by its label (or column header). */
export function describeFieldIssue(issue: ZodIssueLike, field: string, value: string, locale: Locale): string {
  const params = { field, value: value.slice(0, 100), max: Number(issue.maximum ?? 0) }
  if (issue.message === 'noSpaces') return catalogMessage('catalog.noSpaces', locale, params)
  if (issue.message === 'controlChars') return catalogMessage('catalog.controlChars', locale, params)
  if (issue.message === 'timeExpression') return catalogMessage('catalog.timeExpression', locale, params)
  if (issue.code === 'too_small' || (issue.code === 'invalid_type' && value === '')) return catalogMessage('catalog.required', locale, params)
  if (issue.code === 'too_big') return catalogMessage(typeof issue.maximum === 'number' && value !== '' ? 'catalog.tooLong' : 'catalog.tooMany', locale, params)
  return catalogMessage('catalog.invalid', locale, params)
}
