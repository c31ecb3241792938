/**
 * Importing orders from a file (the Import orders dialog): the file read into rows by the core
 * (`imports.parseTable`), the column mapping (guessed from the headers, changeable), every row checked with the
 * shared rules before anything is kept (src/shared/orders/import-rows.ts), then one `orders.order` draft made of
 * the entries without problems. The template is written by the core as CSV or Excel.
 */
import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import type { Locale } from '@shared/i18n/locale'
import type { ExportFormat, ParsedTable } from '@shared/ipc/channels/imports'
import { proposeChannelOrderId } from '@shared/orders/order-number'
import { instanceIdGenerator } from '@shared/orders/instance-ids'
import { guessMapping, orderTemplate, rowsToOrder, type ColumnMapping, type ImportTable, type OrderImport } from '@shared/orders/import-rows'
import { LICENSE_TYPES, type LicenseType } from '@shared/api/orders'
import { saveDraft } from '../api/drafts'
import { readTableFile } from '../api/files'
import { exportRows } from '../composables/export'
import { useAppStore } from './app'
import { useCatalogStore } from './catalog'
import { useProfilesStore } from './profiles'
import { i18n } from '../i18n'
// Both languages' names whichever is shown: a file may name a type in either.
import enTypes from '../i18n/en/license-types'
import zhTypes from '../i18n/zh-CN/license-types'

export type ImportStep = 'file' | 'columns' | 'check'

/** The license types' names in both languages, as a file may name them. */
const LICENSE_TYPE_NAMES = Object.fromEntries(LICENSE_TYPES.map((t) => [t, [enTypes.licenseType[t], zhTypes.licenseType[t]]])) as Record<LicenseType, string[]>

export const useOrderImportStore = defineStore('orderImport', () => {
  const app = useAppStore()
  const profiles = useProfilesStore()
  const catalog = useCatalogStore()

  const step = ref<ImportStep>('file')
  const fileName = ref('')
  const table = shallowRef<ImportTable | null>(null)
  const mapping = ref<ColumnMapping | null>(null)
  const result = shallowRef<OrderImport | null>(null)
  const busy = ref(false)

  function reset(): void {
    step.value = 'file'
    fileName.value = ''
    table.value = null
    mapping.value = null
    result.value = null
  }

  /** The header of a file read without one detected (the core's guess is made for lock lists) is its first row. */
  function asImportTable(t: ParsedTable): ImportTable {
    if (t.hasHeader || t.rows.length === 0) return { columns: t.columns, rows: t.rows, lines: t.lines }
    return { columns: t.rows[0]!, rows: t.rows.slice(1), lines: t.lines?.slice(1) }
  }

  /** Reads a file; throws the core's error (unreadable, too large) for the dialog to show. */
  async function readFile(file: Blob & { name: string }): Promise<void> {
    busy.value = true
    try {
      const parsed = await readTableFile(file)
      fileName.value = file.name
      table.value = asImportTable(parsed)
      mapping.value = guessMapping(table.value.columns)
      result.value = null
      step.value = 'columns'
    } finally {
      busy.value = false
    }
  }

  /** Checks every row with the mapping (the catalog of the active connection, the instance id prefix of Settings). */
  async function check(locale: Locale): Promise<void> {
    if (!table.value || !mapping.value) return
    busy.value = true
    try {
      result.value = rowsToOrder(table.value, mapping.value, await catalog.catalogOf(), {
        locale,
        nextId: instanceIdGenerator(app.settings?.orders.instanceIdPrefix),
        channelCode: profiles.active?.channelCode ?? '',
        channelOrderId: proposeChannelOrderId(),
        licenseTypeNames: LICENSE_TYPE_NAMES,
      })
      step.value = 'check'
    } finally {
      busy.value = false
    }
  }

  const ready = computed(() => (result.value?.draft.entries.length ?? 0) > 0)

  /** Keeps the checked entries as one order draft; returns its id. */
  async function createDraft(name: string): Promise<string> {
    if (!result.value || !ready.value) throw new Error('nothing to import')
    busy.value = true
    try {
      const meta = await saveDraft({
        kind: 'orders.order',
        ...(profiles.activeId ? { profileId: profiles.activeId } : {}),
        name: name.slice(0, 200),
        body: result.value.draft,
        baseRevision: 0,
      })
      reset()
      return meta.id
    } finally {
      busy.value = false
    }
  }

  /** The template, headers in `locale`, with examples from the active connection's catalog. */
  async function template(format: ExportFormat, locale: Locale): Promise<{ fileName: string; rows: number } | null> {
    const c = await catalog.catalogOf().catch(() => null)
    const t = orderTemplate(locale, { productUri: c?.products[0]?.productUri, packageNum: c?.packages[0]?.merchandiseNum })
    const say = (key: string) => i18n.global.t(key, {}, { locale })
    return exportRows({ format, baseName: say('orderImportFile.name'), sheetName: say('orderImportFile.sheet'), columns: t.columns, rows: t.rows })
  }

  return { step, fileName, table, mapping, result, busy, ready, reset, readFile, check, createDraft, template }
})
