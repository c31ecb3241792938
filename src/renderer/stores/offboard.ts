/**
 * The offboarding screen: the people picked (the employee picker), pasted or read from a file, what happens after
 * their numbers are withdrawn, the core's check (nothing sent), the run (bulk kind `members.offboard`) and its
 * reclaim report. An unfinished run (paused, or the app stopped) is found again from the runner's jobs.
 */
import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import type { AppErrorData } from '@shared/errors/app-error'
import type { OffboardCheck, OffboardReport } from '@shared/ipc/channels/offboard'
import type { Person } from '@shared/ipc/channels/members'
import { readPeopleRefs, type OffboardThen, type PersonRef } from '@shared/members/offboard'
import { errorData } from '../api/errors'
import { listJobs } from '../api/bulk'
import { readTableFile } from '../api/files'
import { checkOffboarding, offboardReport, startOffboarding } from '../api/offboard'
import { useMembersStore } from './members'

export type OffboardPhase = 'pick' | 'check' | 'run'

export const useOffboardStore = defineStore('offboard', () => {
  const members = useMembersStore()
  const phase = ref<OffboardPhase>('pick')
  const picked = ref<Person[]>([])
  const text = ref('')
  const fileName = ref('')
  const then = ref<OffboardThen>('keep')
  const plan = shallowRef<OffboardCheck | null>(null)
  const busy = ref<'check' | 'start' | 'file' | 'report' | null>(null)
  const error = ref<AppErrorData | null>(null)
  const jobId = ref('')
  const report = shallowRef<OffboardReport | null>(null)
  const reportError = ref<AppErrorData | null>(null)

  /** The references: the people picked (by global id), then the pasted lines. */
  const refs = computed<PersonRef[]>(() => [...picked.value.map((p) => ({ ref: p.globalId, line: 0 })), ...readPeopleRefs(text.value)])

  function pick(p: Person | null): void {
    if (p && !picked.value.some((x) => x.globalId === p.globalId)) picked.value = [...picked.value, p]
  }
  function unpick(id: string): void {
    picked.value = picked.value.filter((p) => p.globalId !== id)
  }

  /** A file's cells as pasted text (one row a line, its cells separated by tabs). */
  async function readFile(f: Blob & { name: string }): Promise<void> {
    busy.value = 'file'
    error.value = null
    try {
      const table = await readTableFile(f)
      const rows = table.hasHeader ? [table.columns, ...table.rows] : table.rows
      text.value = rows.map((r) => r[0] ?? '').join('\n')
      fileName.value = f.name
    } catch (err) {
      error.value = errorData(err)
    } finally {
      busy.value = null
    }
  }

  async function check(): Promise<void> {
    busy.value = 'check'
    error.value = null
    try {
      const e = members.enterprise.trim()
      plan.value = await checkOffboarding({ ...(e ? { enterpriseGlobalId: e } : {}), refs: refs.value, then: then.value })
      phase.value = 'check'
    } catch (err) {
      error.value = errorData(err)
    } finally {
      busy.value = null
    }
  }

  /** Starts the run with the count the admin confirmed. */
  async function start(confirmCount: number): Promise<void> {
    if (!plan.value) return
    busy.value = 'start'
    error.value = null
    try {
      const job = await startOffboarding(plan.value, confirmCount)
      jobId.value = job.id
      report.value = null
      phase.value = 'run'
    } catch (err) {
      error.value = errorData(err)
    } finally {
      busy.value = null
    }
  }

  async function loadReport(): Promise<void> {
    if (!jobId.value) return
    busy.value = 'report'
    reportError.value = null
    try {
      report.value = await offboardReport(jobId.value)
    } catch (err) {
      reportError.value = errorData(err)
    } finally {
      busy.value = null
    }
  }

  /** An offboarding left unfinished (paused, or the app stopped during it) is shown again. */
  async function findUnfinished(): Promise<void> {
    if (jobId.value) return
    try {
      const job = (await listJobs()).find((j) => j.kind === 'members.offboard' && (j.status === 'paused' || j.status === 'interrupted' || j.status === 'running'))
      if (job && !jobId.value) {
        jobId.value = job.id
        phase.value = 'run'
      }
    } catch {
      // The jobs could not be read: the screen starts from the beginning.
    }
  }

  function reset(): void {
    phase.value = 'pick'
    picked.value = []
    text.value = ''
    fileName.value = ''
    plan.value = null
    jobId.value = ''
    report.value = null
    error.value = null
    reportError.value = null
  }

  return { phase, picked, text, fileName, then, plan, busy, error, jobId, report, reportError, refs, pick, unpick, readFile, check, start, loadReport, findUnfinished, reset }
})
