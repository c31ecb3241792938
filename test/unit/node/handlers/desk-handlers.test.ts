import { describe, expect, it } from 'vitest'
import ExcelJS from 'exceljs'
import type { VirtualAsset } from '@shared/api/models'
import { ASSET_FLAG, assetTableSchema } from '@shared/ipc/channels/assets'
import type { ShellBatch } from '@shared/ipc/channels/shellnums'
import { shellRegion } from '@shared/ipc/channels/shellnums'
import { projectAssets } from '../../../../src/main/services/assets'
import { trimHistory } from '../../../../src/main/services/shellnums'
import { findByAssetNum, MemberDirectory } from '../../../../src/main/services/lookup'
import { parseTable, safeCell, safeFileName } from '../../../../src/main/handlers/imports'
import { writtenTable } from '../../../support/exports'
import type { ApiClient } from '../../../../src/main/api/client'

const asset = (over: Partial<VirtualAsset>): VirtualAsset => ({ id: 'A1', licenseType: 'normal_recover_usbkey', assetNum: '8100000001', locked: false, ...over })
const meta = { profileId: 'p', enterpriseGlobalId: 'E1', extendCode: '', fetchedAt: 5, cached: false }

describe('the compact asset table', () => {
  it('turns records into columns with shared dictionaries and flags, and passes its own schema', () => {
    const t = projectAssets(
      [
        asset({ id: 'A1', assetNum: '8100000001', locked: true, customerId: 'C1', createTime: 100 }),
        asset({ id: 'A2', assetNum: '8100000041', licenseType: 'cloud_account', freezing: true, customerId: 'C1', assignStatus: { assignMemberId: 'M1', assignStatus: 'assigned' }, assetExtends: [{ extendCode: 'gxxp', extendValue: '1' }, { extendCode: 'gxxp', extendValue: '2' }] }),
        asset({ id: 'A3', assetNum: '8100000051', borrowedUsbKey: true, grantable: true, assignStatus: null, customerId: null }),
      ],
      meta,
    )
    expect(t.count).toBe(3)
    expect(t.dict.licenseTypes).toEqual(['normal_recover_usbkey', 'cloud_account'])
    expect(t.licenseType).toEqual([0, 1, 0])
    expect(t.flags).toEqual([ASSET_FLAG.locked, ASSET_FLAG.frozen, ASSET_FLAG.borrowed | ASSET_FLAG.grantable])
    expect(t.member).toEqual([-1, 0, -1])
    expect(t.dict.members).toEqual(['M1'])
    expect(t.customer).toEqual([0, 0, -1])
    expect(t.extendCodes).toEqual([-1, 0, -1])
    expect(t.dict.extendCodes).toEqual(['gxxp'])
    expect(t.createTime).toEqual([100, -1, -1])
    expect(assetTableSchema.safeParse(t).success).toBe(true)
  })

  it('is refused by its schema when a column is short (a broken projection never reaches the renderer)', () => {
    const t = projectAssets([asset({})], meta)
    expect(assetTableSchema.safeParse({ ...t, flags: [] }).success).toBe(false)
  })
})

describe('shell numbers', () => {
  it('names the region by the first digit', () => {
    expect(shellRegion('8200000001')).toBe('domestic')
    expect(shellRegion('6200000001')).toBe('singapore')
    expect(shellRegion('7200000001')).toBe('unknown')
    expect(shellRegion('820000001')).toBe('unknown')
  })

  it('keeps the newest batches up to the limit, and always the newest one', () => {
    const b = (id: string, n: number): ShellBatch => ({ id, profileId: 'p', profileName: 'P', issuedAt: 0, requested: n, numbers: Array.from({ length: n }, (_, i) => String(8e9 + i)) })
    expect(trimHistory([b('new', 6), b('mid', 4), b('old', 1)], 10).map((x) => x.id)).toEqual(['new', 'mid'])
    expect(trimHistory([b('huge', 20), b('old', 1)], 10).map((x) => x.id)).toEqual(['huge'])
  })
})

describe('lookup helpers', () => {
  it('finds an asset number exactly, then ignoring case', () => {
    const list = [{ assetNum: 'ca-01' }, { assetNum: 'CA-01' }, { assetNum: '8100000001' }]
    expect(findByAssetNum(list, 'CA-01')).toBe(list[1])
    expect(findByAssetNum(list, 'Ca-01')).toBe(list[0])
    expect(findByAssetNum(list, '8100000002')).toBeNull()
  })

  it('reads employee pages only until the holder is found, and remembers what it read', async () => {
    const total = 23
    const pagesAsked: number[] = []
    const client = {
      listMembers: async (_e: string, q: { pageNum: number; pageSize: number }) => {
        pagesAsked.push(q.pageNum)
        const start = (q.pageNum - 1) * q.pageSize
        const list = Array.from({ length: Math.max(0, Math.min(q.pageSize, total - start)) }, (_, i) => ({
          id: String(start + i),
          globalId: `M${start + i}`,
          userName: `user${start + i}`,
          name: `User ${start + i}`,
        }))
        return { pageNum: q.pageNum, pageSize: q.pageSize, size: list.length, total, pages: Math.ceil(total / q.pageSize), list }
      },
    } as unknown as ApiClient
    const dir = new MemberDirectory({ pageSize: async () => 5, limit: 100 })
    const found = await dir.find(client, 'p', 'E1', 'M7')
    expect(found).toMatchObject({ found: true, complete: true, member: { userName: 'user7', name: 'User 7' } })
    // Page 1, then pages read a few at a time until found: never all five.
    expect(pagesAsked).toEqual([1, 2, 3, 4])
    pagesAsked.length = 0
    expect((await dir.find(client, 'p', 'E1', 'M12')).found).toBe(true)
    expect(pagesAsked).toEqual([])
    const missing = await dir.find(client, 'p', 'E1', 'M99')
    expect(missing).toMatchObject({ found: false, complete: true, searched: 23 })

    const limited = new MemberDirectory({ pageSize: async () => 5, limit: 10 })
    pagesAsked.length = 0
    expect(await limited.find(client, 'p', 'E1', 'M20')).toMatchObject({ found: false, complete: false, searched: 10 })
    expect(pagesAsked).toEqual([1, 2])
  })
})

