import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  NativeModuleError,
  chooseBinding,
  describeNativeLoadError,
  electronBuildPath,
  type RuntimeFacts,
} from '../../../../src/main/services/db/native-binding'
import { currentRuntime, openDatabase } from '../../../../src/main/services/db/database'
import { createLogger } from '../../../../src/main/services/log'
// @ts-expect-error plain .mjs script without types
import { keptBuildPath } from '../../../../scripts/electron-rebuild.mjs'

const NODE: RuntimeFacts = { node: '20.19.0', abi: '115', nodeModulesDir: '/app/node_modules' }
const ELECTRON: RuntimeFacts = { ...NODE, electron: '45.4.1', node: '22.20.0', abi: '140' }
const NODE_ABI_MESSAGE =
  "The module '/app/node_modules/better-sqlite3/build/Release/better_sqlite3.node'\n" +
  'was compiled against a different Node.js version using\nNODE_MODULE_VERSION 115. This version of Node.js requires\n' +
  'NODE_MODULE_VERSION 140. Please try re-compiling or re-installing\nthe module (for instance, using `npm rebuild` or `npm install`).'

describe('which build of better-sqlite3 a runtime loads', () => {
  it('Node (browser mode, the CLI) loads the build npm made, even when an Electron build is kept', () => {
    expect(chooseBinding('better-sqlite3', NODE, () => true)).toEqual({ runtime: 'Node 20.19.0' })
  })

  it('Electron loads the kept build for its own ABI', () => {
    const seen: string[] = []
    const choice = chooseBinding('better-sqlite3', ELECTRON, (p) => (seen.push(p), true))
    expect(choice.nativeBinding).toBe(join('/app/node_modules', '.electron-native', 'better-sqlite3-abi140', 'better_sqlite3.node'))
    expect(seen).toEqual([choice.nativeBinding])
  })

  it('Electron without a kept build (a packaged app, rebuilt by electron-builder) loads the module\'s own', () => {
    expect(chooseBinding('better-sqlite3', ELECTRON, () => false)).toEqual({ runtime: 'Electron 45.4.1' })
  })

  it('the rebuild script writes where the app looks', () => {
    expect(keptBuildPath('/app/node_modules', 'better-sqlite3', '140')).toBe(electronBuildPath('/app/node_modules', 'better-sqlite3', '140'))
  })
})

describe('what is said when it cannot load', () => {
  it('a build for another ABI under Electron: both versions and the rebuild command, one line', () => {
    const err = describeNativeLoadError('better-sqlite3', new Error(NODE_ABI_MESSAGE), ELECTRON)
    expect(err).toBeInstanceOf(NativeModuleError)
    expect(err?.message).toBe(
      'better-sqlite3 cannot load in Electron 45.4.1 (its build is for NODE_MODULE_VERSION 115, this runtime needs 140): run `npm run electron:rebuild`',
    )
    expect(err?.message).not.toContain('\n')
  })

  it('under Node the fix is npm rebuild; in the installed app, reinstalling', () => {
    const msg = NODE_ABI_MESSAGE.replace('115', '140').replace('requires\nNODE_MODULE_VERSION 140', 'requires\nNODE_MODULE_VERSION 115')
    expect(describeNativeLoadError('better-sqlite3', new Error(msg), NODE)?.message).toBe(
      'better-sqlite3 cannot load in Node 20.19.0 (its build is for NODE_MODULE_VERSION 140, this runtime needs 115): run `npm rebuild better-sqlite3`',
    )
    expect(describeNativeLoadError('better-sqlite3', new Error(NODE_ABI_MESSAGE), { ...ELECTRON, packaged: true })?.fix).toBe('reinstall License Desk')
  })

  it('a missing build is said as missing', () => {
    const err = describeNativeLoadError('better-sqlite3', new Error('Could not locate the bindings file. Tried:\n → /x/build/better_sqlite3.node'), NODE)
    expect(err?.message).toBe('better-sqlite3 cannot load in Node 20.19.0 (its native build is missing): run `npm rebuild better-sqlite3`')
  })

  it('an error that is not about loading is left alone', () => {
    expect(describeNativeLoadError('better-sqlite3', Object.assign(new Error('file is not a database'), { code: 'SQLITE_NOTADB' }), NODE)).toBeNull()
  })
})

describe('openDatabase', () => {
  const root = mkdtempSync(join(tmpdir(), 'native-binding-'))
  afterAll(() => rmSync(root, { recursive: true, force: true }))
  const log = createLogger({ file: join(root, 'log.txt'), stderrLevel: 'off' })

  it('under Electron with a kept build that does not load: one line naming the module, runtime and command', () => {
    const modules = join(root, 'node_modules')
    const facts: RuntimeFacts = { electron: '45.4.1', node: '22.20.0', abi: '140', nodeModulesDir: modules }
    const kept = electronBuildPath(modules, 'better-sqlite3', '140')
    mkdirSync(dirname(kept), { recursive: true })
    writeFileSync(kept, 'not a shared library')
    const dataDir = mkdtempSync(join(root, 'data-'))
    let thrown: unknown
    try {
      openDatabase({ dataDir, migrations: [], log, runtime: facts })
    } catch (err) {
      thrown = err
    }
    expect(thrown).toBeInstanceOf(NativeModuleError)
    expect((thrown as Error).message).toMatch(/^better-sqlite3 cannot load in Electron 45\.4\.1 \(.+\): run `npm run electron:rebuild`$/)
  })

  it('under Node it opens with the build npm made', () => {
    const db = openDatabase({ dataDir: mkdtempSync(join(root, 'data-')), migrations: [], log, runtime: currentRuntime() })
    expect(db.open).toBe(true)
    db.close()
  })
})
