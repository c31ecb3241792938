/**
 * The asset numbers of the enterprise the Members area works on: the table (200,000 rows: kept raw, filtered in
 * plain loops), its filter and sort, who holds each (named through the member directory), and a change counter
 * that every screen changing holders bumps, so what shows holders reads them again. Changes made by the app are
 * applied by the core to its copy, so a reload after one is quick; after a bulk run the core reads the service
 * again.
 */
import { defineStore } from 'pinia'
import { computed, reactive, ref, shallowRef, watch } from 'vue'
import type { AppErrorData } from '@shared/errors/app-error'
import { errorData } from '../api/errors'
import { HOLDING_DRAFT_IDS, type MoveResult } from '@shared/ipc/channels/holdings'
import type { ExportFormat, ExportedFile } from '@shared/ipc/channels/imports'
import { auditWorkbook, configureHoldings, holdingNumbers, moveNumber, onAuditProgress } from '../api/holdings'
import { onBulkProgress } from '../api/bulk'
import { exportList } from '../composables/export'
import { useDraftSync } from '../composables/draft-sync'
import { useProfilesStore } from './profiles'
import {
  buildNumbersModel,
  filterNumbers,
  type NumberSort,
  type NumberStateFilter,
  type NumberWords,
  type NumbersModel,
} from '../models/holdings/numbers-model'
import { useMemberDirectoryStore } from './member-directory'
import { useMembersStore } from './members'
import { useLatest } from '../composables/latest'

