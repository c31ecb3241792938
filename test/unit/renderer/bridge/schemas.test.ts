import { describe, expect, it } from 'vitest'
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
    expect(areaOfChannel('exports.table')).toBe('imports')
    expect(areaOfChannel('orders.submit')).toBe('orders')
  })

  it('loads the events schemas of the contract', async () => {
    expect(await loadEventSchemas()).toBe(eventSchemas)
  })
})
