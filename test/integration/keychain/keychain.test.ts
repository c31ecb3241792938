/**
 * The vault against a real Secret Service: a private gnome-keyring on a private D-Bus session (never the machine's
 * own keyring; see test/support/keyring.ts).
 */
import { randomUUID } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openVault, ROWS_PER_ENTRY, VAULT_SERVICE, type KeytarApi, type Vault } from '../../../src/main/services/vault'
import { silentLogger } from '../../../src/main/services/log'
import { startPrivateKeyring, type PrivateKeyring } from '../../support/keyring'
import { runCli } from '../../support/cli'
import { testCore } from '../../support/core'
import { removeDir, tempDir } from '../../support/tmp'

/** Every file under a folder, as text. */
async function allText(dir: string): Promise<string> {
  let out = ''
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) out += await readFile(join(entry.parentPath, entry.name), 'utf8')
  }
  return out
}

describe('vault on a real Secret Service', () => {
  let keyring: PrivateKeyring
  let savedBus: string | undefined
  let vault: Vault
  let keytar: KeytarApi

  beforeAll(async () => {
    keyring = await startPrivateKeyring()
    savedBus = process.env.DBUS_SESSION_BUS_ADDRESS
    // Set before keytar's first call: libsecret connects to the bus named here.
    process.env.DBUS_SESSION_BUS_ADDRESS = keyring.env.DBUS_SESSION_BUS_ADDRESS
    const mod = (await import('keytar')) as Partial<KeytarApi> & { default?: KeytarApi }
    keytar = mod.default ?? (mod as KeytarApi)
    vault = await openVault({ log: silentLogger })
  })
  afterAll(async () => {
    if (savedBus === undefined) delete process.env.DBUS_SESSION_BUS_ADDRESS
    else process.env.DBUS_SESSION_BUS_ADDRESS = savedBus
    await keyring?.stop()
  })

  it('opens the OS keychain and reports it available', () => {
    expect(vault.available).toBe(true)
    expect(vault.backend).toBe('keychain')
    expect(vault.status()).toEqual({ available: true, backend: 'keychain' })
  })

  it('sets, reads, reports and deletes a secret under "License Desk", account <profileId>/<name>', async () => {
    const id = randomUUID()
    expect(await vault.has(id, 'orderAppSecret')).toBe(false)
    await vault.set(id, 'orderAppSecret', 'order-secret-é中文')
    expect(await vault.get(id, 'orderAppSecret')).toBe('order-secret-é中文')
    expect(await vault.has(id, 'orderAppSecret')).toBe(true)
    expect(await keytar.getPassword(VAULT_SERVICE, `${id}/orderAppSecret`)).toBe('order-secret-é中文')
    await vault.set(id, 'orderAppSecret', 'rotated')
    expect(await vault.get(id, 'orderAppSecret')).toBe('rotated')
    await vault.delete(id, 'orderAppSecret')
    expect(await vault.get(id, 'orderAppSecret')).toBeNull()
  })

  it('keeps profiles apart and deletes only the deleted profile’s secrets', async () => {
    const a = randomUUID()
    const b = randomUUID()
    await vault.set(a, 'userPassword', 'pw-a')
    await vault.set(a, 'userToken', 'tok-a')
    await vault.set(b, 'userPassword', 'pw-b')
    expect(await vault.get(b, 'userPassword')).toBe('pw-b')
    await vault.deleteProfile(a)
    expect(await vault.has(a, 'userPassword')).toBe(false)
    expect(await vault.has(a, 'userToken')).toBe(false)
    expect(await vault.get(b, 'userPassword')).toBe('pw-b')
  })

  it('keeps secrets of profiles made through the core in the keychain only, never in the data folder', async () => {
    const dir = await tempDir()
    const core = await testCore(dir, { vault })
    try {
      const secret = `S-${randomUUID()}`
      const r = await core.registry.invoke(
        'profiles.create',
        { fields: { name: 'Keychain check', baseUrl: 'https://x.example.com' }, secrets: { memberAppSecret: secret, userPassword: `${secret}-pw` } },
        { transport: 'test' },
      )
      expect(r.ok).toBe(true)
      const id = (r as { ok: true; value: { id: string; secrets: Record<string, boolean> } }).value.id
      expect((r as { ok: true; value: { secrets: Record<string, boolean> } }).value.secrets).toMatchObject({ memberAppSecret: true, userPassword: true, orderAppSecret: false })
      expect(JSON.stringify(r)).not.toContain(secret)
      expect(await keytar.getPassword(VAULT_SERVICE, `${id}/memberAppSecret`)).toBe(secret)
      const onDisk = await allText(dir)
      expect(onDisk).toContain('Keychain check')
      expect(onDisk).not.toContain(secret)

      await core.registry.invoke('profiles.delete', { id }, { transport: 'test' })
      expect(await keytar.getPassword(VAULT_SERVICE, `${id}/memberAppSecret`)).toBeNull()
      expect(await keytar.getPassword(VAULT_SERVICE, `${id}/userPassword`)).toBeNull()
    } finally {
      await core.dispose()
      await removeDir(dir)
    }
  })
  it('keeps a bulk job’s row secrets by job and row, ROWS_PER_ENTRY to an entry, and removes them', async () => {
    const job = `job-${randomUUID().slice(0, 8)}`
    const n = 2 * ROWS_PER_ENTRY + 5
    const rows = new Map(Array.from({ length: n }, (_, i) => [i, `Row${i}pw`] as [number, string]))
    await vault.jobs.put(job, rows)
    expect(await vault.jobs.get(job)).toEqual(rows)
    const accounts = async () => (await keytar.findCredentials(VAULT_SERVICE)).filter((c) => c.account.startsWith(`bulk-job:${job}#`))
    expect((await accounts()).map((c) => c.account).sort()).toEqual([0, 1, 2].map((b) => `bulk-job:${job}#${b}`))
    // Rows done leave the keychain; an entry left empty is deleted.
    await vault.jobs.drop(job, Array.from({ length: ROWS_PER_ENTRY }, (_, i) => i))
    expect((await vault.jobs.get(job)).size).toBe(ROWS_PER_ENTRY + 5)
    expect(await accounts()).toHaveLength(2)
    await vault.jobs.drop(job, 'all')
    expect(await vault.jobs.get(job)).toEqual(new Map())
    expect(await accounts()).toEqual([])
  })
  it('the CLI says "Stored in the keychain" when the keychain stored the secret (and it is there)', async () => {
    const dir = await tempDir()
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, ...keyring.env, LICENSE_DESK_DATA_DIR: join(dir, 'data'), LANG: 'en_US.UTF-8' }
      delete env['LICENSE_DESK_VAULT']
      const secret = `S-${randomUUID()}`
      const r = runCli(['profiles', 'create', '--name', 'Cli keychain', '--base-url', 'https://k.example.com', '--secret', 'orderAppSecret'], { env, input: `${secret}\n` })
      expect(r.code, r.stderr).toBe(0)
      expect(r.stdout).toContain('Stored in the keychain: the order-group app secret')
      expect(r.stdout).not.toContain('Not stored')
      const id = /\(([0-9a-f-]{36})\)/.exec(r.stdout)?.[1]
      expect(await keytar.getPassword(VAULT_SERVICE, `${id}/orderAppSecret`)).toBe(secret)
      await keytar.deletePassword(VAULT_SERVICE, `${id}/orderAppSecret`)
    } finally {
      await removeDir(dir)
    }
  })
})
