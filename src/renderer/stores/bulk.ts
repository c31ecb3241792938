/**
 * The bulk store: every bulk job the screens show, one record per job (its summary, kept current by the
 * `bulk.progress` events), and the actions on jobs. The run panel and every list of runs read the same record,
 * so a job never shows two states or two sets of counts on one screen. The numbers are the engine's, as sent.
 */
import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import type { AppErrorData } from '@shared/errors/app-error'
import type { BulkProgress, JobSummary } from '@shared/ipc/channels/bulk'
import type { LockAction } from '@shared/api/lock-actions'
import { cancelJob, deleteJob, getJob, listJobs, onBulkProgress, pauseJob, resumeJob, retryFailed } from '../api/bulk'
import { startLockRun } from '../api/locks'
import { onMissedEvents } from '../api/connection'
import { isActive } from '../models/bulk/bulk-run'
import { errorData } from '../api/errors'

export const useBulkStore = defineStore('bulk', () => {
  /** Jobs by id. Replaced, never mutated, so everything reading it updates. */
  const byId = shallowRef<ReadonlyMap<string, JobSummary>>(new Map())
  /** The latest rate and time left of running jobs. */
  const rates = shallowRef<ReadonlyMap<string, Pick<BulkProgress, 'rate' | 'etaSeconds'>>>(new Map())
  const listError = ref<AppErrorData | null>(null)
  const listed = ref(false)

  /** Every job known, newest first. */
  const jobs = computed(() => [...byId.value.values()].sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1)))

  function job(id: string): JobSummary | undefined {
    return byId.value.get(id)
  }

  /** Takes a job's summary as the engine sent it (from an action, `bulk.get` or `bulk.list`). */
  function put(summary: JobSummary): void {
    const current = byId.value.get(summary.id)
    // An older answer arriving late never replaces a newer one.
    if (current && current.updatedAt > summary.updatedAt) return
    const next = new Map(byId.value)
    next.set(summary.id, summary)
    byId.value = next
  }

  let following: (() => void) | null = null
  /** Reads of one job's summary under way. */
  const reading = new Map<string, Promise<JobSummary | undefined>>()
  /** Jobs whose summary changed (an event came) while a read of it was under way: read again when it ends. */
  const stale = new Set<string>()

  /** Starts following `bulk.progress` (once): each event updates its job's status and counts. */
  function follow(): void {
    if (following) return
    // Events missed while the stream was cut (browser mode): the jobs that were going are read again.
    onMissedEvents(() => {
      for (const j of byId.value.values()) if (isActive(j.status)) void refresh(j.id)
    })
    following = onBulkProgress((p) => {
      const current = byId.value.get(p.jobId)
      const nextRates = new Map(rates.value)
      nextRates.set(p.jobId, { rate: p.rate, etaSeconds: p.etaSeconds })
      rates.value = nextRates
      if (!current) {
        // A job not read yet (started elsewhere, or its start's answer not here yet): read its summary. The
        // events of a short job may all come while that read is out; it is then read again (see refresh).
        void refresh(p.jobId)
        return
      }
      const changed = current.status !== p.status
      const next = new Map(byId.value)
      next.set(p.jobId, { ...current, status: p.status, counts: p.counts, ...(changed && p.status === 'running' ? { error: undefined } : {}) })
      byId.value = next
      // A change of status may come with an error (a pause on a refused token): the summary has it. A read
      // under way may answer with a state older than this event: it is read again (see refresh).
      if ((changed && p.status !== 'running') || reading.has(p.jobId)) void refresh(p.jobId)
    })
  }

  /**
   * Reads one job's summary again. Calls while a read is out share it, and mark the job stale: the read is
   * repeated until no event came meanwhile, so an answer older than the last event never stays on screen (a
   * 240-row import can start, run and finish while its first read is out).
   */
  function refresh(id: string): Promise<JobSummary | undefined> {
    const out = reading.get(id)
    if (out) {
      stale.add(id)
      return out
    }
    const read = (async () => {
      try {
        do {
          stale.delete(id)
          put((await getJob(id, { limit: 1 })).job)
        } while (stale.has(id))
      } catch {
        // The panel reading the job shows its own error; a list keeps what it has.
      } finally {
        reading.delete(id)
        stale.delete(id)
      }
      return byId.value.get(id)
    })()
    reading.set(id, read)
    return read
  }

  /** Reads the list of every job. */
  async function loadList(): Promise<void> {
    follow()
    try {
      const list = await listJobs()
      const next = new Map<string, JobSummary>()
      for (const j of list) {
        const current = byId.value.get(j.id)
        next.set(j.id, current && current.updatedAt > j.updatedAt ? current : j)
      }
      // Jobs known here but not listed (just started) stay.
      for (const [id, j] of byId.value) if (!next.has(id)) next.set(id, j)
      byId.value = next
      listError.value = null
      listed.value = true
    } catch (err) {
      listError.value = errorData(err)
    }
  }

  async function act(id: string, call: (id: string) => Promise<JobSummary>): Promise<JobSummary> {
    follow()
    const summary = await call(id)
    put(summary)
    return summary
  }

  /** Starts disabling or enabling locks (each once) as `operator`; the job is followed from here on. */
  async function startLocks(action: LockAction, items: readonly string[], operator: string): Promise<JobSummary> {
    follow()
    const job = await startLockRun(action, items, operator)
    put(job)
    return job
  }

  /** Deletes a job that is not running, and forgets it here. */
  async function remove(id: string): Promise<void> {
    await deleteJob(id)
    const next = new Map(byId.value)
    next.delete(id)
    byId.value = next
  }

  return {
    jobs,
    rates,
    listError,
    listed,
    job,
    put,
    follow,
    refresh,
    loadList,
    startLocks,
    remove,
    pause: (id: string) => act(id, pauseJob),
    resume: (id: string) => act(id, resumeJob),
    cancel: (id: string) => act(id, cancelJob),
    /** Sends again what the engine's rule says a retry may change, in the same job. */
    retry: (id: string) => act(id, retryFailed),
  }
})
