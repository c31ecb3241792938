/**
 * A form kept in the draft store under a fixed id, as the Locks screen keeps its list: loaded once, saved 0.4 s
 * after the last change and when the page is hidden, so nothing typed is lost to a refused send, a reload or a
 * restart. A save over a newer revision (another tab saved meanwhile) is not forced: the form says so and the
 * user keeps theirs or loads the other. Used by stores; not a store itself.
 */
import { reactive, ref, shallowRef, watch, type Ref } from 'vue'
import type { AppErrorData } from '@shared/errors/app-error'
import { draftKind, type DraftBody, type DraftKind } from '@shared/drafts/kinds'
import { errorData } from '../api/errors'
import { findDraft as getDraft, onDraftsChanged, saveDraft } from '../api/drafts'

/** Wait after the last change before saving. */
export const DRAFT_SAVE_DELAY_MS = 400

/** This tab's id in `drafts.changed`, so it can tell its own saves from another tab's. */
const CLIENT_ID = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `tab-${Math.random().toString(36).slice(2)}`

/** A kept form (a reactive object: read `form.body`, `form.saving`… directly). */
export interface DraftForm<B> {
  body: B
  /** The draft was read (or there was none): the form shows what was kept. */
  loaded: boolean
  loadError: AppErrorData | null
  saving: boolean
  /** Changes not on disk yet (waiting for the pause after typing, or being saved). */
  pending: boolean
  saveError: AppErrorData | null
  /** Another tab or window saved this form since it was read: the user decides. */
  conflict: boolean
  load(): Promise<void>
  /** Saves now (pending changes included). */
  flush(): Promise<void>
  /** Saves this tab's version over the other one. */
  keepMine(): Promise<void>
  /** Drops this tab's changes for the version saved elsewhere. */
  loadTheirs(): Promise<void>
}

/** A form body of a draft kind, kept under `id`. */
export function draftForm<K extends DraftKind>(kind: K, id: string, empty: () => DraftBody<K>): DraftForm<DraftBody<K>> {
  const body = ref(empty()) as Ref<DraftBody<K>>
  const loaded = ref(false)
  const loadError = shallowRef<AppErrorData | null>(null)
  const saving = ref(false)
  const pending = ref(false)
  const saveError = shallowRef<AppErrorData | null>(null)
  const conflict = ref(false)
  let revision = 0
  let suspend = false
  let timer: ReturnType<typeof setTimeout> | null = null
  let chain: Promise<void> = Promise.resolve()
  let listening = false

  function apply(next: unknown, rev: number): void {
    suspend = true
    const parsed = draftKind(kind).schema.safeParse(next)
    body.value = (parsed.success ? parsed.data : empty()) as DraftBody<K>
    revision = rev
    pending.value = false
    // The watcher runs after this tick: keep it from saving what was just read.
    queueMicrotask(() => (suspend = false))
  }

  async function read(): Promise<void> {
    const d = await getDraft(id)
    if (d) apply(d.body, d.revision)
  }

  async function load(): Promise<void> {
    if (loaded.value) return
    loadError.value = null
    try {
      await read()
      loaded.value = true
    } catch (err) {
      loadError.value = errorData(err)
    }
    if (!listening) {
      listening = true
      // Another tab saved this form: follow it unless this tab has changes of its own (then the next save asks).
      onDraftsChanged(({ ids, clientId }) => {
        if (clientId === CLIENT_ID || !ids.includes(id) || pending.value || saving.value) return
        void read().catch(() => undefined)
      })
      const hide = (): void => {
        if (pending.value) void flush()
      }
      window.addEventListener('pagehide', hide)
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'hidden') hide()
      })
    }
  }

  function save(force: boolean): Promise<void> {
    if (timer) {
      clearTimeout(timer)
      timer = null
    }
    chain = chain.then(async () => {
      if (conflict.value && !force) return
      saving.value = true
      const sent = JSON.parse(JSON.stringify(body.value)) as unknown
      try {
        const meta = await saveDraft({ id, kind, profileId: null, body: sent, baseRevision: revision, clientId: CLIENT_ID, ...(force ? { force: true } : {}) })
        revision = meta.revision
        saveError.value = null
        conflict.value = false
        if (JSON.stringify(body.value) === JSON.stringify(sent)) pending.value = false
      } catch (err) {
        const e = errorData(err)
        if (e.code === 'app.draftConflict' || e.code === 'app.draftRemoved') conflict.value = true
        else saveError.value = e
      } finally {
        saving.value = false
      }
    })
    return chain
  }

  function flush(): Promise<void> {
    return save(false)
  }

  watch(
    body,
    () => {
      if (!loaded.value || suspend) return
      pending.value = true
      if (timer) clearTimeout(timer)
      timer = setTimeout(() => void flush(), DRAFT_SAVE_DELAY_MS)
    },
    { deep: true },
  )

  return reactive({
    body,
    loaded,
    loadError,
    saving,
    pending,
    saveError,
    conflict,
    load,
    flush,
    keepMine: () => save(true),
    async loadTheirs() {
      await read()
      conflict.value = false
    },
  }) as DraftForm<DraftBody<K>>
}
