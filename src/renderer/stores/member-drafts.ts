/**
 * Keeping a Members form as a draft in the draft store under its fixed id: saved 0.4 s after the last change,
 * at once when the page is hidden or closed, read back when the screen opens, removed once the work is sent.
 * Passwords are never part of a body (the caller leaves them out).
 */
import { ref, type Ref } from 'vue'
import type { AppErrorData } from '@shared/errors/app-error'
import { errorData } from '../bridge'
import { loadMemberDraft, removeMemberDraft, saveMemberDraft, type MemberDraftKind } from '../api/members'

/** Wait after the last change before saving. */
export const DRAFT_SAVE_DELAY_MS = 400

export interface DraftKeeper<B> {
  /** The kept body, or null (none, or not of the expected shape). */
  load(): Promise<B | null>
  /** Saves soon (debounced); the last body wins. */
  save(body: B): void
  /** Saves what is pending now. */
  flush(): Promise<void>
  /** Drops the draft (and anything pending). */
  clear(): Promise<void>
  /** The last save's error (the screen says the form is not kept), null when saved. */
  readonly error: Ref<AppErrorData | null>
}

const keepers = new Set<DraftKeeper<unknown>>()
let listening = false

/** Saves every pending draft when the page goes away or is hidden (a closed window, a reload, another app). */
function listen(): void {
  if (listening || typeof window === 'undefined') return
  listening = true
  const flushAll = () => {
    for (const k of keepers) void k.flush()
  }
  window.addEventListener('pagehide', flushAll)
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushAll()
  })
}

/** A keeper of one fixed draft id. `parse` checks a body read back (null: not usable). */
export function draftKeeper<B>(id: string, kind: MemberDraftKind, parse: (raw: unknown) => B | null, profileId: () => string | null): DraftKeeper<B> {
  let revision = 0
  let pending: { body: B } | null = null
  let timer: ReturnType<typeof setTimeout> | null = null
  let chain: Promise<void> = Promise.resolve()
  const error = ref<AppErrorData | null>(null)

  const write = (): Promise<void> => {
    if (timer) {
      clearTimeout(timer)
      timer = null
    }
    const next = pending
    pending = null
    if (!next) return chain
    chain = chain
      .then(() => saveMemberDraft(id, kind, next.body, profileId(), revision))
      .then(
        (meta) => {
          revision = meta.revision
          error.value = null
        },
        (err: unknown) => {
          error.value = errorData(err)
        },
      )
    return chain
  }

  const keeper: DraftKeeper<B> = {
    error,
    async load() {
      const d = await loadMemberDraft(id)
      if (!d) return null
      revision = d.revision
      return parse(d.body)
    },
    save(body) {
      pending = { body }
      if (timer) clearTimeout(timer)
      timer = setTimeout(() => void write(), DRAFT_SAVE_DELAY_MS)
    },
    flush: write,
    async clear() {
      if (timer) clearTimeout(timer)
      timer = null
      pending = null
      await chain
      try {
        await removeMemberDraft(id)
      } catch (err) {
        // Nothing kept under that id: nothing to remove.
        if (errorData(err).code !== 'app.notFound') throw err
      }
    },
  }
  keepers.add(keeper as DraftKeeper<unknown>)
  listen()
  return keeper
}
