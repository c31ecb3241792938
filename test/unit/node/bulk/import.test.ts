import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import { importEmployees, importLockNumbers, columnIndex, columnLetter } from '../../../../src/main/services/import'

const utf8 = (s: string) => new TextEncoder().encode(s)

async function xlsx(rows: (string | number)[][], sheet = 'Sheet1'): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet(sheet)
  for (const r of rows) ws.addRow(r)
  return new Uint8Array(await wb.xlsx.writeBuffer())
}

describe('lock numbers from files', () => {
  it('CSV with a BOM and a header: the lock column, blank lines skipped, bad and repeated values reported by line', async () => {
    const csv = '\uFEFFName,Lock No\r\nA,8100000001\r\n\r\nB, 8100000002 \r\nC,8100 0003\r\nD,8100000001\r\n'
    const r = await importLockNumbers({ bytes: utf8(csv), fileName: 'locks.csv' })
    expect(r.header).toBe(true)
    expect(r.column).toBe('Lock No')
    expect(r.items).toEqual([
      { value: '8100000001', line: 2 },
      { value: '8100000002', line: 4 },
    ])
    expect(r.issues).toEqual([
      expect.objectContaining({ line: 5, column: 'Lock No', code: 'import.lockNumber', message: expect.stringContaining('8100 0003') }),
      expect.objectContaining({ line: 6, code: 'import.duplicate', message: expect.stringContaining('line 2') }),
    ])
  })

  it('without a header, the column that holds lock numbers is found', async () => {
    const r = await importLockNumbers({ text: 'alice;8100000001\nbob;8100000002\n', fileName: 'x.csv' })
    expect(r.header).toBe(false)
    expect(r.column).toBe('B')
    expect(r.items.map((i) => i.value)).toEqual(['8100000001', '8100000002'])
  })

  it('xlsx: column by header, by letter, by number; an unknown column names the ones there are', async () => {
    const bytes = await xlsx([['Customer', 'Asset number'], ['X', 8100000011], ['Y', '8100000012']])
    const byName = await importLockNumbers({ bytes, fileName: 'a.xlsx' }, { column: 'asset number' })
    expect(byName.items.map((i) => [i.value, i.line])).toEqual([['8100000011', 2], ['8100000012', 3]])
    expect((await importLockNumbers({ bytes, fileName: 'a.xlsx' })).column).toBe('Asset number')
    expect((await importLockNumbers({ bytes, fileName: 'a.xlsx' }, { column: 'B' })).items).toHaveLength(2)
    // Column 1 holds names: none is a lock number, each is refused with its line.
    const names = await importLockNumbers({ bytes, fileName: 'a.xlsx' }, { column: '1' })
    expect(names.items).toEqual([])
    expect(names.issues.map((i) => [i.line, i.code])).toEqual([[2, 'import.lockNumber'], [3, 'import.lockNumber']])
    const bad = await importLockNumbers({ bytes, fileName: 'a.xlsx' }, { column: 'Serial' })
    expect(bad.items).toEqual([])
    expect(bad.issues[0]).toMatchObject({ line: 0, code: 'import.noColumn', message: expect.stringContaining('Customer, Asset number') })
  })

  it('plain text: any separators (Chinese ones too), several to a line, a title line skipped', async () => {
    const r = await importLockNumbers({ text: '锁号列表\n8100000001, 8100000002；8100000003\n8100000004\t8100000005、8100000001\n' })
    expect(r.items.map((i) => i.value)).toEqual(['8100000001', '8100000002', '8100000003', '8100000004', '8100000005'])
    expect(r.items[3]!.line).toBe(3)
    expect(r.issues).toEqual([expect.objectContaining({ line: 3, code: 'import.duplicate' })])
  })

  it('a GB 18030 CSV from Chinese Excel is read', async () => {
    // "锁号" in GB 18030, then two numbers
    const bytes = new Uint8Array([0xcb, 0xf8, 0xba, 0xc5, 0x0d, 0x0a, ...utf8('8100000001\r\n8100000002\r\n')])
    const r = await importLockNumbers({ bytes, fileName: 'gbk.csv' })
    expect(r.column).toBe('锁号')
    expect(r.items).toHaveLength(2)
  })

  it('unreadable files give one clear issue in the user language, and no rows', async () => {
    const xls = await importLockNumbers({ bytes: utf8('whatever'), fileName: 'old.xls' }, { locale: 'zh-CN' })
    expect(xls.items).toEqual([])
    expect(xls.issues).toEqual([{ line: 0, code: 'import.unsupported', message: expect.stringContaining('.xlsx') }])
    expect(xls.issues[0]!.message).toMatch(/另存为/)
    const broken = await importLockNumbers({ bytes: utf8('not a zip'), fileName: 'b.xlsx' })
    expect(broken.issues[0]).toMatchObject({ code: 'import.unreadable' })
    const empty = await importLockNumbers({ text: '\n\n', fileName: 'e.txt' })
    expect(empty.issues[0]).toMatchObject({ code: 'import.empty' })
  })

  it('column letters and numbers', () => {
    expect([0, 25, 26, 27, 701].map(columnLetter)).toEqual(['A', 'Z', 'AA', 'AB', 'ZZ'])
    expect(['A', 'z', 'AA', '3', 'Name'].map(columnIndex)).toEqual([0, 25, 26, 2, -1])
  })
})

