import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { electronBuildPath } from '../../../../src/main/services/db/native-binding'
// @ts-expect-error plain .mjs script without types
import { installedElectron, rebuildForElectron } from '../../../../scripts/electron-rebuild.mjs'

interface RebuildOptions { buildPath: string; electronVersion: string; onlyModules: string[]; force: boolean }

describe('npm run electron:rebuild', () => {
  const root = mkdtempSync(join(tmpdir(), 'electron-rebuild-'))
  afterAll(() => rmSync(root, { recursive: true, force: true }))
  const modules = join(root, 'node_modules')
  const nodeBuild = join(modules, 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node')
  mkdirSync(join(modules, 'better-sqlite3', 'build', 'Release'), { recursive: true })
  writeFileSync(join(modules, 'better-sqlite3', 'package.json'), '{"name":"better-sqlite3","version":"12.11.1"}')
  writeFileSync(nodeBuild, 'node build')

  it('builds a copy for Electron and keeps it where the app looks, leaving the Node build alone', async () => {
    const calls: RebuildOptions[] = []
    const rebuild = (o: RebuildOptions): void => {
      calls.push(o)
      // The copy has no build of its own: the rebuild makes it.
      expect(existsSync(join(o.buildPath, 'node_modules', 'better-sqlite3', 'build'))).toBe(false)
      const out = join(o.buildPath, 'node_modules', 'better-sqlite3', 'build', 'Release')
      mkdirSync(out, { recursive: true })
      writeFileSync(join(out, 'better_sqlite3.node'), `electron ${o.electronVersion}`)
    }
    const kept = (await rebuildForElectron({ nodeModulesDir: modules, version: '45.4.1', abi: '140', rebuild })) as string[]
    expect(calls).toMatchObject([{ electronVersion: '45.4.1', onlyModules: ['better-sqlite3'], force: true }])
    expect(kept).toEqual([electronBuildPath(modules, 'better-sqlite3', '140')])
    expect(readFileSync(kept[0]!, 'utf8')).toBe('electron 45.4.1')
    expect(readFileSync(nodeBuild, 'utf8')).toBe('node build')
  })

  it('a rebuild that fails (no headers offline) keeps nothing', async () => {
    const rebuild = (): never => {
      throw new Error('getaddrinfo ENOTFOUND electronjs.org')
    }
    await expect(rebuildForElectron({ nodeModulesDir: modules, version: '45.4.1', abi: '141', rebuild })).rejects.toThrow(/ENOTFOUND/)
    expect(existsSync(electronBuildPath(modules, 'better-sqlite3', '141'))).toBe(false)
  })

  it('without the Electron binary it says what to run', () => {
    expect(installedElectron(modules)).toEqual({ reason: 'the Electron binary is not installed (run `npm run electron:fetch`)' })
  })
})
