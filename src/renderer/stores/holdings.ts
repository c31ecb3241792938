/**
 * The asset numbers of the enterprise the Members area works on: the table (200,000 rows kept, filtered, searched,
 * sorted and named by the core; the page holds the windows of rows in view, models/holdings/number-windows.ts),
 * its filter and sort, and a change counter
 * that every screen changing holders bumps, so what shows holders reads them again. Changes made by the app are
 * applied by the core to its copy, so a reload after one is quick; after a bulk run the core reads the service
 * again.
 */
import { defineStore } from 'pinia'
import { computed, markRaw, onScopeDispose, reactive, ref, shallowRef, watch } from 'vue'
import type { AppErrorData } from '@shared/errors/app-error'
import { errorData } from '../api/errors'
import { HOLDING_DRAFT_IDS, type HoldingWindow, type MoveResult, type WindowRow } from '@shared/ipc/channels/holdings'
import type { ExportFormat, ExportedFile } from '@shared/ipc/channels/imports'
import { auditWorkbook, configureHoldings, holdingWindow, moveNumber, onAuditProgress } from '../api/holdings'
import { onDirectoryChanged } from '../api/members'
import { onBulkProgress } from '../api/bulk'
import { onMissedEvents } from '../api/connection'
import { exportList } from '../composables/export'
import { useDraftSync } from '../composables/draft-sync'
import { useProfilesStore } from './profiles'
import type { NumberSort, NumberStateFilter, NumberWords } from '@shared/holdings/numbers'
import { PLACEHOLDER_ROW, WINDOW_ROWS, placeholders, windowsFor, windowsToDrop } from '../models/holdings/number-windows'
import { useMembersStore } from './members'

/** What the screen knows of the core's table besides its rows. */
export interface TableMeta {
  table: { profileId: string; enterpriseGlobalId: string; fetchedAt: number; cached: boolean; count: number }
  counts: Readonly<Record<NumberStateFilter, number>>
  /** Whether the employee list was read when the rows were named. */
  named: boolean
}

