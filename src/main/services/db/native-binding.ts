/**
 * Which build of a native module (better-sqlite3) this runtime loads, and what is said when it cannot load.
 *
 * better-sqlite3 is built against V8 directly (not Node-API), so one build loads in one ABI only: the build
 * `npm ci` makes in node_modules serves Node (browser mode, the CLI, the tests); `npm run electron:rebuild`
 * (scripts/electron-rebuild.mjs, run by `npm run electron:fetch`) keeps a build for Electron's ABI beside it in
 * `node_modules/.electron-native/`, and the Electron shell loads that one through better-sqlite3's `nativeBinding`
 * option. A packaged app has no such folder: electron-builder rebuilt node_modules for Electron (`npmRebuild`).
 * Pure: the runtime's facts and the file system come in as arguments, so the unit tests need neither Electron nor
 * a wrong-ABI binary.
 */
import { join } from 'node:path'

/** The folder beside the Node builds where Electron builds are kept (scripts/electron-rebuild.mjs writes it). */
export const ELECTRON_NATIVE_DIR = '.electron-native'

/** The command that makes (again) the Electron build of the native modules in a checkout. */
export const ELECTRON_REBUILD_COMMAND = 'npm run electron:rebuild'

/** Where the Electron build of `module` for the ABI `abi` (NODE_MODULE_VERSION) is kept. */
export function electronBuildPath(nodeModulesDir: string, module: string, abi: string): string {
  return join(nodeModulesDir, ELECTRON_NATIVE_DIR, `${module}-abi${abi}`, `${module.replace(/-/g, '_')}.node`)
}

/** What the running process is. */
export interface RuntimeFacts {
  /** `process.versions.electron`: absent under Node. */
  electron?: string
  /** `process.versions.node`. */
  node: string
  /** `process.versions.modules`: the NODE_MODULE_VERSION this runtime loads. */
  abi: string
  /** The folder holding the module (`node_modules`). */
  nodeModulesDir: string
}

export interface BindingChoice {
  /** The file to pass as `nativeBinding`; absent: the module's own build (node_modules). */
  nativeBinding?: string
  /** The runtime in words, for messages ("Electron 45.4.1", "Node 20.19.0"). */
  runtime: string
}

export function runtimeName(facts: Pick<RuntimeFacts, 'electron' | 'node'>): string {
  return facts.electron ? `Electron ${facts.electron}` : `Node ${facts.node}`
}

/** Electron loads the kept Electron build when there is one for its ABI; Node (and a packaged app) the module's own. */
export function chooseBinding(module: string, facts: RuntimeFacts, exists: (path: string) => boolean): BindingChoice {
  const runtime = runtimeName(facts)
  if (!facts.electron) return { runtime }
  const kept = electronBuildPath(facts.nodeModulesDir, module, facts.abi)
  return exists(kept) ? { nativeBinding: kept, runtime } : { runtime }
}

/** A native module that could not load: one line says which, for which runtime, and the command that fixes it. */
export class NativeModuleError extends Error {
  constructor(
    readonly module: string,
    readonly runtime: string,
    readonly fix: string,
    problem: string,
  ) {
    super(`${module} cannot load in ${runtime} (${problem}): ${fix}`)
    this.name = 'NativeModuleError'
  }
}

const ABI_MISMATCH = /NODE_MODULE_VERSION (\d+)\. This version of Node\.js requires\s+NODE_MODULE_VERSION (\d+)/
const MISSING = /Could not locate the bindings file|Cannot find module .*\.node|ENOENT.*\.node|No such file.*\.node/i
const NOT_LOADABLE = /invalid ELF header|wrong ELF class|not a valid Win32 application|mach-o|slice is not valid|undefined symbol/i

/**
 * The one-line error for a failed load of `module`, or null when `err` is not about loading the native build (a
 * database error is not ours to reword). `packaged`: the installed app, where only reinstalling helps.
 */
export function describeNativeLoadError(
  module: string,
  err: unknown,
  facts: Pick<RuntimeFacts, 'electron' | 'node'> & { packaged?: boolean },
): NativeModuleError | null {
  const message = err instanceof Error ? err.message : String(err)
  const runtime = runtimeName(facts)
  const fix = facts.packaged
    ? 'reinstall License Desk'
    : facts.electron
      ? `run \`${ELECTRON_REBUILD_COMMAND}\``
      : `run \`npm rebuild ${module}\``
  const abi = ABI_MISMATCH.exec(message)
  if (abi) return new NativeModuleError(module, runtime, fix, `its build is for NODE_MODULE_VERSION ${abi[1]}, this runtime needs ${abi[2]}`)
  if (MISSING.test(message)) return new NativeModuleError(module, runtime, fix, 'its native build is missing')
  const code = (err as { code?: unknown } | null)?.code
  if (code === 'ERR_DLOPEN_FAILED' || NOT_LOADABLE.test(message)) return new NativeModuleError(module, runtime, fix, 'its native build is damaged or for another system')
  return null
}
