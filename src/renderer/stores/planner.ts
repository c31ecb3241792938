/**
 * The assignment planner screen's store: the employees of the matrix (a department, a search, or a pasted list of
 * accounts), its columns (asset numbers: typed, the free numbers an offboarding handed over in `?free=`, or from a
 * file; and products, chosen among those the free numbers carry), the plan's marks, who holds each number now
 * (and, for product columns, the products of the numbers of the employees in view, read lazily by the core), and
 * the check, the run and the undo (the core does them: api/planner.ts). The undo of the newest plan is offered
 * again after a restart (the core keeps the plans).
 */
import { defineStore } from 'pinia'
import { computed, markRaw, ref, shallowRef } from 'vue'
import type { AppErrorData } from '@shared/errors/app-error'
import type { Department, Person } from '@shared/ipc/channels/members'
import type { PlanCheck, PlanProducts, PlanRecord, PlanRun } from '@shared/ipc/channels/planner'
import { rowsOfTable } from '@shared/holdings/assign-rows'
import { rowsOfCells } from '@shared/holdings/plan'
import { assetNumberKey } from '@shared/lists/asset-numbers'
import { errorData } from '../api/errors'
import { readTableFile } from '../api/files'
import { freeNumbers, holdingNumbers } from '../api/holdings'
import { directoryAccounts, listMembers, memberDepartments } from '../api/members'
import { applyPlan, checkPlan, planProducts, planRuns, undoPlan } from '../api/planner'
import { onBulkProgress } from '../api/bulk'
import { filterPeople, holdsProduct, PlanMarks, type PlanColumn, type PlanPerson } from '../models/holdings/planner-matrix'
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
  const markCount = computed(() => (version.value >= 0 ? marks.size + productMarks.size : 0))
  const holders = shallowRef<Map<string, string>>(new Map())
  const heldBy = (n: string) => holders.value.get(assetNumberKey(n)) ?? null
  /** Each employee's numbers (from `holders`), for product columns. */
  const numbersOf = shallowRef<Map<string, string[]>>(new Map())

  // Product columns: their marks (keyed by employee and productUri), the products known (the free numbers' and
  // those read), and the products of numbers read so far (null: could not be read), outside reactivity too.
  const productColumns = shallowRef<PlanColumn[]>([])
  const productMarks = markRaw(new PlanMarks())
  const catalog = shallowRef<PlanProducts['products']>([])
  const productsRead = markRaw(new Map<string, string[] | null>())
  const loadingProducts = ref(false)
  /** Calls of member operation 7 the screen's asks made (shown with the product picker). */
  const productCalls = ref(0)
  const productName = (uri: string) => catalog.value.find((p) => p.uri === uri)?.name ?? productColumns.value.find((c) => c.id === uri)?.label ?? uri
  const hasProduct = (member: string, uri: string) => holdsProduct(numbersOf.value.get(member) ?? [], (n) => productsRead.get(assetNumberKey(n)), uri)
  const allColumns = computed<PlanColumn[]>(() => [...productColumns.value, ...columns.value.map((n): PlanColumn => ({ kind: 'number', id: n, label: n }))])

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
    const of = new Map<string, string[]>()
    for (let i = 0; i < t.count; i++) {
      if (t.holder[i]! < 0) continue
      const who = t.holders[t.holder[i]!]!
      m.set(assetNumberKey(t.assetNum[i]!), who)
      of.set(who, [...(of.get(who) ?? []), t.assetNum[i]!])
    }
    holders.value = m
    numbersOf.value = of
  }

  function learn(r: PlanProducts): void {
    productCalls.value += r.calls
    for (const n of r.numbers) productsRead.set(assetNumberKey(n.assetNum), n.products)
    const known = new Map(catalog.value.map((p) => [p.uri, p]))
    for (const p of r.products) known.set(p.uri, p.free === null && known.get(p.uri)?.free != null ? { ...p, free: known.get(p.uri)!.free } : p)
    catalog.value = [...known.values()].sort((a, b) => a.name.localeCompare(b.name))
  }

  /** The products the free numbers carry, to choose product columns from (read once by the core). */
  async function loadCatalog(): Promise<void> {
    loadingProducts.value = true
    try {
      learn(await planProducts({ ...target(), free: true }))
    } catch (err) {
      error.value = errorData(err)
    } finally {
      loadingProducts.value = false
    }
  }

  /** Adds a product column (each once). */
  function addProductColumn(uri: string): void {
    if (productColumns.value.some((c) => c.id === uri)) return
    productColumns.value = [...productColumns.value, { kind: 'product', id: uri, label: productName(uri) }]
    void inView(lastView.length > 0 ? lastView : shown.value.slice(0, 50))
  }

  let viewAsk: Promise<void> | null = null
  let viewNext: readonly PlanPerson[] | null = null
  /** The rows last in view (asked again once holders changed: they may hold numbers not read). */
  let lastView: readonly PlanPerson[] = []
  /**
   * The products of the numbers of the employees in view, where not read yet (product columns only): one ask at
   * a time, the latest view asked next.
   */
  async function inView(list: readonly PlanPerson[]): Promise<void> {
    lastView = list
    if (productColumns.value.length === 0) return
    if (viewAsk) {
      viewNext = list
      return viewAsk
    }
    const nums = list.flatMap((p) => numbersOf.value.get(p.globalId) ?? []).filter((n) => !productsRead.has(assetNumberKey(n)))
    if (nums.length === 0) return
    viewAsk = planProducts({ ...target(), assetNums: nums })
      .then((r) => {
        learn(r)
        changed()
      })
      .catch((err: unknown) => void (error.value = errorData(err)))
      .finally(() => {
        viewAsk = null
        const next = viewNext
        viewNext = null
        if (next) void inView(next)
      })
    return viewAsk
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

  function removeColumn(c: PlanColumn): void {
    if (c.kind === 'product') {
      productColumns.value = productColumns.value.filter((x) => x.id !== c.id)
      productMarks.productColumn(people.value, c.id, null, () => null)
    } else {
      columns.value = columns.value.filter((x) => x !== c.id)
      marks.column(people.value, c.id, null, heldBy)
    }
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

  function toggle(member: string, c: PlanColumn): void {
    if (c.kind === 'product') productMarks.toggle(member, c.id, hasProduct(member, c.id))
    else marks.toggle(member, c.id, heldBy(c.id) === member)
    changed()
  }

  function column(c: PlanColumn, mark: 'give' | 'take' | null): void {
    if (c.kind === 'product') productMarks.productColumn(shown.value, c.id, mark, (m) => hasProduct(m, c.id))
    else marks.column(shown.value, c.id, mark, heldBy)
    changed()
  }

  /** What a cell shows (a number's holder, or whether they hold a number carrying the product). */
  function cell(member: string, c: PlanColumn): { held: boolean | null; mark: 'give' | 'take' | null } {
    if (c.kind === 'product') return { held: hasProduct(member, c.id), mark: productMarks.get(member, c.id) }
    return { held: heldBy(c.id) === member, mark: marks.get(member, c.id) }
  }

  function clearMarks(): void {
    marks.clear()
    productMarks.clear()
    changed()
  }

  /** The plan as the core takes it: the number cells' rows and the product cells. */
  const planInput = () => ({ ...target(), rows: rowsOfCells(marks.cells()), products: productMarks.productCells() })

  async function doCheck(): Promise<void> {
    checking.value = true
    const at = version.value
    try {
      check.value = await checkPlan(planInput())
      productCalls.value += check.value.productCalls
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
    changed()
    await inView(lastView)
  }

  /** Sends the plan checked; the marks are cleared once it ran (the matrix then shows who holds what). */
  async function apply(): Promise<void> {
    await finish(() => applyPlan(planInput()))
    if (run.value && !run.value.plan.undoOf) {
      marks.clear()
      productMarks.clear()
      check.value = null
      changed()
    }
  }

  /** Another enterprise: nothing of the previous one's plan is kept (its employees and numbers are not this one's). */
  function switchEnterprise(): Promise<void> {
    people.value = []
    columns.value = []
    productColumns.value = []
    catalog.value = []
    productsRead.clear()
    marks.clear()
    productMarks.clear()
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
    allColumns,
    productColumns,
    catalog,
    loadingProducts,
    productCalls,
    productName,
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
    loadCatalog,
    addProductColumn,
    inView,
    cell,
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
