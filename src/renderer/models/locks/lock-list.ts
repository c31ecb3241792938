/**
 * The Locks screen's check of its list, through the shared list reader (src/shared/lists/asset-numbers.ts), in a
 * form the page can hold and show at once: the counts, the first rows of each problem list, and what is sent as
 * one text. A long list is checked in a Web Worker (lock-list.worker.ts) so the page never stops for it: a paste
 * of 100,000 numbers takes a few hundred milliseconds of checking, none of it on the page's thread.
 */
import { checkAssetNumberText, type CheckedAssetNumbers, type LockNumberProblem, type ListEntry } from '@shared/lists/asset-numbers'

/** Rows of each problem list kept for the screen (the counts are always whole). */
export const SHOWN_ROWS = 200
/** Texts shorter than this are checked on the page's thread, at once: it takes well under a millisecond. */
export const WORKER_FROM_CHARS = 20_000

/** A checked list as the screen shows it. */
export interface ListCheck {
  /** Entries found (repeats and malformed ones included). */
  total: number
  /** Numbers sent, each once. */
  toSend: number
  duplicates: number
  malformed: number
  heading: ListEntry | null
  duplicateRows: (ListEntry & { firstLine: number })[]
  malformedRows: (ListEntry & { reason: LockNumberProblem })[]
  /** What is sent, one number per line (one string crosses from a worker far faster than 100,000). */
  toSendText: string
}

export const EMPTY_CHECK: ListCheck = summarizeCheck(checkAssetNumberText(''))

/** The screen's form of a checked list. */
export function summarizeCheck(c: CheckedAssetNumbers): ListCheck {
  return {
    total: c.total,
    toSend: c.unique.length,
    duplicates: c.duplicates.length,
    malformed: c.malformed.length,
    heading: c.heading,
    duplicateRows: c.duplicates.slice(0, SHOWN_ROWS),
    malformedRows: c.malformed.slice(0, SHOWN_ROWS),
    toSendText: c.unique.join('\n'),
  }
}

/** Checks a text on the calling thread. */
export function checkListText(text: string): ListCheck {
  return summarizeCheck(checkAssetNumberText(text))
}

/** The numbers a check sends, as a list. */
export function numbersToSend(check: ListCheck): string[] {
  return check.toSendText === '' ? [] : check.toSendText.split('\n')
}

/** Checks texts, the long ones in a worker; only the latest request is answered (older ones resolve to null). */
export interface ListChecker {
  check(text: string): Promise<ListCheck | null>
  dispose(): void
}

/** The part of a Web Worker used here (typed without the DOM library: the node tests import this file too). */
interface WorkerLike {
  postMessage(message: unknown): void
  terminate(): void
  onmessage: ((e: { data: unknown }) => void) | null
  onerror: ((e: unknown) => void) | null
}
type WorkerConstructor = new (url: URL, options: { type: 'module'; name: string }) => WorkerLike

function startWorker(): WorkerLike | null {
  // Named Worker and called as `new Worker(new URL(…, import.meta.url))`: the form the bundler builds a worker from.
  const Worker = (globalThis as { Worker?: WorkerConstructor }).Worker
  if (!Worker) return null
  try {
    return new Worker(new URL('./lock-list.worker.ts', import.meta.url), { type: 'module', name: 'lock-list-check' })
  } catch {
    return null
  }
}

/** A checker; `makeWorker` is for tests (returning null: always on this thread). */
export function createListChecker(makeWorker: () => WorkerLike | null = startWorker): ListChecker {
  let worker: WorkerLike | null | undefined
  let seq = 0
  /** The request in the worker, if any (only the latest is ever waited for). */
  let waiting: { id: number; text: string; resolve: (c: ListCheck | null) => void } | null = null

  function ensureWorker(): WorkerLike | null {
    if (worker !== undefined) return worker
    worker = makeWorker()
    if (worker) {
      worker.onmessage = (e) => {
        const { id, check } = e.data as { id: number; check: ListCheck }
        if (waiting?.id !== id) return
        const w = waiting
        waiting = null
        w.resolve(check)
      }
      worker.onerror = () => {
        // The worker cannot run here (a browser without module workers): check on this thread from now on.
        worker?.terminate()
        worker = null
        const w = waiting
        waiting = null
        w?.resolve(checkListText(w.text))
      }
    }
    return worker
  }

  return {
    check(text) {
      const id = ++seq
      // A request still in the worker is out of date now.
      waiting?.resolve(null)
      waiting = null
      const w = text.length >= WORKER_FROM_CHARS ? ensureWorker() : null
      if (!w) return Promise.resolve(checkListText(text))
      return new Promise<ListCheck | null>((resolve) => {
        waiting = { id, text, resolve }
        w.postMessage({ id, text })
      })
    },
    dispose() {
      worker?.terminate()
      worker = null
      waiting?.resolve(null)
      waiting = null
    },
  }
}
