/** Secrets in the OS keychain (Secret Service, macOS Keychain, Windows Credential Manager) through keytar. */
import { AppError } from '@shared/errors/app-error'
import { accountFor, VAULT_SERVICE, type Vault, type VaultSecretName, type VaultStatus } from './vault'
import { KeytarJobSecrets, type JobSecretVault } from './job-secrets'
import type { KeytarApi } from './keytar-api'

export type { KeytarApi }


/** Keychain-backed vault: service `License Desk`, account `<profileId>/<secretName>`. */
export class KeytarVault implements Vault {
  readonly available = true
  readonly backend = 'keychain'
  readonly jobs: JobSecretVault

  constructor(
    private readonly keytar: KeytarApi,
    private readonly service: string = VAULT_SERVICE,
  ) {
    this.jobs = new KeytarJobSecrets(keytar, service, (fn) => this.call(fn))
  }

  status(): VaultStatus {
    return { available: true, backend: this.backend }
  }

  async get(profileId: string, name: VaultSecretName): Promise<string | null> {
    return this.call(() => this.keytar.getPassword(this.service, accountFor(profileId, name)))
  }

  async set(profileId: string, name: VaultSecretName, value: string): Promise<void> {
    await this.call(() => this.keytar.setPassword(this.service, accountFor(profileId, name), value))
  }

  async delete(profileId: string, name: VaultSecretName): Promise<void> {
    await this.call(() => this.keytar.deletePassword(this.service, accountFor(profileId, name)))
  }

  async has(profileId: string, name: VaultSecretName): Promise<boolean> {
    return (await this.get(profileId, name)) !== null
  }

  async deleteProfile(profileId: string): Promise<void> {
    const all = await this.call(() => this.keytar.findCredentials(this.service))
    const prefix = `${profileId}/`
    for (const { account } of all) {
      if (account.startsWith(prefix)) await this.call(() => this.keytar.deletePassword(this.service, account))
    }
  }

  // keytar's errors can quote the account but never the secret; they become one structured error.
  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn()
    } catch (err) {
      throw AppError.app('app.keychain', { detail: (err as Error).message })
    }
  }
}
