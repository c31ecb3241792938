/**
 * The preload: exposes one small typed bridge (RawBridge) as `window.licenseDesk`, nothing else; never ipcRenderer.
 * Runs sandboxed, bundled to one CommonJS file.
 */
import { contextBridge, ipcRenderer } from 'electron'
import { BRIDGE_GLOBAL } from '@shared/ipc/bridge'
import { createPreloadBridge } from './bridge'

contextBridge.exposeInMainWorld(BRIDGE_GLOBAL, createPreloadBridge(ipcRenderer))
