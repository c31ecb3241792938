/**
 * The order wizard's store against a fake core: a new order is a draft with a proposed number; opened, its edits
 * are saved through draft-sync; ready only with no issue left, and any edit takes the mark away; the checker
 * re-checks only the entry replaced; templates keep the order without its number and start new orders; another
 * window's save that replaces the entries is said.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { AppError } from '@shared/errors/app-error'
import { emptyProduct, type OrderDraft, type OrderEntryDraft } from '@shared/orders/draft'
import { fieldFingerprint } from '@shared/orders/refusal'
import { installBridge } from '../../../../src/renderer/bridge'
import { useOrderWizardStore } from '../../../../src/renderer/stores/order-wizard'
import { useProfilesStore } from '../../../../src/renderer/stores/profiles'

interface Stored {
  kind: string
  name: string
  body: unknown
  revision: number
}
let drafts: Map<string, Stored>
let saves: { id: string; kind: string; body: unknown }[]
let listeners: ((name: string, payload: unknown) => void)[]
let seq = 0
let failSaves = false
let called: string[] = []

const meta = (id: string, d: Stored) => ({ id, kind: d.kind, profileId: 'sandbox', name: d.name, revision: d.revision, createdAt: 0, updatedAt: 0, removedAt: null, summary: {} })
const flush = () => new Promise((r) => setTimeout(r, 0))

beforeEach(() => {
  drafts = new Map()
  saves = []
  failSaves = false
  called = []
  listeners = []
  installBridge({
    shell: 'browser',
    async invoke(channel, input) {
      const i = input as Record<string, unknown>
      called.push(channel)
      if (failSaves && (channel === 'drafts.save' || channel === 'drafts.saveParts')) return { ok: false, error: AppError.app('app.storage', { detail: 'disk full' }).toData() }
      if (channel === 'drafts.get') {
        const d = drafts.get(i['id'] as string)
        return d ? { ok: true, value: { ...meta(i['id'] as string, d), body: d.body } } : { ok: false, error: AppError.app('app.notFound', { what: 'draft' }).toData() }
      }
      if (channel === 'drafts.save') {
        const id = (i['id'] as string | undefined) ?? `d${++seq}`
        const cur = drafts.get(id)
        if (cur && i['baseRevision'] !== cur.revision && !i['force']) return { ok: false, error: AppError.app('app.draftConflict', { revision: cur.revision, updatedAt: 0 }).toData() }
        const next = { kind: i['kind'] as string, name: (i['name'] as string | undefined) ?? cur?.name ?? 'Order', body: structuredClone(i['body']), revision: (cur?.revision ?? 0) + 1 }
        drafts.set(id, next)
        saves.push({ id, kind: next.kind, body: next.body })
        return { ok: true, value: meta(id, next) }
      }
      if (channel === 'drafts.saveParts') {
        // As the core does (src/main/services/drafts): the stored body with those elements replaced.
        const id = i['id'] as string
        const cur = drafts.get(id)!
        if (i['baseRevision'] !== cur.revision) return { ok: false, error: AppError.app('app.draftConflict', { revision: cur.revision, updatedAt: 0 }).toData() }
        const body = structuredClone(cur.body) as Record<string, unknown[]>
        for (const p of i['parts'] as { field: string; index: number; value: unknown }[]) body[p.field]![p.index] = structuredClone(p.value)
        const next = { ...cur, body, revision: cur.revision + 1 }
        drafts.set(id, next)
        saves.push({ id, kind: next.kind, body: next.body })
        return { ok: true, value: meta(id, next) }
      }
      if (channel === 'drafts.list') {
        const kinds = i['kinds'] as string[]
        const list = [...drafts.entries()].filter(([, d]) => kinds.includes(d.kind)).map(([id, d]) => meta(id, d))
        return { ok: true, value: { drafts: list, total: list.length } }
      }
      return { ok: false, error: AppError.app('app.notFound', { what: channel }).toData() }
    },
    onEvent(listener) {
      listeners.push(listener)
      return () => undefined
    },
  })
  setActivePinia(createPinia())
})

/** A complete new purchase the rules accept. */
function good(e: OrderEntryDraft): OrderEntryDraft {
  const product = { ...emptyProduct(), crmProductId: 'I-1', productUri: 'GMS-1001', productName: 'Cost Estimator', productType: 'tool' }
  return {
    ...e,
    licenseType: 'normal_recover_usbkey',
    customerName: 'ACME Ltd',
    customerId: 'C1',
    crmCustomerId: 'CRM1',
    channelCustomerId: 'CH1',
    enterpriseGlobalId: 'E1',
    branchCode: 'B1',
    branchName: 'Shanghai',
    adminName: 'Ann',
    adminAccount: 'ann',
    adminEmail: 'ann@example.com',
    adminCellNumber: '13912345678',
    passwordMobile: '13912345678',
    address: 'Road 1',
    assets: [{ ...e.assets[0]!, assetNos: ['8100000001'], products: [product] }],
  }
}

