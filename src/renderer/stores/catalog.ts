/**
 * The product catalog of the active connection, as the Catalog panel and the product picker use it: the whole
 * catalog (a few thousand items at most, read once and again on `catalog.changed`), the search on screen, the
 * edit dialog kept as a draft (`catalog.edit`), remove, import and export; and the builders that turn a pick into
 * order draft products and packages with fresh instance ids (prefix from the settings).
 */
import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import type { AppErrorData } from '@shared/errors/app-error'
import type { CatalogImportResult, CatalogSearchResult } from '@shared/ipc/channels/catalog'
import type { ExportFormat } from '@shared/ipc/channels/imports'
import { catalogSchema, merchandiseFromCatalog, productFromCatalog, type Catalog, type CatalogPackage, type CatalogProduct } from '@shared/orders/catalog'
import {
  catalogEditDraftSchema,
  emptyPackageForm,
  emptyProductForm,
  packageForm,
  productForm,
  type CatalogEditDraft,
} from '@shared/orders/catalog-form'
import { emptyProduct, newKey, type MerchandiseDraft, type ProductDraft } from '@shared/orders/draft'
import { instanceIdGenerator } from '@shared/orders/instance-ids'
import { exportCatalog, getCatalog, importCatalog, onCatalogChanged, removeCatalogItems, saveCatalogItem, searchCatalog } from '../api/catalog'
import { errorData } from '../api/errors'
import { useDraftSync } from '../composables/draft-sync'
import { useAppStore } from './app'
import { useProfilesStore } from './profiles'
import { useLatest } from '../composables/latest'

/** The edit dialog's draft id (one dialog per app). */
export const CATALOG_EDIT_DRAFT_ID = 'form:catalog.edit'
const SEARCH_DELAY_MS = 100

/** What a pick gives the order wizard. */
export interface CatalogPick {
  products: ProductDraft[]
  merchandises: MerchandiseDraft[]
}

