import { describe, expect, it, vi } from 'vitest'
import type { RawBridge } from '@shared/ipc/bridge'
import { CHANNELS, type ChannelName } from '@shared/ipc/contract'
import { CHANNEL_NAMES } from '@shared/ipc/channel-names'
import { eventSchemas } from '@shared/ipc/events'
import { areaOfChannel, channelSpec, loadEventSchemas } from '../../../../src/renderer/bridge/schemas'

describe('the contract loaded by area', () => {
  it('every channel resolves to its own schemas in the contract', async () => {
    for (const name of CHANNEL_NAMES as readonly ChannelName[]) expect(await channelSpec(name), name).toBe(CHANNELS[name])
  })

  it('names the area file of a channel, prefixes declared elsewhere included', () => {
    expect(areaOfChannel('settings.update')).toBe('app')
    expect(areaOfChannel('exports.run')).toBe('exports')
    expect(areaOfChannel('orders.submit')).toBe('orders')
  })

  it('loads the events schemas of the contract', async () => {
    expect(await loadEventSchemas()).toBe(eventSchemas)
  })
})

describe('events before their schemas have loaded', () => {
  it('are delivered once the schemas are in, in the order they came, and not after unsubscribing', async () => {
    // A fresh bridge module: no schema loaded yet (the setup file's loads belong to another instance).
    vi.resetModules()
    const bridge = await import('../../../../src/renderer/bridge')
    const schemas = await import('../../../../src/renderer/bridge/schemas')
    expect(schemas.loadedEventSchemas()).toBeNull()
    const listeners = new Set<(n: string, p: unknown) => void>()
    const raw: RawBridge = {
      shell: 'electron',
      invoke: () => Promise.reject(new Error('no calls here')),
      onEvent(l) {
        listeners.add(l)
        return () => listeners.delete(l)
      },
    }
    bridge.installBridge(raw)
    const seen: string[] = []
    bridge.onEvent('profiles.changed', (p) => seen.push(p.activeId))
    const off = bridge.onEvent('profiles.changed', (p) => seen.push(`late ${p.activeId}`))
    const emit = (id: unknown) => listeners.forEach((l) => l('profiles.changed', { activeId: id }))
    emit('a')
    emit(42) // invalid: dropped
    emit('b')
    off()
    expect(seen).toEqual([])
    await schemas.loadEventSchemas()
    expect(seen).toEqual(['a', 'b'])
    emit('c')
    expect(seen).toEqual(['a', 'b', 'c'])
  })
})
