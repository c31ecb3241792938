import { afterEach, describe, expect, it, vi } from 'vitest'
import type { RawBridge } from '@shared/ipc/bridge'
import { BridgeError, installBridge, invoke, onEvent } from '../../../../src/renderer/bridge'

function fakeBridge(answer: (channel: string, input: unknown) => unknown): RawBridge & { emit(name: string, p: unknown): void } {
  const listeners = new Set<(n: string, p: unknown) => void>()
  return {
    shell: 'electron',
    invoke: async (channel, input) => answer(channel, input) as Awaited<ReturnType<RawBridge['invoke']>>,
    onEvent(l) {
      listeners.add(l)
      return () => listeners.delete(l)
    },
    emit: (n, p) => listeners.forEach((l) => l(n, p)),
  }
}

afterEach(() => installBridge(null))

describe('invoke', () => {
  it('returns the output parsed with the channel schema (defaults applied)', async () => {
    installBridge(fakeBridge(() => ({ ok: true, value: { locale: 'zh-CN' } })))
    const settings = await invoke('settings.get', {})
    expect(settings.locale).toBe('zh-CN')
    expect(settings.bulk.concurrency).toBeGreaterThan(0)
  })

  it('throws a BridgeError carrying the structured error', async () => {
    const error = { code: 'app.conflict', messageKey: 'app.conflict', params: { what: 'x' }, details: {} }
    installBridge(fakeBridge(() => ({ ok: false, error })))
    const err = await invoke('profiles.delete', { id: 'a' }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(BridgeError)
    expect((err as BridgeError).data).toEqual(error)
  })

  it('rejects an output that breaks the contract', async () => {
    installBridge(fakeBridge(() => ({ ok: true, value: { version: 1 } })))
    const err = await invoke('app.info', {}).catch((e: unknown) => e)
    expect((err as BridgeError).code).toBe('app.badResponse')
  })

  it('turns a rejected transport call into app.internal without leaking a stack', async () => {
    installBridge(fakeBridge(() => {
      throw new Error('ipc broke')
    }))
    const err = await invoke('app.info', {}).catch((e: unknown) => e)
    expect((err as BridgeError).code).toBe('app.internal')
    expect(JSON.stringify((err as BridgeError).data)).not.toContain('at ')
  })
})

describe('onEvent', () => {
  it('delivers only the named event, validated, and unsubscribes', () => {
    const fb = fakeBridge(() => null)
    installBridge(fb)
    const seen = vi.fn()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const off = onEvent('profiles.changed', seen)
    fb.emit('sandbox.status', { running: true })
    fb.emit('profiles.changed', { activeId: 42 })
    fb.emit('profiles.changed', { activeId: 'p2' })
    off()
    fb.emit('profiles.changed', { activeId: 'p3' })
    expect(seen.mock.calls).toEqual([[{ activeId: 'p2' }]])
    expect(warn).toHaveBeenCalledTimes(1)
    warn.mockRestore()
  })
})