describe('employees from files', () => {
  const header = '账号,密码,姓名,部门ID,备注,手机号\n'

  it('reads Chinese headers and checks every row with the service rules', async () => {
    const csv =
      header +
      'alice01,Secret123,张三,,项目经理,13800138000\n' +
      'bob_02,Secret123,李四,,,\n' + // 10003 letters and digits
      'carol,abc,王五,,,\n' + // 50003 password length
      'dave,Secret123,,,,\n' + // 40022 name
      'erin,Secret123,赵六,x1,,\n' + // department not a number
      'frank,Secret123,钱七,,,12345\n' + // 10004 mobile
      'ALICE01,Secret123,重复,,,\n' + // repeats alice01
      ',,,,,\n' +
      'gina,Secret123,孙八,12,,+65 9123 4567\n'
    const r = await importEmployees({ bytes: utf8(csv), fileName: 'people.csv' })
    expect(r.columns).toMatchObject({ userName: '账号', password: '密码', name: '姓名', departmentId: '部门ID', remark: '备注', passwordMobile: '手机号' })
    expect(r.rows).toEqual([
      { line: 2, member: { userName: 'alice01', password: 'Secret123', name: '张三', remark: '项目经理', passwordMobile: '13800138000' } },
      { line: 10, member: { userName: 'gina', password: 'Secret123', name: '孙八', departmentId: 12, passwordMobile: '+6591234567' } },
    ])
    expect(r.issues.map((i) => [i.line, i.code, i.column])).toEqual([
      [3, '10003', '账号'],
      [4, '50003', '密码'],
      [5, '40022', '姓名'],
      [6, 'import.integer', '部门ID'],
      [7, '10004', '手机号'],
      [8, 'import.duplicate', '账号'],
    ])
    expect(r.issues[1]!.message).toContain('6')
    expect(r.issues[1]!.message).toContain('32')
  })

  it('messages in Chinese when asked', async () => {
    const r = await importEmployees({ text: 'userName,password,name\nbob_1,Secret123,B\n', fileName: 'p.csv' }, { locale: 'zh-CN' })
    expect(r.issues[0]!.message).toContain('只能包含字母和数字')
  })

  it('names the missing columns and reads nothing', async () => {
    const r = await importEmployees({ text: 'account,name\nx,y\n', fileName: 'p.csv' })
    expect(r.rows).toEqual([])
    expect(r.issues).toEqual([expect.objectContaining({ line: 1, code: 'import.missingColumn', message: expect.stringContaining('password') })])
  })

  it('xlsx with English headers in another order', async () => {
    const bytes = await xlsx([['Name', 'Mobile', 'Password', 'User Name'], ['Z', '', 'Passw0rd', 'zed1']])
    const r = await importEmployees({ bytes, fileName: 'p.xlsx' })
    expect(r.rows).toEqual([{ line: 2, member: { userName: 'zed1', password: 'Passw0rd', name: 'Z' } }])
  })
})
