import { beforeEach, describe, expect, it, vi } from 'vitest'
import type * as I18n from '../../../../src/renderer/i18n'

type I18nModule = typeof I18n

const conflict = { code: 'app.conflict', messageKey: 'app.conflict', params: { what: 'Head office' }, details: {} }
/** Element Plus's label of the dialog close button in its locale object. */
const dialogClose = (l: ReturnType<I18nModule['elementLocale']>) => (l.el as Record<string, Record<string, unknown>>)['dialog']?.['close']

/** A fresh i18n module, with no language loaded (the setup file's loads belong to another instance). */
async function freshI18n(): Promise<I18nModule> {
  vi.resetModules()
  return import('../../../../src/renderer/i18n')
}

describe('languages loaded when needed', () => {
  let m: I18nModule
  beforeEach(async () => {
    m = await freshI18n()
  })

  it('loads only the language shown, and the other when the user switches to it', async () => {
    await m.applyLocale('en')
    expect(m.hasLocaleMessages('en')).toBe(true)
    expect(m.hasLocaleMessages('zh-CN')).toBe(false)
    expect(m.i18n.global.t('nav.settings')).toBe('Settings')
    // Element Plus's Chinese texts and the Chinese error sentences come with the Chinese messages, not before.
    expect(dialogClose(m.elementLocale('zh-CN'))).toBe('Close this dialog')
    expect(m.errorText(conflict, 'zh-CN')).toBe('Already exists: Head office')

    const switching = m.applyLocale('zh-CN')
    // The previous language stays on screen until the new one has arrived.
    expect(m.localeLoading.value).toBe(true)
    expect(m.currentLocale()).toBe('en')
    await switching
    expect(m.hasLocaleMessages('zh-CN')).toBe(true)
    expect(m.currentLocale()).toBe('zh-CN')
    expect(m.localeLoading.value).toBe(false)
    expect(document.documentElement.lang).toBe('zh-CN')
    expect(m.i18n.global.t('nav.settings')).toBe('设置')
    expect(dialogClose(m.elementLocale('zh-CN'))).toBe('关闭此对话框')
    expect(m.errorText(conflict)).toBe('已存在：Head office')
  })

  it("loads every language's error sentences without its messages (after the first screen)", async () => {
    await m.applyLocale('en')
    await m.loadAllErrorSentences()
    expect(m.hasLocaleMessages('zh-CN')).toBe(false)
    expect(m.errorText(conflict, 'zh-CN')).toBe('已存在：Head office')
    // A service message kept in the other language is recognised as the code's sentence, not repeated.
    const stored = { code: '60002', messageKey: '60002', params: {}, details: { serverMessage: '用户不存在。' } }
    expect(m.errorText(stored)).toBe('User not found.')
  })

  it('a switch back before the other language arrived keeps the last choice', async () => {
    await m.applyLocale('en')
    const toZh = m.applyLocale('zh-CN')
    await m.applyLocale('en')
    await toZh
    expect(m.currentLocale()).toBe('en')
    expect(m.localeLoading.value).toBe(false)
  })
})
