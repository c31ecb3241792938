import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AppError } from '@shared/errors/app-error'
import { CHANNELS, type ChannelName } from '@shared/ipc/contract'
import { HandlerRegistry } from '../../../../src/main/ipc/registry'
import { createLogger, type Logger } from '../../../../src/main/services/log'
import { removeDir, tempDir } from '../../../support/tmp'
import { testCore } from '../../../support/core'

/** A logger that remembers what it was told. */
function recordingLogger(): Logger & { entries: Array<{ level: string; msg: string; data?: Record<string, unknown> }> } {
  const entries: Array<{ level: string; msg: string; data?: Record<string, unknown> }> = []
  const make = (): Logger => ({
    debug: (msg, data) => entries.push({ level: 'debug', msg, data }),
    info: (msg, data) => entries.push({ level: 'info', msg, data }),
    warn: (msg, data) => entries.push({ level: 'warn', msg, data }),
    error: (msg, data) => entries.push({ level: 'error', msg, data }),
    child: () => make(),
  })
  return Object.assign(make(), { entries })
}

const ctx = { transport: 'test' } as const

describe('HandlerRegistry', () => {
  let log: ReturnType<typeof recordingLogger>
  let registry: HandlerRegistry

  beforeEach(() => {
    log = recordingLogger()
    registry = new HandlerRegistry(log)
  })

  it('refuses a channel that is not in the contract', async () => {
    const r = await registry.invoke('no.suchChannel', {}, ctx)
    expect(r).toMatchObject({ ok: false, error: { code: 'app.notFound' } })
  })

  it('refuses to register a handler twice', () => {
    registry.handle('app.info', async () => {
      throw new Error('unused')
    })
    expect(() => registry.handle('app.info', async () => {
      throw new Error('unused')
    })).toThrow(/already has a handler/)
  })

  it('validates input and reports each problem with its path', async () => {
    let called = false
    registry.handle('profiles.setSecret', async () => {
      called = true
      throw new Error('must not run')
    })
    const r = await registry.invoke('profiles.setSecret', { id: '', name: 'notASecret', value: 'x' }, ctx)
    expect(called).toBe(false)
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.error.code).toBe('app.invalidInput')
    expect(r.error.messageKey).toBe('app.invalidInput')
    const paths = r.error.details.issues?.map((i) => i.path).sort()
    expect(paths).toEqual(['id', 'name'])
    expect(String(r.error.params.detail)).toContain('name')
  })

  it('reports at most a few issues, each with a code and bound, never echoing the input', async () => {
    registry.handle('exports.run', async () => {
      throw new Error('must not run')
    })
    const huge = 'x'.repeat(1_000_000)
    const long = huge.slice(0, 5000)
    const r = await registry.invoke('exports.run', { id: 'export-1', format: 'csv', source: { kind: 'table', baseName: 'x', columns: ['a'], rows: Array.from({ length: 50_000 }, () => [long, {}]) } }, ctx)
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.error.details.issues).toHaveLength(10)
    expect(r.error.details.moreIssues).toBe(99_990)
    expect(r.error.details.issues?.[0]).toMatchObject({ path: 'source.rows.0.0', code: 'tooLong', bound: 4000 })
    expect(r.error.details.retryable).toBe(false)
    const text = JSON.stringify(r)
    expect(text.length).toBeLessThan(5_000)
    expect(text).not.toContain('xxxxxxxxxx')
  })

  it('refuses an oversized list by its bound, before looking at its entries', async () => {
    registry.handle('exports.run', async () => {
      throw new Error('must not run')
    })
    const r = await registry.invoke('exports.run', { id: 'export-1', format: 'csv', source: { kind: 'table', baseName: 'x', columns: ['a'], rows: new Array(1_000_000).fill(0) } }, ctx)
    expect(r).toMatchObject({ ok: false, error: { code: 'app.invalidInput', details: { issues: [{ path: 'source.rows', code: 'tooMany', bound: 200_000 }] } } })
    if (!r.ok) expect(r.error.details.moreIssues).toBeUndefined()
  })

  it('refuses unknown keys instead of dropping them (a misspelt key never becomes another valid call)', async () => {
    let called = false
    registry.handle('shellnums.forget', async () => {
      called = true
      return { batches: [] }
    })
    const r = await registry.invoke('shellnums.forget', { batchId: 'x' }, ctx)
    expect(called).toBe(false)
    expect(r).toMatchObject({ ok: false, error: { code: 'app.invalidInput', details: { issues: [{ path: '', code: 'unknownKey', values: ['batchId'] }] } } })
    registry.handle('settings.update', async () => {
      throw new Error('must not run')
    })
    const nested = await registry.invoke('settings.update', { bulk: { concurency: 2 } }, ctx)
    expect(nested).toMatchObject({ ok: false, error: { details: { issues: [{ path: 'bulk', code: 'unknownKey', values: ['concurency'] }] } } })
  })

  it('passes the parsed input (defaults applied, text trimmed) to the handler', async () => {
    let seen: unknown
    registry.handle('profiles.create', async (input) => {
      seen = input
      throw AppError.app('app.cancelled')
    })
    await registry.invoke('profiles.create', { fields: { name: '  Acme  ', baseUrl: 'https://api.example.com' } }, ctx)
    expect(seen).toMatchObject({ fields: { name: 'Acme', tokenUrl: '', orderAppKey: '' }, secrets: {} })
  })

  it('treats an absent input as the empty object', async () => {
    registry.handle('settings.get', async () => (await import('@shared/settings')).DEFAULT_SETTINGS)
    expect((await registry.invoke('settings.get', undefined, ctx)).ok).toBe(true)
    expect((await registry.invoke('settings.get', { extra: 1 }, ctx)).ok).toBe(false)
  })

  it('returns an AppError thrown by a handler as structured data', async () => {
    registry.handle('profiles.delete', async () => {
      throw AppError.app('app.readOnly', { what: 'Sandbox' })
    })
    const r = await registry.invoke('profiles.delete', { id: 'sandbox' }, ctx)
    expect(r).toEqual({ ok: false, error: { code: 'app.readOnly', messageKey: 'app.readOnly', params: { what: 'Sandbox' }, details: {} } })
  })

  it('turns an unexpected error into app.internal without its message or stack, and logs the stack', async () => {
    registry.handle('profiles.delete', async () => {
      throw new TypeError('secret internal detail at /home/user/x.ts:1')
    })
    const r = await registry.invoke('profiles.delete', { id: 'p' }, ctx)
    expect(r).toMatchObject({ ok: false, error: { code: 'app.internal' } })
    expect(JSON.stringify(r)).not.toContain('secret internal detail')
    const logged = log.entries.find((e) => e.level === 'error')
    expect(logged?.data?.channel).toBe('profiles.delete')
    expect((logged?.data?.error as Error).stack).toContain('secret internal detail')
  })

  it('strips fields outside the output contract and rejects output that breaks it', async () => {
    registry.handle('profiles.delete', async () => null)
    registry.handle('settings.get', async () => ({ ...(await import('@shared/settings')).DEFAULT_SETTINGS, internal: 'x' }) as never)
    registry.handle('app.info', async () => ({ version: 1 }) as never)
    const settings = await registry.invoke('settings.get', {}, ctx)
    expect(settings.ok && 'internal' in (settings.value as object)).toBe(false)
    const info = await registry.invoke('app.info', {}, ctx)
    expect(info).toMatchObject({ ok: false, error: { code: 'app.internal' } })
    expect(log.entries.some((e) => e.msg.includes('output does not match'))).toBe(true)
  })

  it('lists the channels that still lack a handler', () => {
    registry.handle('app.info', async () => {
      throw new Error('unused')
    })
    const missing = registry.missing()
    expect(missing).not.toContain('app.info')
    expect(missing.length).toBe(Object.keys(CHANNELS).length - 1)
  })
})

describe('the core', () => {
  let dir: string
  beforeEach(async () => {
    dir = await tempDir()
  })
  afterEach(async () => {
    await removeDir(dir)
  })

  it('has a handler for every channel of the contract', async () => {
    const core = await testCore(dir)
    try {
      expect(core.registry.missing()).toEqual([])
      expect(new Set(core.registry.registered())).toEqual(new Set(Object.keys(CHANNELS) as ChannelName[]))
    } finally {
      await core.dispose()
    }
  })

  it('answers app.info with the run facts and the keychain state', async () => {
    const core = await testCore(dir, { systemLocale: 'zh-CN', log: createLogger({ stderrLevel: 'off' }) })
    try {
      const r = await core.registry.invoke('app.info', {}, ctx)
      expect(r).toMatchObject({
        ok: true,
        value: { version: '0.0.0-test', shell: 'browser', dataDir: dir, systemLocale: 'zh-CN', keychain: { available: false, backend: 'memory' } },
      })
    } finally {
      await core.dispose()
    }
  })
})
