/**
 * The Members screen's store: which enterprise (typed, else the connection's), the page of employees shown
 * (keyword, department, page, page size), the selection (kept across pages), the departments seen, and the
 * actions on one employee (add, edit, reset password, delete). The add and edit forms and the bulk action on a
 * pasted list are kept in the draft store as they are typed (composables/draft-sync.ts), never a password, so
 * nothing typed is lost on a refused save, a reload or a restart.
 */
import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import type { AppErrorData } from '@shared/errors/app-error'
import type { MemberRef } from '@shared/bulk/member-actions'
import {
  MEMBER_DRAFT_IDS,
  type Department,
  type DirectoryStatus,
  type MemberAddResult,
  type MemberPageView,
  type MemberRow,
} from '@shared/ipc/channels/members'
import { EMPTY_MEMBER_FORM, toMemberEdit, toNewMember, type MemberFormValues } from '@shared/members/member-form'
import { errorData } from '../api/errors'
import { addMember, deleteMember, editMember, listMembers, memberDepartments, onDirectoryChanged, refreshDirectory, resetMemberPassword } from '../api/members'
import { useDraftSync } from '../composables/draft-sync'
import { useProfilesStore } from './profiles'
import { useLatest } from '../composables/latest'

/** Page sizes offered, and the one a new screen starts with. */
export const PAGE_SIZES = [20, 50, 100, 200, 500] as const
export const DEFAULT_PAGE_SIZE = 50

type FormFields = Omit<MemberFormValues, 'password'>

function fieldsOf(v: MemberFormValues): FormFields {
  const { password: _never, ...rest } = v
  return rest
}

/** The form values of an employee as listed (for editing). */
export function formOfRow(m: MemberRow): MemberFormValues {
  return {
    ...EMPTY_MEMBER_FORM,
    userName: m.userName,
    name: m.name,
    departmentId: m.departmentId === null ? '' : String(m.departmentId),
    remark: m.remark ?? '',
    passwordMobile: m.passwordMobile ?? '',
  }
}

/** An employee as a bulk job names them. */
export function refOf(m: Pick<MemberRow, 'globalId' | 'userName' | 'name'>): MemberRef {
  return m.name ? { globalId: m.globalId, userName: m.userName, name: m.name } : { globalId: m.globalId, userName: m.userName }
}