export const useCatalogStore = defineStore('catalog', () => {
  const profiles = useProfilesStore()
  const app = useAppStore()
  const profileId = computed(() => profiles.activeId || undefined)
  const forProfile = (id?: string) => ((id ?? profileId.value) ? { profileId: (id ?? profileId.value)! } : {})

  // ---- the whole catalog, per profile -------------------------------------------------------------------------
  const catalogs = shallowRef(new Map<string, Catalog>())

  /** A profile's catalog (read once, then kept until it changes). */
  async function catalogOf(id?: string): Promise<Catalog> {
    const key = id ?? profileId.value ?? ''
    follow()
    const kept = catalogs.value.get(key)
    if (kept) return kept
    const c = catalogSchema.parse(await getCatalog(forProfile(id)))
    catalogs.value = new Map(catalogs.value).set(key, c)
    return c
  }

  // ---- the panel's search -----------------------------------------------------------------------------------
  const query = ref('')
  const result = shallowRef<CatalogSearchResult | null>(null)
  const loading = ref(false)
  const error = shallowRef<AppErrorData | null>(null)
  const latest = useLatest(loading)
  function search(): Promise<void> {
    return latest.run(() => searchCatalog({ ...forProfile(), query: query.value.slice(0, 200), limit: 5000 }), {
      ok: (r) => {
        result.value = r
        error.value = null
      },
      failed: (err) => (error.value = errorData(err)),
    })
  }
  let timer: ReturnType<typeof setTimeout> | null = null
  watch(query, () => {
    if (timer) clearTimeout(timer)
    timer = setTimeout(() => void search(), SEARCH_DELAY_MS)
  })
  watch(
    () => profiles.activeId,
    () => {
      if (listed) void search()
    },
  )

  let following = false
  /** Follows changes made elsewhere (another window, the CLI, an import): the kept catalogs are read again. */
  function follow(): void {
    if (following) return
    following = true
    onCatalogChanged((p) => {
      const next = new Map(catalogs.value)
      next.delete(p.profileId)
      catalogs.value = next
      if (listed && p.profileId === profiles.activeId) void search()
    })
  }
  /** Whether the panel's list is on screen (then it follows changes and the active profile). */
  let listed = false
  /** First visit of the panel: the list, and following changes made elsewhere. */
  async function load(): Promise<void> {
    follow()
    listed = true
    await search()
  }

  /** Search-as-you-type for the picker (its own query, not the panel's). */
  function find(text: string, id?: string, limit = 20): Promise<CatalogSearchResult> {
    return searchCatalog({ ...forProfile(id), query: text.slice(0, 200), limit })
  }

  // ---- the edit dialog, kept as a draft ---------------------------------------------------------------------
  const blank = catalogEditDraftSchema.parse({})
  const edit$ = {
    open: ref<CatalogEditDraft['open']>(''),
    replaces: ref(''),
    profileId: ref(''),
    product: ref(blank.product),
    package: ref(blank.package),
  }
  const editDraft = useDraftSync<CatalogEditDraft>({ id: CATALOG_EDIT_DRAFT_ID, kind: 'catalog.edit', fields: edit$ })
  const editLoaded = editDraft.loaded

  async function openEdit(kind: 'product' | 'package', item?: CatalogProduct | CatalogPackage): Promise<void> {
    await editDraft.load()
    edit$.profileId.value = profileId.value ?? ''
    edit$.open.value = kind
    if (kind === 'product') {
      const p = item as CatalogProduct | undefined
      edit$.replaces.value = p?.productUri ?? ''
      edit$.product.value = p ? productForm(p, newKey) : emptyProductForm()
    } else {
      const k = item as CatalogPackage | undefined
      edit$.replaces.value = k?.merchandiseNum ?? ''
      edit$.package.value = k ? packageForm(k) : emptyPackageForm()
    }
  }
  /** Reopens a dialog left open (a reload, a crash): what was typed comes back. */
  async function resumeEdit(): Promise<void> {
    await editDraft.load()
  }
  function closeEdit(): void {
    edit$.open.value = ''
    edit$.replaces.value = ''
    edit$.product.value = emptyProductForm()
    edit$.package.value = emptyPackageForm()
  }

  /** Saves the dialog's item (checked by the caller with the shared form rules; the core checks again). */
  async function saveEdit(item: { kind: 'product'; product: CatalogProduct } | { kind: 'package'; package: CatalogPackage }): Promise<void> {
    const replaces = edit$.replaces.value
    const target = edit$.profileId.value || profileId.value
    await saveCatalogItem({ ...(target ? { profileId: target } : {}), item: { ...item, ...(replaces ? { replaces } : {}) } })
    closeEdit()
    await editDraft.flush()
    await search()
  }

  async function remove(products: string[], packages: string[]): Promise<void> {
    await removeCatalogItems({ ...forProfile(), products, packages })
    await search()
  }

  const importing = ref(false)
  const importResult = shallowRef<(CatalogImportResult & { fileName: string }) | null>(null)
  async function importFile(fileName: string, contentBase64: string): Promise<CatalogImportResult> {
    importing.value = true
    try {
      const r = await importCatalog({ ...forProfile(), fileName, contentBase64 })
      importResult.value = { ...r, fileName }
      await search()
      return r
    } finally {
      importing.value = false
    }
  }

  function exportFile(format: ExportFormat) {
    return exportCatalog({ ...forProfile(), format })
  }

  // ---- picks for the order wizard ---------------------------------------------------------------------------
  const nextId = (): (() => string) => instanceIdGenerator(app.settings?.orders.instanceIdPrefix)

  /** A catalog product as an order product with a fresh instance id. */
  function pickProduct(p: CatalogProduct): CatalogPick {
    return { products: [productFromCatalog(p, nextId())], merchandises: [] }
  }
  /** A catalog package as an order package tree (its children and products), fresh instance ids throughout. */
  async function pickPackage(k: CatalogPackage, id?: string): Promise<CatalogPick> {
    return { products: [], merchandises: [merchandiseFromCatalog(k, await catalogOf(id), nextId())] }
  }
  /** A product typed by hand: the usual defaults and a fresh instance id. */
  function typedProduct(): CatalogPick {
    return { products: [{ ...emptyProduct(), crmProductId: nextId()() }], merchandises: [] }
  }

  return {
    query,
    result,
    loading,
    error,
    importing,
    importResult,
    editOpen: edit$.open,
    editReplaces: edit$.replaces,
    editProduct: edit$.product,
    editPackage: edit$.package,
    editLoaded,
    editSaving: editDraft.saving,
    editSaveError: editDraft.saveError,
    load,
    search,
    find,
    catalogOf,
    openEdit,
    resumeEdit,
    closeEdit,
    saveEdit,
    remove,
    importFile,
    exportFile,
    pickProduct,
    pickPackage,
    typedProduct,
  }
})
