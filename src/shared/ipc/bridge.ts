/**
 * The raw bridge between renderer and core. Electron's preload exposes it as `window.licenseDesk`; in browser
 * mode the renderer builds the same object over HTTP. The renderer's typed wrapper is the only user.
 */
import type { IpcResult } from './channel'

export interface RawBridge {
  readonly shell: 'electron' | 'browser'
  invoke(channel: string, input: unknown): Promise<IpcResult<unknown>>
  /** Subscribes to every core event; returns an unsubscribe function. */
  onEvent(listener: (name: string, payload: unknown) => void): () => void
}

/** Name of the global the Electron preload exposes. */
export const BRIDGE_GLOBAL = 'licenseDesk'
