// Builds the app (electron-vite build) when out/ is missing or older than the sources. Used by `npm start` and by
// the tests that run the built app or CLI (vitest's and Playwright's global setup), so a test never runs a stale build.
import { spawnSync } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const outputs = ['out/main/electron.js', 'out/main/browser.js', 'out/main/cli.js', 'out/preload/index.cjs', 'out/renderer/index.html'].map((p) => join(root, p))
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

/** True when out/ holds a build at least as new as every source. */
export function buildIsFresh() {
  const built = outputs.map((p) => statSync(p, { throwIfNoEntry: false })?.mtimeMs ?? 0)
  const oldestOutput = Math.min(...built)
  return oldestOutput > 0 && oldestOutput >= Math.max(...inputs.map(newest))
}

/** Builds unless the build is fresh; returns false when the build failed (its output went to the terminal). */
export function buildIfStale({ say = (line) => process.stdout.write(`${line}\n`) } = {}) {
  if (buildIsFresh()) return true
  const first = outputs.some((p) => !statSync(p, { throwIfNoEntry: false }))
  say(first ? 'Building License Desk (first run)…' : 'Sources changed since the last build: rebuilding…')
  const r = spawnSync(process.execPath, [join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  })
  return r.status === 0
}
