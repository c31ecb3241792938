/**
 * The Locks screen's store: the list as typed, pasted or imported, the action and the operator, all kept in the
 * draft store as the user types (composables/draft-sync.ts); the check of the list (in a worker for long lists);
 * starting a run; and the run on screen. The runs themselves, their progress and the recent ones are the bulk
 * store's.
 */
import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import type { AppErrorData } from '@shared/errors/app-error'
import { isLockJobKind, lockActionOfKind, type LockAction } from '@shared/api/lock-actions'
import type { JobSummary } from '@shared/ipc/channels/bulk'
import type { ParsedTable } from '@shared/ipc/channels/imports'
import { columnAsText } from '@shared/lists/asset-numbers'
import { clearLegacyLockDraft, getLegacyLockDraft } from '../api/locks'
import { readTableFile } from '../api/files'
import { errorData } from '../api/errors'
import { useDraftSync } from '../composables/draft-sync'
import { createListChecker, EMPTY_CHECK, numbersToSend, type ListCheck } from '../models/locks/lock-list'
import { useBulkStore } from './bulk'
import { useProfilesStore } from './profiles'

/** The draft store's id of the Locks screen's one list. */
export const LOCKS_DRAFT_ID = 'locks'

export const useLocksStore = defineStore('locks', () => {
  const profiles = useProfilesStore()
  const bulk = useBulkStore()

  const text = ref('')
  const action = ref<LockAction>('disable')
  const operatorIdentity = ref('')
  const source = ref<string | undefined>(undefined)
  /** The run on screen: its job (a list, as the draft has always kept it; one job since retries stay in it). */
  const jobIds = ref<string[] | undefined>(undefined)

  const draft = useDraftSync({
    id: LOCKS_DRAFT_ID,
    kind: 'locks',
    fields: { text, action, operatorIdentity, source, jobIds },
    legacy: async () => {
      const d = await getLegacyLockDraft()
      if (!d) return null
      const { updatedAt: _updatedAt, ...body } = d
      return body
    },
    legacyMoved: clearLegacyLockDraft,
  })

  /** The job shown under the form. */
  const jobId = computed(() => jobIds.value?.[0] ?? null)
  function showJob(id: string | null): void {
    jobIds.value = id ? [id] : undefined
  }

  // ---- the check of the list

  const checker = createListChecker()
  const checked = shallowRef<ListCheck>(EMPTY_CHECK)
  /** The check shown is of an older text (a long list is being checked). */
  const checking = ref(false)
  let checkedText = ''
  watch(text, (v) => void runCheck(v))
  async function runCheck(v: string): Promise<void> {
    checking.value = v !== checkedText
    const c = await checker.check(v)
    if (c === null) return // a newer text is being checked
    checked.value = c
    checkedText = v
    checking.value = false
  }

  // ---- loading

  /** Loads the draft (once); without one, the operator comes from the active profile. */
  async function load(): Promise<void> {
    await draft.load()
    if (!draft.loaded.value) return
    if (!operatorIdentity.value) operatorIdentity.value = profiles.active?.operatorIdentity ?? ''
    if (text.value !== checkedText) await runCheck(text.value)
  }

  /** Clears the list (and its source); the run on screen stays. */
  function clearList(): void {
    text.value = ''
    source.value = undefined
  }

  // ---- files

  const importing = ref(false)
  /** A file with several columns, waiting for the user to pick the lock numbers' column. */
  const importTable = shallowRef<ParsedTable | null>(null)

  /** Reads a file; one column goes straight into the list, several wait in `importTable` for a choice. */
  async function importFile(file: Blob & { name: string }): Promise<{ added: number } | { table: ParsedTable } | { empty: true }> {
    importing.value = true
    try {
      const table = await readTableFile(file)
      if (table.rows.length === 0) return { empty: true }
      if (table.columns.length > 1) {
        importTable.value = table
        return { table }
      }
      return { added: useColumn(table, 0, text.value.trim() ? 'append' : 'replace', '') }
    } finally {
      importing.value = false
    }
  }

  /** Puts a column of an imported table into the list; returns how many cells it had. */
  function useColumn(table: ParsedTable, column: number, mode: 'replace' | 'append', sourceText: string): number {
    const added = columnAsText(table.rows, column)
    text.value = mode === 'append' && text.value.trim() ? `${text.value.replace(/\s+$/, '')}\n${added}` : added
    source.value = sourceText || undefined
    importTable.value = null
    return added ? added.split('\n').length : 0
  }

  // ---- the run

  const starting = ref(false)
  const startError = ref<AppErrorData | null>(null)
  /** The list and action the run on screen was started from: sending the same again is not offered. */
  const sentFrom = ref<{ text: string; action: LockAction; jobId: string } | null>(null)
  const sent = computed(() => sentFrom.value !== null && sentFrom.value.jobId === jobId.value && sentFrom.value.text === text.value && sentFrom.value.action === action.value)

  /** Starts the checked list's run; the run is shown and the draft keeps it. Throws nothing: see `startError`. */
  async function start(): Promise<boolean> {
    starting.value = true
    startError.value = null
    try {
      const job = await bulk.startLocks(action.value, numbersToSend(checked.value), operatorIdentity.value.trim())
      showJob(job.id)
      sentFrom.value = { text: text.value, action: action.value, jobId: job.id }
      await draft.flush()
      return true
    } catch (err) {
      startError.value = errorData(err)
      return false
    } finally {
      starting.value = false
    }
  }

  /** Opens a run from the list of recent ones (with its action). */
  function openJob(job: JobSummary): void {
    showJob(job.id)
    action.value = lockActionOfKind(job.kind) ?? action.value
  }

  /** The action of the run on screen (its job's kind), else the one picked. */
  const runAction = computed<LockAction>(() => {
    const job = jobId.value ? bulk.job(jobId.value) : undefined
    return (job && lockActionOfKind(job.kind)) || action.value
  })

  /** Lock runs, newest first (interrupted ones included): the bulk store's, so counts and states are the same. */
  const recent = computed(() => bulk.jobs.filter((j) => isLockJobKind(j.kind)))
  const interrupted = computed(() => recent.value.filter((j) => j.status === 'interrupted' || j.status === 'paused'))

  return {
    text,
    action,
    operatorIdentity,
    source,
    jobId,
    loaded: draft.loaded,
    loadError: draft.loadError,
    saving: draft.saving,
    saveError: draft.saveError,
    checked,
    checking,
    importing,
    importTable,
    starting,
    startError,
    sent,
    recent,
    interrupted,
    runAction,
    load,
    flush: draft.flush,
    clearList,
    importFile,
    useColumn,
    start,
    openJob,
    showJob,
  }
})
