import { describe, expect, it } from 'vitest'
import { createI18n } from 'vue-i18n'
import { compileMessage, parseMessage, pluralForms } from '../../../../src/renderer/i18n/message-compiler'

describe('the renderer’s message compiler', () => {
  it('splits messages into text and parameters as vue-i18n reads them', () => {
    expect(parseMessage('Showing {shown} of {total}')).toEqual(['Showing ', { named: 'shown' }, ' of ', { named: 'total' }])
    expect(parseMessage('{ n } locks')).toEqual([{ named: 'n' }, ' locks'])
    expect(parseMessage('First: {0}')).toEqual(['First: ', { list: 0 }])
    expect(parseMessage("Email {'@'} home {'{'}x{'}'}")).toEqual(['Email @ home {x}'])
    expect(parseMessage('')).toEqual([''])
    expect(parseMessage('已禁用 {count} 把锁')).toEqual(['已禁用 ', { named: 'count' }, ' 把锁'])
    // Not a placeholder (nor one vue-i18n would read): kept as written.
    expect(parseMessage('a {not one} b { c')).toEqual(['a {not one} b { c'])
  })

  it('renders through vue-i18n, with parameters, lists, missing keys and fallback as before', () => {
    const i18n = createI18n({
      legacy: false,
      locale: 'zh-CN',
      fallbackLocale: 'en',
      messageCompiler: compileMessage,
      missingWarn: false,
      fallbackWarn: false,
      messages: {
        en: { a: { plain: 'Plain text', count: 'Showing {shown} of {total}', first: 'First: {0}', onlyEn: 'Only in English, {who}' } },
        'zh-CN': { a: { plain: '纯文本', count: '显示 {shown} / {total}', first: '第一个：{0}' } },
      },
    })
    const t = i18n.global.t
    expect(t('a.plain')).toBe('纯文本')
    expect(t('a.count', { shown: '1,000', total: '200,000' })).toBe('显示 1,000 / 200,000')
    expect(t('a.first', ['x'])).toBe('第一个：x')
    expect(t('a.onlyEn', { who: 'you' })).toBe('Only in English, you')
    expect(t('a.nope')).toBe('a.nope')
    i18n.global.locale.value = 'en'
    expect(t('a.count', { shown: 3, total: 4 })).toBe('Showing 3 of 4')
    // A parameter not given is left empty, as vue-i18n's own compiler does.
    expect(t('a.count', {})).toBe('Showing  of ')
  })

  it('picks plural forms by the count given, as vue-i18n does', () => {
    const i18n = createI18n({
      legacy: false,
      locale: 'en',
      messageCompiler: compileMessage,
      messages: {
        en: { two: 'Get 1 asset number | Get {n} asset numbers', three: 'no entries | 1 entry | {n} entries', literal: "a {'|'} b" },
        'zh-CN': { two: '获取 {n} 个资产编号' },
      },
    })
    const t = i18n.global.t
    expect(t('two', { n: '1' }, 1)).toBe('Get 1 asset number')
    expect(t('two', { n: '1,000' }, 1000)).toBe('Get 1,000 asset numbers')
    expect(t('two', { n: '0' }, 0)).toBe('Get 0 asset numbers')
    expect(t('three', 0)).toBe('no entries')
    expect(t('three', 1)).toBe('1 entry')
    expect(t('three', { n: '12' }, 12)).toBe('12 entries')
    expect(t('literal')).toBe('a | b')
    i18n.global.locale.value = 'zh-CN'
    expect(t('two', { n: '1' }, 1)).toBe('获取 1 个资产编号')
    expect(pluralForms("x {'|'} y | z {n}")).toEqual(["x {'|'} y", 'z {n}'])
  })

  it('compiles each text once', () => {
    const ctx = { locale: 'en', key: 'k', onError: () => undefined }
    expect(compileMessage('Hello {who}', ctx)).toBe(compileMessage('Hello {who}', ctx))
  })
})
