/**
 * The Members screen's store: which enterprise (typed, else the connection's), the page of employees shown
 * (keyword, department, page, page size), the selection (kept across pages), the departments seen, and the
 * actions on one employee (add, edit, reset password, delete). The add and edit forms are kept as drafts
 * (never their passwords) so nothing typed is lost on a refused save or a restart.
 */
import { defineStore } from 'pinia'
import { computed, reactive, ref, shallowRef, watch } from 'vue'
import type { AppErrorData } from '@shared/errors/app-error'
import type { MemberRef } from '@shared/bulk/member-actions'
import {
  MEMBER_DRAFT_IDS,
  memberAddDraftSchema,
  memberBulkDraftSchema,
  memberEditDraftSchema,
  type Department,
  type DirectoryStatus,
  type MemberAddResult,
  type MemberPageView,
  type MemberRow,
} from '@shared/ipc/channels/members'
import { EMPTY_MEMBER_FORM, toMemberEdit, toNewMember, type MemberFormValues } from '@shared/members/member-form'
import { errorData, onEvent } from '../bridge'
import { addMember, deleteMember, editMember, listMembers, loadMemberDraft, memberDepartments, refreshDirectory, resetMemberPassword } from '../api/members'
import { useProfilesStore } from './profiles'
import { draftKeeper } from './member-drafts'

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

  let seq = 0
  /** Reads the page asked for; an emptied last page (after deletes) falls back to the new last page. */
  async function load(): Promise<void> {
    const mine = ++seq
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
      if (mine !== seq) return
      const enterpriseChanged = page.value !== null && page.value.enterpriseGlobalId !== p.enterpriseGlobalId
      page.value = p
      pageNum.value = p.pageNum
      pageSize.value = p.pageSize
      error.value = null
      if (enterpriseChanged || departments.value.length === 0) void loadDepartments()
      if (enterpriseChanged) selected.value = new Map()
    } catch (err) {
      if (mine === seq) error.value = errorData(err)
    } finally {
      if (mine === seq) loading.value = false
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

  const offDirectory = onEvent('members.directory', (s) => {
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

  const addForm = reactive<FormFields>({ ...fieldsOf(EMPTY_MEMBER_FORM) })
  const addPassword = ref('')
  const addDraft = draftKeeper(MEMBER_DRAFT_IDS.add, 'members.add', (raw) => {
    const p = memberAddDraftSchema.safeParse(raw)
    return p.success ? p.data : null
  }, () => profiles.activeId || null)
  let addLoaded = false
  /** Whether the add form holds something typed (kept from before). */
  const addHasDraft = computed(() => Object.values(addForm).some((v) => v.trim() !== ''))

  async function openAdd(): Promise<void> {
    if (addLoaded) return
    addLoaded = true
    try {
      const d = await addDraft.load()
      if (d) Object.assign(addForm, d.values)
    } catch {
      // No draft to restore: an empty form.
    }
  }
  watch(addForm, () => {
    if (addLoaded) addDraft.save({ enterpriseGlobalId: shownEnterprise.value, values: { ...addForm } })
  })

  /** Adds the employee of the add form; on success the form (and its draft) is cleared. Throws BridgeError. */
  async function add(): Promise<MemberAddResult> {
    const values: MemberFormValues = { ...addForm, password: addPassword.value }
    const r = await addMember({ ...writeTarget(), member: toNewMember(values) })
    addPassword.value = ''
    Object.assign(addForm, fieldsOf(EMPTY_MEMBER_FORM))
    await addDraft.clear().catch(() => undefined)
    void load()
    return r
  }

  /** Clears the add form and its draft. */
  async function discardAdd(): Promise<void> {
    Object.assign(addForm, fieldsOf(EMPTY_MEMBER_FORM))
    addPassword.value = ''
    await addDraft.clear().catch(() => undefined)
  }

  // ---- the edit form of one employee (a draft)

  const editing = shallowRef<MemberRow | null>(null)
  const editForm = reactive<FormFields>({ ...fieldsOf(EMPTY_MEMBER_FORM) })
  const editDraft = draftKeeper(MEMBER_DRAFT_IDS.edit, 'members.edit', (raw) => {
    const p = memberEditDraftSchema.safeParse(raw)
    return p.success ? p.data : null
  }, () => profiles.activeId || null)
  /** The employee whose unsaved edit is kept (to offer it again), if any. */
  const keptEdit = shallowRef<{ memberGlobalId: string; enterpriseGlobalId: string; name: string; userName: string } | null>(null)
  let editWatching = false

  /** Looks for an edit kept from before (the screen offers to go back to it). */
  async function checkKeptEdit(): Promise<void> {
    try {
      const d = await editDraft.load()
      keptEdit.value = d
        ? { memberGlobalId: d.memberGlobalId, enterpriseGlobalId: d.enterpriseGlobalId, name: d.values.name || d.values.userName, userName: d.values.userName }
        : null
    } catch {
      keptEdit.value = null
    }
  }

  /** Starts editing an employee: their values, or the unsaved changes kept for them. Returns whether changes were restored. */
  async function startEdit(m: MemberRow): Promise<boolean> {
    editWatching = false
    editing.value = m
    Object.assign(editForm, fieldsOf(formOfRow(m)))
    let restored = false
    try {
      const d = await editDraft.load()
      if (d && d.memberGlobalId === m.globalId) {
        Object.assign(editForm, d.values, { userName: m.userName })
        restored = true
      }
    } catch {
      // Nothing kept: the employee's own values.
    }
    editWatching = true
    return restored
  }
  watch(editForm, () => {
    if (!editWatching || !editing.value) return
    editDraft.save({ enterpriseGlobalId: shownEnterprise.value, memberGlobalId: editing.value.globalId, values: { ...editForm } })
  })

  /** Leaves the edit form; `keep` keeps the draft (the user closed without saving and may come back). */
  async function stopEdit(keep: boolean): Promise<void> {
    editWatching = false
    const m = editing.value
    editing.value = null
    if (!keep) {
      await editDraft.clear().catch(() => undefined)
      if (keptEdit.value && m && keptEdit.value.memberGlobalId === m.globalId) keptEdit.value = null
    } else {
      await editDraft.flush()
      await checkKeptEdit()
    }
  }

  /** Saves the edit form. Throws BridgeError (the form stays, with its draft). */
  async function saveEdit(): Promise<MemberRow> {
    const m = editing.value
    if (!m) throw new Error('nothing is being edited')
    const body = toMemberEdit({ ...editForm, userName: m.userName, password: '' })
    await editMember({ ...writeTarget(), memberGlobalId: m.globalId, ...body })
    const dep = body.departmentId === null ? null : (departments.value.find((d) => d.id === body.departmentId)?.name ?? (body.departmentId === m.departmentId ? m.departmentName : null))
    const updated: MemberRow = { ...m, name: body.name, departmentId: body.departmentId, departmentName: dep, remark: body.remark, passwordMobile: body.passwordMobile, updateTime: Date.now() }
    editing.value = updated
    await stopEdit(false)
    if (page.value) page.value = { ...page.value, list: page.value.list.map((r) => (r.globalId === m.globalId ? updated : r)) }
    void load()
    return updated
  }

  // ---- password and delete

  /** Sets a new password. Throws BridgeError. */
  async function resetPassword(m: MemberRow, password: string): Promise<void> {
    await resetMemberPassword({ ...writeTarget(), memberGlobalId: m.globalId, password })
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
    keptEdit.value = null
    await editDraft.clear().catch(() => undefined)
  }

  /** A bulk run kept from before (delete or reset of many), to open again: its action and jobs. */
  const keptBulk = shallowRef<{ action: 'delete' | 'resetPassword'; jobIds: string[] } | null>(null)
  async function checkKeptBulk(): Promise<void> {
    try {
      const d = await loadMemberDraft(MEMBER_DRAFT_IDS.bulk)
      const p = d ? memberBulkDraftSchema.safeParse(d.body) : null
      keptBulk.value = p?.success && p.data.jobIds.length > 0 ? { action: p.data.action, jobIds: p.data.jobIds } : null
    } catch {
      keptBulk.value = null
    }
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
    addDraftError: addDraft.error,
    openAdd,
    add,
    discardAdd,
    editing,
    editForm,
    editDraftError: editDraft.error,
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
  }
})
