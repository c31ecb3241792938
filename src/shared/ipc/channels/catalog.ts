/**
 * Channels of the product catalog, kept on this computer per connection profile (src/main/services/catalog):
 * the whole catalog, search, keep a product or a package, remove, import and export as CSV or Excel
 * (docs/desk.md "Orders: the product catalog and importing orders").
 */
import { z } from 'zod'
import { importIssueSchema } from '../../bulk/import'
import { CATALOG_LIMITS, catalogPackageSchema, catalogProductSchema, catalogSchema } from '../../orders/catalog'
import { CATALOG_SECTIONS } from '../../orders/catalog-files'
import { channel, input, noOutput } from '../channel'
import { EXPORT_FORMATS, base64FileSchema, exportedFileSchema } from './imports'

const profileId = z.string().min(1).max(100)
const ref = z.string().trim().min(1).max(CATALOG_LIMITS.id)

/** One product or package as search lists it. */
export const catalogItemRecordSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('product'), ref: z.string(), updatedAt: z.number(), product: catalogProductSchema }),
  z.object({ kind: z.literal('package'), ref: z.string(), updatedAt: z.number(), package: catalogPackageSchema }),
])
export type CatalogItemRecord = z.output<typeof catalogItemRecordSchema>

export const catalogSearchResultSchema = z.object({
  products: z.array(catalogItemRecordSchema),
  packages: z.array(catalogItemRecordSchema),
  totalProducts: z.number().int(),
  totalPackages: z.number().int(),
})
export type CatalogSearchResult = z.output<typeof catalogSearchResultSchema>

const changeSchema = z.object({ added: z.number().int(), updated: z.number().int(), unchanged: z.number().int() })

/** An import problem: its table (products, features, packages), line and column, in the user's language. */
export const catalogImportIssueSchema = importIssueSchema.extend({ section: z.enum(CATALOG_SECTIONS).optional() })
export type CatalogImportIssue = z.output<typeof catalogImportIssueSchema>

export const catalogImportResultSchema = z.object({
  /** False when the file had any problem: then nothing was imported (a catalog is never half-imported). */
  imported: z.boolean(),
  products: changeSchema,
  packages: changeSchema,
  issues: z.array(catalogImportIssueSchema),
})
export type CatalogImportResult = z.output<typeof catalogImportResultSchema>

export const catalogChannels = {
  /** A profile's whole catalog (at most a few thousand items): what the builders need to expand a package. */
  'catalog.get': channel(input({ profileId: profileId.optional() }), catalogSchema),
  /** Products and packages whose name, URI, number or type holds every word of `query`. */
  'catalog.search': channel(
    input({ profileId: profileId.optional(), query: z.string().max(200).default(''), limit: z.number().int().min(1).max(CATALOG_LIMITS.products).default(50) }),
    catalogSearchResultSchema,
  ),
  /**
   * Keeps a product or a package: new, or in place of the one named by `replaces` (its URI or number). A package's
   * products and child packages must be in the catalog.
   */
  'catalog.save': channel(
    input({
      profileId: profileId.optional(),
      item: z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('product'), product: catalogProductSchema, replaces: ref.optional() }).strict(),
        z.object({ kind: z.literal('package'), package: catalogPackageSchema, replaces: ref.optional() }).strict(),
      ]),
    }),
    noOutput,
  ),
  /** Removes products and packages; refused while a package left names one of them. */
  'catalog.remove': channel(
    input({
      profileId: profileId.optional(),
      products: z.array(ref).max(CATALOG_LIMITS.products).default([]),
      packages: z.array(ref).max(CATALOG_LIMITS.packages).default([]),
    }),
    noOutput,
  ),
  /** A CSV or Excel file merged into the catalog, all or nothing (English or Chinese headers). */
  'catalog.import': channel(
    input({ profileId: profileId.optional(), fileName: z.string().trim().min(1).max(255), contentBase64: base64FileSchema }),
    catalogImportResultSchema,
  ),
  /** The catalog as CSV (three sections) or Excel (three sheets), headers in the user's language. */
  'catalog.export': channel(input({ profileId: profileId.optional(), format: z.enum(EXPORT_FORMATS) }), exportedFileSchema),
}

/** Event payload: a profile's catalog changed (any window, tab, or the CLI of this core). */
export const catalogChangedSchema = z.object({ profileId: z.string() })
