/**
 * The catalog's edit dialog as typed (kept as a draft of kind `catalog.edit`, so nothing typed is lost), its
 * conversion to a catalog product or package, and each field's problem in the user's language, found with the
 * same schemas the core checks with.
 */
import { z } from 'zod'
import type { Locale } from '../i18n/locale'
import {
  CATALOG_LIMITS,
  PRODUCT_URI_KINDS,
  catalogPackageSchema,
  catalogProductSchema,
  type CatalogPackage,
  type CatalogPackageInput,
  type CatalogProduct,
  type CatalogProductInput,
} from './catalog'
import { CATALOG_FIELD_LABELS, catalogMessage, describeFieldIssue, type CatalogFileField } from './catalog-files'

const L = CATALOG_LIMITS
const text = (max: number = L.text) => z.string().max(max).default('')

export const featureFormSchema = z.object({
  key: z.string().min(1).max(64),
  featureCode: text(L.id),
  featureName: text(),
  featureValue: text(),
  featureValueType: text(100),
  trial: z.boolean().default(false),
  /** Milliseconds since the epoch, or null for none. */
  trialEndDate: z.number().int().min(0).max(8_640_000_000_000_000).nullable().default(null),
})
export type FeatureForm = z.output<typeof featureFormSchema>

export const productFormSchema = z.object({
  productUri: text(L.id),
  uriKind: z.enum(PRODUCT_URI_KINDS).default('gmsPid'),
  productName: text(),
  productType: text(100),
  /** Numbers as typed. */
  defaultNodeCount: text(20),
  timeUnit: text(50),
  timeUnitQuantity: text(20),
  timeDurationExpression: text(50),
  trial: z.boolean().default(false),
  features: z.array(featureFormSchema).max(L.features).default([]),
})
export type ProductForm = z.output<typeof productFormSchema>

export const packageFormSchema = z.object({
  merchandiseNum: text(L.id),
  merchandiseName: text(),
  timeDurationExpression: text(50),
  /** Product URIs and child package numbers of the catalog. */
  products: z.array(z.string().max(L.id)).max(L.productsPerPackage).default([]),
  children: z.array(z.string().max(L.id)).max(L.children).default([]),
  /** Child packages written inside this one (from a file): kept as they are, shown, not edited here. */
  inlineChildren: z.array(catalogPackageSchema).max(L.children).default([]),
})
export type PackageForm = z.output<typeof packageFormSchema>

/** The edit dialog: what is edited, and the product or the package as typed. */
export const catalogEditDraftSchema = z.object({
  /** '' while no dialog is open. */
  open: z.enum(['', 'product', 'package']).default(''),
  /** The URI or number of the item being changed; '' for a new one. */
  replaces: z.string().max(L.id).default(''),
  /** The profile whose catalog it is. */
  profileId: z.string().max(100).default(''),
  product: productFormSchema.prefault({}),
  package: packageFormSchema.prefault({}),
})
export type CatalogEditDraft = z.output<typeof catalogEditDraftSchema>

export function emptyProductForm(): ProductForm {
  return productFormSchema.parse({ defaultNodeCount: '1', timeUnit: 'year', timeUnitQuantity: '1', timeDurationExpression: '1-0-0' })
}

export function emptyPackageForm(): PackageForm {
  return packageFormSchema.parse({ timeDurationExpression: '1-0-0' })
}

export function productForm(p: CatalogProduct, newKey: () => string): ProductForm {
  return {
    productUri: p.productUri,
    uriKind: p.uriKind,
    productName: p.productName,
    productType: p.productType,
    defaultNodeCount: String(p.defaultNodeCount),
    timeUnit: p.timeUnit,
    timeUnitQuantity: String(p.timeUnitQuantity),
    timeDurationExpression: p.timeDurationExpression,
    trial: p.trial === 1,
    features: p.features.map((f) => ({ ...f, key: newKey(), trial: f.trial === 1, trialEndDate: f.trialEndDate === 0 ? null : f.trialEndDate })),
  }
}

