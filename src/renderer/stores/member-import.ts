/**
 * The employee import's store: the file read (CSV or Excel), the column mapping, every row checked (the member
 * rules, repeats in the file, accounts the enterprise already has), the run through the bulk runner, and the
 * file of the rows not imported. The file's rows, the mapping and the run are kept as a draft with the password
 * column emptied (initial passwords are used once and never kept): after a restart the run is there to resume,
 * and its failed rows can still be exported (their passwords left for the user to fill in).
 */
import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import type { AppErrorData } from '@shared/errors/app-error'
import type { ImportIssue } from '@shared/bulk/import'
import type { Locale } from '@shared/i18n/locale'
import { MEMBER_DRAFT_IDS, type DirectoryStatus } from '@shared/ipc/channels/members'
import {
  checkEmployeeRows,
  EMPLOYEE_FIELDS,
  flagExistingAccounts,
  guessEmployeeMapping,
  missingEmployeeFields,
  type CheckedEmployeeRow,
  type EmployeeField,
  type EmployeeMapping,
  type ExistingAccount,
} from '@shared/members/employee-rows'
import type { NewMember } from '@shared/api/operations'
import { errorData } from '../api/errors'
import { readTableFile } from '../api/files'
import { directoryAccounts, listMembers, onDirectoryChanged, startMemberImport } from '../api/members'
import { useDraftSync } from '../composables/draft-sync'
import { useAppStore } from './app'
import { memberRuleLimits } from '@shared/members/member-form'
import { importCounts, importFileOf, rowsWithoutPasswords, type ImportFile } from '@shared/members/import-file'
import { useLatest } from '../composables/latest'

export type ImportStep = 'file' | 'columns' | 'check' | 'run'

