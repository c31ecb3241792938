/**
 * The Journal screen's store: filters, the page on screen (a bulk run's calls taken together as one row, its calls
 * read when the row is opened), and export.
 */
import { defineStore } from 'pinia'
import { computed, reactive, ref, shallowRef } from 'vue'
import type { AppErrorData } from '@shared/errors/app-error'
import type { OperationId } from '@shared/api/operations'
import { JOURNAL_PAGE_MAX, type JournalEntry, type JournalEntryOutcome, type JournalExport, type JournalFilter, type JournalPage } from '@shared/ipc/channels/journal'
import { exportJournal, listJournal } from '../api/journal'
import { onBulkProgress } from '../api/bulk'
import { errorData } from '../api/errors'
import { useLatest } from '../composables/latest'
import { exportList } from '../composables/export'

/** The filters as the screen edits them. */
export interface JournalFilterForm {
  profileId: string
  operations: OperationId[]
  outcomes: JournalEntryOutcome[]
  /** [from, to] epoch ms, or null. */
  range: [number, number] | null
  text: string
}

/** The filter the core takes from the form (empty fields left out). */
export function toJournalFilter(f: JournalFilterForm): JournalFilter {
  const out: JournalFilter = {}
  if (f.profileId) out.profileId = f.profileId
  if (f.operations.length) out.operations = [...f.operations]
  if (f.outcomes.length) out.outcomes = [...f.outcomes]
  if (f.range) {
    out.from = f.range[0]
    out.to = f.range[1]
  }
  const text = f.text.trim()
  if (text) out.text = text
  return out
}

/** An opened run's calls: read when opened, again with the page. */
export interface OpenedRun {
  calls: JournalEntry[] | null
  /** Calls of the run matching the filters; more than `calls` holds when over JOURNAL_PAGE_MAX. */
  total: number
  error: AppErrorData | null
}

export const useJournalStore = defineStore('journal', () => {
  const filter = reactive<JournalFilterForm>({ profileId: '', operations: [], outcomes: [], range: null, text: '' })
  const page = shallowRef<JournalPage | null>(null)
  const pageNum = ref(1)
  const pageSize = ref(50)
  const loading = ref(false)
  const error = ref<AppErrorData | null>(null)
  const filtered = computed(() => Object.keys(toJournalFilter(filter)).length > 0)

  /** Runs opened on screen, by job id. */
  const opened = reactive(new Map<string, OpenedRun>())

  const latest = useLatest(loading)
  /** Loads the current page (quietly when `quiet`: no loading state, errors kept for the next explicit load). */
  function load(quiet = false): Promise<void> {
    return latest.run(() => listJournal(toJournalFilter(filter), (pageNum.value - 1) * pageSize.value, pageSize.value, true), {
      quiet,
      ok: (p) => {
        page.value = p
        error.value = null
        // An opened run still on the page is read again (a run under way has new calls); others are closed.
        const onPage = new Set((p.rows ?? []).flatMap((r) => (r.kind === 'run' ? [r.run.jobId] : [])))
        for (const jobId of [...opened.keys()]) {
          if (onPage.has(jobId)) void readRun(jobId)
          else opened.delete(jobId)
        }
      },
      failed: (err) => {
        if (!quiet) error.value = errorData(err)
      },
    })
  }

  /** Reads a run's calls (newest first, with the filters on screen). */
  async function readRun(jobId: string): Promise<void> {
    try {
      const p = await listJournal({ ...toJournalFilter(filter), jobId }, 0, JOURNAL_PAGE_MAX)
      const o = opened.get(jobId)
      if (o) Object.assign(o, { calls: p.entries, total: p.total, error: null })
    } catch (err) {
      const o = opened.get(jobId)
      if (o) o.error = errorData(err)
    }
  }

  /** Opens a run's row (its calls listed under it) or closes it. */
  function toggleRun(jobId: string): Promise<void> {
    if (opened.has(jobId)) {
      opened.delete(jobId)
      return Promise.resolve()
    }
    opened.set(jobId, { calls: null, total: 0, error: null })
    return readRun(jobId)
  }

  /** Back to the first page with the current filters. */
  function search(): Promise<void> {
    pageNum.value = 1
    return load()
  }

  function resetFilter(): Promise<void> {
    Object.assign(filter, { profileId: '', operations: [], outcomes: [], range: null, text: '' })
    return search()
  }

  /** The entries matching the filters as JSON (the file comes back whole). */
  function exportJson(): Promise<JournalExport> {
    return exportJournal(toJournalFilter(filter), 'json')
  }
  /** The entries matching the filters as a CSV file, streamed by the core (exports.run). */
  function exportCsv(): Promise<{ fileName: string; rows: number } | null> {
    return exportList('csv', { kind: 'journal', ...toJournalFilter(filter) })
  }

  /**
   * While a bulk run goes, new entries arrive (no journal event exists; a run's progress is the sign): the first
   * page is read again at most every 2 s. Returns stop.
   */
  function followRuns(): () => void {
    let last = 0
    return onBulkProgress(() => {
      const now = Date.now()
      if (pageNum.value !== 1 || now - last < 2000) return
      last = now
      void load(true)
    })
  }

  return { filter, page, pageNum, pageSize, loading, error, filtered, opened, load, search, resetFilter, toggleRun, exportJson, exportCsv, followRuns }
})
