/** Exporting a table the screen shows: written as CSV or Excel by the core, saved by the page (a download). */
import type { ExportTableInput, ExportedFile } from '@shared/ipc/channels/imports'
import { exportTable } from '../api/files'
import { saveBase64File } from '../components/download'

/** Writes the table and saves the file; resolves with what was saved. Throws BridgeError. */
export async function exportRows(input: ExportTableInput): Promise<ExportedFile> {
  const file = await exportTable(input)
  saveBase64File(file)
  return file
}
