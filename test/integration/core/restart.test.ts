/**
 * What a user does through the registry survives a restart of the core on the same data folder: profiles, the
 * active profile, settings. A corrupt profiles file is kept aside and reported, never silently replaced.
 */
import { readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../../src/main/core'
import { MemoryVault } from '../../../src/main/services/vault'
import { fakeSandboxStarter, testCore } from '../../support/core'
import { removeDir, tempDir } from '../../support/tmp'

const ctx = { transport: 'test' } as const

async function call<T>(core: Core, channel: string, input: unknown = {}): Promise<T> {
  const r = await core.registry.invoke(channel, input, ctx)
  if (!r.ok) throw new Error(`${channel} failed: ${JSON.stringify(r.error)}`)
  return r.value as T
}

describe('core restart', () => {
  let dir: string
  beforeEach(async () => {
    dir = await tempDir()
  })
  afterEach(async () => {
    await removeDir(dir)
  })

  it('keeps profiles, the active profile and settings across a restart', async () => {
    // The vault outlives the core, as the OS keychain outlives the app.
    const vault = new MemoryVault('test')
    const first = await testCore(dir, { vault })
    const created = await call<{ id: string }>(first, 'profiles.create', {
      fields: { name: 'Branch Shanghai', baseUrl: 'https://licensing.example.cn', orderAppKey: 'ok-1' },
      secrets: { orderAppSecret: 'sec-1' },
    })
    await call(first, 'profiles.activate', { id: created.id })
    await call(first, 'settings.update', { locale: 'zh-CN', bulk: { concurrency: 8 } })
    await first.dispose()

    const second = await testCore(dir, { vault })
    try {
      const list = await call<{ activeId: string; profiles: Array<{ id: string; name: string; orderAppKey: string; secrets: Record<string, boolean> }> }>(second, 'profiles.list')
      expect(list.activeId).toBe(created.id)
      const p = list.profiles.find((x) => x.id === created.id)
      expect(p).toMatchObject({ name: 'Branch Shanghai', orderAppKey: 'ok-1', secrets: { orderAppSecret: true, memberAppSecret: false } })
      const settings = await call<{ locale: string; bulk: { concurrency: number; lockChunkSize: number } }>(second, 'settings.get')
      expect(settings.locale).toBe('zh-CN')
      expect(settings.bulk).toMatchObject({ concurrency: 8, lockChunkSize: 100 })
    } finally {
      await second.dispose()
    }
  })

  it('keeps a corrupt profiles.json aside and tells app.info about it', async () => {
    await writeFile(join(dir, 'profiles.json'), '{ "version": 1, "activeId": ')
    const core = await testCore(dir)
    try {
      const list = await call<{ profiles: unknown[] }>(core, 'profiles.list')
      expect(list.profiles).toHaveLength(1)
      const info = await call<{ dataIssues?: Array<{ file: string; keptAs: string }> }>(core, 'app.info')
      expect(info.dataIssues?.[0]).toMatchObject({ file: 'profiles.json' })
      expect(await readdir(dir)).toContain(info.dataIssues![0]!.keptAs)
    } finally {
      await core.dispose()
    }
  })

  it('runs the sandbox while the Sandbox profile is active and stops it on a switch', async () => {
    const starter = fakeSandboxStarter()
    const core = await testCore(dir, { startSandbox: starter })
    try {
      const statuses: unknown[] = []
      core.events.on('sandbox.status', (s) => statuses.push(s))
      // The Sandbox profile is active on a fresh data folder: the sandbox comes up by itself.
      await expect.poll(() => core.services.sandbox.status().running).toBe(true)
      expect(starter.running).toBe(1)
      statuses.splice(0)
      const p = await call<{ id: string }>(core, 'profiles.create', { fields: { name: 'Remote', baseUrl: 'https://x.example.com' } })
      await call(core, 'profiles.activate', { id: p.id })
      await expect.poll(() => starter.running).toBe(0)
      await call(core, 'profiles.activate', { id: 'sandbox' })
      await expect.poll(() => starter.running).toBe(1)
      expect([...statuses]).toEqual([{ running: false }, { running: true, url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:/) }])
    } finally {
      await core.dispose()
    }
    expect(starter.running).toBe(0)
  })
})
