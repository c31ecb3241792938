import { afterEach, describe, expect, it } from 'vitest'
import { effectScope, nextTick, ref, shallowRef, type Ref } from 'vue'
import type { DraftMeta } from '@shared/ipc/channels/drafts'
import { installBridge } from '../../../../src/renderer/bridge'
import { replacedElements, useDraftSync } from '../../../../src/renderer/composables/draft-sync'
import { fakeCore, refuse, tick } from '../support/fake-core'

afterEach(() => installBridge(null))

function meta(id: string, revision: number): DraftMeta {
  return { id, kind: 'locks', profileId: null, name: '', revision, createdAt: 0, updatedAt: 0, removedAt: null, summary: {} }
}

/** A draft store holding one draft, whose saves can be held back. */
function store() {
  let stored: { body: Record<string, unknown>; revision: number } | null = null
  let hold: Promise<void> | null = null
  const core = fakeCore({
    'drafts.get': (input: { id: string }) => (stored ? { ...meta(input.id, stored.revision), body: stored.body } : refuse('app.notFound')),
    'drafts.save': async (input: { id: string; body: Record<string, unknown>; baseRevision: number; force?: boolean }) => {
      if (hold) await hold
      if (stored && !input.force && stored.revision !== input.baseRevision) refuse('app.draftConflict')
      stored = { body: input.body, revision: (stored?.revision ?? 0) + 1 }
      return meta(input.id, stored.revision)
    },
  })
  return {
    core,
    get stored() {
      return stored
    },
    /** Another window's save. */
    theirs(body: Record<string, unknown>) {
      stored = { body, revision: (stored?.revision ?? 0) + 1 }
    },
    holdSaves() {
      let release!: () => void
      hold = new Promise((r) => (release = r))
      return () => {
        hold = null
        release()
      }
    },
  }
}

function setup() {
  const s = store()
  installBridge(s.core)
  const text = ref('')
  const operator = ref('')
  const scope = effectScope()
  const sync = scope.run(() => useDraftSync({ id: 'locks', kind: 'locks', fields: { text, operatorIdentity: operator } }))!
  return { s, text, operator, sync }
}

/** Types a value into a field and waits until it is saved (or the save settled). */
async function typed<T>(sync: { flush(): Promise<void> }, field: Ref<T>, value: T): Promise<void> {
  field.value = value
  await nextTick()
  await sync.flush()
}

const saves = (s: ReturnType<typeof store>) => s.core.calls.filter((c) => c.channel === 'drafts.save').map((c) => (c.input as { body: unknown }).body)

describe('keeping a screen’s work in the draft store', () => {
  it('saves every change at once, without waiting for a pause in typing', async () => {
    const { s, text, sync } = setup()
    await sync.load()
    await typed(sync, text, '8100000001')
    expect(s.stored?.body).toEqual({ text: '8100000001', operatorIdentity: '' })
  })

  it('a failed save settles flush with the error, and the next change saves it all', async () => {
    let down = true
    let stored: unknown = null
    installBridge(
      fakeCore({
        'drafts.get': () => refuse('app.notFound'),
        'drafts.save': (input: { id: string; body: unknown }) => {
          if (down) refuse('app.storage', { detail: 'disk full' })
          stored = input.body
          return meta(input.id, 1)
        },
      }),
    )
    const text = ref('')
    const operator = ref('')
    const sync = effectScope().run(() => useDraftSync({ id: 'failing', kind: 'locks', fields: { text, operatorIdentity: operator } }))!
    await sync.load()
    text.value = 'typed'
    await sync.flush()
    expect(sync.saveError.value).toMatchObject({ code: 'app.storage', params: { detail: 'disk full' } })
    down = false
    operator.value = 'ops'
    await sync.flush()
    expect(sync.saveError.value).toBeNull()
    expect(stored).toEqual({ text: 'typed', operatorIdentity: 'ops' })
    sync.dispose()
  })

  it('keeps a field typed while a save is in flight (and each change reaches the store)', async () => {
    const { s, text, operator, sync } = setup()
    await sync.load()
    const release = s.holdSaves()
    text.value = 'a long list'
    await nextTick()
    expect(sync.saving.value).toBe(true)
    operator.value = 'typed-during-save'
    await nextTick()
    release()
    await sync.flush()
    expect(s.stored?.body).toEqual({ text: 'a long list', operatorIdentity: 'typed-during-save' })
    expect(saves(s)).toHaveLength(2)
  })

  it('lays its own fields over another window’s save instead of losing either', async () => {
    const { s, text, operator, sync } = setup()
    await sync.load()
    await typed(sync, text, 'mine')
    s.theirs({ text: 'mine', operatorIdentity: 'set elsewhere' })
    await typed(sync, text, 'mine, changed')
    expect(s.stored?.body).toEqual({ text: 'mine, changed', operatorIdentity: 'set elsewhere' })
    expect(operator.value).toBe('set elsewhere')
  })

  it('reads the draft back into the fields, and a legacy draft is moved in once', async () => {
    const s = store()
    s.theirs({ text: 'kept', operatorIdentity: 'ops' })
    installBridge(s.core)
    const text = ref('')
    const operatorIdentity = ref('')
    const sync = effectScope().run(() => useDraftSync({ id: 'locks', kind: 'locks', fields: { text, operatorIdentity } }))!
    await sync.load()
    expect([text.value, operatorIdentity.value]).toEqual(['kept', 'ops'])

    const fresh = store()
    installBridge(fresh.core)
    let moved = false
    const t2 = ref('')
    const o2 = ref('')
    const sync2 = effectScope().run(() =>
      useDraftSync({ id: 'locks', kind: 'locks', fields: { text: t2, operatorIdentity: o2 }, legacy: async () => ({ text: 'from the old file', operatorIdentity: 'x' }), legacyMoved: async () => void (moved = true) }),
    )!
    await sync2.load()
    expect(fresh.stored?.body).toEqual({ text: 'from the old file', operatorIdentity: 'x' })
    expect(moved).toBe(true)
  })

  it('sends what is not saved yet as the page goes away', async () => {
    const { s, text, sync } = setup()
    await sync.load()
    const release = s.holdSaves()
    text.value = 'typed just before a reload'
    await nextTick()
    window.dispatchEvent(new Event('pagehide'))
    await tick()
    const exit = s.core.calls.filter((c) => c.channel === 'drafts.save').pop()!.input as { body: unknown; force?: boolean }
    expect(exit).toMatchObject({ body: { text: 'typed just before a reload' }, force: true })
    sync.dispose()

    // The tab is reloaded before any of that reached the store: what it kept comes back, and is saved.
    const again = store()
    again.theirs({ text: 'older', operatorIdentity: 'ops' })
    installBridge(again.core)
    const t2 = ref('')
    const o2 = ref('')
    const sync2 = effectScope().run(() => useDraftSync({ id: 'locks', kind: 'locks', fields: { text: t2, operatorIdentity: o2 } }))!
    await sync2.load()
    expect(t2.value).toBe('typed just before a reload')
    await sync2.flush()
    expect(again.stored?.body).toMatchObject({ text: 'typed just before a reload' })
    expect(sessionStorage.getItem('ld.draft.locks')).toBeNull()
    release()
  })
})

