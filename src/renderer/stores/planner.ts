/**
 * The assignment planner screen's store: the employees of the matrix (a department, a search, or a pasted list of
 * accounts), its columns (asset numbers: typed, the free numbers an offboarding handed over in `?free=`, or from a
 * file), the plan's marks, who holds each number now, and the check, the run and the undo (the core does them:
 * api/planner.ts). The undo of the newest plan is offered again after a restart (the core keeps the plans).
 */
import { defineStore } from 'pinia'
import { computed, markRaw, ref, shallowRef } from 'vue'
import type { AppErrorData } from '@shared/errors/app-error'
import type { Department, Person } from '@shared/ipc/channels/members'
import type { PlanCheck, PlanRecord, PlanRun } from '@shared/ipc/channels/planner'
import { rowsOfTable } from '@shared/holdings/assign-rows'
import { rowsOfCells } from '@shared/holdings/plan'
import { assetNumberKey } from '@shared/lists/asset-numbers'
import { errorData } from '../api/errors'
import { readTableFile } from '../api/files'
import { freeNumbers, holdingNumbers } from '../api/holdings'
import { directoryAccounts, listMembers, memberDepartments } from '../api/members'
import { applyPlan, checkPlan, planRuns, undoPlan } from '../api/planner'
import { onBulkProgress } from '../api/bulk'
import { filterPeople, PlanMarks, type PlanPerson } from '../models/holdings/planner-matrix'
import { useHoldingsStore } from './holdings'
import { useMembersStore } from './members'

/** Most employees the matrix loads at once (a department or a search); narrow the filter for more. */
export const MAX_PLAN_PEOPLE = 5000
/** Most columns. */
export const MAX_PLAN_COLUMNS = 5000

