/**
 * Opening a file from outside the app (a double-click on a drafts file, a second start with a file, macOS
 * `open-file`, `license-desk open FILE`): what the file is, which screen opens it, and what is refused and why.
 * Pure (no Node, no DOM): the desktop entry, the core's opened-files service and the CLI pass what they read.
 * Nothing is added here: the app shows the verdict and asks before it adds anything (docs/decisions.md, "Opening files").
 */
import { AppError, toAppErrorData, type AppErrorData } from '../errors/app-error'
import { DRAFT_FILE_EXTENSIONS, parseDraftFile, type FileDraft } from '../drafts/file'
import { MAX_DRAFT_FILE_BYTES, draftKind, type DraftKind, type DraftSummary } from '../drafts/kinds'

/** Where an opened file's drafts are shown once added. */
export type OpenTarget =
  /** One order draft: it opens in the Orders wizard. */
  | { screen: 'orders' }
  /** Templates, several drafts, other kinds: the Drafts list. */
  | { screen: 'drafts' }

/** One draft of an opened file, as the confirmation lists it. */
export interface OpenedDraft {
  kind: DraftKind
  name: string
  summary: DraftSummary
}

export type OpenVerdict =
  | { ok: true; drafts: OpenedDraft[]; target: OpenTarget }
  | { ok: false; error: AppErrorData }

/** The base name of a path of any platform (the file's name in messages; never the folders). */
export function baseName(path: string): string {
  return path.split(/[\\/]/).filter(Boolean).pop() ?? path
}

/** Whether a name has the extension of a file the app opens (case ignored). */
export function isOpenableName(name: string): boolean {
  const lower = name.toLowerCase()
  return DRAFT_FILE_EXTENSIONS.some((ext) => lower.endsWith(ext))
}

/**
 * The files among a start's arguments (`process.argv` after the executable and, from a checkout, the app path):
 * arguments that are not switches and name a file the app opens. Chromium's and Electron's own switches
 * (`--no-sandbox`, `--allow-file-access-from-files`) and anything else are left alone.
 */
export function filesFromArgs(args: readonly string[]): string[] {
  return args.filter((a) => a.length > 0 && !a.startsWith('-') && isOpenableName(a))
}

/** Where the drafts of a file go once added. */
export function openTarget(drafts: readonly Pick<FileDraft, 'kind'>[]): OpenTarget {
  return drafts.length === 1 && drafts[0]?.kind === 'orders.order' ? { screen: 'orders' } : { screen: 'drafts' }
}

/** Refuses by name and size before a byte is read (a file too large is never loaded). */
export function refuseBeforeReading(path: string, size: number): AppErrorData | null {
  const file = baseName(path)
  if (!isOpenableName(file)) return AppError.app('app.openFileType', { file, extensions: DRAFT_FILE_EXTENSIONS.join(', ') }).toData()
  if (size > MAX_DRAFT_FILE_BYTES) return AppError.app('app.draftFileTooBig', { max: MAX_DRAFT_FILE_BYTES / 1e6 }).toData()
  return null
}

/** The verdict on a file's content: its drafts (each checked with its kind's schema) and their screen, or the reason. */
export function inspectOpenedFile(path: string, content: string): OpenVerdict {
  const early = refuseBeforeReading(path, content.length)
  if (early) return { ok: false, error: early }
  let drafts: FileDraft[]
  try {
    drafts = parseDraftFile(content)
  } catch (err) {
    return { ok: false, error: toAppErrorData(err) }
  }
  if (drafts.length === 0) return { ok: false, error: AppError.app('app.openFileEmpty', { file: baseName(path) }).toData() }
  return {
    ok: true,
    drafts: drafts.map((d) => ({ kind: d.kind, name: d.name, summary: draftKind(d.kind).summarize(d.body) })),
    target: openTarget(drafts),
  }
}
