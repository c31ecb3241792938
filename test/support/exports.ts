/** An export run through its channel (exports.run), and the file it made read back (the one-time download). */
import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { Core } from '../../src/main/core'
import type { ExportSource } from '../../src/shared/ipc/channels/exports'
import type { IpcResult } from '../../src/shared/ipc/channel'
import type { ExportResult } from '../../src/shared/ipc/channels/exports'
import { streamTable } from '../../src/main/services/import/stream-table'
import type { ExportTable } from '../../src/main/services/exports'
import { tempDir, removeDir } from './tmp'
import { join } from 'node:path'

export interface ExportedBytes {
  fileName: string
  rows: number
  bytes: Buffer
  text: string
}

/** Runs `exports.run` on a core without a save dialog and takes its download. */
export async function exportThrough(core: Core, format: 'csv' | 'xlsx', source: ExportSource): Promise<ExportedBytes> {
  const r = (await core.registry.invoke('exports.run', { id: randomBytes(8).toString('hex'), format, source }, { transport: 'test' })) as IpcResult<ExportResult>
  if (!r.ok) throw new Error(`exports.run failed: ${JSON.stringify(r.error)}`)
  if (r.value.state !== 'saved' || !r.value.downloadUrl) throw new Error(`exports.run: ${JSON.stringify(r.value)}`)
  const file = core.services.exports.take(r.value.downloadUrl.split('/').pop()!)
  if (!file) throw new Error('the download is not there')
  const bytes = await readFile(file.path)
  return { fileName: r.value.fileName, rows: r.value.rows, bytes, text: bytes.toString('utf8') }
}

/** An export's table written as a file of a format, read back. */
export async function writtenTable(table: ExportTable, format: 'csv' | 'xlsx'): Promise<ExportedBytes> {
  const dir = await tempDir()
  try {
    const path = join(dir, `t.${format}`)
    const { rows } = await streamTable({ path, format, columns: table.columns, rows: table.rows, sheetName: table.sheetName })
    const bytes = await readFile(path)
    return { fileName: `${table.baseName}.${format}`, rows, bytes, text: bytes.toString('utf8') }
  } finally {
    await removeDir(dir)
  }
}
