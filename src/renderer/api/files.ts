/** Files in and out: a spreadsheet or text file read into a table by the core, a table written as CSV or Excel. */
import type { ParsedTable } from '@shared/ipc/channels/imports'
import { invoke } from '../bridge'

/** Reads a file (CSV, .xlsx, text) into a table of cells, with its header and the column of lock numbers. */
export async function readTableFile(file: Blob & { name: string }): Promise<ParsedTable> {
  return invoke('imports.parseTable', { fileName: file.name, contentBase64: await fileAsBase64(file) })
}

/** A file's bytes as base64, for a channel that carries files. */
export async function fileAsBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer())
  let bin = ''
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(bin)
}
