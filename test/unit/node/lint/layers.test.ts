/**
 * The layer rules of docs/architecture.md are enforced by ESLint (eslint.config.js). These tests lint small probe sources as
 * if they sat in each layer, so a config change that stops catching a forbidden import fails here.
 */
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'
import { beforeAll, describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../../../', import.meta.url))

let eslint: ESLint

/** Rule ids reported for `code` linted as if it were the file `path` (relative to the repository). */
async function ruleIds(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, path) })
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message)
}

describe('layer rules', () => {
  beforeAll(() => {
    eslint = new ESLint({ cwd: root })
  })

  it('stops the renderer importing main', async () => {
    const ids = await ruleIds('src/renderer/__probe__.ts', "import { createCore } from '../main/core'\nexport const x = createCore\n")
    expect(ids).toContain('boundaries/dependencies')
  })

  it('stops the renderer reaching Node or the network', async () => {
    const ids = await ruleIds('src/renderer/__probe__.ts', "import { readFile } from 'node:fs'\nimport { request } from 'undici'\nexport const x = [readFile, request]\n")
    expect(ids.filter((i) => i === 'no-restricted-imports')).toHaveLength(2)
  })

  it('stops shared importing main or Node', async () => {
    const ids = await ruleIds('src/shared/__probe__.ts', "import { SANDBOX_PROFILE_ID } from '../main/services/profiles'\nimport { join } from 'node:path'\nexport const x = [SANDBOX_PROFILE_ID, join]\n")
    expect(ids).toContain('boundaries/dependencies')
    expect(ids).toContain('no-restricted-imports')
  })

  it('stops the sandbox importing main', async () => {
    const ids = await ruleIds('src/sandbox/__probe__.ts', "import { resolveDataDir } from '../main/core/data-dir'\nexport const x = resolveDataDir\n")
    expect(ids).toContain('boundaries/dependencies')
  })

  it('stops the preload importing main', async () => {
    const ids = await ruleIds('src/preload/__probe__.ts', "import { resolveDataDir } from '../main/core/data-dir'\nexport const x = resolveDataDir\n")
    expect(ids).toContain('boundaries/dependencies')
  })

  it('lets main use shared and the sandbox entry, but not sandbox internals', async () => {
    const ok = await ruleIds('src/main/__probe__.ts', "import { CHANNELS } from '@shared/ipc/contract'\nexport const x = CHANNELS\n")
    expect(ok).toEqual([])
    const internal = await ruleIds('src/main/__probe__.ts', "import { x } from '../sandbox/server/thing'\nexport const y = x\n")
    expect(internal).toContain('no-restricted-imports')
  })

  it('stops a handler importing another handler, and keeps the other rules of main there', async () => {
    const sibling = await ruleIds('src/main/handlers/__probe__.ts', "import { registerAssetHandlers } from './assets'\nexport const x = registerAssetHandlers\n")
    expect(sibling).toContain('no-restricted-imports')
    const roundabout = await ruleIds('src/main/handlers/__probe__.ts', "import { registerAssetHandlers } from '../handlers/assets'\nexport const x = registerAssetHandlers\n")
    expect(roundabout).toContain('no-restricted-imports')
    const internal = await ruleIds('src/main/handlers/__probe__.ts', "import { x } from '../../sandbox/server/thing'\nexport const y = x\n")
    expect(internal).toContain('no-restricted-imports')
    const services = await ruleIds(
      'src/main/handlers/__probe__.ts',
      "import type { Services } from '../core/services'\nimport { targetProfile } from '../services/enterprise'\nexport const x = (s: Services) => targetProfile(s.profiles, undefined)\n",
    )
    expect(services).toEqual([])
    // The core registers every handler: that import stays allowed outside handlers/.
    const core = await ruleIds('src/main/core/__probe__.ts', "import { registerAssetHandlers } from '../handlers/assets'\nexport const x = registerAssetHandlers\n")
    expect(core).toEqual([])
  })

  it('keeps the schemas out of the preload (types only)', async () => {
    const schemas = await ruleIds('src/preload/__probe__.ts', "import { isChannelName } from '@shared/ipc/contract'\nimport { z } from 'zod'\nexport const x = [isChannelName, z]\n")
    expect(schemas.filter((i) => i === 'no-restricted-imports')).toHaveLength(2)
    const names = await ruleIds(
      'src/preload/__probe__.ts',
      "import type { IpcResult } from '@shared/ipc/channel'\nimport { isListedChannel } from '@shared/ipc/channel-names'\nexport const x = (r: IpcResult<unknown>) => [r, isListedChannel]\n",
    )
    expect(names).toEqual([])
  })

  it('lets only the renderer’s api/ (and the bridge itself) import the bridge', async () => {
    const probe = "import { invoke } from '../../bridge'\nexport const x = invoke\n"
    for (const where of ['src/renderer/views/locks/__probe__.ts', 'src/renderer/stores/__probe__/x.ts', 'src/renderer/components/bulk/__probe__.ts']) {
      expect(await ruleIds(where, probe), where).toContain('no-restricted-imports')
    }
    expect(await ruleIds('src/renderer/stores/__probe__.ts', "import { invoke } from '../bridge'\nexport const x = invoke\n")).toContain('no-restricted-imports')
    expect(await ruleIds('src/renderer/__probe__.ts', "import { initBridge } from './bridge'\nexport const x = initBridge\n")).toContain('no-restricted-imports')
    expect(await ruleIds('src/renderer/api/__probe__.ts', "import { invoke } from '../bridge'\nexport const x = invoke\n")).toEqual([])
    expect(await ruleIds('src/renderer/bridge/__probe__.ts', "import { invoke } from './index'\nexport const x = invoke\n")).toEqual([])
    // The shared RawBridge type is not the renderer's bridge.
    expect(await ruleIds('src/renderer/views/__probe__.ts', "import type { RawBridge } from '@shared/ipc/bridge'\nexport type X = RawBridge\n")).toEqual([])
  })

  it('stops components and stores importing views', async () => {
    const fromStore = await ruleIds('src/renderer/stores/__probe__.ts', "import { x } from '../views/locks/thing'\nexport const y = x\n")
    expect(fromStore).toContain('no-restricted-imports')
    const fromComponent = await ruleIds('src/renderer/components/bulk/__probe__.ts', "import { x } from '../../views/assets/thing'\nexport const y = x\n")
    expect(fromComponent).toContain('no-restricted-imports')
    // Views use stores, components and models; a store uses models and the api.
    expect(await ruleIds('src/renderer/views/locks/__probe__.ts', "import { useLocksStore } from '../../stores/locks'\nimport { lockRowFormat } from '../../models/lock-results'\nexport const x = [useLocksStore, lockRowFormat]\n")).toEqual([])
    expect(await ruleIds('src/renderer/stores/__probe__.ts', "import { listJobs } from '../api/bulk'\nimport { runFigures } from '../models/bulk-run'\nexport const x = [listJobs, runFigures]\n")).toEqual([])
    // The renderer's Node rule still holds where these blocks apply.
    expect(await ruleIds('src/renderer/stores/__probe__.ts', "import { readFile } from 'node:fs'\nexport const x = readFile\n")).toContain('no-restricted-imports')
  })

  it('keeps models plain: no api, stores, components or views', async () => {
    for (const target of ['../api/bulk', '../stores/bulk', '../components/bulk/BulkRunPanel.vue', '../views/locks/LocksView.vue', '../bridge']) {
      const ids = await ruleIds('src/renderer/models/__probe__.ts', `import x from '${target}'\nexport const y = x\n`)
      expect(ids, target).toContain('no-restricted-imports')
    }
    expect(await ruleIds('src/renderer/models/__probe__.ts', "import { checkAssetNumberText } from '@shared/lists/asset-numbers'\nimport { runFigures } from './bulk-run'\nexport const x = [checkAssetNumberText, runFigures]\n")).toEqual([])
  })

  it('lets the renderer use shared', async () => {
    const ids = await ruleIds('src/renderer/__probe__.ts', "import { CHANNELS } from '@shared/ipc/contract'\nexport const x = CHANNELS\n")
    expect(ids).toEqual([])
  })
})
