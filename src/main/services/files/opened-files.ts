/**
 * Files opened from outside the app, waiting for the user's answer. Each is checked when it arrives
 * (src/shared/files/open-file.ts) and kept in memory with its verdict; the windows are told (`files.opened`) and
 * ask; only `accept` adds its drafts. A few are kept at most: a flood of double-clicks drops the oldest.
 */
import { randomUUID } from 'node:crypto'
import { open } from 'node:fs/promises'
import { AppError } from '@shared/errors/app-error'
import { baseName, inspectOpenedFile, refuseBeforeReading } from '@shared/files/open-file'
import type { DraftMeta } from '@shared/ipc/channels/drafts'
import type { OpenedFile } from '@shared/ipc/channels/files'
import type { OpenTarget } from '@shared/files/open-file'

const MAX_PENDING = 10

interface Entry {
  file: OpenedFile
  content: string
}

export interface OpenedFilesOptions {
  /** Adds a file's drafts (all or nothing) to the active profile. */
  importDrafts(content: string): Promise<DraftMeta[]>
  onOpened(id: string): void
}

export class OpenedFiles {
  private readonly entries: Entry[] = []

  constructor(private readonly options: OpenedFilesOptions) {}

  /** A file named on a command line or by the system: refused by name and size before it is read. */
  async openPath(path: string): Promise<OpenedFile> {
    const byName = refuseBeforeReading(path, 0)
    if (byName) return this.keep({ id: randomUUID(), fileName: baseName(path), verdict: { ok: false, error: byName } }, '')
    let content = ''
    try {
      const handle = await open(path, 'r')
      try {
        const early = refuseBeforeReading(path, (await handle.stat()).size)
        if (early) return this.keep({ id: randomUUID(), fileName: baseName(path), verdict: { ok: false, error: early } }, '')
        content = await handle.readFile('utf8')
      } finally {
        await handle.close()
      }
    } catch (err) {
      const detail = (err as NodeJS.ErrnoException).code ?? (err as Error).message
      const error = AppError.app('app.fileUnreadable', { file: baseName(path), detail }).toData()
      return this.keep({ id: randomUUID(), fileName: baseName(path), verdict: { ok: false, error } }, '')
    }
    return this.offer(path, content)
  }

  /** A file's name and content (handed over by `license-desk open`). */
  offer(fileName: string, content: string): OpenedFile {
    const verdict = inspectOpenedFile(fileName, content)
    return this.keep({ id: randomUUID(), fileName: baseName(fileName), verdict }, verdict.ok ? content : '')
  }

  pending(): OpenedFile[] {
    return this.entries.map((e) => e.file)
  }

  async accept(id: string): Promise<{ drafts: DraftMeta[]; target: OpenTarget }> {
    const entry = this.find(id)
    const { verdict } = entry.file
    if (!verdict.ok) throw new AppError(verdict.error.code, verdict.error.params, verdict.error.details)
    const drafts = await this.options.importDrafts(entry.content)
    this.drop(id)
    return { drafts, target: verdict.target }
  }

  dismiss(id: string): OpenedFile[] {
    this.find(id)
    this.drop(id)
    return this.pending()
  }

  private keep(file: OpenedFile, content: string): OpenedFile {
    this.entries.push({ file, content })
    while (this.entries.length > MAX_PENDING) this.entries.shift()
    this.options.onOpened(file.id)
    return file
  }

  private find(id: string): Entry {
    const entry = this.entries.find((e) => e.file.id === id)
    if (!entry) throw AppError.app('app.notFound', { what: `opened file ${id}` })
    return entry
  }

  private drop(id: string): void {
    const i = this.entries.findIndex((e) => e.file.id === id)
    if (i >= 0) this.entries.splice(i, 1)
  }
}
