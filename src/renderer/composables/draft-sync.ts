/**
 * Keeps a screen's work in progress in the draft store (`drafts.*`) as the user types, so nothing typed is lost
 * to a reload, a restart or a crash: the pattern every form with unsent work uses (the Locks list, the profile
 * dialog; order drafts and the other new screens the same way).
 *
 * - Every change is saved at once (no waiting for a pause in typing): one save in flight at a time, the next one
 *   going as soon as it answers, with whatever changed meanwhile.
 * - Each field on its own: the body is saved whole, but if another window saved the draft in between
 *   (`app.draftConflict`), the fields this page changed are laid over that version and saved again; the other
 *   fields take the other window's values. A field typed while a save is in flight is never dropped.
 * - As the page goes away (reload, close: `pagehide`, or hidden) anything not yet saved is sent with a request the
 *   browser finishes on its own, and kept in the tab's sessionStorage (written at once, unlike a request, which
 *   a browser may drop as the page goes): a reload of the tab brings it back and saves it.
 * - Saves by another window or tab (`drafts.changed`) are loaded when this page has nothing unsaved.
 * - `conflicts: 'ask'` is for bodies whose fields are too big to lay over each other (an order's entries are one
 *   field): a save over another window's newer version stops, nothing is overwritten, and `conflict` says so until
 *   the page chooses `resolveConflict('theirs')` (load that version) or `'mine'` (save this page's over it). The
 *   page going away then keeps its work in the tab only, and a reload brings the question back.
 */
import { effectScope, ref, watch, type Ref } from 'vue'
import type { AppErrorData } from '@shared/errors/app-error'
import { draftKind, type DraftKind } from '@shared/drafts/kinds'
import { findDraft, getDraft, onDraftsChanged, saveDraft, saveDraftOnExit, saveDraftParts, type DraftSavePartsRequest } from '../api/drafts'
import { errorData } from '../api/errors'

/** One id per page (tab or window), so its own saves can be told apart in `drafts.changed`. */
const CLIENT_ID = `page-${Math.random().toString(36).slice(2, 12)}`

export type DraftFields<B> = { [K in keyof B]-?: Ref<B[K]> }

export interface DraftSyncOptions<B extends object> {
  /** The draft's id (a screen's one scratch copy has a fixed name, e.g. `locks`). */
  id: string
  kind: DraftKind
  /** The body's fields, each a ref the screen edits. */
  fields: DraftFields<B>
  /** A body kept somewhere else before (an older version's file): moved into the draft store once. */
  legacy?: () => Promise<Partial<B> | null>
  /** Told after the legacy body was saved in the draft store (e.g. to clear the old file). */
  legacyMoved?: () => Promise<void>
  /** What a save over another window's newer version does: lay this page's fields over it (default), or ask. */
  conflicts?: 'merge' | 'ask'
  /**
   * Array fields whose elements are replaced, never changed in place (an order's entries): when the array keeps its
   * length, only the elements replaced are sent (`drafts.saveParts`), not the whole body. Typing in one entry of a
   * 100-entry order then sends about 20 KB instead of 2 MB, and the page never stops to serialise the rest.
   */
  parts?: (keyof B)[]
}

/** Another window's newer version met by a save (with `conflicts: 'ask'`). */
export interface DraftConflict {
  revision: number
  updatedAt: number
}

export interface DraftSync {
  /** The draft has been read (or found absent): the fields show it. */
  loaded: Ref<boolean>
  loadError: Ref<AppErrorData | null>
  /** A save is in flight. */
  saving: Ref<boolean>
  /** The last save failed (the work is then only in this page): cleared by the next good save. */
  saveError: Ref<AppErrorData | null>
  /** Reads the draft into the fields (once; again after a load error). */
  load(): Promise<void>
  /** Resolves when everything typed so far is saved (or a save failed). */
  flush(): Promise<void>
  /** Stops following the fields and the page. */
  dispose(): void
  /** Set while another window's newer version waits for the page's choice (`conflicts: 'ask'`); nothing is saved meanwhile. */
  conflict: Ref<DraftConflict | null>
  /** 'theirs': show and keep the other version (this page's unsaved changes are dropped); 'mine': save this page's over it. */
  resolveConflict(choice: 'mine' | 'theirs'): Promise<void>
}

