/**
 * `license-desk open FILE` with the built CLI: the file goes to browser mode over its HTTP address (the app then
 * holds it for the user's answer, nothing added yet), to the desktop app by starting it again with the file, and
 * when nothing runs the command says how to go on; a file that is not ours is refused before anything is reached.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DRAFT_FILE_FORMAT, DRAFT_FILE_VERSION } from '@shared/drafts/kinds'
import { emptyOrderDraft } from '@shared/orders/draft'
import type { Core } from '../../../src/main/core'
import { tryClaimDataDir } from '../../../src/main/core/owner'
import { startHttpTransport, type HttpTransport } from '../../../src/main/ipc/http-transport'
import { silentLogger } from '../../../src/main/services/log'
import { runCli, spawnCli, type CliResult } from '../../support/cli'
import { testCore } from '../../support/core'
import { removeDir, tempDir } from '../../support/tmp'

let base: string
let draftsFile: string
const env = (dataDir: string, lang = 'en_US.UTF-8'): NodeJS.ProcessEnv => ({ ...process.env, LICENSE_DESK_DATA_DIR: dataDir, LICENSE_DESK_VAULT: 'memory', LANG: lang, LC_ALL: '' })

/** The CLI run without blocking this process: browser mode's server answers from here meanwhile. */
function runCliAsync(args: string[], e: NodeJS.ProcessEnv): Promise<CliResult> {
  const child = spawnCli(args, { env: e })
  child.stdin.end()
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (b: Buffer) => (stdout += b.toString()))
  child.stderr.on('data', (b: Buffer) => (stderr += b.toString()))
  return new Promise((done) => child.on('close', (code) => done({ code: code ?? -1, stdout, stderr })))
}

beforeAll(async () => {
  base = await tempDir()
  draftsFile = join(base, 'ACME renewal.ldrafts')
  const body = emptyOrderDraft('LD-20261126-120000-ABCD')
  writeFileSync(draftsFile, JSON.stringify({ format: DRAFT_FILE_FORMAT, version: DRAFT_FILE_VERSION, exportedAt: 1, drafts: [{ kind: 'orders.order', name: 'ACME renewal', body }] }))
})
afterAll(async () => {
  await removeDir(base)
})

describe('license-desk open, browser mode running', () => {
  let core: Core
  let server: HttpTransport
  const dataDir = () => join(base, 'browser-data')
  beforeAll(async () => {
    core = await testCore(dataDir())
    server = await startHttpTransport({ registry: core.registry, events: core.events, rendererDir: join(base, 'none'), log: silentLogger })
    core.services.owner.setAddress(server.url)
  })
  afterAll(async () => {
    await server.close()
    await core.dispose()
  })

  it('hands the file over: the app announces it and holds it until the user answers', async () => {
    const opened = new Promise<string>((done) => core.events.on('files.opened', ({ id }) => done(id)))
    const r = await runCliAsync(['open', draftsFile], env(dataDir()))
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('ACME renewal.ldrafts (1 drafts) went to License Desk, process')
    const id = await opened
    const [pending] = core.services.openedFiles.pending()
    expect(pending).toMatchObject({ id, fileName: 'ACME renewal.ldrafts', verdict: { ok: true, target: { screen: 'orders' } } })
    // Nothing is added before the user says so.
    expect(core.services.drafts.list({ kinds: ['orders.order'] }).total).toBe(0)
    const accepted = await core.services.openedFiles.accept(id)
    expect(accepted.drafts.map((d) => d.name)).toEqual(['ACME renewal'])
    expect(core.services.openedFiles.pending()).toEqual([])
  })

  it('a file that is not ours is refused by the command, in the user language, and never reaches the app', async () => {
    const notOurs = join(base, 'notes.ldrafts')
    writeFileSync(notOurs, '{"hello": 1}')
    const r = await runCliAsync(['open', notOurs], env(dataDir(), 'zh_CN.UTF-8'))
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('这不是 License Desk 草稿文件')
    expect(core.services.openedFiles.pending()).toEqual([])
  })
})

describe('license-desk open, the desktop app running', () => {
  it('starts the app again with the file (its single-instance lock passes the file to the running window)', async () => {
    const dataDir = join(base, 'desktop-data')
    const { mkdirSync } = await import('node:fs')
    mkdirSync(dataDir, { recursive: true })
    // A stand-in for the app's command: it writes down the arguments it was started with.
    const fake = join(base, 'fake-app.mjs')
    const record = join(base, 'started-with.json')
    writeFileSync(fake, `import { writeFileSync } from 'node:fs'\nwriteFileSync(${JSON.stringify(record)}, JSON.stringify(process.argv.slice(2)))\n`)
    const owner = tryClaimDataDir(dataDir, 'electron')
    if (!owner) throw new Error('could not take the test data folder')
    try {
      owner.setLaunch([process.execPath, fake])
      const r = runCli(['open', draftsFile], { env: env(dataDir) })
      expect(r.stderr).toBe('')
      expect(r.code).toBe(0)
      await expect.poll(() => existsSync(record) && readFileSync(record, 'utf8').length > 0).toBe(true)
      expect(JSON.parse(readFileSync(record, 'utf8'))).toEqual([draftsFile])
    } finally {
      owner.release()
    }
  })
})

describe('license-desk open, nothing running', () => {
  it('says how to go on, in both languages, and changes nothing', () => {
    const dataDir = join(base, 'idle-data')
    const en = runCli(['open', draftsFile], { env: env(dataDir) })
    expect(en.code).toBe(2)
    expect(en.stderr).toContain('License Desk is not running on')
    expect(en.stderr).toContain(`license-desk drafts import ${draftsFile}`)
    const zh = runCli(['open', draftsFile, '--lang', 'zh-CN'], { env: env(dataDir) })
    expect(zh.code).toBe(2)
    expect(zh.stderr).toContain('License Desk 未在')
  })
})
