/**
 * The draft store over a real SQLite file: saves, revisions and conflicts, listing and search, removal with
 * undo, export and import (foreign, newer and damaged files refused whole), and a database file that is not a
 * database kept aside.
 */
import { readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AppError } from '@shared/errors/app-error'
import { DRAFT_FILE_FORMAT, REMOVED_DRAFT_DAYS } from '@shared/drafts/kinds'
import { emptyEntry, emptyOrderDraft } from '@shared/orders/draft'
import { MIGRATIONS, openDatabase, type Database } from '../../../../src/main/services/db'
import { DraftStore } from '../../../../src/main/services/drafts'
import { silentLogger } from '../../../../src/main/services/log'
import type { StorageIssue } from '../../../../src/main/services/storage'
import { removeDir, tempDir } from '../../../support/tmp'

let dir: string
let db: Database
let clock: number
let changed: string[][]
let store: DraftStore

const locks = (text: string, action: 'disable' | 'enable' = 'disable') => ({ text, operatorIdentity: 'op@example.com', action })

function open(): DraftStore {
  db = openDatabase({ dataDir: dir, migrations: MIGRATIONS, log: silentLogger })
  return new DraftStore(db, { now: () => clock, onChange: (ids) => changed.push(ids) })
}

function codeOf(fn: () => unknown): string {
  try {
    fn()
  } catch (e) {
    if (e instanceof AppError) return e.code
    throw e
  }
  return 'no error'
}

beforeEach(async () => {
  dir = await tempDir('ld-drafts-')
  clock = 1_700_000_000_000
  changed = []
  store = open()
})
afterEach(async () => {
  db.close()
  await removeDir(dir)
})

describe('saving', () => {
  it('creates at revision 1, raises the revision on each save, and keeps the body across a reopen', () => {
    const a = store.save({ kind: 'locks', profileId: 'p1', name: 'Weekly', body: locks('8100000001'), baseRevision: 0 })
    expect(a.revision).toBe(1)
    clock += 1000
    const b = store.save({ id: a.id, kind: 'locks', body: locks('8100000001\n8100000002'), baseRevision: 1 })
    expect(b).toMatchObject({ id: a.id, revision: 2, name: 'Weekly', profileId: 'p1', updatedAt: clock, createdAt: clock - 1000 })
    db.close()
    store = open()
    expect(store.get(a.id).body).toEqual(locks('8100000001\n8100000002'))
    expect(changed).toEqual([[a.id], [a.id]])
  })

  it('refuses a save based on an older revision (another window saved meanwhile), unless forced', () => {
    const a = store.save({ kind: 'locks', body: locks('1'), baseRevision: 0 })
    store.save({ id: a.id, kind: 'locks', body: locks('from tab A'), baseRevision: 1 })
    expect(codeOf(() => store.save({ id: a.id, kind: 'locks', body: locks('from tab B'), baseRevision: 1 }))).toBe('app.draftConflict')
    expect(store.get(a.id).body).toEqual(locks('from tab A'))
    const forced = store.save({ id: a.id, kind: 'locks', body: locks('from tab B'), baseRevision: 1, force: true })
    expect(forced.revision).toBe(3)
    expect(store.get(a.id).body).toEqual(locks('from tab B'))
  })

  it('a fixed id with revision 0 over an existing draft is a conflict, not an overwrite', () => {
    store.save({ id: 'locks', kind: 'locks', body: locks('first'), baseRevision: 0 })
    expect(codeOf(() => store.save({ id: 'locks', kind: 'locks', body: locks('second'), baseRevision: 0 }))).toBe('app.draftConflict')
  })

  it('checks the body with its kind and names the field; nothing is written', () => {
    const bad = { text: 'x', operatorIdentity: 'op', action: 'explode' }
    let err: AppError | undefined
    try {
      store.save({ kind: 'locks', name: 'Broken', body: bad, baseRevision: 0 })
    } catch (e) {
      err = e as AppError
    }
    expect(err?.code).toBe('app.draftInvalid')
    expect(err?.params).toEqual({ name: 'Broken', field: 'action' })
    expect(store.list({ kinds: ['locks'] }).total).toBe(0)
  })

  it('refuses a body over the size limit, and keeps the last one saved', () => {
    const small = new DraftStore(db, { maxBodyBytes: 1000 })
    const a = small.save({ kind: 'locks', body: locks('8'.repeat(900)), baseRevision: 0 })
    expect(codeOf(() => small.save({ id: a.id, kind: 'locks', body: locks('8'.repeat(1000)), baseRevision: 1 }))).toBe('app.draftTooBig')
    expect(small.get(a.id).body).toEqual(locks('8'.repeat(900)))
  })
})