describe('reading files (through the engine’s import reader)', () => {
  it('reads a CSV with a header into named columns, and guesses the lock column', async () => {
    const csv = '\uFEFF姓名,锁号,备注\r\n张三,8100000001,a\r\n李四,"8100000002",\r\n\r\n'
    const t = await parseTable('locks.csv', Buffer.from(csv, 'utf8'), 'en')
    expect(t).toMatchObject({ kind: 'csv', hasHeader: true, columns: ['姓名', '锁号', '备注'], rows: [['张三', '8100000001', 'a'], ['李四', '8100000002', '']], guess: 1 })
  })

  it('reads a GB 18030 CSV without a header, naming columns by letter and padding short rows', async () => {
    const gbk = Buffer.from([0xd5, 0xc5, 0xc8, 0xfd, 0x2c, 0x38, 0x31, 0x30, 0x30, 0x30, 0x30, 0x30, 0x30, 0x30, 0x31, 0x0a, 0x78]) // 张三,8100000001\nx
    const t = await parseTable('x.csv', gbk, 'en')
    expect(t).toMatchObject({ hasHeader: false, columns: ['A', 'B'], rows: [['张三', '8100000001'], ['x', '']], guess: 1 })
  })

  it('reads a text file as one column of lines', async () => {
    const t = await parseTable('l.txt', Buffer.from('8100000001, 8100000002\n\n8100000003'), 'en')
    expect(t.columns).toEqual(['A'])
    expect(t.rows).toEqual([['8100000001, 8100000002'], ['8100000003']])
  })

  it('reads an .xlsx sheet, numbers as the user sees them', async () => {
    const book = new ExcelJS.Workbook()
    const ws = book.addWorksheet('锁')
    ws.addRow(['Owner', 'Lock number'])
    ws.addRow(['a', 8100000001])
    ws.addRow(['b', '8100000002'])
    const t = await parseTable('locks.xlsx', Buffer.from(await book.xlsx.writeBuffer()), 'en')
    expect(t).toMatchObject({ kind: 'xlsx', hasHeader: true, columns: ['Owner', 'Lock number'], rows: [['a', '8100000001'], ['b', '8100000002']], guess: 1 })
  })

  it('says why a file cannot be read, in the user’s language', async () => {
    await expect(parseTable('old.xls', Buffer.from('x'), 'en')).rejects.toMatchObject({ code: 'app.fileUnreadable', params: { file: 'old.xls', detail: expect.stringContaining('.xls') } })
    await expect(parseTable('old.xls', Buffer.from('x'), 'zh-CN')).rejects.toMatchObject({ params: { detail: expect.stringContaining('无法读取此文件类型') } })
    await expect(parseTable('bad.xlsx', Buffer.from('not a zip'), 'en')).rejects.toMatchObject({ code: 'app.fileUnreadable' })
    await expect(parseTable('empty.csv', Buffer.from(''), 'en')).rejects.toMatchObject({ code: 'app.fileUnreadable' })
  })
})

describe('writing files', () => {
  const input = { baseName: 'locks/results:1', columns: ['Line', 'Lock', 'Result'], rows: [[1, '8100000001', '成功'], [2, '=HYPERLINK("x")', null]] }

  it('writes CSV with a BOM, quoting, and formulas defused', async () => {
    const f = await writtenTable({ ...input, sheetName: 'Sheet1', total: null }, 'csv')
    expect(safeFileName(input.baseName)).toBe('locks_results_1')
    const text = f.text
    expect(text.startsWith('\uFEFFLine,Lock,Result\r\n1,8100000001,成功\r\n')).toBe(true)
    expect(text).toContain(`2,"'=HYPERLINK(""x"")",`)
    expect(f.rows).toBe(2)
  })

  it('writes Excel that reads back the same (lock numbers stay text)', async () => {
    const f = await writtenTable({ ...input, sheetName: 'Results', total: null }, 'xlsx')
    const back = await parseTable('results.xlsx', f.bytes, 'en')
    expect(back.columns).toEqual(['Line', 'Lock', 'Result'])
    expect(back.rows[0]).toEqual(['1', '8100000001', '成功'])
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(f.bytes as unknown as ExcelJS.Buffer)
    expect(typeof book.worksheets[0]!.getCell('B2').value).toBe('string')
    // A text cell that looks like a formula is plain text in .xlsx: no apostrophe shown, no formula run.
    expect(book.worksheets[0]!.getCell('B3').value).toBe('=HYPERLINK("x")')
    expect(back.rows[1]).toEqual(['2', '=HYPERLINK("x")', ''])
  })

  it('defuses only what a spreadsheet would run', () => {
    expect(safeCell('=1+1')).toBe("'=1+1")
    expect(safeCell('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(safeCell('-12')).toBe('-12')
    expect(safeCell('8100000001')).toBe('8100000001')
    expect(safeCell(null)).toBe('')
    expect(safeFileName('..\u0000a')).toBe('_a')
  })
})
