/**
 * Opening a file from outside the app (src/shared/files/open-file.ts): which arguments are files, what a file is,
 * which screen shows it, and what is refused and why, in both languages.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { DRAFT_FILE_EXTENSION } from '@shared/drafts/file'
import { describeError } from '@shared/errors/app-error'
import { DRAFT_FILE_FORMAT, DRAFT_FILE_VERSION, MAX_DRAFT_FILE_BYTES } from '@shared/drafts/kinds'
import { emptyOrderDraft } from '@shared/orders/draft'
import { baseName, filesFromArgs, inspectOpenedFile, isOpenableName, openTarget, refuseBeforeReading } from '@shared/files/open-file'

const file = (drafts: unknown[], extra: Record<string, unknown> = {}): string =>
  JSON.stringify({ format: DRAFT_FILE_FORMAT, version: DRAFT_FILE_VERSION, exportedAt: 1, drafts, ...extra })
const order = (name: string) => ({ kind: 'orders.order', name, body: emptyOrderDraft('LD-20261126-120000-ABCD') })
const template = { kind: 'orders.template', name: 'Base', body: { scope: 'order', order: emptyOrderDraft() } }

describe('arguments of a start', () => {
  it('keeps the drafts files and leaves switches and other arguments alone', () => {
    expect(filesFromArgs(['--no-sandbox', 'C:\\Users\\a\\Order.LDRAFTS', '/home/a/bundle.ldrafts', 'old.json', 'notes.txt', '-psn_0_1', ''])).toEqual([
      'C:\\Users\\a\\Order.LDRAFTS',
      '/home/a/bundle.ldrafts',
      'old.json',
    ])
    expect(isOpenableName('report.xlsx')).toBe(false)
    expect(baseName('C:\\Users\\a\\Order.ldrafts')).toBe('Order.ldrafts')
    expect(baseName('/home/a/b.ldrafts')).toBe('b.ldrafts')
  })
})

describe('which screen opens a file', () => {
  it('one order draft opens in the Orders wizard; anything else in Drafts', () => {
    expect(openTarget([{ kind: 'orders.order' }])).toEqual({ screen: 'orders' })
    expect(openTarget([{ kind: 'orders.order' }, { kind: 'orders.order' }])).toEqual({ screen: 'drafts' })
    expect(openTarget([{ kind: 'orders.template' }])).toEqual({ screen: 'drafts' })
  })

  it('lists the drafts of a good file with their summaries', () => {
    const v = inspectOpenedFile('/tmp/ACME.ldrafts', file([order('ACME renewal')]))
    expect(v).toMatchObject({ ok: true, target: { screen: 'orders' }, drafts: [{ kind: 'orders.order', name: 'ACME renewal' }] })
    const bundle = inspectOpenedFile('bundle.ldrafts', file([order('A'), template]))
    expect(bundle).toMatchObject({ ok: true, target: { screen: 'drafts' } })
    expect(bundle.ok && bundle.drafts.map((d) => d.kind)).toEqual(['orders.order', 'orders.template'])
  })
})

describe('what is refused, and why', () => {
  const refused = (name: string, content: string) => {
    const v = inspectOpenedFile(name, content)
    if (v.ok) throw new Error('expected a refusal')
    return { code: v.error.code, en: describeError(v.error, 'en'), zh: describeError(v.error, 'zh-CN') }
  }

  it('another type of file, by its name, before it is read', () => {
    const r = refused('/home/a/prices.xlsx', 'PK…')
    expect(r.code).toBe('app.openFileType')
    expect(r.en).toContain('“prices.xlsx” is not one')
    expect(r.zh).toContain('“prices.xlsx”不是草稿文件')
    expect(r.en).not.toContain('/home/a')
  })

  it('a file too large, by its size, before it is read', () => {
    expect(refuseBeforeReading('big.ldrafts', MAX_DRAFT_FILE_BYTES + 1)?.code).toBe('app.draftFileTooBig')
    expect(refuseBeforeReading('ok.ldrafts', 10)).toBeNull()
  })

  it('not ours, newer, damaged, empty: each with its reason in both languages', () => {
    expect(refused('a.ldrafts', 'not json').code).toBe('app.draftFileNotOurs')
    expect(refused('a.ldrafts', '{"format":"other"}').zh).toContain('不是 License Desk 草稿文件')
    const newer = refused('a.ldrafts', file([], { version: DRAFT_FILE_VERSION + 1 }))
    expect(newer.code).toBe('app.draftFileNewer')
    const damaged = refused('a.ldrafts', file([order('good'), { kind: 'orders.order', name: 'bad', body: { entries: 'x' } }]))
    expect(damaged.code).toBe('app.draftFileBadDraft')
    expect(damaged.en).toContain('Draft 2 of this file (“bad”)')
    expect(refused('a.ldrafts', file([{ kind: 'no.such', name: 'x', body: {} }])).code).toBe('app.draftFileBadDraft')
    const empty = refused('empty.ldrafts', file([]))
    expect(empty.code).toBe('app.openFileEmpty')
    expect(empty.en).toContain('holds no drafts')
    expect(empty.zh).toContain('没有草稿')
  })
})

describe('the file association', () => {
  it('electron-builder.yml associates exactly the drafts file extension (never .json)', () => {
    const yml = readFileSync(new URL('../../../../electron-builder.yml', import.meta.url), 'utf8')
    const block = yml.slice(yml.indexOf('\nfileAssociations:'), yml.indexOf('\nlinux:'))
    expect([...block.matchAll(/ext:\s*(\S+)/g)].map((m) => m[1])).toEqual([DRAFT_FILE_EXTENSION])
  })
})