describe('saving by part', () => {
  const order = () => {
    const d = emptyOrderDraft('LD-20261126-120000-ABCD')
    d.entries = [emptyEntry(), emptyEntry(), emptyEntry()]
    d.entries.forEach((e, i) => (e.customerName = `Customer ${i}`))
    return d
  }

  it('replaces only the elements sent, at the next revision, and tells the change with its client', () => {
    const a = store.save({ kind: 'orders.order', body: order(), baseRevision: 0 })
    const edited = { ...order().entries[1]!, customerName: 'Edited Ltd' }
    const b = store.saveParts({ id: a.id, kind: 'orders.order', parts: [{ field: 'entries', index: 1, value: edited }], baseRevision: 1 }, 'page-1')
    expect(b.revision).toBe(2)
    const body = store.get(a.id).body as ReturnType<typeof order>
    expect(body.entries.map((e) => e.customerName)).toEqual(['Customer 0', 'Edited Ltd', 'Customer 2'])
    expect(body.channelOrderId).toBe('LD-20261126-120000-ABCD')
    expect(changed.at(-1)).toEqual([a.id])
  })

  it('saves the same body whether the store holds the draft it last wrote or reads it again (another start, another process)', () => {
    const a = store.save({ kind: 'orders.order', body: order(), baseRevision: 0 })
    const edit = (i: number, name: string) => ({ ...order().entries[i]!, customerName: name })
    // Held from its own write: only the element is checked.
    store.saveParts({ id: a.id, kind: 'orders.order', parts: [{ field: 'entries', index: 0, value: edit(0, 'First') }], baseRevision: 1 })
    const held = store.get(a.id).body
    db.close()
    store = open()
    // Read again from the file: the whole body is checked.
    expect(codeOf(() => store.saveParts({ id: a.id, kind: 'orders.order', parts: [{ field: 'entries', index: 2, value: { ...edit(2, 'x'), orderType: 'give_away' } }], baseRevision: 2 }))).toBe('app.draftInvalid')
    store.saveParts({ id: a.id, kind: 'orders.order', parts: [{ field: 'entries', index: 2, value: edit(2, 'Third') }], baseRevision: 2 })
    const body = store.get(a.id).body as ReturnType<typeof order>
    expect(body.entries.map((e) => e.customerName)).toEqual(['First', 'Customer 1', 'Third'])
    expect({ ...body, entries: body.entries.slice(0, 2) }).toEqual({ ...(held as typeof body), entries: (held as typeof body).entries.slice(0, 2) })
    // Defaults are filled in as a whole save fills them (an element sent without its optional lists).
    const { assets: _assets, ...bare } = edit(1, 'Bare')
    store.saveParts({ id: a.id, kind: 'orders.order', parts: [{ field: 'entries', index: 1, value: bare }], baseRevision: 3 })
    expect((store.get(a.id).body as typeof body).entries[1]!.assets).toEqual([])
  })

  it('refuses parts on an older revision, a removed draft, a missing element or field, and a bad element; nothing is written', () => {
    const a = store.save({ kind: 'orders.order', body: order(), baseRevision: 0 })
    store.save({ id: a.id, kind: 'orders.order', body: order(), baseRevision: 1 })
    const entry = order().entries[0]!
    const parts = (field: string, index: number, value: unknown = entry) => [{ field, index, value }]
    expect(codeOf(() => store.saveParts({ id: a.id, kind: 'orders.order', parts: parts('entries', 0), baseRevision: 1 }))).toBe('app.draftConflict')
    expect(codeOf(() => store.saveParts({ id: a.id, kind: 'orders.order', parts: parts('entries', 3), baseRevision: 2 }))).toBe('app.invalidInput')
    expect(codeOf(() => store.saveParts({ id: a.id, kind: 'orders.order', parts: parts('note', 0), baseRevision: 2 }))).toBe('app.invalidInput')
    expect(codeOf(() => store.saveParts({ id: a.id, kind: 'orders.order', parts: parts('__proto__', 0), baseRevision: 2 }))).toBe('app.invalidInput')
    expect(codeOf(() => store.saveParts({ id: a.id, kind: 'orders.order', parts: parts('entries', 0, { ...entry, orderType: 'give_away' }), baseRevision: 2 }))).toBe('app.draftInvalid')
    expect(codeOf(() => store.saveParts({ id: a.id, kind: 'locks', parts: parts('entries', 0), baseRevision: 2 }))).toBe('app.conflict')
    expect(store.get(a.id).revision).toBe(2)
    store.remove([a.id])
    expect(codeOf(() => store.saveParts({ id: a.id, kind: 'orders.order', parts: parts('entries', 0), baseRevision: 2 }))).toBe('app.draftRemoved')
  })
})