describe('with conflicts asked (an order: its entries are one field)', () => {
  function askSetup(s = store()) {
    installBridge(s.core)
    const text = ref('')
    const operator = ref('')
    const sync = effectScope().run(() => useDraftSync({ id: 'locks', kind: 'locks', fields: { text, operatorIdentity: operator }, conflicts: 'ask' }))!
    return { s, text, operator, sync }
  }

  it('a save over another window’s newer version overwrites nothing and asks; "keep mine" then saves over it', async () => {
    const { s, text, sync } = askSetup()
    await sync.load()
    await typed(sync, text, 'mine')
    s.theirs({ text: 'theirs', operatorIdentity: 'set elsewhere' })
    await typed(sync, text, 'mine, changed')
    expect(sync.conflict.value).toMatchObject({ revision: 2 })
    expect(s.stored?.body).toEqual({ text: 'theirs', operatorIdentity: 'set elsewhere' })
    expect(text.value).toBe('mine, changed')
    // Typing on while the question is open saves nothing either.
    await typed(sync, text, 'mine, changed again')
    expect(s.stored?.body).toEqual({ text: 'theirs', operatorIdentity: 'set elsewhere' })

    await sync.resolveConflict('mine')
    expect(sync.conflict.value).toBeNull()
    expect(s.stored?.body).toEqual({ text: 'mine, changed again', operatorIdentity: '' })
    // And saving goes on as usual afterwards.
    await typed(sync, text, 'after')
    expect(s.stored?.body).toMatchObject({ text: 'after' })
  })

  it('"show theirs" loads the other version and sends nothing', async () => {
    const { s, text, operator, sync } = askSetup()
    await sync.load()
    await typed(sync, text, 'mine')
    s.theirs({ text: 'theirs', operatorIdentity: 'ops' })
    await typed(sync, text, 'mine, changed')
    const before = saves(s).length
    await sync.resolveConflict('theirs')
    expect([text.value, operator.value]).toEqual(['theirs', 'ops'])
    await nextTick()
    await sync.flush()
    expect(saves(s)).toHaveLength(before)
    expect(s.stored?.body).toEqual({ text: 'theirs', operatorIdentity: 'ops' })
  })

  it('leaving the page with the question open sends nothing over the other version; a reload asks again', async () => {
    const { s, text, sync } = askSetup()
    await sync.load()
    await typed(sync, text, 'mine')
    s.theirs({ text: 'theirs', operatorIdentity: '' })
    await typed(sync, text, 'mine, changed')
    const before = saves(s).length
    window.dispatchEvent(new Event('pagehide'))
    await tick()
    expect(saves(s)).toHaveLength(before)
    sync.dispose()

    const again = askSetup(s)
    await again.sync.load()
    expect(again.text.value).toBe('mine, changed')
    expect(again.sync.conflict.value).not.toBeNull()
    expect(s.stored?.body).toEqual({ text: 'theirs', operatorIdentity: '' })
    await again.sync.resolveConflict('theirs')
    expect(again.text.value).toBe('theirs')
    expect(sessionStorage.getItem('ld.draft.locks')).toBeNull()
  })

  it('a reload after this tab’s own save on the way out is no conflict', async () => {
    const { s, text, sync } = askSetup()
    await sync.load()
    const release = s.holdSaves()
    text.value = 'typed just before a reload'
    await nextTick()
    window.dispatchEvent(new Event('pagehide'))
    release()
    await tick()
    await sync.flush()
    sync.dispose()
    const again = askSetup(s)
    await again.sync.load()
    expect(again.sync.conflict.value).toBeNull()
    expect(again.text.value).toBe('typed just before a reload')
  })
})

