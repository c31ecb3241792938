/**
 * The product catalog in and out of files (the layout: src/shared/orders/catalog-files.ts). Import reads the
 * file with the engine's table reader (CSV in UTF-8 or GB 18030, .xlsx), checks every cell with the catalog's
 * schemas and the whole catalog's references (a package naming a product neither the file nor the catalog has
 * is refused), and merges all of it in one transaction, or, when any row has a problem, nothing at all: each
 * problem is reported with its table, line, column and reason in the user's language.
 */
import Papa from 'papaparse'
import type { Locale } from '@shared/i18n/locale'
import {
  CATALOG_LIMITS,
  catalogFeatureSchema,
  catalogPackageSchema,
  catalogProblems,
  catalogProductSchema,
  type Catalog,
  type CatalogFeature,
  type CatalogPackage,
  type CatalogProduct,
} from '@shared/orders/catalog'
import {
  CATALOG_FIELD_LABELS,
  SECTION_LABELS,
  catalogMessage,
  catalogSheets,
  describeCatalogProblem,
  describeFieldIssue,
  parseDateCell,
  parseTrial,
  parseUriKind,
  sectionColumns,
  sectionOfHeader,
  sectionOfRow,
  splitList,
  type CatalogFileField,
  type CatalogSection,
} from '@shared/orders/catalog-files'
import type { CatalogImportIssue, CatalogImportResult } from '@shared/ipc/channels/catalog'
import type { ExportFormat, ExportedFile } from '@shared/ipc/channels/imports'
import { ImportFileError, readTable, safeCell, writeWorkbook, type TableInput } from '../import'
import type { CatalogStore } from './store'

/** One table of the file: its rows (header first) and each row's line in the file or sheet. */
interface SectionTable {
  section: CatalogSection
  rows: string[][]
  lines: number[]
}

const NO_CHANGE = { added: 0, updated: 0, unchanged: 0 }

/** The tables of a file: an Excel file's named sheets, or a CSV's sections (a file of one table: by its header). */
export async function readCatalogTables(input: TableInput, locale: Locale): Promise<SectionTable[]> {
  const isXlsx = 'bytes' in input && /\.xlsx$/i.test(input.fileName)
  if (isXlsx) {
    const out: SectionTable[] = []
    for (const section of ['products', 'features', 'packages'] as const) {
      for (const name of [SECTION_LABELS[section].en, SECTION_LABELS[section]['zh-CN'], section]) {
        try {
          const t = await readTable(input, { locale, sheet: name })
          out.push({ section, rows: t.rows, lines: t.rows.map((_, i) => i + 1) })
          break
        } catch (err) {
          if (err instanceof ImportFileError && (err.issue.code === 'import.noSheet' || err.issue.code === 'import.empty')) continue
          throw err
        }
      }
    }
    if (out.length > 0) return out
  }
  const table = await readTable(input, { locale })
  return splitSections(table.rows)
}

/** A CSV's rows cut into sections at `[Products]`-like rows; without any, the one table its header names. */
export function splitSections(rows: string[][]): SectionTable[] {
  const out: SectionTable[] = []
  let current: SectionTable | null = null
  rows.forEach((cells, i) => {
    const s = sectionOfRow(cells)
    if (s) {
      current = { section: s, rows: [], lines: [] }
      out.push(current)
      return
    }
    if (!current) {
      if (cells.every((c) => c.trim() === '')) return
      const guessed = sectionOfHeader(cells)
      if (!guessed) return
      current = { section: guessed, rows: [], lines: [] }
      out.push(current)
    }
    const cur: SectionTable = current
    // The blank line before the next section is not a row; blank rows inside are skipped below anyway.
    cur.rows.push(cells)
    cur.lines.push(i + 1)
  })
  return out.filter((t) => t.rows.length > 0)
}

interface Parsed {
  products: { product: CatalogProduct; line: number }[]
  features: { uri: string; feature: CatalogFeature; line: number }[]
  packages: { pkg: CatalogPackage; inside: string; line: number }[]
  issues: CatalogImportIssue[]
}