describe('listing', () => {
  it('lists newest change first, filters by profile (and drafts of none), and searches name and type', () => {
    const a = store.save({ kind: 'locks', profileId: 'p1', name: 'Monday returns', body: locks('1'), baseRevision: 0 })
    clock += 10
    const b = store.save({ kind: 'locks', profileId: 'p2', name: 'Tuesday', body: locks('2', 'enable'), baseRevision: 0 })
    clock += 10
    const c = store.save({ kind: 'locks', profileId: null, name: 'Shared 100%_done', body: locks('3'), baseRevision: 0 })
    const ids = (q: Parameters<DraftStore['list']>[0]) => store.list({ kinds: ['locks'], ...q }).drafts.map((d) => d.id)
    expect(ids({})).toEqual([c.id, b.id, a.id])
    expect(ids({ profileId: 'p1' })).toEqual([c.id, a.id])
    expect(ids({ query: 'MONDAY' })).toEqual([a.id])
    expect(ids({ query: 'enable' })).toEqual([b.id])
    // LIKE wildcards in the query are plain text.
    expect(ids({ query: '100%_' })).toEqual([c.id])
    expect(ids({ query: '%' })).toEqual([c.id])
    expect(store.list({ kinds: ['locks'], limit: 1, offset: 1 })).toMatchObject({ total: 3, drafts: [{ id: b.id }] })
  })

  it('leaves kinds that are not listed as work out unless asked for', () => {
    store.save({ kind: 'locks', body: locks('1'), baseRevision: 0 })
    expect(store.list().total).toBe(0)
    expect(store.list({ kinds: ['locks'] }).total).toBe(1)
  })
})

describe('rename, duplicate, remove and restore', () => {
  it('rename keeps body and revision, so an editor elsewhere goes on saving', () => {
    const a = store.save({ kind: 'locks', name: 'Old', body: locks('1'), baseRevision: 0 })
    expect(store.rename(a.id, 'New')).toMatchObject({ name: 'New', revision: 1 })
    expect(store.save({ id: a.id, kind: 'locks', body: locks('2'), baseRevision: 1 })).toMatchObject({ name: 'New', revision: 2 })
  })

  it('duplicate makes an independent copy', () => {
    const a = store.save({ kind: 'locks', name: 'Original', profileId: 'p1', body: locks('1'), baseRevision: 0 })
    const copy = store.duplicate(a.id, 'Copy')
    expect(copy).toMatchObject({ name: 'Copy', revision: 1, profileId: 'p1' })
    expect(copy.id).not.toBe(a.id)
    store.save({ id: copy.id, kind: 'locks', body: locks('changed'), baseRevision: 1 })
    expect(store.get(a.id).body).toEqual(locks('1'))
  })

  it('removed drafts leave the list, can be restored, refuse saves meanwhile, and are purged after the undo period', () => {
    const a = store.save({ kind: 'locks', body: locks('1'), baseRevision: 0 })
    const b = store.save({ kind: 'locks', body: locks('2'), baseRevision: 0 })
    store.remove([a.id, b.id])
    expect(store.list({ kinds: ['locks'] }).total).toBe(0)
    expect(store.list({ kinds: ['locks'], removed: true }).total).toBe(2)
    expect(codeOf(() => store.save({ id: a.id, kind: 'locks', body: locks('x'), baseRevision: 1 }))).toBe('app.draftRemoved')
    store.restore([a.id])
    expect(store.list({ kinds: ['locks'] }).drafts.map((d) => d.id)).toEqual([a.id])
    clock += (REMOVED_DRAFT_DAYS + 1) * 86_400_000
    expect(store.purge()).toBe(1)
    expect(codeOf(() => store.get(b.id))).toBe('app.notFound')
    expect(store.get(a.id).body).toEqual(locks('1'))
  })

  it('an unknown id in a removal changes nothing', () => {
    const a = store.save({ kind: 'locks', body: locks('1'), baseRevision: 0 })
    expect(codeOf(() => store.remove([a.id, 'nope']))).toBe('app.notFound')
    expect(store.get(a.id).removedAt).toBeNull()
  })
})

