/** A core for renderer tests: answers channels with functions given per channel, records calls, emits events. */
import type { RawBridge } from '@shared/ipc/bridge'
import type { IpcResult } from '@shared/ipc/channel'
import { BridgeError } from '../../../../src/renderer/bridge/errors'

export type Handler = (input: never) => unknown | Promise<unknown>

export interface FakeCore extends RawBridge {
  calls: { channel: string; input: unknown }[]
  emit(name: string, payload: unknown): void
}

/** A refusal as the core sends it. */
export function refuse(code: string, params: Record<string, string | number> = {}): never {
  throw new BridgeError({ code, messageKey: code, params, details: {} })
}

export function fakeCore(handlers: Record<string, Handler>): FakeCore {
  const listeners = new Set<(n: string, p: unknown) => void>()
  const calls: { channel: string; input: unknown }[] = []
  return {
    shell: 'electron',
    calls,
    async invoke(channel, input): Promise<IpcResult<unknown>> {
      calls.push({ channel, input: structuredClone(input) })
      const h = handlers[channel]
      if (!h) return { ok: false, error: { code: 'app.notFound', messageKey: 'app.notFound', params: { what: channel }, details: {} } }
      try {
        return { ok: true, value: await h(input as never) }
      } catch (err) {
        if (err instanceof BridgeError) return { ok: false, error: err.data }
        throw err
      }
    },
    onEvent(l) {
      listeners.add(l)
      return () => listeners.delete(l)
    },
    emit(name, payload) {
      for (const l of [...listeners]) l(name, payload)
    },
  }
}

export const tick = () => new Promise((r) => setTimeout(r, 0))
