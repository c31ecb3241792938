/**
 * Handlers of files in and out of the desk screens: a CSV, Excel or text file read into a table of cells by the
 * engine's import reader (the Locks screen's column picker works on it), and a table written as CSV or Excel
 * for the user to save.
 */
import { AppError } from '@shared/errors/app-error'
import { resolveLocale, type Locale } from '@shared/i18n/locale'
import type { ParsedTable } from '@shared/ipc/channels/imports'
import type { Services } from '../core/services'
import type { HandlerRegistry } from '../ipc/registry'
import { columnIndex, columnLetter, ImportFileError, lockNumbersFrom, looksLikeHeader, readTable } from '../services/import'

export { safeCell, safeFileName } from '../services/import'

/**
 * Reads a file into a table of text cells through the engine's import reader (the same the CLI and the member
 * import use), with its header and the column that looks like lock numbers. Throws `app.fileUnreadable` with the
 * reader's reason in the user's language.
 */
export async function parseTable(fileName: string, bytes: Uint8Array, locale: Locale): Promise<ParsedTable> {
  let table
  try {
    table = await readTable({ bytes, fileName }, { locale })
  } catch (err) {
    if (err instanceof ImportFileError) throw AppError.app('app.fileUnreadable', { file: fileName, detail: err.issue.message })
    throw err
  }
  const filled = table.rows.map((r, i) => ({ r, line: i + 1 })).filter((x) => x.r.some((c) => c !== ''))
  const rows = filled.map((x) => x.r)
  const hasHeader = looksLikeHeader(rows)
  const width = rows.reduce((w, r) => Math.max(w, r.length), 0)
  const header = hasHeader ? rows[0]! : []
  const columns = Array.from({ length: width }, (_, i) => header[i]?.trim() || columnLetter(i))
  const body = (hasHeader ? rows.slice(1) : rows).map((r) => {
    const out = [...r]
    while (out.length < width) out.push('')
    return out
  })
  // The engine's choice of the lock number column (a header naming it, else the most lock-like values).
  let guess = -1
  const picked = lockNumbersFrom(table, { locale }).column
  if (picked !== null) guess = columns.indexOf(picked) >= 0 ? columns.indexOf(picked) : columnIndex(picked)
  const lines = (hasHeader ? filled.slice(1) : filled).map((x) => x.line)
  return { fileName, kind: table.kind, columns, hasHeader, rows: body, lines, guess: guess < width ? guess : -1 }
}

/** Registers `imports.parseTable`. */
export function registerImportHandlers(registry: HandlerRegistry, services: Services): void {
  registry.handle('imports.parseTable', async ({ fileName, contentBase64 }) => {
    const locale = resolveLocale((await services.settings.get()).locale, services.info.systemLocale)
    return parseTable(fileName, Buffer.from(contentBase64, 'base64'), locale)
  })
}
