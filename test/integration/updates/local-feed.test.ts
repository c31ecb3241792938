/**
 * The update decisions against a feed served here over real HTTP (latest.yml written by the test, an installer
 * whose sha512 matches or not): newer, same, older, malformed, unreachable, a download whose checksum fails, and
 * that nothing is installed until the user says. The installer downloads with the feed's own verifier
 * (downloadVerified); only the Electron binary can run electron-updater's install step.
 */
import { createHash } from 'node:crypto'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '../../../src/main/services/log'
import { UpdateService, downloadVerified, type UpdateInstaller } from '../../../src/main/services/updates'

const INSTALLER = Buffer.from('License Desk 0.2.0 installer')
const sha512 = (b: Buffer): string => createHash('sha512').update(b).digest('base64')
const feedYaml = (version: string, hash = sha512(INSTALLER)): string =>
  `version: ${version}\nfiles:\n  - url: License-Desk-Setup-${version}.exe\n    sha512: ${hash}\n    size: ${INSTALLER.length}\nreleaseDate: '2026-11-01T00:00:00.000Z'\n`

describe('updates from a local generic feed', () => {
  let server: Server
  let base = ''
  /** What the feed serves as latest.yml now. */
  let latest = feedYaml('0.2.0')
  let requests = 0
  const root = mkdtempSync(join(tmpdir(), 'updates-'))
  const lines: string[] = []
  const log = createLogger({ file: join(root, 'log.txt'), stderrLevel: 'off' })
  const warn = log.warn.bind(log)
  log.warn = (msg, data) => (lines.push(msg), warn(msg, data))

  beforeAll(async () => {
    server = createServer((req, res) => {
      requests++
      if (req.url === '/feed/latest.yml') return res.end(latest)
      if (req.url?.startsWith('/feed/License-Desk-Setup-')) return res.end(INSTALLER)
      res.statusCode = 404
      res.end()
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve))
    rmSync(root, { recursive: true, force: true })
  })

  function service(feedUrl = `${base}/feed/`): { updates: UpdateService; installs: string[]; dir: string } {
    const installs: string[] = []
    const dir = mkdtempSync(join(root, 'dl-'))
    const installer: UpdateInstaller = {
      download: async (url, info, onProgress) => {
        await downloadVerified(url, info, dir)
        onProgress(100)
      },
      installNow: () => installs.push('now'),
      installOnQuit: (on) => installs.push(`onQuit:${on}`),
    }
    return { updates: new UpdateService({ version: '0.1.0', feedUrl: async () => feedUrl, installer, log, channel: 'latest.yml' }), installs, dir }
  }

  it('a newer version is downloaded in the background, verified, and waits for the user', async () => {
    latest = feedYaml('0.2.0')
    const { updates, installs, dir } = service()
    const first = await updates.check()
    expect(first).toMatchObject({ phase: 'downloading', latest: '0.2.0', version: '0.1.0' })
    expect(await updates.settled()).toMatchObject({ phase: 'ready', latest: '0.2.0', installOnQuit: false })
    expect(readdirSync(dir)).toEqual(['License-Desk-Setup-0.2.0.exe'])
    expect(installs).toEqual([])
    expect(updates.install('onQuit')).toMatchObject({ installOnQuit: true })
    updates.install('now')
    expect(installs).toEqual(['onQuit:true', 'now'])
  })

  it('the same or an older version is up to date, and nothing is downloaded', async () => {
    for (const version of ['0.1.0', '0.0.9']) {
      latest = feedYaml(version)
      const { updates, installs, dir } = service()
      expect(await updates.check()).toMatchObject({ phase: 'upToDate' })
      expect((await updates.settled()).latest).toBeUndefined()
      expect(updates.install('now').phase).toBe('upToDate')
      expect(installs).toEqual([])
      expect(readdirSync(dir)).toEqual([])
    }
  })

  it('a download whose checksum fails is deleted, said, and cannot be installed', async () => {
    latest = feedYaml('0.2.0', sha512(Buffer.from('another file')))
    const { updates, installs, dir } = service()
    await updates.check()
    expect(await updates.settled()).toMatchObject({ phase: 'failed', problem: 'checksum' })
    expect(readdirSync(dir)).toEqual([])
    updates.install('now')
    expect(installs).toEqual([])
  })

  it('a malformed feed and an unreachable one are said in words, once each', async () => {
    lines.length = 0
    const { updates } = service()
    for (const text of ['version: [1, 2\n', 'version: soon\nfiles: []\n', 'just text']) {
      latest = text
      expect(await updates.check()).toMatchObject({ phase: 'failed', problem: 'malformed' })
    }
    expect(lines).toEqual(['update check failed'])

    const gone = service(`${base}/nowhere/`)
    expect(await gone.updates.check()).toMatchObject({ phase: 'failed', problem: 'unreachable' })
    const closed = service('http://127.0.0.1:1/feed/')
    expect(await closed.updates.check()).toMatchObject({ phase: 'failed', problem: 'unreachable' })
    expect(await closed.updates.check()).toMatchObject({ phase: 'failed', problem: 'unreachable' })
    expect(lines).toEqual(['update check failed', 'update check failed', 'update check failed'])
  })

  it('without an installer (browser mode, the CLI) updates are unsupported and the feed is not read', async () => {
    latest = feedYaml('0.2.0')
    const before = requests
    const updates = new UpdateService({ version: '0.1.0', feedUrl: async () => `${base}/feed/`, installer: null, log })
    expect(await updates.check()).toMatchObject({ phase: 'unsupported', feedUrl: `${base}/feed/` })
    expect(requests).toBe(before)
  })
})