export const usePlannerStore = defineStore('planner', () => {
  const members = useMembersStore()
  const holdings = useHoldingsStore()
  const target = () => {
    const e = members.enterprise.trim()
    return e ? { enterpriseGlobalId: e } : {}
  }

  const people = shallowRef<PlanPerson[]>([])
  const peopleTotal = ref(0)
  const columns = shallowRef<string[]>([])
  const departments = shallowRef<Department[]>([])
  const departmentId = ref<number | null>(null)
  const keyword = ref('')
  const search = ref('')
  const pasted = ref('')
  /** Accounts of the pasted list the enterprise does not have. */
  const notFound = shallowRef<string[]>([])
  const loading = ref(false)
  const error = ref<AppErrorData | null>(null)

  // Outside Vue's reactivity (a Map of thousands of cells): `version` says when it changed.
  const marks = markRaw(new PlanMarks())
  /** Bumped on every change of the marks (the grid repaints, the check is out of date). */
  const version = ref(0)
  const markCount = computed(() => (version.value >= 0 ? marks.size : 0))
  const holders = shallowRef<Map<string, string>>(new Map())
  const heldBy = (n: string) => holders.value.get(assetNumberKey(n)) ?? null

  const check = shallowRef<PlanCheck | null>(null)
  /** The marks' version the check was made for. */
  const checkedAt = ref(-1)
  const checking = ref(false)
  const running = ref(false)
  const run = shallowRef<PlanRun | null>(null)
  const plans = shallowRef<PlanRecord[]>([])
  /** Calls of the run under way: done of total (the job's own counts). */
  const progress = ref<{ done: number; total: number } | null>(null)

  const shown = computed(() => filterPeople(people.value, search.value))
  const upToDate = computed(() => check.value !== null && checkedAt.value === version.value)
  /** The newest plan applied here that can be undone (not undone yet). */
  const undoable = computed(() => plans.value.find((p) => p.undoneBy === null && p.jobIds.length > 0) ?? null)

  function changed(): void {
    version.value++
  }

  async function loadHolders(): Promise<void> {
    const t = await holdingNumbers({ ...target(), refresh: true })
    const m = new Map<string, string>()
    for (let i = 0; i < t.count; i++) if (t.holder[i]! >= 0) m.set(assetNumberKey(t.assetNum[i]!), t.holders[t.holder[i]!]!)
    holders.value = m
  }

  async function guard(work: () => Promise<void>): Promise<void> {
    loading.value = true
    try {
      await work()
      error.value = null
    } catch (err) {
      error.value = errorData(err)
    } finally {
      loading.value = false
    }
  }

  /** The departments, who holds what, and the plans applied here (the screen opened, or the enterprise changed). */
  function open(): Promise<void> {
    return guard(async () => {
      const [d, r] = await Promise.all([memberDepartments(target()), planRuns(target()), loadHolders()])
      departments.value = d.departments
      plans.value = r.plans
    })
  }

  /** Employees of a department and/or matching a keyword (every page, up to MAX_PLAN_PEOPLE). */
  function loadPeople(): Promise<void> {
    return guard(async () => {
      const out: PlanPerson[] = []
      const k = keyword.value.trim()
      for (let pageNum = 1; out.length < MAX_PLAN_PEOPLE; pageNum++) {
        const page = await listMembers({ ...target(), pageNum, pageSize: 500, ...(k ? { keyword: k } : {}), ...(departmentId.value !== null ? { departmentId: departmentId.value } : {}) })
        for (const m of page.list) out.push({ globalId: m.globalId, userName: m.userName, name: m.name, department: m.departmentName ?? '' })
        peopleTotal.value = page.total
        if (pageNum >= page.pages) break
      }
      people.value = out.slice(0, MAX_PLAN_PEOPLE)
      notFound.value = []
    })
  }

  /** Adds people to the rows (each once). */
  function addPeople(list: readonly Person[]): void {
    const have = new Set(people.value.map((p) => p.globalId))
    const more = list.filter((p) => !have.has(p.globalId)).map((p) => ({ globalId: p.globalId, userName: p.userName, name: p.name, department: '' }))
    if (more.length > 0) people.value = [...people.value, ...more]
    peopleTotal.value = people.value.length
  }

  /** The employees of a pasted list of accounts (replacing the rows). */
  function loadPasted(refs: readonly string[]): Promise<void> {
    return guard(async () => {
      const r = await directoryAccounts({ ...target(), userNames: [...refs] })
      people.value = []
      addPeople(r.found)
      const found = new Set(r.found.map((p) => p.asked))
      notFound.value = refs.filter((x) => !found.has(x))
    })
  }

  /** Adds asset numbers as columns (each once, in the order given). */
  function addColumns(nums: readonly string[]): void {
    const have = new Set(columns.value.map(assetNumberKey))
    const more: string[] = []
    for (const n of nums) {
      const k = assetNumberKey(n)
      if (n.trim() === '' || have.has(k)) continue
      have.add(k)
      more.push(n.trim())
    }
    if (more.length > 0) columns.value = [...columns.value, ...more].slice(0, MAX_PLAN_COLUMNS)
  }

  /** Adds the first `limit` free numbers of the enterprise as columns. */
  async function addFree(limit: number): Promise<void> {
    const r = await freeNumbers({ ...target(), search: '', limit })
    addColumns(r.numbers.map((n) => n.assetNum))
  }

  function removeColumn(n: string): void {
    columns.value = columns.value.filter((c) => c !== n)
    marks.column(people.value, n, null, heldBy)
    changed()
  }

  /**
   * A plan from a file (rows of employee, asset number, assign|withdraw; read and validated by the core): its
   * employees become rows and its numbers columns; an assign is a tick, a withdraw an untick.
   */
  async function loadFile(file: Blob & { name: string }): Promise<{ loaded: number; unknown: number }> {
    const table = await readTableFile(file)
    const cells = table.hasHeader ? [table.columns, ...table.rows] : table.rows
    const rows = rowsOfTable(cells, { defaultAction: 'assign' }).rows
    const refs = [...new Set(rows.map((r) => r.employee).filter((e) => e !== ''))]
    const r = refs.length > 0 ? await directoryAccounts({ ...target(), userNames: refs }) : { found: [] }
    addPeople(r.found)
    const byRef = new Map(r.found.map((p) => [p.asked, p.globalId]))
    for (const p of people.value) byRef.set(p.globalId, p.globalId)
    addColumns(rows.map((x) => x.assetNum))
    const out = marks.load(rows, (ref) => byRef.get(ref) ?? null)
    changed()
    return { loaded: out.loaded, unknown: out.unknown.length }
  }

  function toggle(member: string, assetNum: string): void {
    marks.toggle(member, assetNum, heldBy(assetNum) === member)
    changed()
  }

  function column(assetNum: string, mark: 'give' | 'take' | null): void {
    marks.column(shown.value, assetNum, mark, heldBy)
    changed()
  }

  function clearMarks(): void {
    marks.clear()
    changed()
  }

  async function doCheck(): Promise<void> {
    checking.value = true
    const at = version.value
    try {
      check.value = await checkPlan({ ...target(), rows: rowsOfCells(marks.cells()) })
      checkedAt.value = at
      error.value = null
    } catch (err) {
      error.value = errorData(err)
    } finally {
      checking.value = false
    }
  }

  async function finish(work: () => Promise<PlanRun>): Promise<void> {
    running.value = true
    progress.value = null
    // The calls of the plan's runs as they end (any assignment job running meanwhile is one of the plan's: the
    // core runs one job at a time per plan, and this screen one plan at a time).
    const off = onBulkProgress((p) => {
      if (p.kind === 'holdings.configure') progress.value = { done: p.done, total: p.done + p.remaining }
    })
    try {
      run.value = await work()
      error.value = null
    } catch (err) {
      error.value = errorData(err)
    } finally {
      off()
      running.value = false
    }
    holdings.changed()
    await Promise.all([loadHolders(), planRuns(target()).then((r) => (plans.value = r.plans))]).catch((err: unknown) => (error.value = errorData(err)))
  }

  /** Sends the plan checked; the marks are cleared once it ran (the matrix then shows who holds what). */
  async function apply(): Promise<void> {
    await finish(() => applyPlan({ ...target(), rows: rowsOfCells(marks.cells()) }))
    if (run.value && !run.value.plan.undoOf) {
      marks.clear()
      check.value = null
      changed()
    }
  }

  /** Another enterprise: nothing of the previous one's plan is kept (its employees and numbers are not this one's). */
  function switchEnterprise(): Promise<void> {
    people.value = []
    columns.value = []
    marks.clear()
    check.value = null
    run.value = null
    notFound.value = []
    changed()
    return open()
  }

  async function undo(id: string): Promise<void> {
    await finish(() => undoPlan({ id }))
  }

  return {
    people,
    peopleTotal,
    shown,
    columns,
    departments,
    departmentId,
    keyword,
    search,
    pasted,
    notFound,
    loading,
    error,
    marks,
    markCount,
    version,
    heldBy,
    check,
    checking,
    upToDate,
    running,
    run,
    progress,
    plans,
    undoable,
    open,
    switchEnterprise,
    loadPeople,
    loadPasted,
    addColumns,
    addFree,
    removeColumn,
    loadFile,
    toggle,
    column,
    clearMarks,
    doCheck,
    apply,
    undo,
  }
})
