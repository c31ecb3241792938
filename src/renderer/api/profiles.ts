/** Calls about connection profiles (never a secret comes back: only whether each is set). */
import type { ConnectionTest, ProfileFields, ProfileFieldsPatch, ProfileList, ProfileView, SecretName } from '@shared/ipc/channels/profiles'
import { invoke, onEvent } from '../bridge'

export function listProfiles(): Promise<ProfileList> {
  return invoke('profiles.list', {})
}

export function createProfile(fields: ProfileFields, secrets: Partial<Record<SecretName, string>>): Promise<ProfileView> {
  return invoke('profiles.create', { fields, secrets })
}

export function updateProfile(id: string, fields: ProfileFieldsPatch): Promise<ProfileView> {
  return invoke('profiles.update', { id, fields })
}

/** Stores one secret (null clears it). */
export function setProfileSecret(id: string, name: SecretName, value: string | null): Promise<ProfileView> {
  return invoke('profiles.setSecret', { id, name, value })
}

export async function deleteProfile(id: string): Promise<void> {
  await invoke('profiles.delete', { id })
}

export function activateProfile(id: string): Promise<ProfileList> {
  return invoke('profiles.activate', { id })
}

export function testProfile(id: string): Promise<ConnectionTest> {
  return invoke('profiles.test', { id })
}

/** The profile list or the active profile changed (another window, the CLI). Returns unsubscribe. */
export function onProfilesChanged(handler: () => void): () => void {
  return onEvent('profiles.changed', () => handler())
}

/** The in-process sandbox came up or went down. Returns unsubscribe. */
export function onSandboxStatus(handler: () => void): () => void {
  return onEvent('sandbox.status', () => handler())
}
