/** The profiles store: connection profiles as the renderer sees them (never a secret), the active one, and actions. */
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type {
  ConnectionTest,
  ProfileFields,
  ProfileFieldsPatch,
  ProfileList,
  ProfileView,
  SecretName,
} from '@shared/ipc/channels/profiles'
import type { AppErrorData } from '@shared/errors/app-error'
import {
  activateProfile,
  createProfile,
  deleteProfile,
  listProfiles,
  onProfilesChanged,
  onSandboxStatus,
  setProfileSecret,
  testProfile,
  updateProfile,
} from '../api/profiles'
import { errorData } from '../api/errors'

export const useProfilesStore = defineStore('profiles', () => {
  const profiles = ref<ProfileView[]>([])
  const activeId = ref('')
  const loaded = ref(false)
  const loading = ref(false)
  const error = ref<AppErrorData | null>(null)
  /** Id of the profile being switched to, for a spinner on the switcher. */
  const switching = ref<string | null>(null)
  let unsubscribe: (() => void) | null = null

  const active = computed(() => profiles.value.find((p) => p.id === activeId.value) ?? null)
  const isSandboxActive = computed(() => active.value?.kind === 'sandbox')
  /**
   * A connection's channel code and channel customer id (the active one's by default): where Find, Bind, the
   * picker's "find on the service" and the order wizard take them from.
   */
  function channelOf(profileId?: string): { channelCode: string; channelCustomerId: string } {
    const p = profileId ? profiles.value.find((x) => x.id === profileId) : active.value
    return { channelCode: p?.channelCode ?? '', channelCustomerId: p?.channelCustomerId ?? '' }
  }

  function applyList(list: ProfileList): void {
    profiles.value = list.profiles
    activeId.value = list.activeId
    loaded.value = true
  }

  function replaceOne(view: ProfileView): void {
    const i = profiles.value.findIndex((p) => p.id === view.id)
    if (i === -1) profiles.value = [...profiles.value, view]
    else profiles.value = profiles.value.map((p) => (p.id === view.id ? view : p))
  }

  /** Loads the list; also starts following `profiles.changed` (other windows, the CLI) and `sandbox.status`. */
  async function load(): Promise<void> {
    loading.value = true
    error.value = null
    try {
      applyList(await listProfiles())
    } catch (err) {
      error.value = errorData(err)
    } finally {
      loading.value = false
    }
    if (!unsubscribe) {
      const offChanged = onProfilesChanged(() => void refresh())
      // The Sandbox profile's address is the running sandbox's: refresh when it comes up or goes down.
      const offSandbox = onSandboxStatus(() => void refresh())
      unsubscribe = () => {
        offChanged()
        offSandbox()
      }
    }
  }

  /** Reloads quietly (no loading state, errors ignored: the list on screen stays usable). */
  async function refresh(): Promise<void> {
    try {
      applyList(await listProfiles())
    } catch {
      // The next explicit action reports the problem.
    }
  }

  /** Creates a profile with its secrets; throws BridgeError (the caller keeps the form open). */
  async function create(fields: ProfileFields, secrets: Partial<Record<SecretName, string>>): Promise<ProfileView> {
    const view = await createProfile(fields, secrets)
    replaceOne(view)
    return view
  }

  /** Changes some fields of a profile. */
  async function update(id: string, fields: ProfileFieldsPatch): Promise<ProfileView> {
    const view = await updateProfile(id, fields)
    replaceOne(view)
    return view
  }

  /** Stores (or with null, clears) one secret; the view comes back with the new set/not-set flags. */
  async function setSecret(id: string, name: SecretName, value: string | null): Promise<ProfileView> {
    const view = await setProfileSecret(id, name, value)
    replaceOne(view)
    return view
  }

  /** Deletes a profile (and, in the core, its secrets). */
  async function remove(id: string): Promise<void> {
    await deleteProfile(id)
    profiles.value = profiles.value.filter((p) => p.id !== id)
    await refresh()
  }

  /** Makes a profile the active one. */
  async function activate(id: string): Promise<void> {
    switching.value = id
    try {
      applyList(await activateProfile(id))
    } finally {
      switching.value = null
    }
  }

  /** Runs the connection test of a profile. */
  function test(id: string): Promise<ConnectionTest> {
    return testProfile(id)
  }

  return {
    profiles,
    activeId,
    active,
    isSandboxActive,
    channelOf,
    loaded,
    loading,
    error,
    switching,
    load,
    refresh,
    create,
    update,
    setSecret,
    remove,
    activate,
    test,
  }
})
