import { beforeEach, describe, expect, it } from 'vitest'
import { CHANNELS, IPC_EVENT_CHANNEL, IPC_PREFIX } from '@shared/ipc/contract'
import { attachElectronTransport, isTrustedSender } from '../../../../src/main/ipc/electron-transport'
import { exceedsInputBytes, MAX_INPUT_BYTES } from '../../../../src/main/ipc/input-size'
import { EventBus } from '../../../../src/main/ipc/events'
import { HandlerRegistry } from '../../../../src/main/ipc/registry'
import { silentLogger } from '../../../../src/main/services/log'

type InvokeHandler = (event: unknown, input: unknown) => Promise<unknown>

const isAppUrl = (url: string) => url.startsWith('app://license-desk/')

describe('Electron transport', () => {
  let handlers: Map<string, InvokeHandler>
  let sent: unknown[][]
  let mainFrame: { url: string }
  let target: { mainFrame: typeof mainFrame; isDestroyed: () => boolean; send: (...a: unknown[]) => void }
  let events: EventBus
  let detach: () => void

  beforeEach(() => {
    handlers = new Map()
    sent = []
    mainFrame = { url: 'app://license-desk/index.html' }
    target = { mainFrame, isDestroyed: () => false, send: (...a) => sent.push(a) }
    events = new EventBus(silentLogger)
    const registry = new HandlerRegistry(silentLogger)
    registry.handle('profiles.delete', async () => null)
    registry.handle('profiles.setSecret', async () => {
      throw new Error('an input over the bound must never reach the handler')
    })
    detach = attachElectronTransport({
      ipcMain: {
        handle: (ch: string, fn: InvokeHandler) => handlers.set(ch, fn),
        removeHandler: (ch: string) => handlers.delete(ch),
      } as never,
      registry,
      events,
      log: silentLogger,
      target: () => target as never,
      isAppUrl,
    })
  })

  it('registers one prefixed handler per channel and removes them all', () => {
    expect([...handlers.keys()].sort()).toEqual(Object.keys(CHANNELS).map((c) => IPC_PREFIX + c).sort())
    detach()
    expect(handlers.size).toBe(0)
  })

  it('runs calls from our window top frame', async () => {
    const r = await handlers.get(`${IPC_PREFIX}profiles.delete`)!({ senderFrame: mainFrame }, { id: 'x' })
    expect(r).toEqual({ ok: true, value: null })
  })

  it('refuses calls from a sub-frame, a foreign page, a destroyed or absent window', async () => {
    const call = (event: unknown) => handlers.get(`${IPC_PREFIX}profiles.delete`)!(event, { id: 'x' })
    expect(await call({ senderFrame: { url: 'app://license-desk/index.html' } })).toMatchObject({ ok: false, error: { code: 'app.unauthorized' } })
    expect(await call({ senderFrame: null })).toMatchObject({ ok: false })
    mainFrame.url = 'https://evil.example.com/'
    expect(await call({ senderFrame: mainFrame })).toMatchObject({ ok: false, error: { code: 'app.unauthorized' } })
    mainFrame.url = 'app://license-desk/index.html'
    target.isDestroyed = () => true
    expect(await call({ senderFrame: mainFrame })).toMatchObject({ ok: false })
  })

  it('refuses an input over the size bound before parsing it, with a clear error; one under it goes on to validation', async () => {
    const call = (input: unknown) => handlers.get(`${IPC_PREFIX}profiles.setSecret`)!({ senderFrame: mainFrame }, input)
    const big = { id: 'p1', name: 'userToken', value: 'x'.repeat(MAX_INPUT_BYTES + 1) }
    const refused = (await call(big)) as { ok: false; error: { code: string; params: { detail: string }; details: { retryable: boolean } } }
    expect(refused).toMatchObject({ ok: false, error: { code: 'app.invalidInput', params: { detail: 'the request is larger than 48 MB' }, details: { retryable: false } } })
    // Under the bound: the channel's schema speaks (the secret's own bound), not the size guard.
    const small = (await call({ id: 'p1', name: 'userToken', value: 'x'.repeat(100_000) })) as { ok: false; error: { params: { detail: string } } }
    expect(small.ok).toBe(false)
    expect(small.error.params.detail).not.toContain('larger than')
  })

  it('the size estimate is a lower bound of the JSON, stopped early: strings, lists (counted before their entries), keys, cycles', () => {
    expect(exceedsInputBytes({ a: 'x'.repeat(90) }, 100)).toBe(false)
    expect(exceedsInputBytes({ a: 'x'.repeat(100) }, 100)).toBe(true)
    expect(exceedsInputBytes({ list: new Array<number>(60).fill(0) }, 100)).toBe(true)
    expect(exceedsInputBytes({ ['k'.repeat(120)]: 1 }, 100)).toBe(true)
    expect(exceedsInputBytes({ deep: [[[{ b: new Uint8Array(200) }]]] }, 100)).toBe(true)
    const cyclic: Record<string, unknown> = { a: 1 }
    cyclic['self'] = cyclic
    expect(exceedsInputBytes(cyclic, 1000)).toBe(true)
    // Never below the real size: what JSON.stringify makes of a value under the bound fits in it.
    const ok = { id: 'p1', rows: [['a', 1, null], ['b', 2, true]], note: '中文' }
    expect(exceedsInputBytes(ok, JSON.stringify(ok).length)).toBe(false)
  })

  it('sends core events to the window on the one event channel', () => {
    events.emit('profiles.changed', { activeId: 'p1' })
    expect(sent).toEqual([[IPC_EVENT_CHANNEL, 'profiles.changed', { activeId: 'p1' }]])
  })

  it('isTrustedSender needs the very main frame object', () => {
    expect(isTrustedSender({ url: mainFrame.url }, target as never, isAppUrl)).toBe(false)
    expect(isTrustedSender(mainFrame, target as never, isAppUrl)).toBe(true)
    expect(isTrustedSender(mainFrame, null, isAppUrl)).toBe(false)
  })
})
