/**
 * Opens the vault: the OS keychain when keytar loads and a Secret Service answers a harmless read in time,
 * else the in-memory vault with the reason, which `app.info` reports so the user sees a plain banner.
 */
import type { Logger } from '../log'
import { KeytarVault, type KeytarApi } from './keytar-vault'
import { MemoryVault } from './memory-vault'
import { VAULT_SERVICE, type Vault } from './vault'

export { accountFor, VAULT_SERVICE, type Vault, type VaultSecretName, type VaultStatus } from './vault'
export { KeytarVault, type KeytarApi } from './keytar-vault'
export { MemoryVault } from './memory-vault'
export { KeytarJobSecrets, MemoryJobSecrets, ROWS_PER_ENTRY, type JobSecretVault } from './job-secrets'

export interface OpenVaultOptions {
  log: Logger
  /** Force the in-memory vault (`LICENSE_DESK_VAULT=memory`). */
  backend?: 'auto' | 'memory'
  /** How long the probe may take before the keychain counts as absent (default 4 s). */
  probeTimeoutMs?: number
  /** Loads keytar; tests may pass their own. */
  loadKeytar?: () => Promise<KeytarApi>
  service?: string
}

async function defaultLoadKeytar(): Promise<KeytarApi> {
  const mod = (await import('keytar')) as Partial<KeytarApi> & { default?: KeytarApi }
  // keytar is CommonJS: Node's ESM loader sees only some of its functions as named exports (getPassword, not
  // setPassword), so the whole module.exports object under `default` is the one to use.
  const api = mod.default ?? (mod as KeytarApi)
  if (typeof api.setPassword !== 'function' || typeof api.findCredentials !== 'function') throw new Error('keytar has an unexpected shape')
  return api
}

/** Resolves the vault to use for this session. Never throws: the worst case is memory with a reason. */
export async function openVault(options: OpenVaultOptions): Promise<Vault> {
  const { log } = options
  const service = options.service ?? VAULT_SERVICE
  if ((options.backend ?? process.env.LICENSE_DESK_VAULT) === 'memory') {
    log.info('in-memory vault by request')
    return new MemoryVault('in-memory vault requested (LICENSE_DESK_VAULT=memory)')
  }
  let keytar: KeytarApi
  try {
    keytar = await (options.loadKeytar ?? defaultLoadKeytar)()
  } catch (err) {
    const detail = `keytar could not be loaded: ${(err as Error).message}`
    log.warn(`${detail}; secrets stay in memory for this session`)
    return new MemoryVault(detail)
  }
  // On Linux without a session bus, libsecret would try to autolaunch D-Bus and fail slowly or noisily: say why.
  if (process.platform === 'linux' && !process.env.DBUS_SESSION_BUS_ADDRESS) {
    const detail = 'no D-Bus session (DBUS_SESSION_BUS_ADDRESS is not set), so no Secret Service'
    log.warn(`${detail}; secrets stay in memory for this session`)
    return new MemoryVault(detail)
  }
  const timeoutMs = options.probeTimeoutMs ?? 4000
  let timer: NodeJS.Timeout | undefined
  try {
    // A harmless read of an account that never exists.
    const probe = keytar.getPassword(service, '__license-desk-probe__')
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the keychain did not answer within ${timeoutMs} ms`)), timeoutMs)
      timer.unref()
    })
    await Promise.race([probe, timeout])
  } catch (err) {
    const detail = (err as Error).message
    log.warn(`${detail}; secrets stay in memory for this session`)
    return new MemoryVault(detail)
  } finally {
    clearTimeout(timer)
  }
  log.info('using the OS keychain')
  return new KeytarVault(keytar, service)
}
