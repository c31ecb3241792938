/**
 * The customer book's import and export: CSV and Excel with English or Chinese headers (the book's own export in
 * either language reads back), GB 18030 as Chinese Excel saves CSV, each cell checked with the field rules and
 * a bad row reported with its line and column and left out, re-imports merged rather than doubled.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import ExcelJS from 'exceljs'
import { MIGRATIONS, openDatabase, type Database } from '../../../../src/main/services/db'
import { CustomerBook, customersExportTable, importCustomers } from '../../../../src/main/services/customers'
import { silentLogger } from '../../../../src/main/services/log'
import { removeDir, tempDir } from '../../../support/tmp'
import { writtenTable } from '../../../support/exports'

let dir: string
let db: Database
let book: CustomerBook
let clock: number

beforeEach(async () => {
  dir = await tempDir()
  clock = 1_700_000_000_000
  db = openDatabase({ dataDir: dir, migrations: MIGRATIONS, log: silentLogger })
  book = new CustomerBook(db, { now: () => (clock += 10) })
})

afterEach(async () => {
  db.close()
  await removeDir(dir)
})

const csv = (text: string) => ({ bytes: new TextEncoder().encode(text), fileName: 'customers.csv' })
const all = (profileId = 'p') => book.all(profileId)

describe('import', () => {
  it('reads English headers (labels or API names) and fills every field', async () => {
    const r = await importCustomers(
      book,
      'p',
      csv(
        'Customer name,customerId,CRM customer ID,Channel code,channelCustomerId,Enterprise global ID,Administrator e-mail,Purchaser mobile,Customer type,Default customer,Notes\n' +
          'Acme Ltd,C1,CRM-1,DEMO,ACME-1,E1,it@acme.example,139 1234 5678,Company,Yes,ignored column\n' +
          'Bob,,,,,,,,personal,no,\n',
      ),
      { locale: 'en' },
    )
    expect(r).toMatchObject({ added: 2, updated: 0, unchanged: 0, issues: [], rows: 2 })
    expect(r.columns).toMatchObject({ customerName: 'Customer name', customerId: 'customerId', passwordMobile: 'Purchaser mobile' })
    const [bob, acme] = all()
    expect(acme).toMatchObject({
      customerName: 'Acme Ltd',
      customerId: 'C1',
      crmCustomerId: 'CRM-1',
      channelCode: 'DEMO',
      channelCustomerId: 'ACME-1',
      enterpriseGlobalId: 'E1',
      adminEmail: 'it@acme.example',
      passwordMobile: '13912345678',
      customerType: 'company',
      isDefault: true,
      source: 'imported',
      lastSeenAt: null,
    })
    expect(bob).toMatchObject({ customerName: 'Bob', customerType: 'personal', isDefault: false, customerId: null })
  })

  it('reads Chinese headers from a GB 18030 file, as Excel on Chinese Windows saves CSV', async () => {
    const text = '客户名称,渠道编码,渠道客户编号,企业全局ID,管理员手机号,地址,客户类型\n演示科技有限公司,DEMO,DEMO-0001,E000000000000001,13800138000,北京市海淀区,企业\n'
    const gb = gb18030(text)
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(gb)).toThrow()
    const r = await importCustomers(book, 'p', { bytes: gb, fileName: '客户.csv' }, { locale: 'zh-CN' })
    expect(r.issues).toEqual([])
    expect(all()[0]).toMatchObject({
      customerName: '演示科技有限公司',
      channelCode: 'DEMO',
      channelCustomerId: 'DEMO-0001',
      enterpriseGlobalId: 'E000000000000001',
      adminCellNumber: '13800138000',
      address: '北京市海淀区',
      customerType: 'company',
    })
  })

  it('reports each bad cell with its line and column in the user’s language, and leaves that row out', async () => {
    const r = await importCustomers(
      book,
      'p',
      csv(
        '客户名称,购买人手机号,客户类型,管理员邮箱,渠道客户编号\n' +
          '好客户,13800138000,个人,,\n' +
          '坏手机,12345,,,\n' +
          '坏类型,,大客户,,\n' +
          '坏邮箱,,,not-an-email,\n' +
          '坏编号,,,,A B\n' +
          ',,个人,,\n',
      ),
      { locale: 'zh-CN' },
    )
    expect(r.added).toBe(1)
    expect(all().map((c) => c.customerName)).toEqual(['好客户'])
    const byLine = Object.fromEntries(r.issues.map((i) => [i.line, i]))
    expect(byLine[3]).toMatchObject({ column: '购买人手机号', code: '13004' })
    expect(byLine[3]!.message).toContain('购买人手机号必须是中国大陆手机号')
    expect(byLine[4]).toMatchObject({ column: '客户类型', code: 'customers.badType' })
    expect(byLine[4]!.message).toContain('“大客户”')
    expect(byLine[5]!.message).toContain('管理员邮箱必须是电子邮箱地址')
    expect(byLine[6]!.message).toContain('渠道客户编号不能包含空格')
    expect(byLine[7]).toMatchObject({ code: 'customers.noName' })
    expect(r.issues).toHaveLength(5)
  })

  it('says which headers it knows when the file has none of them', async () => {
    const r = await importCustomers(book, 'p', csv('Lock,Owner\n8100000001,x\n'), { locale: 'en' })
    expect(r.added).toBe(0)
    expect(r.issues).toEqual([{ line: 1, code: 'customers.noColumns', message: expect.stringContaining('Customer name, Customer ID, CRM customer ID') }])
  })

  it('reports a file it cannot read on line 0 and changes nothing', async () => {
    const r = await importCustomers(book, 'p', { bytes: new Uint8Array([1, 2, 3]), fileName: 'old.xls' }, { locale: 'en' })
    expect(r.issues[0]).toMatchObject({ line: 0, code: 'import.unsupported' })
    expect(all()).toEqual([])
  })

  it('merges a second import of the same file instead of doubling it (ids, channel pairs, or a name alone)', async () => {
    const file = csv('Customer name,Customer ID,Channel code,Channel customer ID,Branch name\nA,C1,,,\nB,,X,B-1,\nC,,,,\n')
    expect(await importCustomers(book, 'p', file, { locale: 'en' })).toMatchObject({ added: 3 })
    expect(await importCustomers(book, 'p', file, { locale: 'en' })).toMatchObject({ added: 0, updated: 0, unchanged: 3 })
    const changed = csv('Customer name,Customer ID,Channel code,Channel customer ID,Branch name\nA,C1,,,North\nB,,X,B-1,\n')
    expect(await importCustomers(book, 'p', changed, { locale: 'en' })).toMatchObject({ added: 0, updated: 1, unchanged: 1 })
    expect(all().length).toBe(3)
    expect(all().find((c) => c.customerId === 'C1')!.branchName).toBe('North')
  })

  it('notes a customer repeated in one file and merges the later line into it', async () => {
    const r = await importCustomers(book, 'p', csv('Customer name,CRM customer ID,Address\nA,CRM-1,\nA again,CRM-1,Street 1\n'), { locale: 'en' })
    expect(r.issues).toEqual([{ line: 3, code: 'customers.repeated', message: 'The same customer as line 2: the later line is merged into it.' }])
    expect(all()).toHaveLength(1)
    expect(all()[0]).toMatchObject({ customerName: 'A again', address: 'Street 1' })
  })
})

describe('export', () => {
  beforeEach(() => {
    book.recordSeen('p', [{ customerId: 'C1', channelCode: 'DEMO', channelCustomerId: 'DEMO-0001', enterpriseGlobalId: 'E1', enterpriseName: '演示科技', isDefault: true }], 'found')
    book.save('p', undefined, { customerName: '=HYPERLINK("x")', customerType: 'personal', passwordMobile: '13912345678' })
  })

  it('writes Excel with headers in the user’s language that import reads back into another book', async () => {
    for (const locale of ['en', 'zh-CN'] as const) {
      const f = await writtenTable(customersExportTable(book, 'p', { locale }), 'xlsx')
      const wb = new ExcelJS.Workbook()
      await wb.xlsx.load(f.bytes as unknown as ArrayBuffer)
      const header = (wb.worksheets[0]!.getRow(1).values as unknown[]).slice(1)
      expect(header[0]).toBe(locale === 'en' ? 'Customer name' : '客户名称')
      expect(header).toContain(locale === 'en' ? 'Source' : '来源')
      const target = `copy-${locale}`
      const r = await importCustomers(book, target, { bytes: f.bytes, fileName: f.fileName }, { locale })
      expect(r).toMatchObject({ added: 2, issues: [] })
      const strip = (c: ReturnType<typeof all>[number]) => ({ ...c, id: '', profileId: '', source: '', lastSeenAt: 0, lastSeenBy: null, createdAt: 0, updatedAt: 0, usedAt: null })
      const back = all(target).map(strip)
      const orig = all('p').map(strip)
      expect(back.find((c) => c.customerId === 'C1')).toEqual(orig.find((c) => c.customerId === 'C1'))
      expect(back.find((c) => c.customerType === 'personal')!.passwordMobile).toBe('13912345678')
    }
  })

  it('writes CSV with a BOM and keeps formula-looking cells as text', async () => {
    const f = await writtenTable(customersExportTable(book, 'p', { locale: 'en', query: 'hyperlink' }), 'csv')
    const text = f.text
    expect(text.startsWith('\uFEFFCustomer name,')).toBe(true)
    expect(f.rows).toBe(1)
    expect(text).toContain(`"'=HYPERLINK(""x"")"`)
    expect(text).toContain('Personal')
  })
})

/** GB 18030 bytes of a text of ASCII and common Chinese characters (through the GBK table of the decoder). */
function gb18030(text: string): Uint8Array {
  // Node has no GB 18030 encoder: build the reverse of its decoder for the characters used.
  const dec = new TextDecoder('gb18030')
  const table = new Map<string, number[]>()
  for (let hi = 0x81; hi <= 0xfe; hi++) {
    for (let lo = 0x40; lo <= 0xfe; lo++) {
      if (lo === 0x7f) continue
      const ch = dec.decode(new Uint8Array([hi, lo]))
      if (ch.length === 1 && !table.has(ch)) table.set(ch, [hi, lo])
    }
  }
  const out: number[] = []
  for (const ch of text) {
    if (ch.charCodeAt(0) < 0x80) out.push(ch.charCodeAt(0))
    else {
      const b = table.get(ch)
      if (!b) throw new Error(`no GBK code for ${ch}`)
      out.push(...b)
    }
  }
  return new Uint8Array(out)
}
