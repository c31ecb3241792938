import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import Papa from 'papaparse'
import { streamTable, type Row } from '../../../../src/main/services/import/stream-table'
import { loadExcel } from '../../../../src/main/services/import/excel'

const dir = mkdtempSync(join(tmpdir(), 'ld-stream-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function* rows(n: number): Generator<Row> {
  for (let i = 0; i < n; i++) yield [`A${i}`, i, i === 1 ? '=SUM(1)' : i === 2 ? null : '中文']
}

describe('streamTable', () => {
  it('writes CSV as it goes: BOM, CRLF, guarded formulas, progress to the last row', async () => {
    const path = join(dir, 't.csv')
    const seen: number[] = []
    const r = await streamTable({ path, format: 'csv', columns: ['Number', 'N', 'Text'], rows: rows(2500), progressEvery: 1000, onProgress: (n) => seen.push(n) })
    expect(r.rows).toBe(2500)
    expect(seen).toEqual([1000, 2000, 2500])
    const text = readFileSync(path, 'utf8')
    expect(text.startsWith('\uFEFFNumber,N,Text\r\n')).toBe(true)
    const parsed = Papa.parse<string[]>(text.slice(1).trimEnd(), { newline: '\r\n' }).data
    expect(parsed).toHaveLength(2501)
    expect(parsed[1]).toEqual(['A0', '0', '中文'])
    expect(parsed[2]).toEqual(['A1', '1', "'=SUM(1)"])
    expect(parsed[3]).toEqual(['A2', '2', ''])
    expect(parsed[2500]).toEqual(['A2499', '2499', '中文'])
  })

  it('writes Excel through the streaming writer: bold frozen header, every row', async () => {
    const path = join(dir, 't.xlsx')
    const r = await streamTable({ path, format: 'xlsx', columns: ['Number', 'N', 'Text'], rows: rows(700), sheetName: 'Assets' })
    expect(r.rows).toBe(700)
    const book = new (await loadExcel()).Workbook()
    await book.xlsx.readFile(path)
    const sheet = book.getWorksheet('Assets')!
    expect(sheet.rowCount).toBe(701)
    expect(sheet.getCell('A1').font?.bold).toBe(true)
    expect(sheet.getCell('C1').font?.bold).toBe(true)
    // Only the header is styled (the data rows share one plain style: the writer's fast path).
    expect(sheet.getCell('A2').font?.bold).toBeFalsy()
    expect(sheet.getCell('B701').font?.bold).toBeFalsy()
    expect(sheet.getCell('B701').type).toBe(2)
    expect(sheet.getRow(1).values).toEqual([undefined, 'Number', 'N', 'Text'])
    // In .xlsx a text cell is text: no apostrophe.
    expect(sheet.getRow(3).values).toEqual([undefined, 'A1', 1, '=SUM(1)'])
    expect(sheet.getRow(701).values).toEqual([undefined, 'A699', 699, '中文'])
    expect(sheet.views[0]?.state).toBe('frozen')
  })

  for (const format of ['csv', 'xlsx'] as const) {
    it(`${format}: a cancelled export stops, removes its partial file and fails as cancelled`, async () => {
      const path = join(dir, `cancel.${format}`)
      const ctrl = new AbortController()
      const err = await streamTable({
        path,
        format,
        columns: ['Number', 'N', 'Text'],
        rows: rows(50_000),
        signal: ctrl.signal,
        progressEvery: 1000,
        onProgress: (n) => n >= 2000 && ctrl.abort(),
      }).catch((e: unknown) => e)
      expect((err as { code?: string }).code).toBe('app.cancelled')
      expect(existsSync(path)).toBe(false)
    })

    it(`${format}: a cancel before the file has even opened still leaves no file`, async () => {
      // Cancelled within the first rows, all in one turn of the event loop: the file's open is still under way.
      const paths = Array.from({ length: 20 }, (_, i) => join(dir, `early-${i}.${format}`))
      const errs = await Promise.all(
        paths.map((path) => {
          const ctrl = new AbortController()
          const early = function* () {
            for (const [i, r] of [...rows(100)].entries()) {
              if (i === 30) ctrl.abort()
              yield r
            }
          }
          return streamTable({ path, format, columns: ['Number', 'N', 'Text'], rows: early(), signal: ctrl.signal }).catch((e: unknown) => e)
        }),
      )
      expect(errs.map((e) => (e as { code?: string }).code)).toEqual(paths.map(() => 'app.cancelled'))
      expect(paths.filter((p) => existsSync(p))).toEqual([])
    })
  }
})
