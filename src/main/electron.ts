/**
 * The Electron shell: one window that follows the Electron security checklist (docs/architecture.md lists the
 * items): sandboxed renderer with context isolation and no Node, our own `app://` scheme instead of file://, a
 * strict CSP, permissions denied, navigation and new windows refused (https links go to the system browser after
 * validation), every IPC call's sender checked. The core is the same one browser mode runs.
 */
// This process words errors in every language (src/shared/errors/catalog.ts).
import '@shared/errors/catalog-languages'
import { readFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { app, BrowserWindow, dialog, ipcMain, Menu, Notification, protocol, screen, session, shell } from 'electron'
import { AppError, describeError } from '@shared/errors/app-error'
import { matchLocale, resolveLocale } from '@shared/i18n/locale'
import { appPaths } from './app-paths'
import { createCore, type Core } from './core'
import { resolveDataDir } from './core/data-dir'
import {
  APP_HOST,
  APP_ORIGIN,
  APP_SCHEME,
  APP_SCHEME_PRIVILEGES,
  appUrlMatcher,
  devicePermissionHandler,
  hardenContents,
  mainWindowOptions,
  permissionCheckHandler,
  permissionRequestHandler,
  withCspHeader,
} from './electron-security'
import { attachElectronTransport } from './ipc/electron-transport'
import { PAGE_SECURITY_HEADERS } from './ipc/security'
import { resolveStatic } from './ipc/static-files'
import { NativeModuleError } from './services/db/native-binding'
import { electronUpdateInstaller } from './updates-electron'
import { menuTemplate } from './electron-menu'
import { filesFromArgs } from '@shared/files/open-file'
import { RunEndWatch, runEndNotice } from '@shared/notify/run-end'
import { outboxEndNotice } from '@shared/notify/outbox-end'
import { WINDOW_STATE_FILE, recordPlace, restorePlace, windowStateSchema, type WindowState } from './window-state'

const paths = appPaths(import.meta.url)
// electron-vite's dev server (npm run dev) sets this; packaged and `npm start` runs use app://.
const devServerUrl = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined
const isAppUrl = appUrlMatcher(devServerUrl ? new URL(devServerUrl).origin : undefined)

// Must happen before `ready`: the sandbox for every renderer, our scheme as a standard secure origin.
app.enableSandbox()
protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES])
const dataDir = resolveDataDir()
app.setPath('userData', dataDir)

let mainWindow: BrowserWindow | null = null
let core: Core | null = null
/** Files named before the core is up (the first start's arguments, macOS `open-file` during launch). */
const filesBeforeStart: string[] = filesFromArgs(process.argv.slice(1)).map((f) => resolve(f))

/** Files from the system (a double-click, a second start): the core checks each and the window asks the user. */
function openFiles(paths: string[]): void {
  if (!core) {
    filesBeforeStart.push(...paths)
    return
  }
  for (const path of paths) void core.services.openedFiles.openPath(path)
  focusWindow()
}

function focusWindow(): void {
  if (!mainWindow) return
  if (mainWindow.isMinimized()) mainWindow.restore()
  mainWindow.focus()
}

if (!app.requestSingleInstanceLock()) {
  // Another instance owns the data folder; it gets focused (below) and this one leaves.
  app.quit()
} else {
  // A second start (a double-click on a drafts file, `license-desk open`) hands its files to this one and leaves.
  app.on('second-instance', (_event, argv, workingDirectory) => {
    const files = filesFromArgs(argv.slice(1)).map((f) => resolve(workingDirectory, f))
    if (files.length > 0) openFiles(files)
    else focusWindow()
  })
  // macOS gives a double-clicked file here (also before ready, when it starts the app for it), never in argv.
  app.on('open-file', (event, path) => {
    event.preventDefault()
    openFiles([path])
  })
  app.on('web-contents-created', (_event, contents) => hardenContents(contents, { isAppUrl, openExternal: (url) => void shell.openExternal(url) }))
  app
    .whenReady()
    .then(start)
    .catch((err: unknown) => fail(err))
  app.on('window-all-closed', () => app.quit())
  // Quitting waits for the core to stop (the sandbox saves its state, files are closed), then quits for real.
  app.on('before-quit', (event) => {
    const running = core
    if (!running) return
    event.preventDefault()
    core = null
    void savingPlace.then(() => running.dispose()).finally(() => app.quit())
  })
}