/** The rows of the tables, checked cell by cell; rows with a problem give issues instead. */
export function parseCatalogTables(tables: readonly SectionTable[], locale: Locale): Parsed {
  const out: Parsed = { products: [], features: [], packages: [], issues: [] }
  if (tables.length === 0) {
    out.issues.push({ line: 0, code: 'catalog.noTables', message: catalogMessage('catalog.noTables', locale) })
    return out
  }
  for (const t of tables) {
    const header = t.rows[0] ?? []
    const cols = sectionColumns(t.section, header)
    const needed: CatalogFileField[] = t.section === 'products' ? ['productUri', 'productName'] : t.section === 'features' ? ['productUri', 'featureCode'] : ['merchandiseNum']
    const missing = needed.filter((f) => cols[f] === undefined)
    if (missing.length > 0) {
      const names = missing.map((f) => CATALOG_FIELD_LABELS[f][locale]).join(locale === 'zh-CN' ? '”“' : ', ')
      out.issues.push({ line: t.lines[0] ?? 0, section: t.section, code: 'catalog.noColumns', message: catalogMessage('catalog.noColumns', locale, { section: SECTION_LABELS[t.section][locale], names }) })
      continue
    }
    for (let r = 1; r < t.rows.length; r++) {
      const cells = t.rows[r]!
      if (cells.every((c) => c.trim() === '')) continue
      const line = t.lines[r]!
      const cell = (f: CatalogFileField) => (cols[f] === undefined ? '' : (cells[cols[f]!] ?? '').trim())
      const problems: CatalogImportIssue[] = []
      const problem = (f: CatalogFileField, message: string) => problems.push({ line, section: t.section, column: header[cols[f]!] ?? f, code: 'catalog.cell', message })
      const column = (f: CatalogFileField) => header[cols[f]!] ?? CATALOG_FIELD_LABELS[f][locale]
      const num = (f: CatalogFileField, raw: Record<string, unknown>) => {
        const v = cell(f)
        if (v === '') return
        if (!/^\d{1,7}$/.test(v) || Number(v) > 1_000_000) problem(f, catalogMessage('catalog.wholeNumber', locale, { field: column(f), value: v, max: 1_000_000 }))
        else raw[f] = Number(v)
      }
      const text = (f: CatalogFileField, raw: Record<string, unknown>) => {
        const v = cell(f)
        if (v !== '' || f === 'productName' || f === 'merchandiseName') raw[f] = v
      }
      const trial = (raw: Record<string, unknown>) => {
        const v = cell('trial')
        const p = parseTrial(v)
        if (p === null) problem('trial', catalogMessage('catalog.yesNo', locale, { field: column('trial'), value: v }))
        else raw['trial'] = p
      }
      const zodProblems = (issues: readonly { path: readonly PropertyKey[]; code: string; message: string; maximum?: number | bigint; minimum?: number | bigint }[], raw: Record<string, unknown>) => {
        for (const i of issues) {
          const f = String(i.path[0] ?? '') as CatalogFileField
          const v = raw[f]
          problem(f, describeFieldIssue(i, column(f), typeof v === 'string' ? v : Array.isArray(v) ? v.join('; ') : '', locale))
        }
      }
      if (t.section === 'products') {
        const raw: Record<string, unknown> = {}
        for (const f of ['productUri', 'productName', 'productType', 'timeUnit', 'timeDurationExpression'] as const) text(f, raw)
        raw['productType'] ??= ''
        const kind = parseUriKind(cell('uriKind'))
        if (kind === null) problem('uriKind', catalogMessage('catalog.uriKind', locale, { field: column('uriKind'), value: cell('uriKind') }))
        else raw['uriKind'] = kind
        num('defaultNodeCount', raw)
        num('timeUnitQuantity', raw)
        trial(raw)
        const parsed = catalogProductSchema.safeParse(raw)
        if (!parsed.success) zodProblems(parsed.error.issues, raw)
        if (problems.length === 0 && parsed.success) out.products.push({ product: parsed.data, line })
      } else if (t.section === 'features') {
        const raw: Record<string, unknown> = {}
        for (const f of ['featureCode', 'featureName', 'featureValue', 'featureValueType'] as const) text(f, raw)
        trial(raw)
        const end = cell('trialEndDate')
        if (end !== '') {
          const ms = parseDateCell(end)
          if (ms === null) problem('trialEndDate', catalogMessage('catalog.date', locale, { field: column('trialEndDate'), value: end }))
          else raw['trialEndDate'] = ms
        }
        const parsed = catalogFeatureSchema.safeParse(raw)
        if (!parsed.success) zodProblems(parsed.error.issues, raw)
        const uri = cell('productUri')
        if (uri === '') problem('productUri', catalogMessage('catalog.required', locale, { field: column('productUri') }))
        if (problems.length === 0 && parsed.success) out.features.push({ uri, feature: parsed.data, line })
      } else {
        const raw: Record<string, unknown> = {}
        for (const f of ['merchandiseNum', 'merchandiseName', 'timeDurationExpression'] as const) text(f, raw)
        raw['products'] = splitList(cell('products'))
        raw['children'] = splitList(cell('children'))
        const parsed = catalogPackageSchema.safeParse(raw)
        if (!parsed.success) zodProblems(parsed.error.issues, raw)
        if (problems.length === 0 && parsed.success) out.packages.push({ pkg: parsed.data, inside: cell('parentMerchandiseNum'), line })
      }
      out.issues.push(...problems)
    }
  }
  return out
}

