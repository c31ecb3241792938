import { beforeEach, describe, expect, it, vi } from 'vitest'
import type * as I18n from '../../../../src/renderer/i18n'

type I18nModule = typeof I18n

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
