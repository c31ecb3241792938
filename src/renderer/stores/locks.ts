/**
 * The Locks screen's store: the list as typed or pasted (saved as a draft in the core as the user types, so a
 * reload or a restart never loses it), the action and operator, the check of the list, the run on screen (its
 * job and retries), and the recent lock runs.
 */
import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import type { AppErrorData } from '@shared/errors/app-error'
import type { JobSummary } from '@shared/ipc/channels/bulk'
import type { LockAction } from '@shared/ipc/channels/locks'
import { errorData, invoke } from '../bridge'
import { useProfilesStore } from './profiles'
import { checkLockText, type CheckedLockList } from '../views/locks/lock-input'

/** Wait after the last keystroke before the draft is saved. */
const SAVE_DELAY_MS = 400
/** Texts longer than this are checked after a short pause rather than on every keystroke. */
const LARGE_TEXT = 200_000

export const useLocksStore = defineStore('locks', () => {
  const profiles = useProfilesStore()

  const text = ref('')
  const action = ref<LockAction>('disable')
  const operatorIdentity = ref('')
  const source = ref('')
  const jobIds = ref<string[]>([])
  const loaded = ref(false)
  const loadError = ref<AppErrorData | null>(null)
  const saveError = ref<AppErrorData | null>(null)
  const saving = ref(false)

  const checked = shallowRef<CheckedLockList>(checkLockText(''))
  let checkTimer: ReturnType<typeof setTimeout> | null = null
  watch(text, (v) => {
    if (checkTimer) clearTimeout(checkTimer)
    if (v.length < LARGE_TEXT) checked.value = checkLockText(v)
    else checkTimer = setTimeout(() => (checked.value = checkLockText(text.value)), 150)
  })

  const recent = shallowRef<JobSummary[]>([])
  const recentError = ref<AppErrorData | null>(null)

  /** Loads the draft (once); without one, the operator comes from the active profile. */
  async function load(): Promise<void> {
    if (loaded.value) return
    loadError.value = null
    try {
      const d = await invoke('locks.getDraft', {})
      suspendSave = true
      if (d) {
        text.value = d.text
        action.value = d.action
        operatorIdentity.value = d.operatorIdentity
        source.value = d.source ?? ''
        jobIds.value = d.jobIds ?? []
      }
      if (!operatorIdentity.value) operatorIdentity.value = profiles.active?.operatorIdentity ?? ''
      checked.value = checkLockText(text.value)
      loaded.value = true
    } catch (err) {
      loadError.value = errorData(err)
    } finally {
      suspendSave = false
    }
  }

  let suspendSave = false
  let saveTimer: ReturnType<typeof setTimeout> | null = null
  let pending: Promise<void> = Promise.resolve()

  /** Saves now (pending edits included). */
  function flush(): Promise<void> {
    if (saveTimer) {
      clearTimeout(saveTimer)
      saveTimer = null
    }
    const empty = text.value.trim() === '' && jobIds.value.length === 0
    const draft = empty
      ? null
      : {
          text: text.value,
          action: action.value,
          operatorIdentity: operatorIdentity.value,
          ...(source.value ? { source: source.value } : {}),
          ...(jobIds.value.length ? { jobIds: jobIds.value } : {}),
        }
    saving.value = true
    pending = pending
      .then(() => invoke('locks.saveDraft', { draft }))
      .then(
        () => {
          saveError.value = null
        },
        (err: unknown) => {
          saveError.value = errorData(err)
        },
      )
      .finally(() => {
        saving.value = false
      })
    return pending
  }

  watch([text, action, operatorIdentity, source, jobIds], () => {
    if (!loaded.value || suspendSave) return
    if (saveTimer) clearTimeout(saveTimer)
    saveTimer = setTimeout(() => void flush(), SAVE_DELAY_MS)
  })

  /** Clears the list (and its source); the run on screen stays. */
  function clearList(): void {
    text.value = ''
    source.value = ''
  }

  /** Lock runs, newest first (interrupted ones included). */
  async function loadRecent(): Promise<void> {
    try {
      const { jobs } = await invoke('bulk.list', {})
      recent.value = jobs.filter((j) => j.kind === 'locks.disable' || j.kind === 'locks.enable')
      recentError.value = null
    } catch (err) {
      recentError.value = errorData(err)
    }
  }

  const interrupted = computed(() => recent.value.filter((j) => j.status === 'interrupted' || j.status === 'paused'))

  return {
    text,
    action,
    operatorIdentity,
    source,
    jobIds,
    loaded,
    loadError,
    saveError,
    saving,
    checked,
    recent,
    recentError,
    interrupted,
    load,
    flush,
    clearList,
    loadRecent,
  }
})