/**
 * The file's catalog over the current one: the file's products (with their features) and packages replace
 * those with the same URI or number, the rest stays. Issues: rows repeated in the file, features of unknown
 * products, packages inside unknown ones, and what catalogProblems finds in the result, at the file's lines.
 */
export function catalogFromFile(parsed: Parsed, current: Catalog, locale: Locale): { catalog: Catalog; incoming: Catalog; issues: CatalogImportIssue[] } {
  const issues = [...parsed.issues]
  const productLine = new Map<string, number>()
  const products = new Map<string, CatalogProduct>()
  for (const { product, line } of parsed.products) {
    const first = productLine.get(product.productUri)
    if (first !== undefined) {
      issues.push({ line, section: 'products', code: 'catalog.duplicate', message: catalogMessage('catalog.duplicateProduct', locale, { ref: product.productUri, first }) })
      continue
    }
    productLine.set(product.productUri, line)
    products.set(product.productUri, { ...product, features: [] })
  }
  for (const { uri, feature, line } of parsed.features) {
    const p = products.get(uri)
    if (!p) {
      issues.push({ line, section: 'features', code: 'catalog.featureOfUnknown', message: catalogMessage('catalog.featureOfUnknown', locale, { value: uri }) })
      continue
    }
    if (p.features.length >= CATALOG_LIMITS.features) {
      issues.push({ line, section: 'features', code: 'catalog.tooMany', message: catalogMessage('catalog.tooMany', locale, { field: CATALOG_FIELD_LABELS.featureCode[locale], max: CATALOG_LIMITS.features }) })
      continue
    }
    p.features.push(feature)
  }
  // Packages: rows inside another are attached to it (as written inline), the rest are catalog packages.
  const packageLine = new Map<string, number>()
  const byNum = new Map<string, { pkg: CatalogPackage; inside: string; line: number }>()
  for (const row of parsed.packages) {
    const first = packageLine.get(row.pkg.merchandiseNum)
    if (first !== undefined) {
      issues.push({ line: row.line, section: 'packages', code: 'catalog.duplicate', message: catalogMessage('catalog.duplicatePackage', locale, { ref: row.pkg.merchandiseNum, first }) })
      continue
    }
    packageLine.set(row.pkg.merchandiseNum, row.line)
    byNum.set(row.pkg.merchandiseNum, { ...row, pkg: { ...row.pkg, children: [...row.pkg.children] } })
  }
  for (const row of byNum.values()) {
    if (row.inside === '') continue
    const parent = byNum.get(row.inside)
    if (!parent || row.inside === row.pkg.merchandiseNum) {
      issues.push({ line: row.line, section: 'packages', code: 'catalog.insideUnknown', message: catalogMessage('catalog.insideUnknown', locale, { value: row.inside }) })
      continue
    }
    parent.pkg.children.push(row.pkg)
  }
  const top = [...byNum.values()].filter((r) => r.inside === '').map((r) => r.pkg)
  const incoming: Catalog = { products: [...products.values()], packages: top }
  const catalog: Catalog = {
    products: [...current.products.filter((p) => !products.has(p.productUri)), ...incoming.products],
    packages: [...current.packages.filter((k) => !top.some((t) => t.merchandiseNum === k.merchandiseNum)), ...top],
  }
  for (const p of catalogProblems(catalog)) {
    const line = p.kind === 'product' ? productLine.get(p.ref) : packageLine.get(p.ref)
    // Problems of the catalog that was already there (none: it is kept whole) are not the file's.
    if (line === undefined) continue
    issues.push({ line, section: p.kind === 'product' ? 'products' : 'packages', code: `catalog.${p.code}`, message: describeCatalogProblem(p, locale, CATALOG_LIMITS.depth) })
  }
  if (catalog.products.length > CATALOG_LIMITS.products) issues.push({ line: 0, code: 'catalog.tooManyItems', message: catalogMessage('catalog.tooManyItems', locale, { max: CATALOG_LIMITS.products, what: locale === 'zh-CN' ? '产品' : 'products' }) })
  if (catalog.packages.length > CATALOG_LIMITS.packages) issues.push({ line: 0, code: 'catalog.tooManyItems', message: catalogMessage('catalog.tooManyItems', locale, { max: CATALOG_LIMITS.packages, what: locale === 'zh-CN' ? '套餐' : 'packages' }) })
  issues.sort((a, b) => sectionOrder(a) - sectionOrder(b) || a.line - b.line)
  return { catalog, incoming, issues }
}