export const useMembersStore = defineStore('members', () => {
  const profiles = useProfilesStore()

  /** The enterprise as chosen (empty: the connection's own). */
  const enterprise = ref('')
  const keyword = ref('')
  const departmentId = ref<number | null>(null)
  const pageNum = ref(1)
  const pageSize = ref<number>(DEFAULT_PAGE_SIZE)
  const page = shallowRef<MemberPageView | null>(null)
  const loading = ref(false)
  const error = ref<AppErrorData | null>(null)
  const departments = shallowRef<Department[]>([])
  const directory = shallowRef<DirectoryStatus | null>(null)
  /** Selected employees by global id (kept while paging and searching). */
  const selected = shallowRef<ReadonlyMap<string, MemberRow>>(new Map())

  /** The enterprise of the list shown (what writes go to). */
  const shownEnterprise = computed(() => page.value?.enterpriseGlobalId ?? '')
  const target = () => {
    const e = enterprise.value.trim()
    return e ? { enterpriseGlobalId: e } : {}
  }
  const writeTarget = () => (shownEnterprise.value ? { enterpriseGlobalId: shownEnterprise.value } : target())

  const latest = useLatest()
  /** Reads the page asked for; an emptied last page (after deletes) falls back to the new last page. */
  async function load(): Promise<void> {
    const current = latest.begin()
    loading.value = true
    try {
      const input = {
        ...target(),
        pageNum: pageNum.value,
        pageSize: pageSize.value,
        ...(keyword.value.trim() ? { keyword: keyword.value.trim() } : {}),
        ...(departmentId.value !== null ? { departmentId: departmentId.value } : {}),
      }
      let p = await listMembers(input)
      if (p.list.length === 0 && p.pages > 0 && p.pageNum > p.pages) p = await listMembers({ ...input, pageNum: p.pages })
      if (!current()) return
      const enterpriseChanged = page.value !== null && page.value.enterpriseGlobalId !== p.enterpriseGlobalId
      page.value = p
      pageNum.value = p.pageNum
      pageSize.value = p.pageSize
      error.value = null
      if (enterpriseChanged || departments.value.length === 0) void loadDepartments()
      if (enterpriseChanged) selected.value = new Map()
    } catch (err) {
      if (!current()) return
      error.value = errorData(err)
      // Another enterprise was asked for: the page of the previous one must not look like its answer.
      const asked = enterprise.value.trim()
      if (page.value && asked && page.value.enterpriseGlobalId !== asked) {
        page.value = null
        selected.value = new Map()
        departments.value = []
      }
    } finally {
      if (current()) loading.value = false
    }
  }

  /** A new search (keyword, department or enterprise changed): from the first page. */
  function search(): Promise<void> {
    pageNum.value = 1
    return load()
  }

  /** Departments seen in the enterprise's list (read in the background by the core). */
  async function loadDepartments(): Promise<void> {
    try {
      const d = await memberDepartments(writeTarget())
      departments.value = d.departments
      directory.value = d.status
    } catch {
      // The filter then offers no departments; the list itself shows any error.
    }
  }

  /** Reads the list and the directory again (after changes made elsewhere). */
  async function refresh(): Promise<void> {
    await Promise.all([load(), refreshDirectory(writeTarget()).then((s) => (directory.value = s)).catch(() => undefined)])
  }

  const offDirectory = onDirectoryChanged((s) => {
    if (s.enterpriseGlobalId !== shownEnterprise.value) return
    directory.value = s
    if (s.state === 'ready') void loadDepartments()
  })
  void offDirectory

  // Another connection means other employees.
  watch(
    () => profiles.activeId,
    (now, before) => {
      if (!before || now === before) return
      page.value = null
      selected.value = new Map()
      departments.value = []
      departmentId.value = null
      void search()
    },
  )

  // ---- selection

  function setSelected(rows: readonly MemberRow[], on: boolean): void {
    const next = new Map(selected.value)
    for (const r of rows) {
      if (on) next.set(r.globalId, r)
      else next.delete(r.globalId)
    }
    selected.value = next
  }
  function clearSelection(): void {
    selected.value = new Map()
  }
  const selectedRefs = computed(() => [...selected.value.values()].map(refOf))

  // ---- the add form (a draft, without the password)

  const addForm = ref<FormFields>({ ...fieldsOf(EMPTY_MEMBER_FORM) })
  /** The add form's password: in this page only, never in the draft. */
  const addPassword = ref('')
  const addEnterprise = ref('')
  const addDraft = useDraftSync({ id: MEMBER_DRAFT_IDS.add, kind: 'members.add', fields: { enterpriseGlobalId: addEnterprise, values: addForm } })
  /** Whether the add form holds something typed (kept from before). */
  const addHasDraft = computed(() => Object.values(addForm.value).some((v) => v.trim() !== ''))
  watch(addForm, () => (addEnterprise.value = shownEnterprise.value), { deep: true })

  /** Reads the add form kept from before (once). */
  async function openAdd(): Promise<void> {
    await addDraft.load()
  }

  /** Adds the employee of the add form; on success the form (and its draft) is emptied. Throws BridgeError. */
  async function add(): Promise<MemberAddResult> {
    const values: MemberFormValues = { ...addForm.value, password: addPassword.value }
    const r = await addMember({ ...writeTarget(), member: toNewMember(values) })
    addPassword.value = ''
    addForm.value = { ...fieldsOf(EMPTY_MEMBER_FORM) }
    void load()
    return r
  }

  /** Empties the add form (and so its draft). */
  function discardAdd(): void {
    addForm.value = { ...fieldsOf(EMPTY_MEMBER_FORM) }
    addPassword.value = ''
  }

  // ---- the edit form of one employee (a draft: whose it is, and the values typed)

  const editing = shallowRef<MemberRow | null>(null)
  const editForm = ref<FormFields>({ ...fieldsOf(EMPTY_MEMBER_FORM) })
  const editMemberId = ref('')
  const editEnterprise = ref('')
  const editDraft = useDraftSync({
    id: MEMBER_DRAFT_IDS.edit,
    kind: 'members.edit',
    fields: { enterpriseGlobalId: editEnterprise, memberGlobalId: editMemberId, values: editForm },
  })
  /** The employee whose unsaved edit is kept (to offer it again), if any and not open now. */
  const keptEdit = computed(() =>
    editMemberId.value && !editing.value
      ? { memberGlobalId: editMemberId.value, enterpriseGlobalId: editEnterprise.value, name: editForm.value.name || editForm.value.userName, userName: editForm.value.userName }
      : null,
  )

  /** Reads the edit kept from before (once): the screen offers to go back to it. */
  async function checkKeptEdit(): Promise<void> {
    await editDraft.load()
  }

  /** Starts editing an employee: their values, or the unsaved changes kept for them. Returns whether changes were restored. */
  async function startEdit(m: MemberRow): Promise<boolean> {
    await editDraft.load()
    editing.value = m
    if (editMemberId.value === m.globalId) {
      editForm.value = { ...editForm.value, userName: m.userName }
      return JSON.stringify(editForm.value) !== JSON.stringify(fieldsOf(formOfRow(m)))
    }
    editMemberId.value = m.globalId
    editEnterprise.value = shownEnterprise.value
    editForm.value = { ...fieldsOf(formOfRow(m)) }
    return false
  }

  /** Leaves the edit form; `keep` keeps the changes (the user closed without saving and may come back). */
  async function stopEdit(keep: boolean): Promise<void> {
    editing.value = null
    if (!keep) {
      editMemberId.value = ''
      editForm.value = { ...fieldsOf(EMPTY_MEMBER_FORM) }
    }
    await editDraft.flush()
  }

  /** Finds the employee of a kept edit (searching by their account) and returns them, or null. */
  async function findKeptEdit(): Promise<MemberRow | null> {
    const k = keptEdit.value
    if (!k) return null
    keyword.value = k.userName
    departmentId.value = null
    await search()
    return page.value?.list.find((m) => m.globalId === k.memberGlobalId) ?? null
  }

  /** Drops the kept edit. */
  async function discardKeptEdit(): Promise<void> {
    await stopEdit(false)
  }

  /** Saves the edit form. Throws BridgeError (the form stays, with its draft). */
  async function saveEdit(): Promise<MemberRow> {
    const m = editing.value
    if (!m) throw new Error('nothing is being edited')
    const body = toMemberEdit({ ...editForm.value, userName: m.userName, password: '' })
    await editMember({ ...writeTarget(), memberGlobalId: m.globalId, ...body })
    const dep = body.departmentId === null ? null : (departments.value.find((d) => d.id === body.departmentId)?.name ?? (body.departmentId === m.departmentId ? m.departmentName : null))
    const updated: MemberRow = { ...m, name: body.name, departmentId: body.departmentId, departmentName: dep, remark: body.remark, passwordMobile: body.passwordMobile, updateTime: Date.now() }
    await stopEdit(false)
    if (page.value) page.value = { ...page.value, list: page.value.list.map((r) => (r.globalId === m.globalId ? updated : r)) }
    void load()
    return updated
  }

  // ---- a bulk action on a pasted list (a draft), and the bulk run on screen

  const bulkAction = ref<'delete' | 'resetPassword'>('delete')
  const bulkText = ref('')
  const bulkJobIds = ref<string[]>([])
  const bulkEnterprise = ref('')
  const bulkDraft = useDraftSync({
    id: MEMBER_DRAFT_IDS.bulk,
    kind: 'members.bulk',
    fields: { enterpriseGlobalId: bulkEnterprise, action: bulkAction, text: bulkText, jobIds: bulkJobIds },
  })
  /** A bulk run kept from before (delete or reset of many), to open again. */
  const keptBulk = computed(() => (bulkJobIds.value.length > 0 ? { action: bulkAction.value, jobIds: bulkJobIds.value } : null))
  async function checkKeptBulk(): Promise<void> {
    await bulkDraft.load()
  }
  /** Keeps the run on screen (or none) with the action it does. */
  function keepBulkRun(action: 'delete' | 'resetPassword', jobIds: string[]): void {
    bulkAction.value = action
    bulkEnterprise.value = shownEnterprise.value
    bulkJobIds.value = jobIds
    if (jobIds.length > 0) bulkText.value = ''
  }

  // ---- password and delete

  /** Sets a new password. Throws BridgeError. */
  async function resetPassword(m: MemberRow, password: string): Promise<void> {
    await resetMemberPassword({ ...writeTarget(), memberGlobalId: m.globalId, password })
  }

  /** Deletes an employee; resolves whether the answer was lost and read back. Throws BridgeError. */
  async function remove(m: MemberRow): Promise<boolean> {
    const r = await deleteMember({ ...writeTarget(), memberGlobalId: m.globalId, userName: m.userName })
    setSelected([m], false)
    void load()
    return r.reconciled
  }

  return {
    enterprise,
    keyword,
    departmentId,
    pageNum,
    pageSize,
    page,
    loading,
    error,
    departments,
    directory,
    selected,
    selectedRefs,
    shownEnterprise,
    load,
    search,
    refresh,
    loadDepartments,
    setSelected,
    clearSelection,
    addForm,
    addPassword,
    addHasDraft,
    addDraftError: addDraft.saveError,
    openAdd,
    add,
    discardAdd,
    editing,
    editForm,
    editDraftError: editDraft.saveError,
    keptEdit,
    checkKeptEdit,
    findKeptEdit,
    discardKeptEdit,
    startEdit,
    stopEdit,
    saveEdit,
    resetPassword,
    remove,
    keptBulk,
    checkKeptBulk,
    keepBulkRun,
    bulkAction,
    bulkText,
  }
})