describe('files', () => {
  it('exports and imports drafts as new drafts of the given profile', () => {
    const a = store.save({ kind: 'locks', name: 'To move', profileId: 'p1', body: locks('8100000001'), baseRevision: 0 })
    const file = store.exportFile([a.id])
    expect(file.fileName).toMatch(/^license-desk-drafts-\d{8}-\d{4}\.ldrafts$/)
    const imported = store.importFile(file.content, 'p9')
    expect(imported).toHaveLength(1)
    expect(imported[0]).toMatchObject({ name: 'To move', profileId: 'p9', revision: 1 })
    expect(imported[0]!.id).not.toBe(a.id)
    expect(store.get(imported[0]!.id).body).toEqual(locks('8100000001'))
  })

  it('refuses foreign, newer and damaged files whole, with the reason, adding nothing', () => {
    const a = store.save({ kind: 'locks', name: 'Good', body: locks('1'), baseRevision: 0 })
    const good = JSON.parse(store.exportFile([a.id]).content) as { drafts: unknown[] }
    const before = store.list({ kinds: ['locks'] }).total
    expect(codeOf(() => store.importFile('not json at all', null))).toBe('app.draftFileNotOurs')
    expect(codeOf(() => store.importFile(JSON.stringify({ hello: 'world' }), null))).toBe('app.draftFileNotOurs')
    expect(codeOf(() => store.importFile(JSON.stringify({ ...good, version: 99 }), null))).toBe('app.draftFileNewer')
    const damaged = { ...good, drafts: [...good.drafts, { kind: 'locks', name: 'Bad', body: { text: 1 } }] }
    let err: AppError | undefined
    try {
      store.importFile(JSON.stringify(damaged), null)
    } catch (e) {
      err = e as AppError
    }
    expect(err?.code).toBe('app.draftFileBadDraft')
    expect(err?.params).toMatchObject({ index: 2, name: 'Bad' })
    const unknownKind = { ...good, drafts: [{ kind: 'spaceship', name: 'X', body: {} }] }
    expect(codeOf(() => store.importFile(JSON.stringify(unknownKind), null))).toBe('app.draftFileBadDraft')
    expect(store.list({ kinds: ['locks'] }).total).toBe(before)
    // A byte order mark (files saved by Windows editors) is fine.
    expect(store.importFile('\uFEFF' + JSON.stringify({ ...good, format: DRAFT_FILE_FORMAT }), null)).toHaveLength(1)
  })
})

describe('the database file', () => {
  it('a file that is not a database is kept aside and reported, and a new one starts', () => {
    db.close()
    writeFileSync(join(dir, 'desk.db'), 'this is not sqlite, it is a text file that someone put here')
    const issues: StorageIssue[] = []
    db = openDatabase({ dataDir: dir, migrations: MIGRATIONS, log: silentLogger, onIssue: (i) => issues.push(i) })
    expect(issues).toHaveLength(1)
    expect(issues[0]!.keptAs).toMatch(/^desk\.db\.corrupt-/)
    expect(readdirSync(dir)).toContain(issues[0]!.keptAs)
    store = new DraftStore(db)
    expect(store.save({ kind: 'locks', body: locks('1'), baseRevision: 0 }).revision).toBe(1)
  })

  it('runs each migration once and refuses a migration id declared twice', () => {
    db.close()
    db = openDatabase({ dataDir: dir, migrations: [...MIGRATIONS, { id: 'x-1', sql: 'CREATE TABLE x (a)' }], log: silentLogger })
    db.close()
    // Reopening does not run x-1 again (it would fail: the table exists).
    db = openDatabase({ dataDir: dir, migrations: [...MIGRATIONS, { id: 'x-1', sql: 'CREATE TABLE x (a)' }], log: silentLogger })
    db.close()
    expect(() => openDatabase({ dataDir: dir, migrations: [...MIGRATIONS, ...MIGRATIONS], log: silentLogger })).toThrow(/declared twice/)
    db = openDatabase({ dataDir: dir, migrations: MIGRATIONS, log: silentLogger })
  })
})
