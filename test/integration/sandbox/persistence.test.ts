// The data file: state survives a restart, writes are atomic (no temp files left, always valid JSON), and a
// file that is not sandbox state is refused with a clear message and left untouched.
import { readFile, readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { MemberPage } from '@shared/api/models'
import { removeDir, tempDir } from '../../support/tmp'
import { StateFileError } from '../../../src/sandbox/index'
import { Client, DEMO_ENTERPRISE, sandbox } from './helpers'
import { APP_KEY, batch, cloudEntry } from './fixtures'

let dir: string
beforeEach(async () => {
  dir = await tempDir('ld-sandbox-')
})
afterEach(() => removeDir(dir))

describe('data file', () => {
  it('creates the file at start and keeps every change across a restart', async () => {
    const file = join(dir, 'state.json')
    const first = await sandbox({ dataFile: file })
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ version: 1, seed: 1, scale: 1 })
    const c = await Client.connect(first.url)
    await c.ok('addMembers', { path: { enterpriseGlobalId: DEMO_ENTERPRISE }, body: { userList: [{ userName: 'persisted1', password: 'Passw0rd', name: '持久' }] } })
    await c.ok('lockAssets', { body: { assetNums: ['8100000001'], operatorIdentity: 'p' } })
    const [shell] = await c.ok<string[]>('getShellNums', { body: { size: 1 } })
    await c.ok('batchOrder', { query: APP_KEY, body: batch('PERSIST-1', [cloudEntry(first.demo.customerId, 'PERSIST0001')]) })
    await first.close()

    const second = await sandbox({ dataFile: file, seed: 99 })
    try {
      const c2 = await Client.connect(second.url)
      const page = await c2.ok<MemberPage>('listMembers', { path: { enterpriseGlobalId: DEMO_ENTERPRISE }, query: { pageNum: 1, pageSize: 10, keyword: 'persisted1' } })
      expect(page.list.map((m) => m.userName)).toEqual(['persisted1'])
      expect(second.inspect.asset('8100000001')?.locked).toBe(true)
      expect(second.inspect.asset('PERSIST0001')).toBeDefined()
      const [next] = await c2.ok<string[]>('getShellNums', { body: { size: 1 } })
      expect(Number(next) - Number(shell)).toBe(1)
      // The channel order is remembered too: resending it is refused.
      await c2.fails('batchOrder', '13004', { query: APP_KEY, body: batch('PERSIST-1', [cloudEntry(second.demo.customerId, 'PERSIST0002')]) })
    } finally {
      await second.close()
    }
  })

  it('writes soon after a change, without leaving temp files', async () => {
    const file = join(dir, 'soon.json')
    const sb = await sandbox({ dataFile: file })
    try {
      const c = await Client.connect(sb.url)
      await c.ok('addMembers', { path: { enterpriseGlobalId: DEMO_ENTERPRISE }, body: { userList: [{ userName: 'soon1', password: 'Passw0rd', name: 'S' }] } })
      await sb.flush()
      expect(await readFile(file, 'utf8')).toContain('"soon1"')
      expect(await readdir(dir)).toEqual(['soon.json'])
    } finally {
      await sb.close()
    }
  })

  it('refuses a file that is not JSON, and does not overwrite it', async () => {
    const file = join(dir, 'broken.json')
    await writeFile(file, '{"version": 1, "seed":')
    await expect(sandbox({ dataFile: file })).rejects.toThrow(/broken\.json is not valid JSON/)
    await expect(sandbox({ dataFile: file })).rejects.toBeInstanceOf(StateFileError)
    expect(await readFile(file, 'utf8')).toBe('{"version": 1, "seed":')
  })

  it('refuses to start when the data file cannot be written', async () => {
    await expect(sandbox({ dataFile: join(dir, 'missing-folder', 'state.json') })).rejects.toThrow(/cannot write the data file .*missing-folder/)
  })

  it('refuses JSON that is not sandbox state, naming the problem', async () => {
    const file = join(dir, 'other.json')
    await writeFile(file, JSON.stringify({ version: 1, seed: 1, scale: 1, counters: {} }))
    await expect(sandbox({ dataFile: file })).rejects.toThrow(/does not hold sandbox state \(counters\.enterprise/)
  })
})
