/**
 * Exports of lists (src/main/services/exports): the file fetched once by its code, a cancel that leaves nothing,
 * a save dialog closed or answered, and the asset numbers made in the core as the screen filters, sorts and names them.
 */
import { existsSync, readdirSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ExportProgress } from '@shared/ipc/channels/exports'
import type { HoldingTable } from '@shared/ipc/channels/holdings'
import { ExportService, type ExportTable } from '../../../../src/main/services/exports'
import { exportSourceReader, type ExportSourceDeps } from '../../../../src/main/services/exports/sources'
import { HoldingsTableView } from '../../../../src/main/services/holdings/table-view'
import type { Row } from '../../../../src/main/services/import/stream-table'
import { removeDir, tempDir } from '../../../support/tmp'

let dir: string
beforeEach(async () => {
  dir = await tempDir()
})
afterEach(async () => {
  await removeDir(dir)
})

const table = (rows: Iterable<Row> | AsyncIterable<Row>, total: number | null = null): ExportTable => ({ baseName: 'list', sheetName: 'List', columns: ['n', 'v'], rows, total })
function* numbered(n: number): Generator<Row> {
  for (let i = 0; i < n; i++) yield [i, `v${i}`]
}

describe('ExportService', () => {
  it('writes the file, offers it once by a code, and reports progress up to the last row', async () => {
    const progress: ExportProgress[] = []
    const s = new ExportService({ dir, read: async () => table(numbered(25), 25), emit: (p) => progress.push(p), progressEvery: 10 })
    const r = await s.run({ id: 'export-001', format: 'csv', source: null })
    expect(r).toMatchObject({ state: 'saved', fileName: 'list.csv', rows: 25 })
    const code = r.state === 'saved' ? r.downloadUrl!.replace('/api/download/', '') : ''
    const file = s.take(code)!
    expect(file).toMatchObject({ fileName: 'list.csv', mimeType: 'text/csv;charset=utf-8' })
    const text = await readFile(file.path, 'utf8')
    expect(text.split('\r\n')).toHaveLength(27)
    expect(s.take(code)).toBeNull()
    expect(progress.map((p) => p.rows)).toEqual([0, 10, 20, 25])
    expect(progress.every((p) => p.id === 'export-001' && p.total === 25)).toBe(true)
  })

  it('a cancel ends the export with app.cancelled and leaves no file, partial or whole', async () => {
    let s!: ExportService<null>
    // The rows wait for the cancel after the first ten: the cancel lands mid-file whatever the machine's speed.
    async function* rows(): AsyncGenerator<Row> {
      for (let i = 0; i < 10; i++) yield [i, 'x']
      expect(s.cancel('export-002')).toEqual({ cancelled: true })
      for (let i = 10; i < 100_000; i++) yield [i, 'x']
    }
    for (const format of ['csv', 'xlsx'] as const) {
      s = new ExportService({ dir, read: async () => table(rows()), emit: () => {}, progressEvery: 5 })
      await expect(s.run({ id: 'export-002', format, source: null })).rejects.toMatchObject({ code: 'app.cancelled' })
      expect(readdirSync(dir)).toEqual([])
    }
    expect(new ExportService({ dir, read: async () => table([]), emit: () => {} }).cancel('nothing-running')).toEqual({ cancelled: false })
  })

  it('holds after some rows until cancelled when asked to (the end-to-end tests cancel that way)', async () => {
    const progress: number[] = []
    const s: ExportService<null> = new ExportService({
      dir,
      read: async () => table(numbered(100), 100),
      emit: (p) => {
        progress.push(p.rows)
        if (p.rows === 30) s.cancel('export-003')
      },
      progressEvery: 1000,
      holdAfterRows: 30,
    })
    await expect(s.run({ id: 'export-003', format: 'csv', source: null })).rejects.toMatchObject({ code: 'app.cancelled' })
    expect(progress).toEqual([0, 30])
    expect(readdirSync(dir)).toEqual([])
  })

  it('with a save dialog: writes where the user chose (no .part left), or nothing when the dialog is closed', async () => {
    const chosen = join(dir, 'mine.xlsx')
    const asked: string[] = []
    const s = new ExportService({ dir: join(dir, 'unused'), read: async () => table(numbered(3)), emit: () => {}, choosePath: async (name) => (asked.push(name), chosen) })
    expect(await s.run({ id: 'export-004', format: 'xlsx', source: null })).toEqual({ state: 'saved', fileName: 'list.xlsx', rows: 3 })
    expect(asked).toEqual(['list.xlsx'])
    expect(readdirSync(dir)).toEqual(['mine.xlsx'])
    const closed = new ExportService({ dir, read: async () => table(numbered(3)), emit: () => {}, choosePath: async () => null })
    expect(await closed.run({ id: 'export-005', format: 'csv', source: null })).toEqual({ state: 'dismissed' })
    expect(existsSync(join(dir, 'unused'))).toBe(false)
  })
})