/** Another window's save of the draft: its first entry's customer renamed, at the next revision. */
function savedElsewhere(id: string, customerName: string): void {
  const stored = drafts.get(id)!
  const theirs = structuredClone(stored.body) as OrderDraft
  theirs.entries[0]!.customerName = customerName
  drafts.set(id, { ...stored, body: theirs, revision: stored.revision + 1 })
}

async function opened(): Promise<ReturnType<typeof useOrderWizardStore>> {
  const profiles = useProfilesStore()
  // The channel code comes from the active connection.
  profiles.$patch({ activeId: 'sandbox', profiles: [{ id: 'sandbox', channelCode: 'DEMO' } as never] })
  const store = useOrderWizardStore()
  const id = await store.createOrder()
  await store.open(id)
  return store
}

describe('order wizard store', () => {
  it('a draft back from a refusal: the refusal at its field and first in the issues, Ready off until that field changes', async () => {
    const first = await opened()
    const id = first.draftId!
    first.setEntry(0, good(first.entries[0]!))
    await first.flush()
    await first.close()
    // As the core leaves it (src/main/services/orders): the refusal kept with the draft, its field's fingerprint.
    const body = structuredClone(drafts.get(id)!.body) as OrderDraft
    const error = AppError.api('13004', 'Order sequence 1: orderList[0].assets[0].assetNos[0]: asset 8100000001 belongs to another enterprise').toData()
    const field = 'orderList[0].assets[0].assetNos[0]'
    drafts.set(id, { ...drafts.get(id)!, body: { ...body, refusal: { orderId: 'o1', at: 1, error, field, sequence: 1, value: fieldFingerprint(body, field) } } })

    const store = useOrderWizardStore()
    await store.open(id)
    expect(store.activeRefusal?.field).toBe(field)
    expect(store.issueCount).toBe(1)
    expect(store.shownIssues[0]).toMatchObject({ location: 'Entry 1 › Asset group 1 › Asset numbers', anchor: 'of-orderList-0-assets-0-assetNos' })
    expect(store.shownIssues[0]!.message).toContain('Entry 1 › Asset group 1 › Asset numbers: asset 8100000001 belongs to another enterprise')
    expect(store.refusalAt('of-orderList-0-assets-0-assetNos')).toContain('belongs to another enterprise')
    expect(store.markReady()).toBe(false)
    // Another field changed: still refused.
    store.setEntry(0, { ...store.entries[0]!, address: 'Road 9' })
    await flush()
    expect(store.issueCount).toBe(1)
    // The field it names changed: the refusal is spent, and leaves the stored draft.
    const g = store.entries[0]!.assets[0]!
    store.setEntry(0, { ...store.entries[0]!, assets: [{ ...g, assetNos: ['8100000002'] }] })
    await flush()
    expect(store.activeRefusal).toBeNull()
    expect(store.issueCount).toBe(0)
    await store.flush()
    expect((drafts.get(id)!.body as OrderDraft).refusal).toBeUndefined()
    expect(store.markReady()).toBe(true)
  })

  it('a refusal dismissed knowingly lets the unchanged order be marked ready', async () => {
    const store = await opened()
    const id = store.draftId!
    store.setEntry(0, good(store.entries[0]!))
    await store.flush()
    await store.close()
    const body = drafts.get(id)!.body as OrderDraft
    const error = AppError.api('13004', 'Parameter validation error. Something is wrong.').toData()
    drafts.set(id, { ...drafts.get(id)!, body: { ...body, refusal: { orderId: 'o1', at: 1, error, field: null, sequence: null, value: '' } } })
    await store.open(id)
    expect(store.issueCount).toBe(1)
    expect(store.markReady()).toBe(false)
    store.dismissRefusal()
    expect(store.issueCount).toBe(0)
    expect(store.markReady()).toBe(true)
    await store.flush()
    expect((drafts.get(id)!.body as OrderDraft).refusal).toBeUndefined()
  })

  it('a new order: a draft with a proposed number and one entry, opened and checked', async () => {
    const store = await opened()
    expect(store.loaded).toBe(true)
    expect(store.missing).toBe(false)
    expect(store.channelOrderId).toMatch(/^LD-\d{8}-\d{6}-[0-9A-Z]{4}$/)
    expect(store.entries).toHaveLength(1)
    expect(store.channelCode).toBe('DEMO')
    expect(store.issueCount).toBeGreaterThan(5)
    // Nothing typed yet: the count is whole, but no field is covered in red and the list waits.
    expect(store.issuesAt('of-orderList-0-customerName', 0)).toEqual([])
    expect(store.shownIssues).toEqual([])
    expect(store.hiddenCount).toBe(store.issueCount)
    // A field the user has been in shows its issue, and the list has it.
    store.touchField('of-orderList-0-customerName')
    expect(store.issuesAt('of-orderList-0-customerName', 0).map((i) => i.rule)).toEqual(['required'])
    expect(store.shownIssues.map((i) => i.anchor)).toEqual(['of-orderList-0-customerName'])
    expect(store.issuesAt('of-orderList-0-address', 0)).toEqual([])
    // Ready is an attempt to go on: refused, and every issue is shown.
    expect(store.markReady()).toBe(false)
    expect(store.ready).toBe(false)
    expect(store.hiddenCount).toBe(0)
    expect(store.shownIssues).toHaveLength(store.issueCount)
    expect(store.issuesAt('of-orderList-0-address', 0).length).toBeGreaterThan(0)
    // Listed as the fields are on screen (Ready jumps to the first): the license type, the customer picker, then the customer's fields.
    expect(store.shownIssues.slice(0, 3).map((i) => i.issue.field)).toEqual(['orderList[0].licenseType', 'orderList[0].enterpriseGlobalId', 'orderList[0].customerName'])
  })

  it('an order worked on before opens with all its issues shown', async () => {
    const store = await opened()
    const id = store.draftId!
    expect(store.hiddenCount).toBeGreaterThan(0)
    await store.close()
    await store.open(id)
    expect(store.hiddenCount).toBe(0)
    expect(store.issuesAt('of-orderList-0-customerName', 0).map((i) => i.rule)).toEqual(['required'])
  })

  it('edits are saved; ready only with no issue; any edit takes the mark away', async () => {
    const store = await opened()
    const id = store.draftId!
    store.setEntry(0, good(store.entries[0]!))
    expect(store.issueCount).toBe(0)
    await store.flush()
    expect((drafts.get(id)!.body as OrderDraft).entries[0]!.customerName).toBe('ACME Ltd')
    expect(store.markReady()).toBe(true)
    await store.flush()
    expect((drafts.get(id)!.body as OrderDraft).ready).toBe(true)
    store.setEntry(0, { ...store.entries[0]!, address: 'Road 2' })
    expect(store.ready).toBe(false)
    // Clearing the order number is an issue of the header.
    store.setHeader({ channelOrderId: '' })
    expect(store.issuesAt('of-channelOrderId', null).map((i) => i.rule)).toEqual(['required'])
  })

  it('an order whose last change could not be saved is not submitted (the stored one is not what the screen shows)', async () => {
    const store = await opened()
    store.setEntry(0, good(store.entries[0]!))
    await store.flush()
    failSaves = true
    expect(store.markReady()).toBe(true)
    await store.flush()
    // Said as what it was (the disk), not as an internal error.
    expect(store.saveError).toMatchObject({ code: 'app.storage', params: { detail: 'disk full' } })
    await expect(store.submit()).rejects.toMatchObject({ data: { code: 'app.storage' } })
    expect(called).not.toContain('orders.submit')
    expect(store.submitting).toBe(false)
  })

  it('entries: add, duplicate (new keys), move, remove keep the selection on the entry', async () => {
    const store = await opened()
    store.setEntry(0, good(store.entries[0]!))
    store.duplicateEntry(0)
    expect(store.entries).toHaveLength(2)
    expect(store.selected).toBe(1)
    expect(store.entries[1]!.key).not.toBe(store.entries[0]!.key)
    expect(store.entries[1]!.customerName).toBe('ACME Ltd')
    store.addEntry()
    store.moveEntry(2, 0)
    expect(store.selected).toBe(0)
    expect(store.entries[0]!.customerName).toBe('')
    // The moved entries are checked at their new places.
    expect(store.check.byEntry[0]!.length).toBeGreaterThan(0)
    expect(store.check.byEntry[1]).toEqual([])
    store.removeEntry(0)
    expect(store.entries).toHaveLength(2)
    // The copy carries the original's asset numbers: one fate per number and order, so the copy's are repeats.
    expect(store.check.all.map((i) => `${i.field} ${i.rule}`)).toEqual(['orderList[1].assets[0].assetNos[0] duplicate'])
    const copy = store.entries[1]!
    store.setEntry(1, { ...copy, assets: [{ ...copy.assets[0]!, assetNos: ['8100000099'] }] })
    expect(store.issueCount).toBe(0)
  })

  it('templates: the order kept without its number; a new order from it has a new number and the entries', async () => {
    const store = await opened()
    store.setEntry(0, good(store.entries[0]!))
    const t = await store.saveTemplate('Annual lock with Cost Estimator', null)
    const body = drafts.get(t.id)!.body as { scope: string; order: OrderDraft }
    expect(body.scope).toBe('order')
    expect(body.order.channelOrderId).toBe('')
    const id = await store.createFromTemplate(t.id)
    const made = drafts.get(id)!.body as OrderDraft
    expect(made.channelOrderId).toMatch(/^LD-/)
    expect(made.entries[0]!.customerName).toBe('ACME Ltd')
    expect(made.entries[0]!.key).not.toBe(store.entries[0]!.key)
    const one = await store.saveTemplate('One entry', 0)
    await store.addFromTemplate(one.id)
    expect(store.entries).toHaveLength(2)
    await store.loadLists()
    expect(store.templates.map((x) => x.name).sort()).toEqual(['Annual lock with Cost Estimator', 'One entry'])
    expect(store.recent.length).toBe(2)
  })

  it('says when another window’s save replaced the entries', async () => {
    const store = await opened()
    const id = store.draftId!
    await store.flush()
    savedElsewhere(id, 'Typed elsewhere')
    for (const l of listeners) l('drafts.changed', { ids: [id], clientId: 'another-tab' })
    await flush()
    await flush()
    expect(store.entries[0]!.customerName).toBe('Typed elsewhere')
    expect(store.changedElsewhere).not.toBeNull()
  })

  it('two windows typing in one order: the later save overwrites nothing and asks; each choice keeps what it says', async () => {
    const store = await opened()
    const id = store.draftId!
    await store.flush()
    // Another window saves its entries…
    savedElsewhere(id, 'Typed elsewhere')
    // …while this one types in its own (before hearing of it).
    store.setEntry(0, { ...store.entries[0]!, customerName: 'Typed here' })
    await store.flush()
    await flush()
    expect(store.conflict).not.toBeNull()
    expect((drafts.get(id)!.body as OrderDraft).entries[0]!.customerName).toBe('Typed elsewhere')
    expect(store.entries[0]!.customerName).toBe('Typed here')

    // Keep both: mine becomes a new draft, theirs is shown.
    const name = await store.resolveConflict('both', 'LD-1 (my version)')
    expect(name).toBe('LD-1 (my version)')
    const copy = [...drafts.values()].find((d) => d.name === 'LD-1 (my version)')!
    expect((copy.body as OrderDraft).entries[0]!.customerName).toBe('Typed here')
    expect(store.conflict).toBeNull()
    expect(store.entries[0]!.customerName).toBe('Typed elsewhere')

    // Again, and this time mine replaces theirs.
    const again = structuredClone(drafts.get(id)!.body) as OrderDraft
    again.entries[0]!.customerName = 'Elsewhere again'
    drafts.set(id, { ...drafts.get(id)!, body: again, revision: drafts.get(id)!.revision + 1 })
    store.setEntry(0, { ...store.entries[0]!, customerName: 'Mine wins' })
    await store.flush()
    await flush()
    expect(store.conflict).not.toBeNull()
    await store.resolveConflict('mine')
    expect((drafts.get(id)!.body as OrderDraft).entries[0]!.customerName).toBe('Mine wins')
  })

  it('an id with no draft is said to be missing', async () => {
    const store = useOrderWizardStore()
    await store.open('nope')
    expect(store.loaded).toBe(true)
    expect(store.missing).toBe(true)
  })
})
