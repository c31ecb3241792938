/**
 * A form kept in the draft store (src/renderer/stores/draft-form.ts) against a fake core: what was kept comes
 * back, changes are saved after the pause (and counted as pending until then), a save refused because another
 * tab saved first stops saving and lets the user choose, and another tab's save is followed when this one has
 * nothing of its own pending.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { nextTick } from 'vue'
import { AppError } from '@shared/errors/app-error'
import { BIND_FIELDS } from '@shared/customers/fields'
import { CUSTOMER_FORM_DRAFT_IDS } from '@shared/customers/drafts'
import { installBridge } from '../../../../src/renderer/bridge'
import { DRAFT_SAVE_DELAY_MS, draftForm } from '../../../../src/renderer/stores/draft-form'

const ID = CUSTOMER_FORM_DRAFT_IDS.bind
const empty = () => ({ fields: Object.fromEntries(BIND_FIELDS.map((f) => [f, ''])) as Record<(typeof BIND_FIELDS)[number], string>, state: 'editing' as const, sentAt: null, profileId: null, error: null, result: null, reconciled: false })

interface Stored {
  body: unknown
  revision: number
}
let stored: Stored | null
let saves: { baseRevision: number; force?: boolean; body: unknown }[]
let refuseNext: string | null
let listeners: ((name: string, payload: unknown) => void)[]

function meta(rev: number) {
  return { id: ID, kind: 'customers.bind', profileId: null, name: '', revision: rev, createdAt: 0, updatedAt: 0, removedAt: null, summary: {} }
}

beforeEach(() => {
  vi.useFakeTimers()
  stored = null
  saves = []
  refuseNext = null
  listeners = []
  installBridge({
    shell: 'browser',
    async invoke(channel, input) {
      const i = input as Record<string, unknown>
      if (channel === 'drafts.get') {
        if (!stored) return { ok: false, error: AppError.app('app.notFound', { what: 'draft' }).toData() }
        return { ok: true, value: { ...meta(stored.revision), body: stored.body } }
      }
      if (channel === 'drafts.save') {
        saves.push({ baseRevision: i['baseRevision'] as number, force: i['force'] as boolean | undefined, body: i['body'] })
        if (refuseNext) {
          const code = refuseNext
          refuseNext = null
          return { ok: false, error: AppError.app(code as 'app.draftConflict', { revision: 9, updatedAt: 0 }).toData() }
        }
        stored = { body: i['body'], revision: (stored?.revision ?? 0) + 1 }
        return { ok: true, value: meta(stored.revision) }
      }
      return { ok: false, error: AppError.app('app.notFound', { what: channel }).toData() }
    },
    onEvent(listener) {
      listeners.push(listener)
      return () => undefined
    },
  })
})
afterEach(() => {
  installBridge(null)
  vi.useRealTimers()
})

async function settle(): Promise<void> {
  await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS + 10)
  await nextTick()
}

describe('draftForm', () => {
  it('brings back what was kept, and saves a change after the pause (pending until then)', async () => {
    stored = { body: { ...empty(), fields: { ...empty().fields, customerName: 'kept' } }, revision: 3 }
    const form = draftForm('customers.bind', ID, empty)
    await form.load()
    expect(form.body.fields.customerName).toBe('kept')
    await settle()
    expect(saves).toEqual([]) // reading is not a change
    form.body.fields.branchName = 'Shanghai'
    await nextTick()
    expect(form.pending).toBe(true)
    expect(saves).toEqual([])
    await settle()
    expect(saves).toHaveLength(1)
    expect(saves[0]!.baseRevision).toBe(3)
    expect(form.pending).toBe(false)
    expect((stored!.body as ReturnType<typeof empty>).fields).toMatchObject({ customerName: 'kept', branchName: 'Shanghai' })
  })

  it('a save refused because another tab saved first stops saving until the user keeps theirs or loads the other', async () => {
    const form = draftForm('customers.bind', ID, empty)
    await form.load()
    refuseNext = 'app.draftConflict'
    form.body.fields.customerName = 'mine'
    await settle()
    expect(form.conflict).toBe(true)
    form.body.fields.customerName = 'mine, more'
    await settle()
    expect(saves).toHaveLength(1) // nothing more sent while in conflict
    await form.keepMine()
    expect(saves.at(-1)).toMatchObject({ force: true })
    expect(form.conflict).toBe(false)
    expect((stored!.body as ReturnType<typeof empty>).fields.customerName).toBe('mine, more')
  })

  it('follows another tab’s save when nothing of its own is pending', async () => {
    const form = draftForm('customers.bind', ID, empty)
    await form.load()
    stored = { body: { ...empty(), fields: { ...empty().fields, customerName: 'from the other tab' } }, revision: 5 }
    for (const l of listeners) l('drafts.changed', { ids: [ID], clientId: 'another-tab' })
    await vi.advanceTimersByTimeAsync(1)
    await nextTick()
    expect(form.body.fields.customerName).toBe('from the other tab')
    await settle()
    expect(saves).toEqual([])
  })
})
