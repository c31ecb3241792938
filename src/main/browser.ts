/**
 * Browser mode: the core behind a loopback HTTP server, serving the built renderer to any Chromium-class browser.
 * Prints one line with the address (token included) to open. Listens on the port of its last start on the data
 * folder when free (browser-port.ts). Stops cleanly on SIGINT/SIGTERM.
 */
// This process words errors in every language (src/shared/errors/catalog.ts).
import '@shared/errors/catalog-languages'
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { Command, InvalidArgumentError } from 'commander'
import { appPaths, appVersion } from './app-paths'
import { AppError } from '@shared/errors/app-error'
import { createCore, type Core } from './core'
import { resolveDataDir } from './core/data-dir'
import { describeHolder, readOwner } from './core/owner'
import { startHttpTransport } from './ipc/http-transport'
import { isPortTaken, rememberedPort, rememberPort } from './browser-port'

function portArg(value: string): number {
  const n = Number(value)
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError('a port is a whole number from 0 to 65535')
  return n
}

async function main(): Promise<void> {
  const paths = appPaths(import.meta.url)
  const version = appVersion(paths.root)
  const program = new Command('license-desk-browser')
    .description('License Desk in browser mode: a loopback-only server for the app, opened in a browser')
    .version(version)
    .option('--port <port>', 'port on 127.0.0.1 (default: the one of the last start on this data folder, else a free one)', portArg)
    .option('--data-dir <dir>', 'data folder (default: LICENSE_DESK_DATA_DIR, else the platform app-data folder)')
    .option('--open', 'open the app in Chromium or the default browser (with a one-time address, not the token)')
    .parse()
  const opts = program.opts<{ port?: number; dataDir?: string; open?: boolean }>()

  if (!existsSync(join(paths.rendererDir, 'index.html'))) {
    process.stderr.write(`The renderer is not built (${paths.rendererDir} is missing): run \`npm run build\` first.\n`)
    process.exit(1)
  }
  const dataDir = opts.dataDir ?? resolveDataDir()
  let core: Core
  try {
    // LICENSE_DESK_EXPORT_HOLD_ROWS: for end-to-end tests of cancelling an export (services/exports).
    const hold = Number(process.env.LICENSE_DESK_EXPORT_HOLD_ROWS ?? '')
    core = await createCore({ dataDir, shell: 'browser', version, ...(Number.isInteger(hold) && hold > 0 ? { exportHoldAfterRows: hold } : {}) })
  } catch (err) {
    // One process per data folder: say which one has it and where it answers, and leave it be.
    if (err instanceof AppError && err.code === 'app.dataDirBusy') {
      const holder = readOwner(dataDir)
      const where = holder?.address ? `: open ${holder.address}` : ''
      process.stderr.write(`License Desk is already running on ${dataDir}: ${describeHolder(holder)}${where}\n`)
      process.exit(1)
    }
    throw err
  }
  const listen = (port: number) =>
    startHttpTransport({
      registry: core.registry,
      events: core.events,
      rendererDir: paths.rendererDir,
      log: core.services.log.child('http'),
      port,
      downloads: core.services.exports,
    })
  const last = opts.port === undefined ? rememberedPort(dataDir) : null
  let server: Awaited<ReturnType<typeof listen>>
  try {
    server = await listen(opts.port ?? last ?? 0)
  } catch (err) {
    if (last === null || !isPortTaken(err)) throw err
    server = await listen(0)
    process.stdout.write(`Port ${last}, used last time, is taken by another program: using ${server.port}. A tab still open on port ${last} cannot reconnect; open the address below.\n`)
  }
  rememberPort(dataDir, server.port)
  core.services.owner.setAddress(server.url)
  // Before the line below: whoever reads it may stop the app at once, and must get the clean stop.
  let stopping = false
  const stop = (signal: string): void => {
    if (stopping) return
    stopping = true
    core.services.log.info('stopping', { signal })
    Promise.allSettled([server.close(), core.dispose()]).then(() => process.exit(0))
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
  process.stdout.write(`License Desk is running in browser mode: open ${server.url}\n`)
  // The browser's command line is readable by other local users: it gets a one-time address, never the token.
  if (opts.open) openInBrowser(server.openUrl())
}

// Best effort, never required: Chromium as an app window if present, else the desktop's default browser.
function openInBrowser(url: string): void {
  const candidates: Array<[string, string[]]> =
    process.platform === 'darwin'
      ? [['open', [url]]]
      : process.platform === 'win32'
        ? [['cmd', ['/c', 'start', '', url]]]
        : [
            ['chromium', [`--app=${url}`]],
            ['xdg-open', [url]],
          ]
  const tryNext = (i: number): void => {
    const next = candidates[i]
    if (!next) {
      process.stderr.write('Could not open a browser: open the address above yourself.\n')
      return
    }
    const child = spawn(next[0], next[1], { stdio: 'ignore', detached: true })
    child.on('error', () => tryNext(i + 1))
    child.unref()
  }
  tryNext(0)
}

main().catch((err: unknown) => {
  process.stderr.write(`License Desk could not start in browser mode: ${err instanceof Error ? err.message : String(err)}\n`)
  process.exit(1)
})
