/**
 * Exports under way: each export of a list goes through here (the core makes its rows and writes the file:
 * src/main/services/exports), with its progress shown and a Cancel (components/ExportProgress.vue). In browser
 * mode the finished file is fetched once from the address the core gives (a download); in Electron the core has
 * written it where the user chose in the save dialog.
 */
import { defineStore } from 'pinia'
import { reactive } from 'vue'
import type { ExportSource } from '@shared/ipc/channels/exports'
import type { ExportFormat } from '@shared/ipc/channels/imports'
import { cancelExport, onExportProgress, runExport } from '../api/exports'
import { errorData } from '../api/errors'
import { downloadUrl } from '../components/download'

export interface ExportJob {
  id: string
  format: ExportFormat
  rows: number
  total: number | null
  cancelling: boolean
}

/** What came of an export: the file saved, or nothing (the save dialog closed, or cancelled). */
export type ExportOutcome = { state: 'saved'; fileName: string; rows: number } | { state: 'dismissed' } | { state: 'cancelled' }

function newId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}


export const useExportsStore = defineStore('exports', () => {
  const jobs = reactive<ExportJob[]>([])

  onExportProgress((p) => {
    const job = jobs.find((j) => j.id === p.id)
    if (!job) return
    job.rows = p.rows
    job.total = p.total
  })

  /** Exports a list as a file (throws BridgeError when it failed; a cancel is an outcome, not an error). */
  async function exportFile(format: ExportFormat, source: ExportSource): Promise<ExportOutcome> {
    const id = newId()
    jobs.push({ id, format, rows: 0, total: null, cancelling: false })
    try {
      const r = await runExport({ id, format, source })
      if (r.state === 'dismissed') return r
      if (r.downloadUrl) downloadUrl(r.downloadUrl, r.fileName)
      return { state: 'saved', fileName: r.fileName, rows: r.rows }
    } catch (err) {
      if (errorData(err).code === 'app.cancelled') return { state: 'cancelled' }
      throw err
    } finally {
      const i = jobs.findIndex((j) => j.id === id)
      if (i >= 0) jobs.splice(i, 1)
    }
  }

  async function cancel(id: string): Promise<void> {
    const job = jobs.find((j) => j.id === id)
    if (!job || job.cancelling) return
    job.cancelling = true
    await cancelExport(id)
  }

  return { jobs, exportFile, cancel }
})