export const useHoldingsStore = defineStore('holdings', () => {
  const members = useMembersStore()
  const profiles = useProfilesStore()

  /** The core's table as last answered: who it is of, when read, the counts per state (null: none read). */
  const model = shallowRef<TableMeta | null>(null)
  /** The rows as filtered and sorted by the core: the windows it sent, placeholders elsewhere (raw, never reactive). */
  const visible = shallowRef<readonly WindowRow[]>([])
  /** Bumped when rows arrive in `visible` (the table writes the rows in view again). */
  const painted = ref(0)
  const loading = ref(false)
  /** A filter, search, sort or reload has been asked and its first rows are not here yet. */
  const querying = ref(false)
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

  // Each query (a filter, a sort, a reload) is a generation: answers of an older one are dropped.
  let gen = 0
  /** The generation `visible` holds rows of, and the windows it holds (window → generation it was read in). */
  let shownGen = -1
  const kept = new Map<number, number>()
  /** Windows asked and not answered yet ("generation:window"). */
  const asking = new Set<string>()
  /** The rows in view (the table tells). */
  let view = { first: 0, last: 0 }
  /** The query whose rows `visible` holds. */
  let sameQuery = ''
  const queryKey = () => `${filter.state}\u0000${filter.text}\u0000${sort.value ? `${sort.value.key}:${sort.value.order}` : ''}`
  /** The connection and enterprise asked for when the table shown was read. */
  let modelAsked = ''
  const asked = () => `${profiles.activeId}|${target().enterpriseGlobalId ?? ''}`

  async function fetchWindow(g: number, w: number, refresh: boolean): Promise<void> {
    const key = `${g}:${w}`
    asking.add(key)
    try {
      const r = await holdingWindow({ ...target(), state: filter.state, text: filter.text, sort: sort.value, offset: w * WINDOW_ROWS, limit: WINDOW_ROWS, ...(refresh ? { refresh: true } : {}) })
      if (g === gen) accept(g, w, r)
    } finally {
      asking.delete(key)
    }
  }

  /** Puts a window's rows in place (a new table of placeholders when the query or the count changed). */
  function accept(g: number, w: number, r: HoldingWindow): void {
    const meta = model.value
    const same = meta !== null && meta.table.enterpriseGlobalId === r.enterpriseGlobalId && visible.value.length === r.total
    // The same rows asked again (names arrived, a reload): the rows shown stay until their windows come again.
    if (shownGen !== g && !(same && sameQuery === queryKey())) {
      visible.value = markRaw(placeholders(r.total))
      kept.clear()
    }
    shownGen = g
    sameQuery = queryKey()
    const rows = visible.value as WindowRow[]
    for (let i = 0; i < r.rows.length; i++) rows[r.offset + i] = r.rows[i]!
    kept.set(w, g)
    for (const d of windowsToDrop(kept.keys(), Math.floor(view.first / WINDOW_ROWS))) {
      rows.fill(PLACEHOLDER_ROW, d * WINDOW_ROWS, Math.min(rows.length, (d + 1) * WINDOW_ROWS))
      kept.delete(d)
    }
    const { profileId, enterpriseGlobalId, fetchedAt, cached, count, counts, named } = r
    model.value = markRaw({ table: { profileId, enterpriseGlobalId, fetchedAt, cached, count }, counts, named })
    painted.value++
  }
  /** Asks for the windows around the view that are not here (or are of an older query). */
  function fetchMissing(): void {
    if (!model.value || shownGen !== gen) return
    const g = gen
    for (const w of windowsFor(view.first, view.last, visible.value.length)) {
      if (kept.get(w) === g || asking.has(`${g}:${w}`)) continue
      fetchWindow(g, w, false).catch((err: unknown) => {
        if (g === gen) error.value = errorData(err)
      })
    }
  }

  // Scrolling asks at most once per REQUEST_EVERY_MS, for the rows in view then (a fast scroll skips what it passed).
  const REQUEST_EVERY_MS = 30
  let pending: ReturnType<typeof setTimeout> | null = null
  /** The table shows rows `first` to `last`. */
  function showRange(first: number, last: number): void {
    view = { first, last }
    if (pending) return
    pending = setTimeout(() => {
      pending = null
      fetchMissing()
    }, REQUEST_EVERY_MS)
  }

  /** Reads the rows in view again for the query on screen (`refresh`: the core reads the service again). */
  async function load(refresh = false, quiet = false): Promise<void> {
    const g = ++gen
    const key = asked()
    if (!quiet) loading.value = true
    querying.value = true
    try {
      await fetchWindow(g, Math.floor(view.first / WINDOW_ROWS), refresh)
      if (g !== gen) return
      modelAsked = key
      error.value = null
      fetchMissing()
    } catch (err) {
      if (g !== gen) return
      error.value = errorData(err)
      // Another enterprise or connection was asked for: the previous one's numbers must not look like its answer.
      if (key !== modelAsked) {
        model.value = null
        visible.value = []
        kept.clear()
      }
    } finally {
      if (g === gen) {
        loading.value = false
        querying.value = false
      }
    }
  }

  // Holders are named by the core as the employee list is read: the rows are asked again once it is read, or when
  // the core's news may have been missed (the event stream was cut), as every store following the core does.
  onDirectoryChanged((s) => {
    const m = model.value
    if (!m || m.named || s.state !== 'ready' || s.profileId !== m.table.profileId || s.enterpriseGlobalId !== m.table.enterpriseGlobalId) return
    void load(false, true)
  })
  onMissedEvents(() => {
    if (model.value && !model.value.named) void load(false, true)
  })

  /** Reads the table unless it is read or being read (opening the screen). */
  function open(): void {
    if (!model.value && !loading.value) void load()
  }

  // A new filter, search or sort: its first rows (the screen scrolls to the top).
  watch([() => filter.state, () => filter.text, sort], () => {
    view = { first: 0, last: view.last - view.first }
    if (model.value) void load(false, true)
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
  onScopeDispose(() => {
    if (pending) clearTimeout(pending)
  })

  return {
    model,
    painted,
    querying,
    showRange,
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
