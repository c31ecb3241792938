/**
 * The virtual assets store: which list (enterprise, extension code), the loaded table (kept out of Vue's deep
 * reactivity: a shallowRef to a raw model), the filter and sort, the visible rows, and the selection.
 */
import { defineStore } from 'pinia'
import { computed, reactive, ref, shallowRef, watch } from 'vue'
import type { AppErrorData } from '@shared/errors/app-error'
import type { VirtualAsset } from '@shared/api/models'
import type { AssetTable } from '@shared/ipc/channels/assets'
import { getAssetDetail, listAssets } from '../api/assets'
import { errorData } from '../api/errors'
import { useProfilesStore } from './profiles'
import {
  buildAssetModel,
  carryTypeFilter,
  EMPTY_FILTER,
  filterAssets,
  typeCounts,
  type AssetFilter,
  type AssetModel,
  type AssetRow,
  type SortKey,
  type SortOrder,
} from '../models/assets/asset-list'
import { useLatest } from '../composables/latest'

export const useAssetsStore = defineStore('assets', () => {
  const profiles = useProfilesStore()

  /** What the user asks for; empty enterprise = the profile's. */
  const target = reactive({ enterpriseGlobalId: '', extendCode: '' })
  const model = shallowRef<AssetModel | null>(null)
  const loading = ref(false)
  const error = ref<AppErrorData | null>(null)

  const filter = reactive<AssetFilter>({ ...EMPTY_FILTER, types: [] })
  const sort = shallowRef<{ key: SortKey; order: SortOrder } | null>(null)
  /** Selected rows by index; replaced (never mutated) so the table re-renders. */
  const selected = shallowRef<ReadonlySet<number>>(new Set())

  /** Milliseconds the last filter pass took (shown to no one; the benchmark reads it). */
  const lastFilterMs = ref(0)

  const visible = computed<readonly AssetRow[]>(() => {
    const m = model.value
    if (!m) return []
    const started = performance.now()
    const rows = filterAssets(m, { text: filter.text, types: filter.types, locked: filter.locked, frozen: filter.frozen, assigned: filter.assigned }, sort.value)
    lastFilterMs.value = performance.now() - started
    return rows
  })

  const counts = computed(() => (model.value ? typeCounts(model.value) : []))
  const filtered = computed(
    () => filter.text.trim() !== '' || filter.types.length > 0 || filter.locked !== 'any' || filter.frozen !== 'any' || filter.assigned !== 'any',
  )

  const latest = useLatest(loading)
  /** Loads the list (from the core's cache unless `refresh`); the table on screen stays until the new one arrives. */
  function load(refresh = false): Promise<void> {
    error.value = null
    const ask = { enterpriseGlobalId: target.enterpriseGlobalId.trim() || undefined, extendCode: target.extendCode.trim() || undefined }
    return latest.run(() => listAssets(ask, refresh), { ok: show, failed: (err) => (error.value = errorData(err)) })
  }

  function show(table: AssetTable): void {
    const next = buildAssetModel(table)
    // A selection survives a refresh of the same list (by asset number), not a different list.
    const prev = model.value
    if (prev && prev.table.enterpriseGlobalId === next.table.enterpriseGlobalId && selected.value.size > 0) {
      const nums = new Set([...selected.value].map((i) => prev.rows[i]?.assetNum))
      selected.value = new Set(next.rows.filter((r) => nums.has(r.assetNum)).map((r) => r.index))
    } else {
      selected.value = new Set()
    }
    if (!prev || prev.table.enterpriseGlobalId !== next.table.enterpriseGlobalId) filter.types = []
    else if (filter.types.length > 0) filter.types = carryTypeFilter(filter.types, prev.table.dict.licenseTypes, next.table.dict.licenseTypes)
    model.value = next
  }

  /** The enterprise whose list is shown (as the service named it), else the one asked for; empty: the profile's. */
  function shownEnterprise(): string {
    return model.value?.table.enterpriseGlobalId || target.enterpriseGlobalId.trim()
  }

  /** The full record of one asset (for the drawer). */
  function detail(id: string): Promise<VirtualAsset> {
    const m = model.value
    return getAssetDetail(id, {
      enterpriseGlobalId: shownEnterprise() || undefined,
      extendCode: m?.table.extendCode || undefined,
    })
  }

  function resetFilter(): void {
    Object.assign(filter, { ...EMPTY_FILTER, types: [] })
  }

  function toggle(index: number, on: boolean): void {
    const next = new Set(selected.value)
    if (on) next.add(index)
    else next.delete(index)
    selected.value = next
  }

  /** Selects (or clears) every visible row. */
  function selectVisible(on: boolean): void {
    const next = new Set(selected.value)
    for (const r of visible.value) {
      if (on) next.add(r.index)
      else next.delete(r.index)
    }
    selected.value = next
  }

  function clearSelection(): void {
    selected.value = new Set()
  }

  /** Selected rows the filter hides: they are still sent, so the screen says how many. */
  const hiddenSelected = computed(() => {
    const size = selected.value.size
    if (size === 0) return 0
    let shown = 0
    for (const r of visible.value) if (selected.value.has(r.index)) shown++
    return size - shown
  })

  /** Asset numbers of the selected rows, in list order. */
  const selectedNumbers = computed(() => {
    const m = model.value
    if (!m) return []
    return [...selected.value].sort((a, b) => a - b).map((i) => m.rows[i]!.assetNum)
  })

  // Another profile means another service: what is on screen belongs to the previous one.
  watch(
    () => profiles.activeId,
    (now, before) => {
      if (before && now !== before) {
        latest.drop()
        model.value = null
        error.value = null
        selected.value = new Set()
        target.enterpriseGlobalId = ''
      }
    },
  )

  return {
    target,
    model,
    loading,
    error,
    filter,
    sort,
    selected,
    visible,
    counts,
    filtered,
    lastFilterMs,
    selectedNumbers,
    hiddenSelected,
    load,
    detail,
    shownEnterprise,
    resetFilter,
    toggle,
    selectVisible,
    clearSelection,
  }
})