describe('saving by part (an order: an edit sends the entry it replaced, not the whole order)', () => {
  interface Part {
    field: string
    index: number
    value: unknown
  }
  function partSetup() {
    const s = store()
    const parts: Part[][] = []
    const core = fakeCore({
      'drafts.get': (input: { id: string }) => s.core.invoke('drafts.get', input).then((r) => (r.ok ? r.value : refuse(r.error.code))),
      'drafts.save': (input: unknown) => s.core.invoke('drafts.save', input).then((r) => (r.ok ? r.value : refuse(r.error.code))),
      'drafts.saveParts': (input: { id: string; parts: Part[]; baseRevision: number }) => {
        const stored = s.stored!
        if (stored.revision !== input.baseRevision) refuse('app.draftConflict')
        parts.push(input.parts)
        const body = structuredClone(stored.body)
        for (const p of input.parts) (body[p.field] as unknown[])[p.index] = p.value
        s.theirs(body)
        return meta(input.id, s.stored!.revision)
      },
    })
    installBridge(core)
    // Held raw and replaced, as the order wizard holds its entries.
    const entries = shallowRef<{ name: string }[]>([])
    const note = ref('')
    const sync = effectScope().run(() => useDraftSync({ id: 'o1', kind: 'locks', fields: { entries, note }, conflicts: 'ask', parts: ['entries'] }))!
    const whole = () => core.calls.filter((c) => c.channel === 'drafts.save').length
    return { s, core, parts, entries, note, sync, whole }
  }
  const replace = <T,>(list: T[], i: number, v: T) => list.map((x, k) => (k === i ? v : x))

  it('a replaced entry goes alone; a new length or another field goes whole', async () => {
    const { s, parts, entries, note, sync, whole } = partSetup()
    await sync.load()
    entries.value = [{ name: 'a' }, { name: 'b' }, { name: 'c' }]
    await sync.flush()
    expect(whole()).toBe(1)

    entries.value = replace(entries.value, 1, { name: 'B' })
    await sync.flush()
    entries.value = replace(entries.value, 2, { name: 'C' })
    entries.value = replace(entries.value, 0, { name: 'A' })
    await sync.flush()
    expect(whole()).toBe(1)
    // Each change goes at once (the third while the second is out, with the next save).
    expect(parts).toEqual([
      [{ field: 'entries', index: 1, value: { name: 'B' } }],
      [{ field: 'entries', index: 2, value: { name: 'C' } }],
      [{ field: 'entries', index: 0, value: { name: 'A' } }],
    ])
    expect(s.stored?.body).toEqual({ entries: [{ name: 'A' }, { name: 'B' }, { name: 'C' }], note: '' })

    entries.value = [...entries.value, { name: 'D' }]
    note.value = 'n'
    await sync.flush()
    // The new length goes whole at once, the note with the next whole save: no part any more.
    expect(whole()).toBe(3)
    expect(parts).toHaveLength(3)
    expect(s.stored?.body).toEqual({ entries: [{ name: 'A' }, { name: 'B' }, { name: 'C' }, { name: 'D' }], note: 'n' })
  })

  it('a part over another window’s newer version overwrites nothing and asks; "keep mine" saves the whole order', async () => {
    const { s, entries, sync } = partSetup()
    await sync.load()
    entries.value = [{ name: 'a' }, { name: 'b' }]
    await sync.flush()
    s.theirs({ entries: [{ name: 'x' }, { name: 'y' }], note: 'elsewhere' })
    entries.value = replace(entries.value, 0, { name: 'mine' })
    await sync.flush()
    expect(sync.conflict.value).not.toBeNull()
    expect(s.stored?.body).toEqual({ entries: [{ name: 'x' }, { name: 'y' }], note: 'elsewhere' })
    await sync.resolveConflict('mine')
    expect(s.stored?.body).toEqual({ entries: [{ name: 'mine' }, { name: 'b' }], note: '' })
  })

  it('tells replaced elements from other changes', () => {
    const a = [{ n: 1 }, { n: 2 }]
    expect(replacedElements(a, [a[0], { n: 3 }])).toEqual([1])
    expect(replacedElements(a, a)).toBeNull()
    expect(replacedElements(a, [a[0]])).toBeNull()
    expect(replacedElements('x', ['x'])).toBeNull()
  })
})