export function packageForm(k: CatalogPackage): PackageForm {
  return {
    merchandiseNum: k.merchandiseNum,
    merchandiseName: k.merchandiseName,
    timeDurationExpression: k.timeDurationExpression,
    products: [...k.products],
    children: k.children.filter((c): c is string => typeof c === 'string'),
    inlineChildren: k.children.filter((c): c is CatalogPackage => typeof c !== 'string'),
  }
}

/** Each field's problem (the first), by path: `productUri`, `features.2.featureCode`... */
export type FormIssues = Record<string, string>

function readCount(v: string): number | string {
  const t = v.trim()
  return /^\d{1,7}$/.test(t) && Number(t) <= 1_000_000 ? Number(t) : t
}

function issuesOf(
  error: z.ZodError,
  raw: Record<string, unknown>,
  label: (path: readonly PropertyKey[]) => string,
  locale: Locale,
  out: FormIssues,
): void {
  for (const i of error.issues) {
    const path = i.path.map(String).join('.')
    if (out[path]) continue
    let v: unknown = raw
    for (const p of i.path) v = (v as Record<PropertyKey, unknown> | undefined)?.[p as string]
    out[path] = describeFieldIssue(i as Parameters<typeof describeFieldIssue>[0], label(i.path), typeof v === 'string' ? v : '', locale)
  }
}

const fieldLabel = (f: string, locale: Locale): string => (f in CATALOG_FIELD_LABELS ? CATALOG_FIELD_LABELS[f as CatalogFileField][locale] : f)

/** The product a form makes, or its problems at their fields. */
export function productFromForm(form: ProductForm, locale: Locale): { product: CatalogProduct | null; issues: FormIssues } {
  const issues: FormIssues = {}
  const raw: CatalogProductInput & Record<string, unknown> = {
    productUri: form.productUri,
    uriKind: form.uriKind,
    productName: form.productName,
    productType: form.productType,
    timeUnit: form.timeUnit,
    timeDurationExpression: form.timeDurationExpression,
    trial: form.trial ? 1 : 0,
    features: form.features.map((f) => ({
      featureCode: f.featureCode,
      featureName: f.featureName,
      featureValue: f.featureValue,
      featureValueType: f.featureValueType,
      trial: f.trial ? 1 : 0,
      trialEndDate: f.trialEndDate ?? 0,
    })),
  }
  for (const f of ['defaultNodeCount', 'timeUnitQuantity'] as const) {
    const v = readCount(form[f])
    if (typeof v === 'number') raw[f] = v
    else issues[f] = catalogMessage('catalog.wholeNumber', locale, { field: fieldLabel(f, locale), value: v, max: 1_000_000 })
  }
  const parsed = catalogProductSchema.safeParse(raw)
  if (!parsed.success) issuesOf(parsed.error, raw, (path) => fieldLabel(String(path[path.length - 1] ?? ''), locale), locale, issues)
  return { product: parsed.success && Object.keys(issues).length === 0 ? parsed.data : null, issues }
}

/** The package a form makes, or its problems at their fields (references are checked by the core too). */
export function packageFromForm(form: PackageForm, locale: Locale): { package: CatalogPackage | null; issues: FormIssues } {
  const issues: FormIssues = {}
  const raw: CatalogPackageInput = {
    merchandiseNum: form.merchandiseNum,
    merchandiseName: form.merchandiseName,
    timeDurationExpression: form.timeDurationExpression,
    products: form.products,
    children: [...form.children, ...form.inlineChildren],
  }
  const parsed = catalogPackageSchema.safeParse(raw)
  if (!parsed.success) issuesOf(parsed.error, raw as unknown as Record<string, unknown>, (path) => fieldLabel(String(path[0] ?? ''), locale), locale, issues)
  if (form.children.includes(form.merchandiseNum.trim()) && !issues['children']) {
    issues['children'] = catalogMessage('catalog.cycle', locale, { ref: form.merchandiseNum.trim(), value: form.merchandiseNum.trim() })
  }
  return { package: parsed.success && Object.keys(issues).length === 0 ? parsed.data : null, issues }
}
