#!/usr/bin/env node
// `npm start`: builds when the build is missing or older than the sources, then runs the Electron app where its
// binary is installed and a display is there, else browser mode (one line says why, one line gives the address).
// Options: --browser forces browser mode; anything else is passed on (browser mode: --port N, --open, --data-dir D).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const args = process.argv.slice(2)
const forceBrowser = args.includes('--browser') || process.env.LICENSE_DESK_SHELL === 'browser'
const passOn = args.filter((a) => a !== '--browser')

const outputs = ['out/main/electron.js', 'out/main/browser.js', 'out/preload/index.cjs', 'out/renderer/index.html'].map((p) => join(root, p))
const inputs = ['src', 'electron.vite.config.ts', 'package.json', 'tsconfig.base.json'].map((p) => join(root, p))

/** Newest modification time under a path (files and folders, recursively). */
function newest(path) {
  const info = statSync(path, { throwIfNoEntry: false })
  if (!info) return 0
  if (!info.isDirectory()) return info.mtimeMs
  let max = info.mtimeMs
  for (const entry of readdirSync(path)) max = Math.max(max, newest(join(path, entry)))
  return max
}

function buildIfStale() {
  const built = outputs.map((p) => statSync(p, { throwIfNoEntry: false })?.mtimeMs ?? 0)
  const oldestOutput = Math.min(...built)
  if (oldestOutput > 0 && oldestOutput >= Math.max(...inputs.map(newest))) return
  process.stdout.write(oldestOutput === 0 ? 'Building License Desk (first run)…\n' : 'Sources changed since the last build: rebuilding…\n')
  const r = spawnSync(process.execPath, [join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'], {
    cwd: root,
    stdio: 'inherit',
  })
  if (r.status !== 0) {
    process.stderr.write('The build failed (see above); nothing was started.\n')
    process.exit(r.status ?? 1)
  }
}

/** The Electron binary, or the reason there is none. */
function electronBinary() {
  const dir = join(root, 'node_modules', 'electron')
  const pathFile = join(dir, 'path.txt')
  if (!existsSync(pathFile)) {
    return { reason: 'Electron binary not installed (it downloads from GitHub; run `npm run electron:fetch` where that is reachable)' }
  }
  const bin = join(dir, 'dist', readFileSync(pathFile, 'utf8').trim())
  if (!existsSync(bin)) return { reason: `Electron binary missing at ${bin} (run \`npm run electron:fetch\`)` }
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

buildIfStale()
const electron = forceBrowser ? { reason: 'browser mode requested' } : electronBinary()
if (electron.bin) {
  run(electron.bin, [root, ...passOn])
} else {
  process.stdout.write(`${electron.reason}: starting browser mode.\n`)
  run(process.execPath, [join(root, 'out', 'main', 'browser.js'), ...passOn])
}
