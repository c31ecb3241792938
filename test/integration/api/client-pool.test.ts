/**
 * The core's API clients follow the settings: after `settings.update` changes retries or the language, the next
 * call (through the same pool the screens and the bulk runner use) retries as many times as now set and gets
 * the service's messages in the new language; an update that changes nothing keeps the client (and its tokens).
 */
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AppError } from '@shared/errors/app-error'
import type { IpcResult } from '@shared/ipc/channel'
import type { ProfileView } from '@shared/ipc/channels/profiles'
import type { Core } from '../../../src/main/core'
import { createLogger } from '../../../src/main/services/log'
import type { SandboxHandle } from '../../../src/sandbox/index'
import { testCore } from '../../support/core'
import { removeDir, tempDir } from '../../support/tmp'
import { DEMO_EID, demoProfileInput, sandbox } from './support'

const ctx = { transport: 'test' } as const
let sb: SandboxHandle
let dir: string
let core: Core
let profile: ProfileView

async function call<T>(channel: string, input: unknown): Promise<T> {
  const r = (await core.registry.invoke(channel, input, ctx)) as IpcResult<T>
  if (!r.ok) throw new Error(`${channel}: ${JSON.stringify(r.error)}`)
  return r.value
}

/** Reads the enterprise's asset numbers through the pool's client while the service fails every call. */
async function failingRead(): Promise<{ attempts: number; error: AppError }> {
  const client = await core.services.clients.get(profile.id)
  sb.setFaults({ failureRate: 1 })
  sb.resetStats()
  try {
    await client.listAssetNums(DEMO_EID)
    throw new Error('the call should have failed')
  } catch (err) {
    if (!(err instanceof AppError)) throw err
    return { attempts: sb.stats().byOperation['listAssetNums'] ?? 0, error: err }
  } finally {
    sb.setFaults({ failureRate: 0 })
  }
}

beforeAll(async () => {
  sb = await sandbox()
  dir = await tempDir('ld-client-pool-')
  core = await testCore(dir, { log: createLogger({ file: join(dir, 'logs', 'main.log'), stderrLevel: 'off' }) })
  profile = await call<ProfileView>('profiles.create', demoProfileInput(sb, 'Pool'))
})
afterAll(async () => {
  await core.dispose()
  await sb.close()
  await removeDir(dir)
})

describe('client pool and settings', () => {
  it('rebuilds clients when retries or the language change, and only then', async () => {
    await call('settings.update', { locale: 'en', bulk: { maxRetries: 1, retryBaseMs: 1 } })
    const first = await failingRead()
    expect(first.attempts).toBe(2)
    expect(first.error.code).toBe('500')
    expect(first.error.details.serverMessage).toMatch(/network error/i)

    await call('settings.update', { bulk: { maxRetries: 3 } })
    expect((await failingRead()).attempts).toBe(4)

    await call('settings.update', { locale: 'zh-CN' })
    const zh = await failingRead()
    expect(zh.attempts).toBe(4)
    expect(zh.error.details.serverMessage).toMatch(/[\u4e00-\u9fff]/)

    // The same values again: the client (and the tokens it holds) stays.
    const pool = core.services.clients
    const before = await pool.get(profile.id)
    await call('settings.update', { locale: 'zh-CN', bulk: { maxRetries: 3 } })
    expect(await pool.get(profile.id)).toBe(before)
    await call('settings.update', { bulk: { connectTimeoutMs: 5_000 } })
    expect(await pool.get(profile.id)).not.toBe(before)
  })
})