describe('the asset numbers export', () => {
  const t: HoldingTable = {
    profileId: 'p',
    enterpriseGlobalId: 'E1',
    fetchedAt: 0,
    cached: false,
    count: 4,
    holders: ['M1', 'M2'],
    assetNum: ['8100000004', '8100000001', '8100000003', '8100000002'],
    assetId: ['A4', 'A1', 'A3', 'A2'],
    holder: [0, -1, 1, 0],
    flags: [0, 0, 1, 2],
  }
  const words = { free: 'Free', held: 'Held', lent: 'Lent', borrowedFree: 'BF', borrowedLent: 'BL', online: 'Online' }
  const status = { profileId: 'p', enterpriseGlobalId: 'E1', state: 'ready' as const, loaded: 2, total: 2, readAt: 0 }
  const people = [{ globalId: 'M1', userName: 'zhangsan', name: '张三' }, { globalId: 'M2', userName: 'lisi', name: '' }]
  const deps = (): ExportSourceDeps => ({
    holdings: {
      target: async () => ({ profileId: 'p', enterpriseGlobalId: 'E1' }),
      view: new HoldingsTableView({
        cache: { get: async () => ({ entry: { fetchedAt: 0, columns: () => t }, cached: true }) },
        directory: { status: () => status, people: () => ({ status, people }) },
      }),
    },
    directory: { whenRead: async () => status },
    orders: { exportTable: () => table([]) },
    book: null as unknown as ExportSourceDeps['book'],
    journal: null as unknown as ExportSourceDeps['journal'],
    renewals: null as unknown as ExportSourceDeps['renewals'],
    activeProfile: async () => 'p',
    locale: async () => 'en',
  })
  const read = exportSourceReader(deps())
  const rowsOf = async (x: ExportTable) => {
    const out: Row[] = []
    for await (const r of x.rows) out.push(r)
    return out
  }
  const base = { kind: 'holdings' as const, words, columns: ['a', 'b', 'c', 'd', 'e', 'f', 'g'], sheetName: 'Numbers' }

  it('makes the rows the screen shows: held numbers, by holder name descending, holders named from the directory', async () => {
    const x = await read({ ...base, state: 'held', text: '', sort: { key: 'holder', order: 'desc' } })
    expect(x.baseName).toBe('asset-numbers-E1')
    expect(x.total).toBe(3)
    expect(await rowsOf(x)).toEqual([
      ['8100000002', '张三', 'zhangsan', 'M1', 'Held', 'Online', 'A2'],
      ['8100000004', '张三', 'zhangsan', 'M1', 'Held', '', 'A4'],
      ['8100000003', '', 'lisi', 'M2', 'Lent', '', 'A3'],
    ])
  })

  it('searches holders by name as the screen does', async () => {
    const x = await read({ ...base, state: 'all', text: '张三', sort: null })
    expect((await rowsOf(x)).map((r) => r[0])).toEqual(['8100000004', '8100000002'])
  })
})
