/**
 * A table written to a file as its rows come, for exports that can be large (issue 32 item 2): CSV written as it
 * is made, Excel through exceljs's streaming workbook writer, so neither the rows nor the file are ever held
 * whole. CSV in UTF-8 with BOM and CRLF with formula-like cells
 * guarded, Excel with a bold frozen header and columns as wide as their first 500 rows. Progress is reported as
 * rows are written; a cancelled export removes its partial file and fails with `app.cancelled`.
 */
import { createWriteStream, type WriteStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import { once } from 'node:events'
import Papa from 'papaparse'
import { AppError } from '@shared/errors/app-error'
import { loadExcel } from './excel'
import { safeCell } from './write-table'

export type Row = (string | number | null)[]

export interface StreamTableOptions {
  path: string
  format: 'csv' | 'xlsx'
  columns: string[]
  /** The rows, produced as they are written (a generator keeps only a batch in memory). */
  rows: Iterable<Row> | AsyncIterable<Row>
  sheetName?: string
  signal?: AbortSignal
  /** Told the number of rows written so far, about every `progressEvery` rows and once at the end. */
  onProgress?: (rowsWritten: number) => void
  progressEvery?: number
}

/** Rows looked at to size the Excel columns (as a workbook's sheets, write-table.ts). */
const WIDTH_SAMPLE = 500
/** CSV rows turned into text at a time. */
const CSV_BATCH = 1000

function checkAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw AppError.app('app.cancelled')
}

/** Writes a table to `path` as it goes; resolves with the rows written. */
export async function streamTable(o: StreamTableOptions): Promise<{ rows: number }> {
  try {
    return o.format === 'csv' ? await streamCsv(o) : await streamXlsx(o)
  } catch (err) {
    await rm(o.path, { force: true })
    throw err
  }
}

async function write(out: WriteStream, text: string): Promise<void> {
  if (!out.write(text, 'utf8')) await once(out, 'drain')
}

async function streamCsv(o: StreamTableOptions): Promise<{ rows: number }> {
  const out = createWriteStream(o.path)
  const every = o.progressEvery ?? 10_000
  let n = 0
  let batch: (string | number)[][] = []
  const flush = async () => {
    if (batch.length === 0) return
    await write(out, Papa.unparse(batch, { newline: '\r\n' }) + '\r\n')
    batch = []
  }
  try {
    await write(out, '\uFEFF' + Papa.unparse([o.columns], { newline: '\r\n' }) + '\r\n')
    for await (const row of o.rows) {
      batch.push(row.map(safeCell))
      n++
      if (batch.length >= CSV_BATCH) {
        checkAborted(o.signal)
        await flush()
      }
      if (n % every === 0) {
        o.onProgress?.(n)
        // Let other work (a cancel, other calls) in now and then: rows made in memory never wait otherwise.
        await new Promise<void>((r) => setImmediate(r))
      }
    }
    checkAborted(o.signal)
    await flush()
    out.end()
    await once(out, 'finish')
  } catch (err) {
    // The file may still be opening: wait until it is closed, or the caller's removal can run before it exists.
    out.destroy()
    if (!out.closed) await once(out, 'close')
    throw err
  }
  o.onProgress?.(n)
  return { rows: n }
}

async function streamXlsx(o: StreamTableOptions): Promise<{ rows: number }> {
  const ExcelJS = await loadExcel()
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: o.path, useStyles: true, useSharedStrings: false })
  shareEmptyStyles(book)
  const sheet = book.addWorksheet((o.sheetName ?? 'Sheet1').replace(/[\\/?*[\]:]/g, ' '), { views: [{ state: 'frozen', ySplit: 1 }] })
  const every = o.progressEvery ?? 10_000
  let n = 0
  // The first rows are held until the columns' widths are known (widths must be set before rows are committed).
  let sample: Row[] | null = []
  const start = () => {
    sheet.columns = o.columns.map((title, i) => {
      let width = title.length
      for (const r of sample ?? []) width = Math.max(width, String(r[i] ?? '').length)
      return { width: Math.min(60, Math.max(10, width + 2)) }
    })
    const header = sheet.addRow(o.columns)
    header.font = { bold: true }
    header.commit()
    for (const r of sample ?? []) sheet.addRow(r.map((v) => v ?? '')).commit()
    sample = null
  }
  let failed: unknown = null
  try {
    for await (const row of o.rows) {
      n++
      if (sample) {
        sample.push(row)
        if (sample.length >= WIDTH_SAMPLE) start()
      } else {
        sheet.addRow(row.map((v) => v ?? '')).commit()
      }
      if (n % every === 0) {
        checkAborted(o.signal)
        o.onProgress?.(n)
        // Let the zip stream drain to the file now and then (the writer queues otherwise).
        await new Promise<void>((r) => setImmediate(r))
      }
    }
    checkAborted(o.signal)
    if (sample) start()
  } catch (err) {
    failed = err
  }
  // The writer closes its file only on commit: done whether the rows ended or failed.
  sheet.commit()
  await book.commit()
  if (failed) throw failed
  o.onProgress?.(n)
  return { rows: n }
}

interface StyleManager {
  addStyleModel(model: object | undefined, cellType?: number): number
}

/**
 * exceljs looks up the style of every cell, each a fresh empty object, by a key made from it: most of the time of a
 * large sheet. Cells without a style of their own share the one id of their type (only the header is styled).
 */
function shareEmptyStyles(book: object): void {
  const styles = (book as { styles?: StyleManager }).styles
  if (!styles || typeof styles.addStyleModel !== 'function') return
  const add = styles.addStyleModel.bind(styles)
  const plain = new Map<number | undefined, number>()
  styles.addStyleModel = (model, cellType) => {
    if (!model || Object.keys(model).length > 0) return add(model, cellType)
    let id = plain.get(cellType)
    if (id === undefined) {
      id = add(model, cellType)
      plain.set(cellType, id)
    }
    return id
  }
}
