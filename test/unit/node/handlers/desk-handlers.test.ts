import { describe, expect, it } from 'vitest'
import ExcelJS from 'exceljs'
import type { VirtualAsset } from '@shared/api/models'
import { ASSET_FLAG, assetTableSchema } from '@shared/ipc/channels/assets'
import type { ShellBatch } from '@shared/ipc/channels/shellnums'
import { shellRegion } from '@shared/ipc/channels/shellnums'
import { projectAssets } from '../../../../src/main/handlers/assets'
import { trimHistory } from '../../../../src/main/handlers/shellnums'
import { findByAssetNum, MemberDirectory } from '../../../../src/main/handlers/lookup'
import { decodeText, importKindOf, looksLikeHeader, readTable, safeCell, safeFileName, splitList, writeTable } from '../../../../src/main/handlers/imports'
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

describe('reading files', () => {
  it('picks the parser by extension', () => {
    expect(importKindOf('a.CSV')).toBe('csv')
    expect(importKindOf('a.xlsx')).toBe('xlsx')
    expect(importKindOf('a.xls')).toBe('xls')
    expect(importKindOf('locks.txt')).toBe('text')
    expect(importKindOf('noext')).toBe('text')
  })

  it('reads UTF-8 with a BOM and GB 18030 CSV', () => {
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, 0x61]))).toBe('a')
    const gbk = new Uint8Array([0xcb, 0xf8, 0xba, 0xc5, 0x2c, 0x38]) // 锁号,8
    expect(decodeText(gbk)).toBe('锁号,8')
  })

  it('reads a CSV with a header into named columns', async () => {
    const csv = '\uFEFF姓名,锁号\r\n张三,8100000001\r\n李四,"8100000002"\r\n\r\n'
    const t = await readTable('locks.csv', Buffer.from(csv, 'utf8'))
    expect(t).toMatchObject({ kind: 'csv', hasHeader: true, columns: ['姓名', '锁号'], rows: [['张三', '8100000001'], ['李四', '8100000002']], truncated: 0 })
  })

  it('reads a CSV without a header, padding short rows', async () => {
    const t = await readTable('x.csv', Buffer.from('8100000001,a\n8100000002\n'))
    expect(t).toMatchObject({ hasHeader: false, columns: ['1', '2'], rows: [['8100000001', 'a'], ['8100000002', '']] })
  })

  it('reads a text file of numbers with any separators as one column', async () => {
    const t = await readTable('l.txt', Buffer.from('8100000001, 8100000002\n8100000003\t8100000004'))
    expect(t.columns).toEqual(['1'])
    expect(t.rows.map((r) => r[0])).toEqual(['8100000001', '8100000002', '8100000003', '8100000004'])
    expect(splitList('a，b；c、d')).toEqual(['a', 'b', 'c', 'd'])
  })

  it('reads an .xlsx sheet, numbers without exponent', async () => {
    const book = new ExcelJS.Workbook()
    const ws = book.addWorksheet('锁')
    ws.addRow(['Lock number', 'Owner'])
    ws.addRow([8100000001, 'a'])
    ws.addRow(['8100000002', 'b'])
    const bytes = Buffer.from(await book.xlsx.writeBuffer())
    const t = await readTable('locks.xlsx', bytes)
    expect(t).toMatchObject({ kind: 'xlsx', sheet: '锁', hasHeader: true, columns: ['Lock number', 'Owner'], rows: [['8100000001', 'a'], ['8100000002', 'b']] })
  })

  it('says why a file cannot be read', async () => {
    await expect(readTable('old.xls', Buffer.from('x'))).rejects.toMatchObject({ code: 'app.fileUnreadable' })
    await expect(readTable('bad.xlsx', Buffer.from('not a zip'))).rejects.toMatchObject({ code: 'app.fileUnreadable' })
  })

  it('guesses headers', () => {
    expect(looksLikeHeader([['Lock'], ['8100000001']])).toBe(true)
    expect(looksLikeHeader([['8100000001'], ['8100000002']])).toBe(false)
    expect(looksLikeHeader([['Lock']])).toBe(false)
  })
})

describe('writing files', () => {
  const input = { baseName: 'locks/results:1', columns: ['Line', 'Lock', 'Result'], rows: [[1, '8100000001', '成功'], [2, '=HYPERLINK("x")', null]] }

  it('writes CSV with a BOM, quoting, and formulas defused', async () => {
    const f = await writeTable({ ...input, format: 'csv' })
    expect(f.fileName).toBe('locks_results_1.csv')
    const text = Buffer.from(f.contentBase64, 'base64').toString('utf8')
    expect(text.startsWith('\uFEFFLine,Lock,Result\r\n1,8100000001,成功\r\n')).toBe(true)
    expect(text).toContain(`2,"'=HYPERLINK(""x"")",`)
    expect(f.rows).toBe(2)
  })

  it('writes Excel that reads back the same (lock numbers stay text)', async () => {
    const f = await writeTable({ ...input, format: 'xlsx', sheetName: 'Results' })
    const back = await readTable(f.fileName, Buffer.from(f.contentBase64, 'base64'))
    expect(back.sheet).toBe('Results')
    expect(back.columns).toEqual(['Line', 'Lock', 'Result'])
    expect(back.rows[0]).toEqual(['1', '8100000001', '成功'])
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(Buffer.from(f.contentBase64, 'base64') as unknown as ExcelJS.Buffer)
    expect(typeof book.worksheets[0]!.getCell('B2').value).toBe('string')
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
