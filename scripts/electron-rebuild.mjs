#!/usr/bin/env node
// `npm run electron:rebuild` (also run by `npm run electron:fetch` after the download): builds better-sqlite3 for
// the installed Electron's ABI into node_modules/.electron-native/, beside the Node build that `npm ci` made and
// that browser mode, the CLI and the tests keep loading. The Electron shell loads the kept build through
// better-sqlite3's `nativeBinding` option (src/main/services/db/native-binding.ts chooses it).
// It works on a copy of the package, because @electron/rebuild (like electron-builder's install-app-deps) rebuilds
// in place, which would take the Node build away. Electron's headers (or a prebuilt binary) come from the internet
// (GitHub, electronjs.org): this runs only where those are reachable, as `electron:fetch` does.
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

const MODULES = ['better-sqlite3']

/** Where the app looks for the kept build (same rule as electronBuildPath in native-binding.ts; a unit test checks). */
export function keptBuildPath(nodeModulesDir, module, abi) {
  return join(nodeModulesDir, '.electron-native', `${module}-abi${abi}`, `${module.replace(/-/g, '_')}.node`)
}

/** The installed Electron's version and ABI (NODE_MODULE_VERSION), or the reason there is none. */
export function installedElectron(nodeModulesDir) {
  const dir = join(nodeModulesDir, 'electron')
  if (!existsSync(join(dir, 'path.txt'))) return { reason: 'the Electron binary is not installed (run `npm run electron:fetch`)' }
  const version = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version
  const abi = readFileSync(join(dir, 'abi_version'), 'utf8').trim()
  return { version, abi }
}

/**
 * Builds each module for Electron `version` on a copy and keeps the result. `rebuild` is @electron/rebuild's
 * function (tests pass a fake: the real one needs Electron's headers from the internet). Returns the kept files.
 */
export async function rebuildForElectron({ nodeModulesDir, version, abi, rebuild, modules = MODULES }) {
  const work = mkdtempSync(join(tmpdir(), 'license-desk-electron-native-'))
  try {
    const kept = []
    writeFileSync(join(work, 'package.json'), JSON.stringify({ name: 'electron-native', version: '0.0.0', dependencies: Object.fromEntries(modules.map((m) => [m, '*'])) }))
    for (const m of modules) {
      const from = join(nodeModulesDir, m)
      // Without the Node build: what the rebuild makes is Electron's, or nothing.
      cpSync(from, join(work, 'node_modules', m), { recursive: true, filter: (src) => relative(from, src).split(sep)[0] !== 'build' })
    }
    await rebuild({ buildPath: work, electronVersion: version, onlyModules: modules, force: true })
    for (const m of modules) {
      const built = join(work, 'node_modules', m, 'build', 'Release', `${m.replace(/-/g, '_')}.node`)
      if (!existsSync(built)) throw new Error(`${m}: the rebuild made no ${built}`)
      const target = keptBuildPath(nodeModulesDir, m, abi)
      mkdirSync(dirname(target), { recursive: true })
      copyFileSync(built, target)
      kept.push(target)
    }
    return kept
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

async function main() {
  const nodeModulesDir = fileURLToPath(new URL('../node_modules', import.meta.url))
  const electron = installedElectron(nodeModulesDir)
  if (!electron.version) {
    process.stderr.write(`electron:rebuild: ${electron.reason}.\n`)
    return 1
  }
  let rebuild
  try {
    ;({ rebuild } = await import('@electron/rebuild'))
  } catch {
    process.stderr.write('electron:rebuild: @electron/rebuild is not installed (it comes with electron-builder: run `npm ci`).\n')
    return 1
  }
  try {
    const kept = await rebuildForElectron({ nodeModulesDir, version: electron.version, abi: electron.abi, rebuild })
    process.stdout.write(`Native modules built for Electron ${electron.version} (ABI ${electron.abi}): ${kept.join(', ')}\n`)
    return 0
  } catch (err) {
    const message = err instanceof Error ? err.message.split('\n')[0] : String(err)
    process.stderr.write(`electron:rebuild: could not build for Electron ${electron.version} (${message}); Electron's headers come from the internet, run it where electronjs.org and GitHub are reachable.\n`)
    return 1
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exitCode = await main()