export const useHoldingsStore = defineStore('holdings', () => {
  const members = useMembersStore()
  const directory = useMemberDirectoryStore()
  const profiles = useProfilesStore()

  const model = shallowRef<NumbersModel | null>(null)
  const loading = ref(false)
  const error = ref<AppErrorData | null>(null)
  const filter = reactive<{ state: NumberStateFilter; text: string }>({ state: 'all', text: '' })
  const sort = ref<NumberSort>(null)
  /** Bumped whenever the app changed who holds what (configure, move, lend, a bulk run's end). */
  const changes = ref(0)
  /** The employee whose numbers are open in the drawer (a global id), or null. */
  const openMember = ref<string | null>(null)

  /** The target of every call: the enterprise typed in the Members area, else the connection's. */
  function target(): { enterpriseGlobalId?: string } {
    const e = members.enterprise.trim()
    return e ? { enterpriseGlobalId: e } : {}
  }
  /** The enterprise of what is shown (the resolved one once anything was read). */
  const enterprise = computed(() => model.value?.table.enterpriseGlobalId ?? members.shownEnterprise ?? '')

  const latest = useLatest()
  /** The connection and enterprise asked for when the table shown was read. */
  let modelAsked = ''
  const asked = () => `${profiles.activeId}|${target().enterpriseGlobalId ?? ''}`
  async function load(refresh = false): Promise<void> {
    const current = latest.begin()
    const key = asked()
    loading.value = true
    try {
      const t = await holdingNumbers({ ...target(), ...(refresh ? { refresh: true } : {}) })
      if (!current()) return
      const m = buildNumbersModel(t)
      model.value = m
      modelAsked = key
      error.value = null
      void directory.request(m.table.enterpriseGlobalId, m.holders)
    } catch (err) {
      if (!current()) return
      error.value = errorData(err)
      // Another enterprise or connection was asked for: the previous one's numbers must not look like its answer.
      if (key !== modelAsked) model.value = null
    } finally {
      if (current()) loading.value = false
    }
  }

  /** Reads the table unless it is read or being read (opening the screen). */
  function open(): void {
    if (!model.value && !loading.value) void load()
  }

  const visible = computed(() => {
    const m = model.value
    if (!m) return []
    // Names arriving change what the search finds and how holders sort.
    if (filter.text.trim() !== '' || sort.value?.key === 'holder') void directory.version
    // The enterprise and the directory's lookup taken once here, not once per holder (tens of thousands a search).
    return filterNumbers(m, { state: filter.state, text: filter.text }, sort.value, directory.labeller(enterprise.value))
  })
  const filtered = computed(() => filter.state !== 'all' || filter.text.trim() !== '')

  function resetFilter(): void {
    filter.state = 'all'
    filter.text = ''
  }

  /** The app changed holders: tell what shows them, and read the table again if it was read. */
  function changed(): void {
    changes.value++
    if (model.value) void load()
  }

  // ---- moving one number (withdraw, then assign): the form kept as a draft

  const move$ = { enterpriseGlobalId: ref(''), assetNum: ref(''), from: ref(''), to: ref('') }
  const moveDraft = useDraftSync({ id: HOLDING_DRAFT_IDS.move, kind: 'holdings.move', fields: move$ })

  /** The "to" kept for a move of this number from this employee, if any. */
  async function keptMove(assetNum: string, from: string): Promise<string> {
    await moveDraft.load()
    return move$.assetNum.value === assetNum && move$.from.value === from ? move$.to.value : ''
  }
  /** Keeps the move form as it is now. */
  function keepMove(d: { assetNum: string; from: string; to: string }): void {
    move$.enterpriseGlobalId.value = enterprise.value
    move$.assetNum.value = d.assetNum
    move$.from.value = d.from
    move$.to.value = d.to
  }
  function clearMove(): void {
    move$.assetNum.value = ''
    move$.from.value = ''
    move$.to.value = ''
  }

  /** Moves a number; the answer says how far it got (the screen words it). */
  async function move(assetNum: string, from: string, to: string): Promise<MoveResult> {
    const r = await moveNumber({ ...target(), assetNum, from, to })
    if (r.step !== 'nothing') {
      changed()
      clearMove()
    }
    return r
  }

  /** Gives one number to an employee (after a move's second step failed, or a free number from the table). */
  async function give(assetNum: string, to: string) {
    const r = await configureHoldings({ ...target(), memberGlobalId: to, add: [assetNum], del: [] })
    if (r.done) changed()
    return r
  }

  // ---- files out

  /** The rows shown (filter and sort as on screen) as a CSV or Excel file: the core makes them from its copy. */
  function exportNumbers(format: ExportFormat, columns: string[], words: NumberWords, sheetName: string): Promise<{ fileName: string; rows: number } | null> {
    const m = model.value
    return exportList(format, {
      kind: 'holdings',
      ...(m ? { profileId: m.table.profileId, enterpriseGlobalId: m.table.enterpriseGlobalId } : target()),
      state: filter.state,
      text: filter.text,
      sort: sort.value,
      words,
      columns,
      sheetName,
    })
  }

  /** Where the audit's reading of products stands (null: not reading). */
  const auditProgress = ref<{ done: number; total: number } | null>(null)
  onAuditProgress((p) => {
    if (auditProgress.value) auditProgress.value = p
  })
  /** "Who holds what": the workbook, a sheet per view. */
  async function audit(includeProducts: boolean): Promise<ExportedFile> {
    auditProgress.value = { done: 0, total: 0 }
    try {
      return await auditWorkbook({ ...target(), includeProducts })
    } finally {
      auditProgress.value = null
    }
  }

  onBulkProgress((p) => {
    if ((p.kind === 'holdings.configure' || p.kind === 'members.offboard') && p.status !== 'running' && p.status !== 'cancelling') changed()
  })
  // Another enterprise typed, or another connection: the table is of the other one (and names it anew).
  watch(
    () => [members.enterprise, profiles.activeId],
    () => {
      if (model.value) void load()
    },
  )

  return {
    model,
    loading,
    error,
    filter,
    sort,
    changes,
    openMember,
    enterprise,
    visible,
    filtered,
    target,
    load,
    open,
    resetFilter,
    changed,
    keptMove,
    keepMove,
    move,
    give,
    moveDraftError: moveDraft.saveError,
    exportNumbers,
    audit,
    auditProgress,
  }
})
