/**
 * The preload's bridge, built over the few ipcRenderer functions it needs (passed in, so it is testable and so
 * ipcRenderer itself is never exposed). Channel names are checked against the contract's list before they
 * cross; the schemas stay in main (which validates every input) and the renderer, so the preload stays tiny.
 */
import type { AppErrorData } from '@shared/errors/app-error'
import type { RawBridge } from '@shared/ipc/bridge'
import type { IpcResult } from '@shared/ipc/channel'
import { CHANNEL_NAME, IPC_EVENT_CHANNEL, IPC_PREFIX, isListedChannel } from '@shared/ipc/channel-names'

/** The part of ipcRenderer the bridge uses. */
export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown
}

/** The `app.notFound` error, built by hand (AppError would bring the catalog and zod into the preload). */
function notFound(channel: unknown): AppErrorData {
  return { code: 'app.notFound', messageKey: 'app.notFound', params: { what: `channel ${String(channel).slice(0, 100)}` }, details: {} }
}

/** Builds the object the preload exposes as `window.licenseDesk`. */
export function createPreloadBridge(ipc: IpcRendererLike): RawBridge {
  return Object.freeze({
    shell: 'electron' as const,
    async invoke(channel: string, input: unknown): Promise<IpcResult<unknown>> {
      if (typeof channel !== 'string' || !CHANNEL_NAME.test(channel) || !isListedChannel(channel)) {
        return { ok: false, error: notFound(channel) }
      }
      return (await ipc.invoke(IPC_PREFIX + channel, input)) as IpcResult<unknown>
    },
    onEvent(listener: (name: string, payload: unknown) => void): () => void {
      // The IPC event object (it carries the sender) never reaches the page: only the name and the payload.
      const wrapped = (_event: unknown, name: unknown, payload: unknown): void => {
        if (typeof name === 'string') listener(name, payload)
      }
      ipc.on(IPC_EVENT_CHANNEL, wrapped as (event: unknown, ...args: unknown[]) => void)
      return () => {
        ipc.removeListener(IPC_EVENT_CHANNEL, wrapped as (event: unknown, ...args: unknown[]) => void)
      }
    },
  })
}
