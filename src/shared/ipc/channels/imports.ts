/**
 * Files in and out of the desk screens. In: a spreadsheet or text file read into a table of cells (the Locks
 * screen then lets the user pick the column of lock numbers). Out: a table written as CSV or Excel by the core
 * (exceljs lives in main), returned as bytes the renderer saves (browser mode: a download; Electron: the same).
 */
import { z } from 'zod'
import { channel, input } from '../channel'

/** Largest file accepted for import, in bytes (its base64 form stays well under the 48 MiB bound of one input, src/main/ipc/input-size.ts). */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024

export const IMPORT_KINDS = ['csv', 'xlsx', 'text'] as const
export type ImportKind = (typeof IMPORT_KINDS)[number]

/** A file's bytes as base64, at most MAX_IMPORT_BYTES of them. */
export const base64FileSchema = z
  .string()
  .max(Math.ceil(MAX_IMPORT_BYTES / 3) * 4 + 4)
  .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'not base64')

export const parseTableInputSchema = input({
  /** The file's name: its extension picks the reader (.csv/.tsv, .xlsx; anything else is read as text). */
  fileName: z.string().trim().min(1).max(255),
  /** The file's bytes, base64. */
  contentBase64: base64FileSchema,
})
export type ParseTableInput = z.input<typeof parseTableInputSchema>

/** A file read into rows of cells (all text), with its header when it has one. */
export const parsedTableSchema = z.object({
  fileName: z.string(),
  kind: z.enum(IMPORT_KINDS),
  /** Column titles: the header row when there is one, else the column letters A, B, ... */
  columns: z.array(z.string()),
  hasHeader: z.boolean(),
  /** Data rows (header excluded); each as long as `columns`. */
  rows: z.array(z.array(z.string())),
  /** The line in the file (1-based, as a spreadsheet numbers its rows) of each data row: blank rows are skipped. */
  lines: z.array(z.number().int()).optional(),
  /** The column that looks like lock numbers (index), or -1. */
  guess: z.number().int(),
})
export type ParsedTable = z.output<typeof parsedTableSchema>

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

/**
 * Bounds of one export, so that an export (and its answer, the file as base64) stays a few tens of MB: rows (the
 * largest tables the app shows: 200,000 assets, 100,000 results of a run), columns, one cell, and all cells'
 * text together (16 million characters: at most 48 MB of UTF-8, 64 MB as base64).
 */
export const MAX_EXPORT_ROWS = 200_000
export const MAX_EXPORT_COLUMNS = 50
export const MAX_EXPORT_CELL_CHARS = 4_000
export const MAX_EXPORT_TEXT_CHARS = 16_000_000

const cell = z.union([z.string().max(MAX_EXPORT_CELL_CHARS), z.number(), z.null()])

/** The table of an export the screen makes: its name, sheet, header and rows. */
export const exportTableShape = {
  /** File name without extension; unsafe characters are replaced. */
  baseName: z.string().trim().min(1).max(120),
  /** Excel sheet name. */
  sheetName: z.string().trim().min(1).max(31).optional(),
  columns: z.array(z.string().max(200)).min(1).max(MAX_EXPORT_COLUMNS),
  rows: z.array(z.array(cell).max(MAX_EXPORT_COLUMNS)).max(MAX_EXPORT_ROWS),
}

/** All cells' text together within MAX_EXPORT_TEXT_CHARS. */
export function checkTableText(t: { rows: (string | number | null)[][] }, ctx: z.RefinementCtx): void {
  let chars = 0
  for (const row of t.rows) for (const c of row) if (typeof c === 'string') chars += c.length
  if (chars > MAX_EXPORT_TEXT_CHARS) {
    ctx.addIssue({ code: 'too_big', origin: 'string', maximum: MAX_EXPORT_TEXT_CHARS, inclusive: true, path: ['rows'], message: `the table holds more than ${MAX_EXPORT_TEXT_CHARS} characters` })
  }
}

export const exportTableInputSchema = input({ format: z.enum(EXPORT_FORMATS), ...exportTableShape }).superRefine(checkTableText)
export type ExportTableInput = z.input<typeof exportTableInputSchema>

export const exportedFileSchema = z.object({
  fileName: z.string(),
  mimeType: z.string(),
  contentBase64: z.string(),
  rows: z.number().int(),
})
export type ExportedFile = z.output<typeof exportedFileSchema>

export const importChannels = {
  /** Reads a CSV, Excel (.xlsx) or text file into a table of cells. */
  'imports.parseTable': channel(parseTableInputSchema, parsedTableSchema),
}
