/**
 * The bulk assignment screen: rows pasted or read from a file, checked by the core against the enterprise (nothing
 * sent), then sent as one configure call per employee through the bulk runner, the assignments that wait for a
 * withdrawal in the same file in a second run once it is done; a result per row, a retry of the rows it may help
 * (checked again first), and the export of what did not go. Everything (the rows, the attempts and their runs) is
 * kept in the draft store as it changes, so a reload or a restart shows the same screen with its runs.
 */
import { defineStore } from 'pinia'
import { computed, ref, shallowRef, triggerRef, watch } from 'vue'
import type { AppErrorData } from '@shared/errors/app-error'
import type { BulkProgress, ItemResult, JobSummary } from '@shared/ipc/channels/bulk'
import type { ExportFormat } from '@shared/ipc/channels/imports'
import { HOLDING_DRAFT_IDS, type BulkAssignAttempt, type BulkAssignRun } from '@shared/ipc/channels/holdings'
import { planGroups, rowsOfTable, rowsOfText, type AssignAction, type AssignRow, type CheckedRow } from '@shared/holdings/assign-rows'
import { readyGroups, rowResults, type RowResult } from '@shared/holdings/assign-results'
import type { Person } from '@shared/ipc/channels/members'
import { errorData } from '../api/errors'
import { checkRows, startAssignRun } from '../api/holdings'
import { cancelJob, getJobSnapshot, onBulkProgress, pauseJob, resumeJob } from '../api/bulk'
import { readTableFile } from '../api/files'
import { exportRows } from '../composables/export'
import { useDraftSync } from '../composables/draft-sync'
import { attemptChecks, marksOf, mergedResults, resultExportRows, retryRows } from '../models/holdings/bulk-assign-model'
import { useHoldingsStore } from './holdings'

/** What the screen knows of one run's job. */
export interface RunState {
  summary: JobSummary | null
  progress: BulkProgress | null
  /** Each group's result once the job has ended (or been read). */
  results: (ItemResult | undefined)[] | null
  error: AppErrorData | null
}

const ENDED = new Set(['completed', 'cancelled', 'paused', 'interrupted'])

