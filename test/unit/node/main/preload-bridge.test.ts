import { describe, expect, it } from 'vitest'
import { appErrorDataSchema } from '@shared/errors/app-error'
import { CHANNEL_NAMES } from '@shared/ipc/channel-names'
import { CHANNELS, IPC_EVENT_CHANNEL, IPC_PREFIX } from '@shared/ipc/contract'
import { createPreloadBridge, type IpcRendererLike } from '../../../../src/preload/bridge'

function fakeIpc() {
  const calls: Array<[string, unknown[]]> = []
  const listeners = new Map<string, Set<(event: unknown, ...args: unknown[]) => void>>()
  const ipc: IpcRendererLike = {
    invoke: async (channel, ...args) => {
      calls.push([channel, args])
      return { ok: true, value: 'answer' }
    },
    on: (channel, l) => {
      if (!listeners.has(channel)) listeners.set(channel, new Set())
      listeners.get(channel)!.add(l)
    },
    removeListener: (channel, l) => listeners.get(channel)?.delete(l),
  }
  const emit = (...args: unknown[]) => {
    for (const l of listeners.get(IPC_EVENT_CHANNEL) ?? []) l({ sender: 'internal' }, ...args)
  }
  return { ipc, calls, emit, listeners }
}

describe('preload bridge', () => {
  it('forwards contract channels with the ld: prefix', async () => {
    const { ipc, calls } = fakeIpc()
    const bridge = createPreloadBridge(ipc)
    expect(bridge.shell).toBe('electron')
    expect(await bridge.invoke('profiles.list', {})).toEqual({ ok: true, value: 'answer' })
    expect(calls).toEqual([[`${IPC_PREFIX}profiles.list`, [{}]]])
  })

  it('refuses names outside the contract without crossing to main', async () => {
    const { ipc, calls } = fakeIpc()
    const bridge = createPreloadBridge(ipc)
    for (const name of ['no.such', 'event', '../profiles.list', 'profiles.list\n', 'toString', '__proto__', 42 as unknown as string]) {
      const r = await bridge.invoke(name, {})
      expect(r).toMatchObject({ ok: false, error: { code: 'app.notFound' } })
    }
    expect(calls).toEqual([])
  })

  it('passes event name and payload, never the IPC event object, and unsubscribes', () => {
    const { ipc, emit, listeners } = fakeIpc()
    const bridge = createPreloadBridge(ipc)
    const got: unknown[][] = []
    const off = bridge.onEvent((...args) => got.push(args))
    emit('profiles.changed', { activeId: 'x' })
    expect(got).toEqual([['profiles.changed', { activeId: 'x' }]])
    off()
    emit('profiles.changed', { activeId: 'y' })
    expect(got).toHaveLength(1)
    expect(listeners.get(IPC_EVENT_CHANNEL)?.size).toBe(0)
  })

  it("knows exactly the contract's channels, each once", async () => {
    expect([...CHANNEL_NAMES].sort()).toEqual(Object.keys(CHANNELS).sort())
    expect(new Set(CHANNEL_NAMES).size).toBe(CHANNEL_NAMES.length)
    const { ipc, calls } = fakeIpc()
    const bridge = createPreloadBridge(ipc)
    for (const name of Object.keys(CHANNELS)) await bridge.invoke(name, {})
    expect(calls.map(([c]) => c)).toEqual(Object.keys(CHANNELS).map((c) => IPC_PREFIX + c))
  })

  it('refuses with a well-formed error, as the core would send it', async () => {
    const r = await createPreloadBridge(fakeIpc().ipc).invoke('no.such', {})
    expect(r.ok).toBe(false)
    if (!r.ok) expect(appErrorDataSchema.parse(r.error)).toEqual({ code: 'app.notFound', messageKey: 'app.notFound', params: { what: 'channel no.such' }, details: {} })
  })

  it('is frozen, so the page cannot swap its functions', () => {
    const bridge = createPreloadBridge(fakeIpc().ipc)
    expect(Object.isFrozen(bridge)).toBe(true)
  })
})
