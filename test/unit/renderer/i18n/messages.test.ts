import { describe, expect, it } from 'vitest'
import en from '../../../../src/renderer/i18n/en'
import zhCN from '../../../../src/renderer/i18n/zh-CN'
import { applyLocale, elementLocale, errorText, i18n } from '../../../../src/renderer/i18n'
import { FIELD_TERMS } from '@shared/errors/input-issues'

type Tree = { [k: string]: string | Tree }

/** Every leaf as [dotted key, message]. */
function leaves(tree: Tree, prefix = ''): Array<[string, string]> {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : leaves(v, `${prefix}${k}.`),
  )
}

const params = (s: string) => [...new Set([...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort()

/** The area files of each language (one per area: i18n/<locale>/<area>.ts), by area name. */
const areaFiles = (all: Record<string, { default: Tree }>) =>
  new Map(Object.entries(all).filter(([path]) => !path.endsWith('/index.ts')).map(([path, mod]) => [path.replace(/^.*\/(.+)\.ts$/, '$1'), mod.default]))
const enAreas = areaFiles(import.meta.glob<{ default: Tree }>('../../../../src/renderer/i18n/en/*.ts', { eager: true }))
const zhAreas = areaFiles(import.meta.glob<{ default: Tree }>('../../../../src/renderer/i18n/zh-CN/*.ts', { eager: true }))

describe('renderer messages', () => {
  const enLeaves = new Map(leaves(en as Tree))
  const zhLeaves = new Map(leaves(zhCN as unknown as Tree))

  it('en and zh-CN have exactly the same keys', () => {
    expect([...zhLeaves.keys()].sort()).toEqual([...enLeaves.keys()].sort())
    expect(enLeaves.size).toBeGreaterThan(50)
  })

  it('has one file per area in each language, with the same keys, all assembled by the index', () => {
    expect([...zhAreas.keys()].sort()).toEqual([...enAreas.keys()].sort())
    expect(enAreas.size).toBeGreaterThan(5)
    const fromFiles: string[] = []
    for (const [area, tree] of enAreas) {
      const keys = leaves(tree).map(([k]) => k)
      expect(leaves(zhAreas.get(area)!).map(([k]) => k).sort(), area).toEqual(keys.slice().sort())
      fromFiles.push(...keys)
    }
    // Every key comes from exactly one area file, and the index leaves none out.
    expect(fromFiles.slice().sort()).toEqual([...enLeaves.keys()].sort())
  })

  it('each message uses the same parameters in both languages', () => {
    for (const [key, text] of enLeaves) expect(params(zhLeaves.get(key) ?? ''), key).toEqual(params(text))
  })

  it('no message is empty, and zh-CN is actually translated where it has words', () => {
    for (const [key, text] of [...enLeaves, ...zhLeaves]) expect(text.trim(), key).not.toBe('')
    const same = [...enLeaves].filter(([k, v]) => zhLeaves.get(k) === v && /[a-z]{4,}/.test(v)).map(([k]) => k)
    // The app's name and example addresses are the same in every language.
    expect(same.sort()).toEqual(['app.name', 'connections.form.baseUrlPlaceholder'])
  })

  it('every message compiles and renders with its parameters in both languages (no stray @ or |)', () => {
    for (const locale of ['en', 'zh-CN'] as const) {
      applyLocale(locale)
      for (const [key, text] of locale === 'en' ? enLeaves : zhLeaves) {
        const args = Object.fromEntries(params(text).map((p) => [p, `<${p}>`]))
        // Plural forms are chosen by the count: render with several, and every parameter shows in one of them.
        const outs = [0, 1, 2, 5].map((n) => i18n.global.t(key, args, n))
        for (const out of outs) {
          expect(out, `${locale} ${key}`).not.toMatch(/\{\w+\}/)
          expect(out, `${locale} ${key}`).not.toContain('|')
          expect(out, `${locale} ${key}`).not.toContain('@')
          expect(out.trim(), `${locale} ${key}`).not.toBe('')
        }
        for (const p of params(text)) expect(outs.join(' '), `${locale} ${key}`).toContain(`<${p}>`)
      }
    }
  })

  it('plural forms: English "one | many" (or "none | one | many"); Chinese has one form', () => {
    for (const [key, text] of enLeaves) {
      const forms = text.split(' | ')
      expect(forms.length, key).toBeLessThanOrEqual(3)
      if (forms.length > 1) expect(forms.slice(1).join(''), key).toMatch(/\{\w+\}/)
    }
    for (const [key, text] of zhLeaves) expect(text, key).not.toContain(' | ')
  })

  it('says one thing in the singular ("Get 1 asset number", "1 entry")', () => {
    applyLocale('en')
    const t = i18n.global.t
    expect(t('shellnums.issue', { n: '1' }, 1)).toBe('Get 1 asset number')
    expect(t('shellnums.issue', { n: '1,000' }, 1000)).toBe('Get 1,000 asset numbers')
    expect(t('journal.total', { n: '1' }, 1)).toBe('1 entry')
    expect(t('journal.total', { n: '2' }, 2)).toBe('2 entries')
    expect(t('locks.toSend', { n: '1' }, 1)).toBe('1 lock to send')
    expect(t('lockAction.disable.question', { count: '1' }, 1)).toBe('Disable 1 lock?')
    applyLocale('zh-CN')
    expect(t('shellnums.issue', { n: '1' }, 1)).toBe('获取 1 个资产编号')
    applyLocale('en')
  })

  it('one Chinese term for the operator identity, wherever English says it', () => {
    expect(FIELD_TERMS.operatorIdentity!['zh-CN']).toBe('操作人标识')
    for (const [key, text] of enLeaves) {
      if (/operator identity/i.test(text)) expect(zhLeaves.get(key), key).toContain('操作人标识')
    }
    for (const [key, text] of zhLeaves) expect(text, key).not.toMatch(/操作员|经办人/)
  })
})

/** Element Plus's label of the dialog close button in a locale. */
const dialogClose = (l: 'en' | 'zh-CN') => (elementLocale(l).el as Record<string, Record<string, unknown>>)['dialog']?.['close']

describe('locale switching', () => {
  it('switches messages, Element Plus locale and <html lang> together', () => {
    applyLocale('zh-CN')
    expect(i18n.global.t('nav.settings')).toBe('设置')
    expect(document.documentElement.lang).toBe('zh-CN')
    expect(dialogClose('zh-CN')).toBe('关闭此对话框')
    applyLocale('en')
    expect(i18n.global.t('nav.settings')).toBe('Settings')
    expect(document.documentElement.lang).toBe('en')
    expect(dialogClose('en')).toBe('Close this dialog')
  })

  it('words refused input field by field in the user’s language, never the checker’s English', () => {
    const refused = {
      code: 'app.invalidInput',
      messageKey: 'app.invalidInput',
      params: { detail: 'assetNum: Too big: expected string to have <=64 characters' },
      details: { issues: [{ path: 'assetNum', message: 'Too big: expected string to have <=64 characters', code: 'tooLong' as const, bound: 64 }] },
    }
    applyLocale('en')
    expect(errorText(refused)).toContain('The asset number may have at most 64 characters')
    expect(errorText(refused)).not.toContain('Too big')
    applyLocale('zh-CN')
    expect(errorText(refused)).toContain('资产编号最多 64 个字符')
    applyLocale('en')
  })

  it('describes errors from the shared catalog in the current language', () => {
    const data = { code: 'app.conflict', messageKey: 'app.conflict', params: { what: 'Head office' }, details: {} }
    applyLocale('zh-CN')
    expect(errorText(data)).toBe('已存在：Head office')
    applyLocale('en')
    expect(errorText(data)).toBe('Already exists: Head office')
  })
})
