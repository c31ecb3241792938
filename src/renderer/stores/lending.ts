/**
 * Lending: the overview of every borrowed lock (lent to whom, what was lent into it and since when, from the
 * service and this computer's journal) with its filter and export, and the lend form: an employee, their assets
 * (products on demand), a free borrowed lock, the assets to lend; sent once (a lend is a create: the core reads a
 * lost answer back before anything is sent again). The form is kept in the draft store as it changes.
 */
import { defineStore } from 'pinia'
import { computed, reactive, ref, shallowRef, toRefs, watch } from 'vue'
import type { AppErrorData } from '@shared/errors/app-error'
import type { ExportFormat } from '@shared/ipc/channels/imports'
import { HOLDING_DRAFT_IDS, type LentLocks, type MemberHoldings } from '@shared/ipc/channels/holdings'
import { errorData } from '../api/errors'
import { assetProducts, lendAssets, lentLocks, memberHoldings } from '../api/holdings'
import { exportRows } from '../composables/export'
import { useDraftSync } from '../composables/draft-sync'
import { filterLocks, lendableLocks, lockCounts, lockExportRows, type LockFilter } from '../models/holdings/lending-model'
import { useHoldingsStore } from './holdings'
import { useMemberDirectoryStore } from './member-directory'
import type { ProductsState } from './member-holdings'
import { useProfilesStore } from './profiles'
import { useLatest } from '../composables/latest'