function sectionOrder(i: CatalogImportIssue): number {
  return i.section === undefined ? -1 : ['products', 'features', 'packages'].indexOf(i.section)
}

/** Imports a file into a profile's catalog: all of it, or nothing when any row has a problem. */
export async function importCatalog(store: CatalogStore, profileId: string, input: TableInput, locale: Locale): Promise<CatalogImportResult> {
  let tables: SectionTable[]
  try {
    tables = await readCatalogTables(input, locale)
  } catch (err) {
    if (err instanceof ImportFileError) return { imported: false, products: NO_CHANGE, packages: NO_CHANGE, issues: [err.issue] }
    throw err
  }
  const parsed = parseCatalogTables(tables, locale)
  const { incoming, issues } = catalogFromFile(parsed, store.get(profileId), locale)
  if (issues.length > 0) return { imported: false, products: NO_CHANGE, packages: NO_CHANGE, issues: issues.slice(0, 1000) }
  const changes = store.merge(profileId, incoming, locale)
  return { imported: true, ...changes, issues: [] }
}

/** A profile's catalog as CSV (three sections) or Excel (three sheets), headers in `locale`. */
export async function exportCatalog(store: CatalogStore, profileId: string, format: ExportFormat, locale: Locale): Promise<ExportedFile> {
  const sheets = catalogSheets(store.get(profileId), locale)
  const baseName = locale === 'zh-CN' ? '产品目录' : 'product-catalog'
  if (format === 'xlsx') return writeWorkbook({ baseName, sheets })
  const parts = sheets.map((s) => {
    const body = Papa.unparse({ fields: s.columns, data: s.rows.map((r) => r.map(safeCell)) }, { newline: '\r\n' })
    return `[${s.name}]\r\n${body}`
  })
  const csv = '\uFEFF' + parts.join('\r\n\r\n') + '\r\n'
  return {
    fileName: `${baseName}.csv`,
    mimeType: 'text/csv;charset=utf-8',
    contentBase64: Buffer.from(csv, 'utf8').toString('base64'),
    rows: sheets.reduce((n, s) => n + s.rows.length, 0),
  }
}