async function start(): Promise<void> {
  const ses = session.defaultSession
  // Permissions: none, except writing plain text to the clipboard from our own page (copy buttons); no devices.
  ses.setPermissionRequestHandler(permissionRequestHandler(isAppUrl))
  ses.setPermissionCheckHandler(permissionCheckHandler(isAppUrl))
  ses.setDevicePermissionHandler(devicePermissionHandler)
  // The CSP as a header on everything the session loads (the dev server too), on top of the page's meta tag.
  ses.webRequest.onHeadersReceived((details, callback) => callback(withCspHeader(details)))
  protocol.handle(APP_SCHEME, serveRenderer)
  Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate(process.platform, app.getName(), matchLocale(app.getLocale()), (id) => core?.events.emit('app.shortcut', { id }))))

  core = await createCore({
    dataDir,
    shell: 'electron',
    version: app.getVersion(),
    systemLocale: app.getLocale(),
    // An export asks where to save before it writes: it then streams straight to the chosen file.
    chooseExportPath: async (fileName, format) => {
      const options = {
        defaultPath: join(app.getPath('downloads'), fileName),
        filters: [format === 'csv' ? { name: 'CSV', extensions: ['csv'] } : { name: 'Excel', extensions: ['xlsx'] }],
      }
      const r = mainWindow ? await dialog.showSaveDialog(mainWindow, options) : await dialog.showSaveDialog(options)
      return r.canceled || !r.filePath ? null : r.filePath
    },
    // Only the installed app updates itself; `npm start` runs from a checkout, which git updates.
    ...(app.isPackaged ? { updateInstaller: electronUpdateInstaller } : {}),
  })
  // The check at start: a failure is kept in the status for Settings and logged once, never a dialog.
  void core.services.updates.check().catch(() => undefined)
  attachElectronTransport({
    ipcMain,
    registry: core.registry,
    events: core.events,
    log: core.services.log.child('ipc.electron'),
    target: () => (mainWindow && !mainWindow.isDestroyed() ? mainWindow.webContents : null),
    isAppUrl,
  })
  // A long run that ends while the window is not in front: a system notification (a click brings the window).
  const runs = new RunEndWatch()
  const running = core
  running.events.on('bulk.progress', (p) => {
    if (!runs.ended(p) || mainWindow?.isFocused() || !Notification.isSupported()) return
    void running.services.settings.get().then((settings) => {
      const notice = new Notification(runEndNotice(p, resolveLocale(settings.locale, app.getLocale())))
      notice.on('click', focusWindow)
      notice.show()
    })
  })
  running.events.on('orders.outboxEnded', (end) => {
    if (mainWindow?.isFocused() || !Notification.isSupported()) return
    void running.services.settings.get().then((settings) => {
      const notice = new Notification(outboxEndNotice(end, resolveLocale(settings.locale, app.getLocale())))
      notice.on('click', focusWindow)
      notice.show()
    })
  })
  // `license-desk open FILE` starts this command with the file; the single-instance lock hands it over.
  core.services.owner.setLaunch(app.isPackaged ? [process.execPath] : [process.execPath, resolve(app.getAppPath())])
  await createWindow()
  openFiles(filesBeforeStart.splice(0))
}

/** The window's place file (zod-checked when read; a damaged one is kept aside and the default used). */
const placeFile = () => core?.services.storage.file<WindowState | null>(WINDOW_STATE_FILE, windowStateSchema.nullable(), () => null)
let savingPlace: Promise<void> = Promise.resolve()

async function createWindow(): Promise<void> {
  const options = mainWindowOptions(join(paths.root, 'out', 'preload', 'index.cjs'))
  const sizes = { width: options.width ?? 1280, height: options.height ?? 820, minWidth: options.minWidth ?? 900, minHeight: options.minHeight ?? 600 }
  const saved = (await placeFile()?.read().catch(() => null)) ?? null
  const displays = screen.getAllDisplays().map((d) => ({ id: d.id, workArea: d.workArea }))
  const place = restorePlace(saved, displays, screen.getPrimaryDisplay().id, sizes)
  const win = new BrowserWindow({ ...options, ...place.bounds })
  mainWindow = win
  win.once('ready-to-show', () => {
    if (place.maximized) win.maximize()
    win.show()
  })
  // Remembered on the display it is on: its normal bounds (not the maximised ones) and whether it was maximised.
  let state = saved
  const remember = (): void => {
    const file = placeFile()
    if (!file || win.isDestroyed() || win.isMinimized() || win.isFullScreen()) return
    const bounds = win.getNormalBounds()
    state = recordPlace(state, screen.getDisplayMatching(bounds).id, { bounds, maximized: win.isMaximized() })
    savingPlace = file.write(state).catch(() => undefined)
  }
  win.on('close', remember)
  win.on('closed', () => {
    mainWindow = null
  })
  void win.loadURL(devServerUrl ?? `${APP_ORIGIN}/index.html`)
}

/** Serves out/renderer on app://license-desk with the same checks and headers as browser mode. */
async function serveRenderer(request: Request): Promise<Response> {
  const url = new URL(request.url)
  if (url.host !== APP_HOST || request.method !== 'GET') return new Response('Not found', { status: 404 })
  const file = await resolveStatic(paths.rendererDir, url.pathname)
  if (!file) return new Response('Not found', { status: 404, headers: { ...PAGE_SECURITY_HEADERS } })
  const body = await readFile(file.path)
  return new Response(body, {
    status: 200,
    headers: { ...PAGE_SECURITY_HEADERS, 'Content-Type': file.mime, 'Cache-Control': file.cacheControl },
  })
}

function fail(err: unknown): void {
  // Another process (browser mode, a command) holds the data folder: say so in a window, not only on stderr.
  if (err instanceof AppError && err.code === 'app.dataDirBusy') {
    dialog.showErrorBox('License Desk', describeError(err.toData(), resolveLocale('system', app.getLocale())))
  }
  // A native module built for another runtime is said in one line with its fix (the log file has the detail).
  const line = err instanceof NativeModuleError ? err.message : err instanceof Error ? (err.stack ?? err.message) : String(err)
  process.stderr.write(`License Desk could not start: ${line}\n`)
  if (err instanceof NativeModuleError) dialog.showErrorBox('License Desk could not start', err.message)
  app.exit(1)
}
