/**
 * Exports of lists (issue 32): the rows of a list made in the core (sources.ts) and streamed to a file as they
 * are written (stream-table.ts), with progress events and cancellation. Where the file goes depends on the
 * shell: Electron asks the user in a save dialog (`choosePath`) and writes there; browser mode writes into the
 * data folder's `exports` folder and hands the page a one-time address (`/api/download/<code>`) the HTTP shell
 * serves once (then the file is removed). The file is written beside its place as `.part` and renamed when
 * complete, so a cancelled or failed export leaves nothing, and never a half-written file over an earlier one.
 */
import { createHash, randomBytes } from 'node:crypto'
import { mkdir, rename, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { AppError } from '@shared/errors/app-error'
import type { ExportFormat } from '@shared/ipc/channels/imports'
import type { ExportProgress, ExportResult } from '@shared/ipc/channels/exports'
import { safeFileName } from '../import/write-table'
import { streamTable, type Row } from '../import/stream-table'

/** The rows of one export as its source makes them. */
export interface ExportTable {
  baseName: string
  sheetName: string
  columns: string[]
  rows: Iterable<Row> | AsyncIterable<Row>
  /** Rows in all when known before writing. */
  total: number | null
}

/** A file waiting to be fetched once (browser mode). */
export interface DownloadFile {
  path: string
  fileName: string
  mimeType: string
}

export interface ExportDeps<S> {
  /** Folder of files waiting to be fetched (browser mode, the CLI). */
  dir: string
  /** Makes the rows of a source. */
  read(source: S): Promise<ExportTable>
  emit(progress: ExportProgress): void
  /** Electron: where to save (a save dialog); null when the user closed it. Absent: a one-time download. */
  choosePath?: ((fileName: string, format: ExportFormat) => Promise<string | null>) | undefined
  /** How long a download waits to be fetched. */
  downloadTtlMs?: number
  /** Rows between progress events. */
  progressEvery?: number
  /**
   * Tests only (browser mode's LICENSE_DESK_EXPORT_HOLD_ROWS): an export stops after this many rows until it is
   * cancelled, so that a test can cancel one mid-way without racing the clock.
   */
  holdAfterRows?: number | undefined
}

export const DOWNLOAD_PATH = '/api/download/'
const MIME: Record<ExportFormat, string> = {
  csv: 'text/csv;charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')

export class ExportService<S> {
  private readonly running = new Map<string, AbortController>()
  private readonly downloads = new Map<string, DownloadFile & { until: number }>()
  private dirReady: Promise<void> | null = null

  constructor(private readonly deps: ExportDeps<S>) {}

  async run(input: { id: string; format: ExportFormat; source: S }): Promise<ExportResult> {
    const { id, format } = input
    if (this.running.has(id)) throw AppError.app('app.invalidInput', { detail: `export ${id} is running already` })
    const controller = new AbortController()
    this.running.set(id, controller)
    try {
      const table = await this.deps.read(input.source)
      const fileName = `${safeFileName(table.baseName)}.${format}`
      let path: string
      if (this.deps.choosePath) {
        const chosen = await this.deps.choosePath(fileName, format)
        if (!chosen) return { state: 'dismissed' }
        path = chosen
      } else {
        await this.ensureDir()
        path = join(this.deps.dir, `${randomBytes(12).toString('hex')}.${format}`)
      }
      const { rows } = await this.write(table, path, format, controller.signal, (n) => this.deps.emit({ id, rows: n, total: table.total }))
      if (this.deps.choosePath) return { state: 'saved', fileName, rows }
      return { state: 'saved', fileName, rows, downloadUrl: DOWNLOAD_PATH + this.offer({ path, fileName, mimeType: MIME[format] }) }
    } finally {
      this.running.delete(id)
    }
  }

  /** Writes a source's rows to `path` (the CLI's --out), as an export from the screen is written. */
  async save(path: string, format: ExportFormat, source: S): Promise<{ rows: number }> {
    return this.write(await this.deps.read(source), path, format)
  }

  private async write(table: ExportTable, path: string, format: ExportFormat, signal?: AbortSignal, onProgress?: (rows: number) => void): Promise<{ rows: number }> {
    if (signal?.aborted) throw AppError.app('app.cancelled')
    const part = `${path}.part`
    onProgress?.(0)
    const hold = this.deps.holdAfterRows
    const r = await streamTable({
      path: part,
      format,
      columns: table.columns,
      rows: hold !== undefined && signal ? held(table.rows, hold, signal, onProgress) : table.rows,
      sheetName: table.sheetName,
      ...(signal ? { signal } : {}),
      progressEvery: this.deps.progressEvery ?? 2_000,
      ...(onProgress ? { onProgress } : {}),
    })
    await rename(part, path)
    return r
  }

  /** Cancels a running export (its partial file is removed); false when none runs by that id. */
  cancel(id: string): { cancelled: boolean } {
    const c = this.running.get(id)
    c?.abort()
    return { cancelled: c !== undefined }
  }

  /** The file of a one-time code, once (null: unknown, spent or expired). The caller removes the file when sent. */
  take(code: string): DownloadFile | null {
    this.expire()
    const key = sha256(code)
    const d = this.downloads.get(key)
    this.downloads.delete(key)
    return d ? { path: d.path, fileName: d.fileName, mimeType: d.mimeType } : null
  }

  /** Stops running exports and removes the files waiting to be fetched. */
  async dispose(): Promise<void> {
    for (const c of this.running.values()) c.abort()
    const paths = [...this.downloads.values()].map((d) => d.path)
    this.downloads.clear()
    await Promise.all(paths.map((p) => rm(p, { force: true })))
  }

  private offer(file: DownloadFile): string {
    this.expire()
    const code = randomBytes(32).toString('base64url')
    this.downloads.set(sha256(code), { ...file, until: Date.now() + (this.deps.downloadTtlMs ?? 10 * 60_000) })
    return code
  }

  private expire(): void {
    const now = Date.now()
    for (const [k, d] of this.downloads) {
      if (d.until > now) continue
      this.downloads.delete(k)
      void rm(d.path, { force: true })
    }
  }

  private ensureDir(): Promise<void> {
    this.dirReady ??= mkdir(this.deps.dir, { recursive: true }).then(() => undefined)
    return this.dirReady
  }
}

/** The rows, stopping after `after` of them until the export is cancelled (see ExportDeps.holdAfterRows). */
async function* held(rows: Iterable<Row> | AsyncIterable<Row>, after: number, signal: AbortSignal, onProgress?: (rows: number) => void): AsyncGenerator<Row> {
  let n = 0
  for await (const row of rows) {
    if (n === after) {
      onProgress?.(n)
      await new Promise<void>((resolve) => (signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true })))
    }
    yield row
    n++
  }
}
