/**
 * The built-in Sandbox profile with zero set-up: the core starts the real sandbox in-process on a loopback port,
 * keeps its state in the data folder, and "Test connection" gets a token and a harmless read for both groups.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ConnectionTest } from '@shared/ipc/channels/profiles'
import { SANDBOX_DEMO } from '@shared/sandbox-demo'
import { createApiClient } from '../../../src/main/api/client'
import { startSandbox } from '../../../src/sandbox/index'
import { testCore } from '../../support/core'
import { removeDir, tempDir } from '../../support/tmp'

const ctx = { transport: 'test' } as const

describe('Sandbox profile', () => {
  let dir: string
  beforeEach(async () => {
    dir = await tempDir()
  })
  afterEach(async () => {
    await removeDir(dir)
  })

  it('passes the connection test for both groups on a fresh data folder', async () => {
    const core = await testCore(dir, { startSandbox })
    try {
      const r = await core.registry.invoke('profiles.test', { id: 'sandbox' }, ctx)
      expect(r.ok, JSON.stringify(r)).toBe(true)
      const t = (r as { ok: true; value: ConnectionTest }).value
      expect(t.profileId).toBe('sandbox')
      expect(t.order.token.status).toBe('ok')
      expect(t.order.read.status).toBe('ok')
      expect(t.member.token.status).toBe('ok')
      expect(t.member.read.status).toBe('ok')
      const url = core.services.sandbox.status().url
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      const list = await core.registry.invoke('profiles.list', {}, ctx)
      expect(list).toMatchObject({ ok: true, value: { profiles: [{ id: 'sandbox', baseUrl: url }] } })
    } finally {
      await core.dispose()
    }
    expect(existsSync(join(dir, 'sandbox', 'state.json'))).toBe(true)
  })
})

describe('Sandbox state file', () => {
  let dir: string
  beforeEach(async () => {
    dir = await tempDir()
  })
  afterEach(async () => {
    await removeDir(dir)
  })

  it('keeps an unreadable state file aside, reports it, and starts on fresh demo data', async () => {
    const { mkdir, writeFile, readdir, readFile } = await import('node:fs/promises')
    await mkdir(join(dir, 'sandbox'))
    await writeFile(join(dir, 'sandbox', 'state.json'), '{"not": "sandbox state"}')
    const core = await testCore(dir, { startSandbox })
    try {
      await expect.poll(() => core.services.sandbox.status().running).toBe(true)
      const info = await core.registry.invoke('app.info', {}, ctx)
      expect(info).toMatchObject({ ok: true, value: { dataIssues: [{ file: 'sandbox/state.json' }] } })
      const kept = (await readdir(join(dir, 'sandbox'))).find((f) => f.startsWith('state.json.corrupt-'))
      expect(kept).toBeDefined()
      expect(await readFile(join(dir, 'sandbox', kept!), 'utf8')).toBe('{"not": "sandbox state"}')
    } finally {
      await core.dispose()
    }
  })

  it('keeps practice work across restarts of the app', async () => {
    const userName = `persist${Date.now() % 100000}`
    const first = await testCore(dir, { startSandbox })
    let enterpriseGlobalId = ''
    try {
      const client = createApiClient(await first.services.profiles.connectionFor('sandbox'))
      try {
        const [customer] = await client.queryEnterprise({ channelCode: SANDBOX_DEMO.channelCode, channelCustomerId: SANDBOX_DEMO.channelCustomerId, defaultCustomer: 'Y' })
        enterpriseGlobalId = customer!.enterpriseGlobalId
        await client.addMembers(enterpriseGlobalId, [{ userName, password: 'Persist@123', name: 'Persisted Person' }])
      } finally {
        await client.close()
      }
    } finally {
      await first.dispose()
    }
    const second = await testCore(dir, { startSandbox })
    try {
      const client = createApiClient(await second.services.profiles.connectionFor('sandbox'))
      try {
        const page = await client.listMembers(enterpriseGlobalId, { keyword: userName, pageNum: 1, pageSize: 10 })
        expect(page.total).toBe(1)
      } finally {
        await client.close()
      }
    } finally {
      await second.dispose()
    }
  })
})
