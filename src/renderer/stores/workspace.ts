/**
 * The team workspace as Settings → Workspace shows it: the settings (the form is kept here, so what was typed
 * survives leaving the tab), the pushed sync status, the conflicts and the user's choices. The form's rules:
 * models/workspace/workspace-form.ts.
 */
import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'
import type { AppErrorData } from '@shared/errors/app-error'
import type { WorkspaceConflict, WorkspaceSettingsView } from '@shared/ipc/channels/workspace'
import type { ConflictChoice, WorkspaceStatus } from '@shared/workspace'
import { errorData } from '../api/errors'
import { getWorkspace, leaveWorkspace, onWorkspaceStatus, resolveConflict, setWorkspace, syncWorkspace, workspaceConflicts, workspaceStatus } from '../api/workspace'
import { checkForm, formFrom, type WorkspaceField, type WorkspaceForm, type WorkspaceProblem } from '../models/workspace/workspace-form'
import { useProfilesStore } from './profiles'

export const useWorkspaceStore = defineStore('workspace', () => {
  const profiles = useProfilesStore()
  const view = shallowRef<WorkspaceSettingsView | null>(null)
  const status = shallowRef<WorkspaceStatus | null>(null)
  const conflicts = shallowRef<WorkspaceConflict[]>([])
  const form = ref<WorkspaceForm>(formFrom(null, profiles.activeId))
  /** Whether the form differs from the settings on file (typed and not yet saved). */
  const edited = ref(false)
  const problems = ref<Partial<Record<WorkspaceField, WorkspaceProblem>>>({})
  const failure = shallowRef<AppErrorData | null>(null)
  const busy = ref<'save' | 'leave' | 'sync' | null>(null)
  const resolving = ref<string | null>(null)
  let off: (() => void) | null = null

  async function loadConflicts(): Promise<void> {
    conflicts.value = await workspaceConflicts()
  }

  function follow(s: WorkspaceStatus): void {
    const before = status.value?.conflicts ?? 0
    status.value = s
    if (s.conflicts !== before || s.conflicts !== conflicts.value.length) void loadConflicts().catch(() => undefined)
  }

  /** Loads the settings, the status and the conflicts, and follows the status (once). */
  async function open(): Promise<void> {
    off ??= onWorkspaceStatus(follow)
    const [v, s] = await Promise.all([getWorkspace(), workspaceStatus()])
    view.value = v
    if (!edited.value) form.value = formFrom(v, profiles.activeId)
    follow(s)
    await loadConflicts()
  }

  function touch(): void {
    edited.value = true
  }

  /** Checks the form at its fields, then joins the workspace (or changes it). False: nothing was sent. */
  async function save(): Promise<boolean> {
    failure.value = null
    const checked = checkForm(form.value)
    problems.value = checked.ok ? {} : checked.problems
    if (!checked.ok) return false
    busy.value = 'save'
    try {
      const f = form.value
      const password = f.forgetPassword ? null : f.password !== '' ? f.password : undefined
      view.value = await setWorkspace({ settings: checked.settings, ...(password !== undefined ? { password } : {}) })
      form.value = formFrom(view.value, profiles.activeId)
      edited.value = false
      status.value = await workspaceStatus()
      return true
    } catch (err) {
      failure.value = errorData(err)
      return false
    } finally {
      busy.value = null
    }
  }

  async function leave(): Promise<void> {
    failure.value = null
    busy.value = 'leave'
    try {
      view.value = await leaveWorkspace()
      form.value = formFrom(view.value, profiles.activeId)
      edited.value = false
      status.value = await workspaceStatus()
      conflicts.value = []
    } catch (err) {
      failure.value = errorData(err)
    } finally {
      busy.value = null
    }
  }

  async function syncNow(): Promise<void> {
    failure.value = null
    busy.value = 'sync'
    try {
      follow(await syncWorkspace())
    } catch (err) {
      failure.value = errorData(err)
    } finally {
      busy.value = null
    }
  }

  async function resolve(c: WorkspaceConflict, choice: ConflictChoice): Promise<void> {
    failure.value = null
    resolving.value = `${c.kind}:${c.id}`
    try {
      conflicts.value = await resolveConflict(c.kind, c.id, choice)
    } catch (err) {
      failure.value = errorData(err)
    } finally {
      resolving.value = null
    }
  }

  return { view, status, conflicts, form, edited, problems, failure, busy, resolving, open, touch, save, leave, syncNow, resolve }
})
