/** Secrets in memory, for this session only: the fallback when no OS keychain answers. Never written to disk. */
import { accountFor, type Vault, type VaultSecretName, type VaultStatus } from './vault'
import { MemoryJobSecrets } from './job-secrets'

/** In-memory vault; `detail` says why the keychain is not used. */
export class MemoryVault implements Vault {
  readonly available = false
  readonly backend = 'memory'
  private readonly secrets = new Map<string, string>()
  readonly jobs = new MemoryJobSecrets()

  constructor(private readonly detail?: string) {}

  status(): VaultStatus {
    return this.detail ? { available: false, backend: this.backend, detail: this.detail } : { available: false, backend: this.backend }
  }

  async get(profileId: string, name: VaultSecretName): Promise<string | null> {
    return this.secrets.get(accountFor(profileId, name)) ?? null
  }

  async set(profileId: string, name: VaultSecretName, value: string): Promise<void> {
    this.secrets.set(accountFor(profileId, name), value)
  }

  async delete(profileId: string, name: VaultSecretName): Promise<void> {
    this.secrets.delete(accountFor(profileId, name))
  }

  async has(profileId: string, name: VaultSecretName): Promise<boolean> {
    return this.secrets.has(accountFor(profileId, name))
  }

  async deleteProfile(profileId: string): Promise<void> {
    for (const key of [...this.secrets.keys()]) if (key.startsWith(`${profileId}/`)) this.secrets.delete(key)
  }
}
