/**
 * Where no Secret Service answers, the app says so and keeps secrets in memory for the session only: never on disk.
 * Runs in its own test process, so libsecret has never connected to a bus before these tests.
 */
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { openVault } from '../../../src/main/services/vault'
import { silentLogger } from '../../../src/main/services/log'
import { startBareBus } from '../../support/keyring'
import { testCore } from '../../support/core'
import { removeDir, tempDir } from '../../support/tmp'

describe('keychain unavailable', () => {
  let savedBus: string | undefined
  beforeAll(() => {
    savedBus = process.env.DBUS_SESSION_BUS_ADDRESS
  })
  afterEach(() => {
    if (savedBus === undefined) delete process.env.DBUS_SESSION_BUS_ADDRESS
    else process.env.DBUS_SESSION_BUS_ADDRESS = savedBus
  })
  afterAll(() => {
    if (savedBus === undefined) delete process.env.DBUS_SESSION_BUS_ADDRESS
  })

  it('without a D-Bus session: memory vault, reported by app.info, secrets never written to disk', async () => {
    delete process.env.DBUS_SESSION_BUS_ADDRESS
    const vault = await openVault({ log: silentLogger })
    expect(vault.available).toBe(false)
    expect(vault.status().detail).toMatch(/D-Bus/)
    const dir = await tempDir()
    const core = await testCore(dir, { vault })
    try {
      const info = await core.registry.invoke('app.info', {}, { transport: 'test' })
      expect(info).toMatchObject({ ok: true, value: { keychain: { available: false, backend: 'memory', detail: expect.stringMatching(/D-Bus/) } } })
      const created = await core.registry.invoke(
        'profiles.create',
        { fields: { name: 'No keychain', baseUrl: 'https://x.example.com' }, secrets: { orderAppSecret: 'MEMORY-ONLY-SECRET' } },
        { transport: 'test' },
      )
      expect(created).toMatchObject({ ok: true, value: { secrets: { orderAppSecret: true } } })
      let onDisk = ''
      for (const e of await readdir(dir, { withFileTypes: true, recursive: true }))
        if (e.isFile()) onDisk += await readFile(join(e.parentPath, e.name), 'utf8')
      expect(onDisk).toContain('No keychain')
      expect(onDisk).not.toContain('MEMORY-ONLY-SECRET')
    } finally {
      await core.dispose()
      await removeDir(dir)
    }
  })

  it('with a session bus but no Secret Service: the probe fails fast and the reason is kept', async () => {
    const bus = await startBareBus()
    try {
      process.env.DBUS_SESSION_BUS_ADDRESS = bus.address
      // Fast: ended by the bus's own answer (no Secret Service), not by the probe's timeout, which only ends a hang.
      const vault = await openVault({ log: silentLogger, probeTimeoutMs: 30_000 })
      expect(vault.available).toBe(false)
      expect(vault.backend).toBe('memory')
      expect(vault.status().detail).toBeTruthy()
      expect(vault.status().detail).not.toContain('did not answer')
    } finally {
      await bus.stop()
    }
  })

  it('when keytar cannot load: memory, with the reason', async () => {
    const vault = await openVault({
      log: silentLogger,
      loadKeytar: async () => {
        throw new Error('libsecret-1.so.0: cannot open shared object file')
      },
    })
    expect(vault.status()).toEqual({ available: false, backend: 'memory', detail: expect.stringContaining('libsecret') })
  })

  it('when a keychain hangs: the probe times out and memory is used', async () => {
    process.env.DBUS_SESSION_BUS_ADDRESS = 'unix:path=/nonexistent'
    const vault = await openVault({
      log: silentLogger,
      probeTimeoutMs: 200,
      loadKeytar: async () => ({
        getPassword: () => new Promise<string | null>(() => {}),
        setPassword: async () => {},
        deletePassword: async () => true,
        findCredentials: async () => [],
      }),
    })
    expect(vault.status()).toEqual({ available: false, backend: 'memory', detail: expect.stringContaining('did not answer') })
  })
})
