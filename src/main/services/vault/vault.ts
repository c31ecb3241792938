/** The vault: where secrets live. One interface, two backends (OS keychain via keytar, or memory for the session). */
import type { SecretName } from '@shared/ipc/channels/profiles'
import type { JobSecretVault } from './job-secrets'

/**
 * Every secret the vault holds: a profile's (SecretName), and the team workspace's database password, kept under
 * the pseudo-profile WORKSPACE_VAULT_ID (services/workspace).
 */
export type VaultSecretName = SecretName | 'workspacePassword'

/** Service name every secret is stored under in the OS keychain. */
export const VAULT_SERVICE = 'License Desk'

/** Keychain state as `app.info` reports it. */
export interface VaultStatus {
  /** False: secrets are kept in memory for this session only. */
  available: boolean
  backend: string
  detail?: string
}

/** Secrets keyed per profile. Values never leave the main process except towards the service they are for. */
export interface Vault {
  readonly available: boolean
  readonly backend: string
  status(): VaultStatus
  get(profileId: string, name: VaultSecretName): Promise<string | null>
  set(profileId: string, name: VaultSecretName, value: string): Promise<void>
  delete(profileId: string, name: VaultSecretName): Promise<void>
  has(profileId: string, name: VaultSecretName): Promise<boolean>
  /** Removes every secret of a profile (when the profile is deleted). */
  deleteProfile(profileId: string): Promise<void>
  /** Bulk jobs' row secrets (an import's initial passwords), keyed by job and row (see job-secrets.ts). */
  readonly jobs: JobSecretVault
}

/** The keychain account of a secret: `<profileId>/<secretName>`. */
export function accountFor(profileId: string, name: VaultSecretName): string {
  return `${profileId}/${name}`
}
