import { afterEach, describe, expect, it } from 'vitest'
import { nextTick } from 'vue'
import { mount } from '@vue/test-utils'
import ElementPlus from 'element-plus'
import { applyLocale, i18n } from '../../../../src/renderer/i18n'
import LicenseTypeSelect from '../../../../src/renderer/views/orders/wizard/LicenseTypeSelect.vue'

const settle = async () => {
  for (let i = 0; i < 3; i++) await nextTick()
  await new Promise((r) => setTimeout(r, 0))
}

afterEach(() => {
  applyLocale('en')
  document.body.innerHTML = ''
})

describe('the license type select', () => {
  it('names the chosen type in words while its list is closed (not rendered), in the user’s language', async () => {
    applyLocale('en')
    const w = mount(LicenseTypeSelect, { props: { modelValue: 'normal_recover_usbkey' }, global: { plugins: [ElementPlus, i18n] }, attachTo: document.body })
    await settle()
    // Closed: the options are not in the page, so the words cannot come from a rendered option.
    expect(document.querySelector('[data-testid="license-normal_recover_usbkey"]')).toBeNull()
    expect(w.find('.el-select__placeholder').text()).toBe('Stand-alone lock, refillable (normal_recover_usbkey)')
    // Another entry picked: the words follow the value.
    await w.setProps({ modelValue: 'cloud_account' })
    await settle()
    expect(w.find('.el-select__placeholder').text()).toMatch(/\(cloud_account\)$/)
    expect(w.find('.el-select__placeholder').text()).not.toBe('cloud_account')
    applyLocale('zh-CN')
    await settle()
    expect(w.find('.el-select__placeholder').text()).toMatch(/[\u4e00-\u9fff].*\(cloud_account\)$/)
    w.unmount()
  })

  it('shows the placeholder when no type is chosen', async () => {
    applyLocale('en')
    const w = mount(LicenseTypeSelect, { props: { modelValue: '' }, global: { plugins: [ElementPlus, i18n] }, attachTo: document.body })
    await settle()
    expect(w.find('.el-select__placeholder').classes()).toContain('is-transparent')
    expect(w.find('.el-select__placeholder').text()).toBe('Choose a license type')
    w.unmount()
  })
})