export const useMemberImportStore = defineStore('memberImport', () => {
  const app = useAppStore()

  const step = ref<ImportStep>('file')
  const file = shallowRef<ImportFile | null>(null)
  /** False for a file restored after a restart: its passwords were never kept. */
  const passwordsKept = ref(true)
  const mapping = ref<EmployeeMapping>({})
  const enterprise = ref('')
  const reading = ref(false)
  const readError = ref<AppErrorData | null>(null)
  const existing = shallowRef<ReadonlyMap<string, ExistingAccount> | null>(null)
  const existingError = ref<AppErrorData | null>(null)
  const existingProgress = shallowRef<DirectoryStatus | null>(null)
  const starting = ref(false)
  const startError = ref<AppErrorData | null>(null)
  /** Once sent: each sent employee's file line (the job's order), and the rows not sent with why. */
  const sentLines = shallowRef<number[]>([])
  const notSent = shallowRef<ImportIssue[]>([])
  const jobIds = ref<string[]>([])
  const loaded = ref(false)
  const locale = ref<Locale>('en')

  // What the draft keeps: the file without its passwords, the mapping, and the run.
  const fileName = ref('')
  const format = ref<'csv' | 'xlsx'>('csv')
  const header = ref<string[]>([])
  const keptRows = shallowRef<{ line: number; cells: string[] }[]>([])
  const passwordColumn = ref<number | null>(null)
  const draft = useDraftSync({
    id: MEMBER_DRAFT_IDS.import,
    kind: 'members.import',
    fields: { enterpriseGlobalId: enterprise, fileName, format, header, rows: keptRows, mapping, passwordColumn, sentLines, notSent, jobIds },
  })

  /** Every row checked with the rules and for repeats (recomputed when the mapping changes). */
  const checked = computed<CheckedEmployeeRow[]>(() => {
    const f = file.value
    if (!f || missingEmployeeFields(mapping.value).length > 0) return []
    return checkEmployeeRows(f.header, f.rows, mapping.value, { locale: locale.value, limits: memberRuleLimits(app.settings?.limits) })
  })
  /** …and for accounts the enterprise already has, once known. */
  const rows = computed(() => {
    const f = file.value
    if (!f || !existing.value) return checked.value
    return flagExistingAccounts(checked.value, existing.value, f.header, mapping.value, locale.value)
  })
  const counts = computed(() => importCounts(rows.value))
  const issues = computed(() => rows.value.flatMap((r) => (r.issue ? [r.issue] : [])))
  const missing = computed(() => missingEmployeeFields(mapping.value))

  /** Restores the import kept from before (once): the run is there to resume, the file without its passwords. */
  async function load(): Promise<void> {
    if (loaded.value) return
    await draft.load()
    loaded.value = draft.loaded.value
    if (!fileName.value) return
    file.value = { fileName: fileName.value, format: format.value, header: header.value, hasHeader: true, rows: keptRows.value }
    passwordsKept.value = false
    step.value = jobIds.value.length > 0 ? 'run' : 'columns'
  }

  /** The file and its mapping as the draft keeps them (the password column emptied). */
  function keep(): void {
    const f = file.value
    if (!f) return
    fileName.value = f.fileName
    format.value = f.format
    header.value = f.header
    keptRows.value = rowsWithoutPasswords(f.rows, mapping.value)
    passwordColumn.value = mapping.value.password ?? null
  }
  watch(mapping, keep)

  /** Reads a chosen file; its columns are found from the header. */
  async function read(chosen: Blob & { name: string }, forEnterprise: string): Promise<boolean> {
    reading.value = true
    readError.value = null
    try {
      const parsed = await readTableFile(chosen)
      const f = importFileOf(parsed)
      if (!f) {
        readError.value = { code: 'app.fileUnreadable', messageKey: 'app.fileUnreadable', params: { file: chosen.name, detail: 'CSV / .xlsx' }, details: {} }
        return false
      }
      await clearRun()
      file.value = f
      passwordsKept.value = true
      // The enterprise the rows go to, resolved now (the connection's when none was chosen) and kept with them.
      enterprise.value = forEnterprise || (await listMembers({ pageNum: 1, pageSize: 1 })).enterpriseGlobalId
      mapping.value = f.hasHeader ? guessEmployeeMapping(f.header) : {}
      existing.value = null
      existingError.value = null
      step.value = 'columns'
      keep()
      return true
    } catch (err) {
      readError.value = errorData(err)
      return false
    } finally {
      reading.value = false
    }
  }

  function setColumn(field: EmployeeField, column: number | null): void {
    const next: EmployeeMapping = { ...mapping.value }
    // One column holds one field.
    for (const f of EMPLOYEE_FIELDS) if (column !== null && next[f] === column) delete next[f]
    if (column === null) delete next[field]
    else next[field] = column
    mapping.value = next
  }

  const latestExisting = useLatest()
  /** Looks up which accounts of the file the enterprise already has (the core reads its whole list once). */
  async function checkExisting(): Promise<void> {
    const current = latestExisting.begin()
    existing.value = null
    existingError.value = null
    const names = checked.value.flatMap((r) => (r.member ? [r.member.userName] : []))
    if (names.length === 0) {
      existing.value = new Map()
      return
    }
    try {
      const r = await directoryAccounts({ enterpriseGlobalId: enterprise.value, userNames: names })
      if (!current()) return
      existing.value = new Map(r.found.map((p) => [p.asked.toLowerCase(), { userName: p.userName, name: p.name }]))
    } catch (err) {
      if (current()) existingError.value = errorData(err)
    }
  }
  onDirectoryChanged((s) => {
    if (s.enterpriseGlobalId === enterprise.value) existingProgress.value = s
  })

  /** Goes to the check: every row checked, existing accounts looked up. */
  function toCheck(): void {
    step.value = 'check'
    void checkExisting()
  }

  /** Sends the rows that can be sent. */
  async function start(): Promise<void> {
    const send = rows.value.filter((r): r is CheckedEmployeeRow & { member: NewMember } => r.member !== undefined)
    if (send.length === 0 || !passwordsKept.value) return
    starting.value = true
    startError.value = null
    try {
      const job = await startMemberImport(enterprise.value, send.map((r) => r.member))
      sentLines.value = send.map((r) => r.line)
      notSent.value = issues.value
      jobIds.value = [job.id]
      step.value = 'run'
    } catch (err) {
      startError.value = errorData(err)
    } finally {
      starting.value = false
    }
  }

  async function clearRun(): Promise<void> {
    sentLines.value = []
    notSent.value = []
    jobIds.value = []
  }

  /** Starts over with another file (the run stays in the bulk runner's list and the journal). */
  async function reset(): Promise<void> {
    await clearRun()
    file.value = null
    mapping.value = {}
    existing.value = null
    passwordsKept.value = true
    step.value = 'file'
    fileName.value = ''
    header.value = []
    keptRows.value = []
    passwordColumn.value = null
  }

  return {
    step,
    file,
    passwordsKept,
    mapping,
    enterprise,
    reading,
    readError,
    existing,
    existingError,
    existingProgress,
    starting,
    startError,
    sentLines,
    notSent,
    jobIds,
    locale,
    checked,
    rows,
    counts,
    issues,
    missing,
    draftError: draft.saveError,
    load,
    read,
    setColumn,
    checkExisting,
    toCheck,
    start,
    reset,
  }
})
