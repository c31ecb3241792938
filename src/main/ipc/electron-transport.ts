/**
 * Electron's transport: one `ipcMain.handle` per channel of the contract (prefixed `ld:`), each checking that the
 * call comes from our main window's top frame showing our own app, then handing it to the registry. Events go to
 * the window with `webContents.send('ld:event', name, payload)`. An input over the size bound (input-size.ts) is
 * refused before it is parsed. Only Electron types are imported here, so the
 * module loads (and is tested) without Electron.
 */
import type { IpcMain, IpcMainInvokeEvent, WebContents, WebFrameMain } from 'electron'
import { AppError } from '@shared/errors/app-error'
import type { IpcResult } from '@shared/ipc/channel'
import { CHANNELS, IPC_EVENT_CHANNEL, IPC_PREFIX, type ChannelName } from '@shared/ipc/contract'
import type { EventBus } from './events'
import { exceedsInputBytes, inputTooLarge } from './input-size'
import type { HandlerRegistry } from './registry'
import type { Logger } from '../services/log'

export interface ElectronTransportOptions {
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>
  registry: HandlerRegistry
  events: EventBus
  log: Logger
  /** The main window's contents, or null while there is none. */
  target: () => Pick<WebContents, 'send' | 'isDestroyed' | 'mainFrame'> | null
  /** Whether a URL belongs to our app (the app:// renderer, or the dev server in development). */
  isAppUrl: (url: string) => boolean
}

/** Whether a call comes from our window's top frame while it shows our app (not an iframe, not a foreign page). */
export function isTrustedSender(
  frame: Pick<WebFrameMain, 'url'> | null | undefined,
  target: Pick<WebContents, 'mainFrame' | 'isDestroyed'> | null,
  isAppUrl: (url: string) => boolean,
): boolean {
  if (!frame || !target || target.isDestroyed()) return false
  return frame === target.mainFrame && isAppUrl(frame.url)
}

/** Registers every channel on ipcMain and forwards core events; returns the function that undoes both. */
export function attachElectronTransport(options: ElectronTransportOptions): () => void {
  const { ipcMain, registry, events, log, target, isAppUrl } = options
  const channels = Object.keys(CHANNELS) as ChannelName[]
  for (const channel of channels) {
    ipcMain.handle(IPC_PREFIX + channel, async (event: IpcMainInvokeEvent, input: unknown): Promise<IpcResult<unknown>> => {
      if (!isTrustedSender(event.senderFrame, target(), isAppUrl)) {
        log.warn('IPC call refused: untrusted sender', { channel, url: event.senderFrame?.url?.slice(0, 200) })
        return { ok: false, error: AppError.app('app.unauthorized', { status: 403 }).toData() }
      }
      // Bounded before zod sees it: a 50 MB argument is refused in one step, not validated for seconds.
      if (exceedsInputBytes(input)) {
        log.warn('IPC call refused: input over the size bound', { channel })
        return { ok: false, error: inputTooLarge().toData() }
      }
      return registry.invoke(channel, input, { transport: 'electron' })
    })
  }
  const offEvents = events.onAny((name, payload) => {
    const wc = target()
    if (wc && !wc.isDestroyed()) wc.send(IPC_EVENT_CHANNEL, name, payload)
  })
  return () => {
    offEvents()
    for (const channel of channels) ipcMain.removeHandler(IPC_PREFIX + channel)
  }
}