export const useLendingStore = defineStore('lending', () => {
  const profiles = useProfilesStore()
  const holdings = useHoldingsStore()
  const directory = useMemberDirectoryStore()

  // ---- the overview

  const overview = shallowRef<LentLocks | null>(null)
  const loading = ref(false)
  const error = ref<AppErrorData | null>(null)
  const filter = reactive<{ state: LockFilter; text: string }>({ state: 'all', text: '' })
  /** The lock just lent into (highlighted). */
  const lastLent = ref<string | null>(null)
  const products = ref<Record<string, ProductsState>>({})

  const latest = useLatest()
  /** The connection and enterprise asked for when the overview shown was read. */
  let overviewAsked = ''
  const asked = () => `${profiles.activeId}|${holdings.target().enterpriseGlobalId ?? ''}`
  async function load(refresh = false): Promise<void> {
    const current = latest.begin()
    const key = asked()
    loading.value = true
    try {
      const o = await lentLocks({ ...holdings.target(), ...(refresh ? { refresh: true } : {}) })
      if (!current()) return
      overview.value = o
      overviewAsked = key
      error.value = null
      void directory.request(o.enterpriseGlobalId, o.locks.map((l) => l.holder).filter((h): h is string => !!h))
    } catch (err) {
      if (!current()) return
      error.value = errorData(err)
      // Another enterprise or connection was asked for: the previous one's locks must not look like its answer.
      if (key !== overviewAsked) overview.value = null
    } finally {
      if (current()) loading.value = false
    }
  }

  const enterprise = computed(() => overview.value?.enterpriseGlobalId ?? holdings.enterprise)
  const label = (id: string) => directory.labelOf(enterprise.value, id)
  const counts = computed(() => lockCounts(overview.value?.locks ?? []))
  const visible = computed(() => {
    void directory.version
    return filterLocks(overview.value?.locks ?? [], filter, label)
  })

  async function loadProducts(assetId: string, again = false): Promise<void> {
    const s = products.value[assetId]
    if (s && (s.loading || (s.data && !again))) return
    products.value = { ...products.value, [assetId]: { loading: true, data: null, error: null } }
    try {
      const data = await assetProducts({ ...holdings.target(), assetId })
      products.value = { ...products.value, [assetId]: { loading: false, data, error: null } }
    } catch (err) {
      products.value = { ...products.value, [assetId]: { loading: false, data: null, error: errorData(err) } }
    }
  }

  function exportLocks(format: ExportFormat, columns: string[], words: Parameters<typeof lockExportRows>[1], sheetName: string): Promise<{ fileName: string; rows: number } | null> {
    return exportRows({ format, baseName: `lent-locks-${enterprise.value}`, sheetName, columns, rows: lockExportRows(visible.value, words, (id) => directory.person(enterprise.value, id)) })
  }

  // ---- the lend form

  const form = reactive<{ memberGlobalId: string; lockNum: string; assetIds: string[] }>({ memberGlobalId: '', lockNum: '', assetIds: [] })
  const formEnterprise = ref('')
  const member = shallowRef<MemberHoldings | null>(null)
  const memberLoading = ref(false)
  const memberError = ref<AppErrorData | null>(null)
  const sending = ref(false)
  /** The refusal (or failure) of the last lend. */
  const lendError = ref<AppErrorData | null>(null)
  const formLoaded = ref(false)

  const draft = useDraftSync({ id: HOLDING_DRAFT_IDS.lend, kind: 'holdings.lend', fields: { enterpriseGlobalId: formEnterprise, ...toRefs(form) } })

  /** Opens the form: as it was left (draft), or for an employee (and a lock) asked for. */
  async function openForm(memberGlobalId?: string, lockNum?: string): Promise<void> {
    formLoaded.value = false
    lendError.value = null
    await draft.load()
    if (memberGlobalId && form.memberGlobalId !== memberGlobalId) {
      form.memberGlobalId = memberGlobalId
      form.assetIds = []
      form.lockNum = ''
    }
    if (lockNum && !form.lockNum) form.lockNum = lockNum
    formEnterprise.value = enterprise.value
    formLoaded.value = true
    if (!overview.value) void load()
    await loadMember()
  }

  watch(
    () => form.memberGlobalId,
    (now, before) => {
      if (!formLoaded.value || now === before) return
      form.assetIds = []
      if (form.lockNum && !lockChoices.value.some((l) => l.assetNum === form.lockNum)) form.lockNum = ''
      lendError.value = null
      void loadMember()
    },
  )

  async function loadMember(): Promise<void> {
    const id = form.memberGlobalId
    member.value = null
    memberError.value = null
    if (!id) return
    void directory.request(enterprise.value, [id])
    memberLoading.value = true
    try {
      const h = await memberHoldings({ ...holdings.target(), memberGlobalId: id, refresh: true })
      if (form.memberGlobalId !== id) return
      member.value = h
      // Assets picked that are not theirs any more drop out.
      const ids = new Set(h.numbers.map((n) => n.assetId))
      const kept = form.assetIds.filter((a) => ids.has(a))
      if (kept.length !== form.assetIds.length) form.assetIds = kept
    } catch (err) {
      memberError.value = errorData(err)
    } finally {
      memberLoading.value = false
    }
  }

  const lockChoices = computed(() => (form.memberGlobalId ? lendableLocks(overview.value?.locks ?? [], form.memberGlobalId) : []))

  /** Sends the lend. Returns whether it was done (the core read a lost answer back when `reconciled`). */
  async function lend(): Promise<{ done: boolean; reconciled: boolean }> {
    const memberGlobalId = form.memberGlobalId
    const lockNum = form.lockNum
    const assetIds = [...form.assetIds]
    if (!memberGlobalId || !lockNum || assetIds.length === 0) return { done: false, reconciled: false }
    sending.value = true
    lendError.value = null
    try {
      const r = await lendAssets({ ...holdings.target(), memberGlobalId, lockNum, assetIds })
      lastLent.value = lockNum
      // Sent: the form (and so its draft) keeps only the employee.
      form.assetIds = []
      form.lockNum = ''
      holdings.changed()
      await load()
      return { done: true, reconciled: r.reconciled }
    } catch (err) {
      lendError.value = errorData(err)
      return { done: false, reconciled: false }
    } finally {
      sending.value = false
    }
  }

  /** Empties the form (and so its draft). */
  function discardForm(): void {
    form.memberGlobalId = ''
    form.lockNum = ''
    form.assetIds = []
    lendError.value = null
    member.value = null
  }

  watch(
    () => [holdings.changes, profiles.activeId, holdings.target().enterpriseGlobalId],
    () => {
      if (overview.value && !sending.value) void load()
    },
  )

  return {
    overview,
    loading,
    error,
    filter,
    counts,
    visible,
    lastLent,
    products,
    enterprise,
    load,
    loadProducts,
    exportLocks,
    form,
    member,
    memberLoading,
    memberError,
    sending,
    lendError,
    formLoaded,
    lockChoices,
    draftError: draft.saveError,
    openForm,
    loadMember,
    lend,
    discardForm,
  }
})
