/**
 * Exporting a list the screen shows (src/renderer/stores/exports.ts): the core makes the rows of a named list, or
 * writes a table the screen made, as a file, with progress and a Cancel. A cancel tells the user nothing was saved.
 */
import type { ExportSource } from '@shared/ipc/channels/exports'
import type { ExportFormat, ExportTableInput } from '@shared/ipc/channels/imports'
import { useExportsStore } from '../stores/exports'
import { notifyInfo } from './feedback'
import { i18n } from '../i18n'

/** Exports a list; resolves with the file saved, or null when nothing was (dialog closed, cancelled). Throws BridgeError. */
export async function exportList(format: ExportFormat, source: ExportSource): Promise<{ fileName: string; rows: number } | null> {
  const r = await useExportsStore().exportFile(format, source)
  if (r.state === 'cancelled') notifyInfo(i18n.global.t('exports.cancelled'))
  return r.state === 'saved' ? { fileName: r.fileName, rows: r.rows } : null
}

/** Exports a table the screen made (a template, a run's rows). */
export function exportRows(input: ExportTableInput): Promise<{ fileName: string; rows: number } | null> {
  const { format, ...table } = input
  return exportList(format, { kind: 'table', ...table })
}
