/**
 * The customer book as the Customers area shows it (the active connection's): the search, the page on screen,
 * removal with undo, import and export; and the Find form (order operation 3) with its results. The book
 * follows `customers.changed` (other windows, the CLI, a bind or a create) and the active profile.
 */
import { defineStore } from 'pinia'
import { computed, reactive, ref, shallowRef, watch } from 'vue'
import type { AppErrorData } from '@shared/errors/app-error'
import type { CustomerImportResult, CustomerRecord } from '@shared/ipc/channels/customers'
import type { ExportFormat } from '@shared/ipc/channels/imports'
import { onMissedEvents } from '../api/connection'
import { errorData } from '../api/errors'
import {
  findCustomers,
  importCustomers,
  onCustomersChanged,
  removeCustomers,
  restoreCustomers,
  saveCustomer,
  searchCustomers,
} from '../api/customers'
import { exportList } from '../composables/export'
import { useProfilesStore } from './profiles'
import { useLatest } from '../composables/latest'

/** Wait after a keystroke in the search box before asking (search itself takes a few milliseconds). */
const SEARCH_DELAY_MS = 120

export const useCustomersStore = defineStore('customers', () => {
  const profiles = useProfilesStore()

  const query = ref('')
  const pageNum = ref(1)
  const pageSize = ref(50)
  const list = shallowRef<CustomerRecord[]>([])
  const total = ref(0)
  const loading = ref(false)
  const loaded = ref(false)
  const error = shallowRef<AppErrorData | null>(null)
  /** The customers removed last, for Undo. */
  const removed = shallowRef<CustomerRecord[]>([])

  const profileId = computed(() => profiles.activeId || undefined)

  const latest = useLatest()
  /** Reads the page on screen again. */
  async function search(): Promise<void> {
    const current = latest.begin()
    loading.value = true
    try {
      const r = await searchCustomers({
        ...(profileId.value ? { profileId: profileId.value } : {}),
        query: query.value.slice(0, 200),
        offset: (pageNum.value - 1) * pageSize.value,
        limit: pageSize.value,
      })
      if (!current()) return
      list.value = r.customers
      total.value = r.total
      error.value = null
      loaded.value = true
      // A page past the end (after removals): go to the last one.
      if (r.customers.length === 0 && r.total > 0 && pageNum.value > 1) {
        pageNum.value = Math.ceil(r.total / pageSize.value)
        void search()
      }
    } catch (err) {
      if (current()) error.value = errorData(err)
    } finally {
      if (current()) loading.value = false
    }
  }

  let timer: ReturnType<typeof setTimeout> | null = null
  watch(query, () => {
    pageNum.value = 1
    if (timer) clearTimeout(timer)
    timer = setTimeout(() => void search(), SEARCH_DELAY_MS)
  })
  watch([pageNum, pageSize, () => profiles.activeId], () => void search())

  let following = false
  /** First visit: the page, and following changes made elsewhere. */
  async function load(): Promise<void> {
    if (!following) {
      following = true
      onCustomersChanged((p) => {
        if (p.profileId === profiles.activeId) void search()
      })
      // Changes missed while browser mode's event stream was cut.
      onMissedEvents(() => void search())
    }
    await search()
  }

  async function remove(ids: string[]): Promise<void> {
    const r = await removeCustomers(ids)
    removed.value = r.customers
    await search()
  }

  async function undoRemove(): Promise<void> {
    if (removed.value.length === 0) return
    await restoreCustomers(removed.value.map((c) => c.id))
    removed.value = []
    await search()
  }

  /** Saves a customer of the book (or a new one); field errors come back as the core's issues. */
  async function save(id: string | null, fields: Parameters<typeof saveCustomer>[0]['fields']): Promise<CustomerRecord> {
    const r = await saveCustomer({ ...(id ? { id } : {}), ...(profileId.value ? { profileId: profileId.value } : {}), fields })
    await search()
    return r
  }

  const importing = ref(false)
  const importResult = shallowRef<(CustomerImportResult & { fileName: string }) | null>(null)
  async function importFile(fileName: string, contentBase64: string): Promise<CustomerImportResult> {
    importing.value = true
    try {
      const r = await importCustomers({ ...(profileId.value ? { profileId: profileId.value } : {}), fileName, contentBase64 })
      importResult.value = { ...r, fileName }
      await search()
      return r
    } finally {
      importing.value = false
    }
  }

  async function exportFile(format: ExportFormat) {
    return exportList(format, { kind: 'customers', ...(profileId.value ? { profileId: profileId.value } : {}), ...(query.value.trim() ? { query: query.value.trim().slice(0, 200) } : {}) })
  }

  // ---- Find (order operation 3) ---------------------------------------------------------------------------
  const findInput = reactive({ channelCode: '', channelCustomerId: '', all: false })
  const found = shallowRef<CustomerRecord[] | null>(null)
  const finding = ref(false)
  const findError = shallowRef<AppErrorData | null>(null)

  /** Fills the Find form with the connection's channel customer, unless the user typed one. */
  function findDefaults(): void {
    if (!findInput.channelCode && !findInput.channelCustomerId) Object.assign(findInput, profiles.channelOf())
  }

  async function find(): Promise<void> {
    finding.value = true
    findError.value = null
    try {
      const r = await findCustomers({
        ...(profileId.value ? { profileId: profileId.value } : {}),
        channelCode: findInput.channelCode.trim(),
        channelCustomerId: findInput.channelCustomerId.trim(),
        defaultCustomer: findInput.all ? 'N' : 'Y',
      })
      found.value = r.customers
    } catch (err) {
      findError.value = errorData(err)
      found.value = null
    } finally {
      finding.value = false
    }
  }

  return {
    query,
    pageNum,
    pageSize,
    list,
    total,
    loading,
    loaded,
    error,
    removed,
    importing,
    importResult,
    findInput,
    found,
    finding,
    findError,
    load,
    search,
    remove,
    undoRemove,
    save,
    importFile,
    exportFile,
    findDefaults,
    find,
  }
})
