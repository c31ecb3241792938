#!/usr/bin/env node
// `npm start`: builds when the build is missing or older than the sources, then runs the Electron app where its
// binary is installed and a display is there, else browser mode (one line says why, one line gives the address).
// Options: --browser forces browser mode; anything else is passed on (browser mode: --port N, --open, --data-dir D).
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildIfStale } from './build-if-stale.mjs'
import { installedElectron, keptBuildPath } from './electron-rebuild.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const args = process.argv.slice(2)
const forceBrowser = args.includes('--browser') || process.env.LICENSE_DESK_SHELL === 'browser'
const passOn = args.filter((a) => a !== '--browser')

/** The Electron binary, or the reason there is none. */
function electronBinary() {
  const dir = join(root, 'node_modules', 'electron')
  const pathFile = join(dir, 'path.txt')
  if (!existsSync(pathFile)) {
    return { reason: 'Electron binary not installed (it downloads from GitHub; run `npm run electron:fetch` where that is reachable)' }
  }
  const bin = join(dir, 'dist', readFileSync(pathFile, 'utf8').trim())
  if (!existsSync(bin)) return { reason: `Electron binary missing at ${bin} (run \`npm run electron:fetch\`)` }
  // better-sqlite3 needs a build for Electron's ABI beside the Node one (src/main/services/db/native-binding.ts).
  const modules = join(root, 'node_modules')
  const { abi } = installedElectron(modules)
  if (abi && !existsSync(keptBuildPath(modules, 'better-sqlite3', abi))) {
    return { reason: `better-sqlite3 has no build for Electron's ABI ${abi} (run \`npm run electron:rebuild\`)` }
  }
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    return { reason: 'no display for Electron (DISPLAY and WAYLAND_DISPLAY are unset)' }
  }
  return { bin }
}

/** Runs a child with the terminal, passing Ctrl-C and termination on, and exits with its code. */
function run(command, commandArgs) {
  const child = spawn(command, commandArgs, { cwd: root, stdio: 'inherit' })
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
}

if (!buildIfStale()) {
  process.stderr.write('The build failed (see above); nothing was started.\n')
  process.exit(1)
}
const electron = forceBrowser ? { reason: 'browser mode requested' } : electronBinary()
if (electron.bin) {
  run(electron.bin, [root, ...passOn])
} else {
  process.stdout.write(`${electron.reason}: starting browser mode.\n`)
  run(process.execPath, [join(root, 'out', 'main', 'browser.js'), ...passOn])
}