function isConflict(err: AppErrorData): boolean {
  return err.code === 'app.draftConflict' || err.code === 'app.draftRemoved'
}

export function useDraftSync<B extends object>(opts: DraftSyncOptions<B>): DraftSync {
  const keys = Object.keys(opts.fields) as (keyof B)[]
  const loaded = ref(false)
  const loadError = ref<AppErrorData | null>(null)
  const saving = ref(false)
  const saveError = ref<AppErrorData | null>(null)

  /** The revision the fields are based on (0: never saved). */
  let revision = 0
  /** Fields changed since they were last sent. */
  const dirty = new Set<keyof B>()
  /** Fields of the save in flight (laid over another window's version if it conflicts). */
  let sending = new Set<keyof B>()
  /** Elements replaced since they were last sent, by field (`parts`; a field in `dirty` is sent whole instead). */
  const dirtyParts = new Map<keyof B, Set<number>>()
  const partFields = new Set<keyof B>(opts.parts ?? [])
  const hasDirty = (): boolean => dirty.size > 0 || dirtyParts.size > 0
  /** Set while the fields are being filled from the store, so that is not taken for typing. */
  let applying = false
  let inFlight: Promise<void> | null = null
  let waiters: (() => void)[] = []
  const ask = opts.conflicts === 'ask'
  const conflict = ref<DraftConflict | null>(null)
  /** The other version while a conflict waits. */
  let theirsBody: Partial<B> | null = null
  /** The next save goes over whatever is stored (the page chose its own version). */
  let forceNext = false

  const body = (): B => Object.fromEntries(keys.map((k) => [k, opts.fields[k].value])) as B

  function apply(values: Partial<B>, only?: ReadonlySet<keyof B>): void {
    applying = true
    try {
      for (const k of keys) if (k in values && (!only || only.has(k))) opts.fields[k].value = values[k] as B[keyof B]
    } finally {
      applying = false
    }
  }

  const scope = effectScope()
  scope.run(() => {
    for (const k of keys) {
      let before: unknown = opts.fields[k].value
      // Deep: a field may be an object edited in place (a form's fields). Sync: the callback runs as the value is
      // set, so values put in by `apply` (another window's save) are told from typing; a later callback would take
      // them for typing and save them back, and two open windows would echo each other's saves for ever.
      watch(
        opts.fields[k],
        (now: unknown) => {
          const was = before
          before = now
          if (applying || !loaded.value) return
          const changed = partFields.has(k) && !dirty.has(k) ? replacedElements(was, now) : null
          if (changed) {
            const set = dirtyParts.get(k) ?? new Set<number>()
            for (const i of changed) set.add(i)
            if (set.size > 0) dirtyParts.set(k, set)
          } else {
            dirty.add(k)
            dirtyParts.delete(k)
          }
          schedule()
        },
        { deep: true, flush: 'sync' },
      )
    }
  })

  function settle(): void {
    // A failed save settles too (`flush` says so): what it did not save waits for the next change.
    if (inFlight || (hasDirty() && !conflict.value && !saveError.value)) return
    const w = waiters
    waiters = []
    for (const f of w) f()
  }

  function schedule(): void {
    if (inFlight || conflict.value) return
    inFlight = send().finally(() => {
      inFlight = null
      // Whatever was typed while that save was out goes now; a failed save waits for the next change.
      if (hasDirty() && !saveError.value && !conflict.value) schedule()
      else settle()
    })
  }

  /** The replaced elements, with their values now. */
  function partsToSend(): DraftSavePartsRequest['parts'] {
    return [...dirtyParts].flatMap(([k, set]) => {
      const list = opts.fields[k].value as unknown[]
      return [...set].sort((a, b) => a - b).map((index) => ({ field: String(k), index, value: list[index] }))
    })
  }

  async function send(): Promise<void> {
    sending = new Set(dirty)
    dirty.clear()
    // By part only on top of a saved revision and with no whole field to send (a forced save goes whole); else
    // the fields of the replaced elements go whole too.
    const byPart = sending.size === 0 && dirtyParts.size > 0 && revision > 0 && !forceNext
    let parts = byPart ? partsToSend() : null
    if (!byPart) for (const k of dirtyParts.keys()) sending.add(k)
    dirtyParts.clear()
    saving.value = true
    try {
      for (let attempt = 0; ; attempt++) {
        try {
          const force = forceNext
          forceNext = false
          const meta = parts
            ? await saveDraftParts({ id: opts.id, kind: opts.kind, parts, baseRevision: revision, clientId: CLIENT_ID })
            : await saveDraft({ id: opts.id, kind: opts.kind, body: body(), baseRevision: revision, clientId: CLIENT_ID, ...(force ? { force } : {}) })
          revision = meta.revision
          saveError.value = null
          if (!hasDirty()) clearLeftOver()
          return
        } catch (err) {
          const e = errorData(err)
          // From here on the fields go whole: a refused part save is settled as any save is.
          if (parts) for (const p of parts) sending.add(p.field as keyof B)
          parts = null
          // The error as thrown (a BridgeError), so saveError says what it was, not an internal error.
          if (!isConflict(e) || attempt >= 3) throw err
          if (ask && e.code === 'app.draftConflict') {
            await holdForChoice()
            if (conflict.value) return
            continue
          }
          await mergeTheirs()
        }
      }
    } catch (err) {
      saveError.value = errorData(err)
      // Not saved: these fields are still to be saved with the next change.
      for (const k of sending) dirty.add(k)
    } finally {
      sending = new Set()
      saving.value = false
    }
  }

  /** Another window saved (`conflicts: 'ask'`): keep both as they are and wait for the page's choice. */
  async function holdForChoice(): Promise<void> {
    const theirs = await findDraft(opts.id)
    if (!theirs) {
      // Removed elsewhere meanwhile: the next save makes it again.
      revision = 0
      return
    }
    theirsBody = theirs.body as Partial<B>
    // Still to be saved, once the page has chosen.
    for (const k of sending) dirty.add(k)
    conflict.value = { revision: theirs.revision, updatedAt: theirs.updatedAt }
  }

  async function resolveConflict(choice: 'mine' | 'theirs'): Promise<void> {
    const c = conflict.value
    if (!c) return
    conflict.value = null
    if (choice === 'theirs') {
      if (theirsBody) apply(theirsBody)
      revision = c.revision
      dirty.clear()
      dirtyParts.clear()
      clearLeftOver()
      theirsBody = null
      settle()
      return
    }
    theirsBody = null
    revision = c.revision
    forceNext = true
    for (const k of keys) dirty.add(k)
    schedule()
    await flush()
  }

  /** Another window saved: take its fields, except those this page changed, and base the next save on it. */
  async function mergeTheirs(): Promise<void> {
    const theirs = await findDraft(opts.id)
    if (!theirs) {
      revision = 0
      return
    }
    const mine = new Set([...sending, ...dirty, ...dirtyParts.keys()])
    const keep = new Set(keys.filter((k) => !mine.has(k)))
    apply(theirs.body as Partial<B>, keep)
    revision = theirs.revision
  }

  async function load(): Promise<void> {
    if (loaded.value) return
    loadError.value = null
    try {
      const stored = await findDraft(opts.id)
      let found = stored ? (stored.body as Partial<B>) : null
      if (stored) revision = stored.revision
      let moved = false
      if (!found && opts.legacy) {
        found = await opts.legacy()
        moved = found !== null
      }
      // What this tab had not saved when it was reloaded: newer than the store's copy.
      const leftOver = takeLeftOver()
      const storedRevision = revision
      let asked = false
      if (leftOver) {
        if (ask && leftOver.revision !== null && leftOver.revision < storedRevision && found && !sameBody(found, leftOver.body)) {
          // Another window saved after this tab's base (not this tab's own save on the way out): the choice waits
          // for the page, as for a conflict.
          theirsBody = found
          asked = true
        }
        found = { ...(found ?? {}), ...leftOver.body }
        moved = true
      }
      if (found) apply(found)
      loaded.value = true
      if (asked) {
        for (const k of keys) dirty.add(k)
        keepLeftOver(body())
        conflict.value = { revision: storedRevision, updatedAt: Date.now() }
        return
      }
      if (moved) {
        for (const k of keys) dirty.add(k)
        schedule()
        await flush()
        if (!saveError.value) await opts.legacyMoved?.()
      }
    } catch (err) {
      loadError.value = errorData(err)
    }
  }

  function flush(): Promise<void> {
    // With a choice open nothing is saved until the page makes it.
    if (!inFlight && (!hasDirty() || conflict.value)) return Promise.resolve()
    return new Promise<void>((resolve) => {
      waiters.push(resolve)
      if (!inFlight) schedule()
    })
  }

  /** Whether two bodies are the same draft (read through the kind's schema, so defaults and key order agree). */
  function sameBody(a: unknown, b: unknown): boolean {
    const schema = draftKind(opts.kind).schema
    const x = schema.safeParse(a)
    const y = schema.safeParse(b)
    return x.success && y.success && JSON.stringify(x.data) === JSON.stringify(y.data)
  }

  const leftOverKey = `ld.draft.${opts.id}`
  function clearLeftOver(): void {
    try {
      sessionStorage.removeItem(leftOverKey)
    } catch {
      // Nothing kept.
    }
  }
  /** Kept as `{ revision, body }` (the revision it was based on); older tabs kept the body alone. */
  function takeLeftOver(): { revision: number | null; body: Partial<B> } | null {
    try {
      const raw = sessionStorage.getItem(leftOverKey)
      sessionStorage.removeItem(leftOverKey)
      if (!raw) return null
      const v = JSON.parse(raw) as unknown
      if (v && typeof v === 'object' && '__leftOver' in v) {
        const o = v as { revision?: unknown; body?: unknown }
        return { revision: typeof o.revision === 'number' ? o.revision : null, body: (o.body ?? {}) as Partial<B> }
      }
      return { revision: null, body: v as Partial<B> }
    } catch {
      return null
    }
  }
  function keepLeftOver(latest: B): void {
    try {
      sessionStorage.setItem(leftOverKey, JSON.stringify({ __leftOver: 1, revision, body: latest }))
    } catch {
      // Too big for the tab's storage: what was sent (or the choice still open) is what remains.
    }
  }

  /** The page is going away: keep what is not saved yet in the tab, and send it with a request that outlives the page. */
  function onLeave(): void {
    if (!loaded.value || (!hasDirty() && !inFlight)) return
    const latest = body()
    keepLeftOver(latest)
    // With a choice open (or to be asked), nothing goes over the other version: the tab keeps this page's work.
    if (conflict.value) return
    // Over whatever is stored: these are this page's latest values of every field (in 'ask' mode only over the
    // version this page is based on, so another window's save is never overwritten unseen).
    saveDraftOnExit({ id: opts.id, kind: opts.kind, body: latest, baseRevision: revision, ...(ask ? {} : { force: true }), clientId: CLIENT_ID })
  }
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') onLeave()
  }
  const offChanged = onDraftsChanged(({ ids, clientId }) => {
    if (clientId === CLIENT_ID || !ids.includes(opts.id) || !loaded.value) return
    if (inFlight || hasDirty()) return // the next save meets the conflict and merges
    void getDraft(opts.id).then(
      (d) => {
        if (inFlight || hasDirty() || d.revision <= revision) return
        apply(d.body as Partial<B>)
        revision = d.revision
      },
      () => undefined,
    )
  })
  if (typeof window !== 'undefined') {
    window.addEventListener('pagehide', onLeave)
    document.addEventListener('visibilitychange', onVisibility)
  }

  function dispose(): void {
    scope.stop()
    offChanged()
    if (typeof window !== 'undefined') {
      window.removeEventListener('pagehide', onLeave)
      document.removeEventListener('visibilitychange', onVisibility)
    }
  }

  return { loaded, loadError, saving, saveError, load, flush, dispose, conflict, resolveConflict }
}

/**
 * The indices whose elements were replaced between two values of an array field, or null when the change is not
 * that (another length, not arrays, or the same array changed in place): the field then goes whole.
 */
export function replacedElements(was: unknown, now: unknown): number[] | null {
  if (!Array.isArray(was) || !Array.isArray(now) || was === now || was.length !== now.length) return null
  const changed: number[] = []
  for (let i = 0; i < now.length; i++) if (now[i] !== was[i]) changed.push(i)
  return changed
}