export const useHoldingsBulkStore = defineStore('holdingsBulk', () => {
  const holdings = useHoldingsStore()

  const source = ref<'paste' | 'file'>('paste')
  const text = ref('')
  const fileName = ref('')
  const defaultAction = ref<AssignAction>('assign')
  const rows = shallowRef<AssignRow[]>([])
  const attempts = shallowRef<BulkAssignAttempt[]>([])
  const runs = shallowRef<BulkAssignRun[]>([])
  const enterpriseOfRuns = ref('')

  const checked = shallowRef<CheckedRow[] | null>(null)
  const people = shallowRef<Map<string, Person>>(new Map())
  const checking = ref(false)
  const checkError = ref<AppErrorData | null>(null)
  const reading = ref(false)
  const readError = ref<AppErrorData | null>(null)
  const starting = ref(false)
  const startError = ref<AppErrorData | null>(null)
  const jobs = shallowRef<Map<string, RunState>>(new Map())
  const loaded = ref(false)

  // The draft: the rows as given and the runs on screen (the check is made again when needed, never kept).
  const draftEnterprise = computed({ get: () => enterpriseOfRuns.value, set: (v: string) => (enterpriseOfRuns.value = v) })
  const draft = useDraftSync({
    id: HOLDING_DRAFT_IDS.bulk,
    kind: 'holdings.bulk',
    fields: { enterpriseGlobalId: draftEnterprise, source, text, fileName, rows, attempts, runs },
  })

  /** Restores the screen from its draft, and reads the state of its runs. */
  async function load(): Promise<void> {
    if (loaded.value) return
    await draft.load()
    loaded.value = true
    for (const r of runs.value) void readRun(r.jobId)
  }

  const phase = computed<'input' | 'check' | 'run'>(() => (runs.value.length > 0 ? 'run' : checked.value ? 'check' : 'input'))

  // ---- the rows

  function setText(value: string): void {
    source.value = 'paste'
    text.value = value
    fileName.value = ''
    rows.value = rowsOfText(value, defaultAction.value)
    checked.value = null
  }

  watch(defaultAction, () => {
    if (source.value === 'paste') rows.value = rowsOfText(text.value, defaultAction.value)
    else rows.value = rows.value.map((r) => (r.actionText === '' ? { ...r, action: defaultAction.value } : r))
    checked.value = null
  })

  /** Reads a file (CSV, Excel or text) into rows. */
  async function readFile(file: Blob & { name: string }): Promise<void> {
    const name = file.name
    reading.value = true
    readError.value = null
    try {
      const table = await readTableFile(file)
      const cells = table.hasHeader ? [table.columns, ...table.rows] : table.rows
      const lines = table.lines ? (table.hasHeader ? [(table.lines[0] ?? 2) - 1, ...table.lines] : table.lines) : undefined
      source.value = 'file'
      fileName.value = name
      text.value = ''
      rows.value = rowsOfTable(cells, { ...(lines ? { lines } : {}), defaultAction: defaultAction.value }).rows
      checked.value = null
    } catch (err) {
      readError.value = errorData(err)
    } finally {
      reading.value = false
    }
  }

  // ---- check, then send

  async function check(): Promise<void> {
    if (rows.value.length === 0) return
    checking.value = true
    checkError.value = null
    try {
      const r = await checkRows({ ...holdings.target(), rows: rows.value })
      checked.value = r.rows as CheckedRow[]
      people.value = new Map(r.people.map((p) => [p.globalId, p]))
      enterpriseOfRuns.value = r.enterpriseGlobalId
    } catch (err) {
      checkError.value = errorData(err)
    } finally {
      checking.value = false
    }
  }

  const plan = computed(() => (checked.value ? planGroups(checked.value) : null))

  function back(): void {
    checked.value = null
  }

  /** Starts an attempt with the checked rows: the first run now, the second once it has completed. */
  async function start(): Promise<void> {
    const c = checked.value
    const p = plan.value
    if (!c || !p) return
    starting.value = true
    startError.value = null
    try {
      const attempt: BulkAssignAttempt = { lines: c.map((r) => r.line), marks: marksOf(c), second: p.second }
      const index = attempts.value.length
      // The attempt is known before its run can end (the second run is planned from it).
      attempts.value = [...attempts.value, attempt]
      if (p.first.length > 0) {
        try {
          const job = await startAssignRun({ ...holdings.target(), enterpriseGlobalId: enterpriseOfRuns.value }, p.first)
          track(job)
          runs.value = [...runs.value, { jobId: job.id, phase: 1, attempt: index, groups: p.first }]
          added(job.id)
        } catch (err) {
          attempts.value = attempts.value.slice(0, index)
          throw err
        }
      }
      checked.value = null
    } catch (err) {
      startError.value = errorData(err)
    } finally {
      starting.value = false
    }
  }

  /** Retries the rows a retry may help: checked again against the enterprise now, then sent as a new attempt. */
  async function retry(): Promise<void> {
    const again = retryRows(rows.value, results.value)
    if (again.length === 0) return
    checking.value = true
    checkError.value = null
    try {
      const r = await checkRows({ ...holdings.target(), enterpriseGlobalId: enterpriseOfRuns.value, rows: again })
      checked.value = r.rows as CheckedRow[]
      people.value = new Map([...people.value, ...r.people.map((p) => [p.globalId, p] as const)])
    } catch (err) {
      checkError.value = errorData(err)
      return
    } finally {
      checking.value = false
    }
    await start()
  }

  // ---- runs

  function setJob(id: string, patch: Partial<RunState>): void {
    const m = jobs.value
    m.set(id, { ...(m.get(id) ?? { summary: null, progress: null, results: null, error: null }), ...patch })
    triggerRef(jobs)
  }

  function track(job: JobSummary): void {
    setJob(job.id, { summary: job })
  }

  /** Reads a run's job (its state, and its results when it has ended). */
  async function readRun(id: string): Promise<void> {
    try {
      const { job, items } = await getJobSnapshot(id)
      if (!ENDED.has(job.status)) {
        setJob(id, { summary: job, error: null })
        return
      }
      const results: (ItemResult | undefined)[] = []
      for (const it of items) results[it.index] = it.result
      setJob(id, { summary: job, results, error: null })
      afterRun(id)
    } catch (err) {
      setJob(id, { error: errorData(err) })
    }
  }

  /** Progress of jobs not (yet) among the runs: a quick job may end before its start has answered. */
  const early = new Map<string, BulkProgress>()
  onBulkProgress((p) => {
    if (!runs.value.some((r) => r.jobId === p.jobId)) {
      if (p.kind !== 'holdings.configure') return
      early.set(p.jobId, p)
      if (early.size > 20) early.delete(early.keys().next().value!)
      return
    }
    setJob(p.jobId, { progress: p })
    if (ENDED.has(p.status)) void readRun(p.jobId)
  })

  /** A run just added: what its job said before it was known. */
  function added(jobId: string): void {
    const p = early.get(jobId)
    early.delete(jobId)
    if (!p) return
    setJob(jobId, { progress: p })
    if (ENDED.has(p.status)) void readRun(jobId)
  }

  /** A first run that completed: its attempt's second run goes with the assignments whose withdrawal is done. */
  function afterRun(id: string): void {
    const run = runs.value.find((r) => r.jobId === id)
    if (!run || run.phase !== 1) return
    if (jobs.value.get(id)?.summary?.status !== 'completed') return
    if (runs.value.some((r) => r.attempt === run.attempt && r.phase === 2)) return
    const attempt = attempts.value[run.attempt]
    if (!attempt || attempt.second.length === 0) return
    const checks = attemptChecks(rows.value, attempt, run.groups)
    const done = new Set(rowResults(checks, [{ groups: run.groups, results: jobs.value.get(id)?.results ?? [] }]).filter((r) => r.outcome === 'done').map((r) => r.line))
    const afterOf = new Map(attempt.marks.filter((m) => m.after !== undefined).map((m) => [m.line, m.after!]))
    const ready = readyGroups(attempt.second, (l) => afterOf.get(l), (l) => done.has(l))
    if (ready.length === 0) return
    void (async () => {
      try {
        const job = await startAssignRun({ ...holdings.target(), enterpriseGlobalId: enterpriseOfRuns.value }, ready)
        track(job)
        runs.value = [...runs.value, { jobId: job.id, phase: 2, attempt: run.attempt, groups: ready }]
        added(job.id)
      } catch (err) {
        startError.value = errorData(err)
      }
    })()
  }

  const resultsByJob = computed(() => {
    const m = new Map<string, (ItemResult | undefined)[]>()
    for (const [id, s] of jobs.value) if (s.results) m.set(id, s.results)
    return m
  })
  const results = computed<RowResult[]>(() => mergedResults(rows.value, attempts.value, runs.value, resultsByJob.value))

  /** The run under way (the latest that has not ended), with its job's state. */
  const current = computed(() => {
    for (let i = runs.value.length - 1; i >= 0; i--) {
      const r = runs.value[i]!
      const s = jobs.value.get(r.jobId)
      const status = s?.progress?.status ?? s?.summary?.status
      if (status && status !== 'completed' && status !== 'cancelled') return { run: r, state: s!, status }
    }
    return null
  })

  async function control(action: 'pause' | 'resume' | 'cancel'): Promise<void> {
    const c = current.value
    if (!c) return
    const f = action === 'pause' ? pauseJob : action === 'resume' ? resumeJob : cancelJob
    try {
      track(await f(c.run.jobId))
    } catch (err) {
      startError.value = errorData(err)
    }
  }

  /** Results as a file (all, or only those that did not go as asked). */
  function exportResults(format: ExportFormat, list: readonly RowResult[], columns: string[], words: Parameters<typeof resultExportRows>[1], sheetName: string, baseName: string): Promise<{ fileName: string; rows: number } | null> {
    return exportRows({ format, baseName, sheetName, columns, rows: resultExportRows(list, words) })
  }

  /** A new bulk assignment: everything on screen goes, and so from the draft (the runs stay in the bulk runner's jobs). */
  function reset(): void {
    source.value = 'paste'
    text.value = ''
    fileName.value = ''
    rows.value = []
    attempts.value = []
    runs.value = []
    checked.value = null
    jobs.value = new Map()
    enterpriseOfRuns.value = ''
    checkError.value = null
    startError.value = null
    readError.value = null
  }

  return {
    source,
    text,
    fileName,
    defaultAction,
    rows,
    attempts,
    runs,
    checked,
    people,
    checking,
    checkError,
    reading,
    readError,
    starting,
    startError,
    jobs,
    loaded,
    phase,
    plan,
    results,
    current,
    enterpriseOfRuns,
    draftError: draft.saveError,
    load,
    setText,
    readFile,
    check,
    back,
    start,
    retry,
    control,
    exportResults,
    reset,
  }
})
