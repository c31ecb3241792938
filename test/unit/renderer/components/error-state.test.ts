import { beforeEach, describe, expect, it } from 'vitest'
import { mount } from '@vue/test-utils'
import ElementPlus from 'element-plus'
import type { AppErrorData } from '@shared/errors/app-error'
import { applyLocale, i18n } from '../../../../src/renderer/i18n'
import ErrorState from '../../../../src/renderer/components/ErrorState.vue'

const err = (code: string, details: AppErrorData['details'] = {}): AppErrorData => ({ code, messageKey: code, params: {}, details })

function show(error: AppErrorData) {
  return mount(ErrorState, { props: { error }, global: { plugins: [ElementPlus, i18n] } })
}

beforeEach(() => applyLocale('en'))

describe('a failed load', () => {
  it('offers "Try again" after a failure a retry may cure', () => {
    const w = show(err('app.network'))
    expect(w.find('button').exists()).toBe(true)
    expect(w.find('button').text()).toBe('Try again')
    // A screen's failed load is not the app failing to start.
    expect(w.text()).toContain('This could not be loaded')
    expect(w.text()).not.toContain('could not start')
    w.unmount()
  })

  it('offers no "Try again" when the input itself was refused: the same input would be refused again', () => {
    const w = show(err('app.invalidInput', { issues: [{ path: 'assetNum', message: 'too long', code: 'tooLong', bound: 64 }] }))
    expect(w.find('button').exists()).toBe(false)
    expect(w.text()).not.toContain('Try again')
    w.unmount()
  })

  it('words the refusal in the chosen language, naming the field as the screen does, without internal names', () => {
    applyLocale('zh-CN')
    const w = show(err('app.invalidInput', { issues: [{ path: 'assetNum', message: 'Too big: expected string to have <=64 characters', code: 'tooLong', bound: 64 }] }))
    expect(w.text()).toContain('资产编号最多 64 个字符')
    expect(w.text()).not.toContain('Too big')
    expect(w.text()).not.toContain('expected string')
    expect(w.find('button').exists()).toBe(false)
    w.unmount()
  })
})
