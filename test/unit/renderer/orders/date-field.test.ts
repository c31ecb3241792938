import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { nextTick } from 'vue'
import { mount } from '@vue/test-utils'
import ElementPlus from 'element-plus'
import { applyLocale, i18n } from '../../../../src/renderer/i18n'
import DateField from '../../../../src/renderer/views/orders/wizard/DateField.vue'

const settle = async () => {
  for (let i = 0; i < 3; i++) await nextTick()
  await new Promise((r) => setTimeout(r, 0))
}
const calendars = () => document.querySelectorAll('.el-date-table').length
const day = new Date(2027, 2, 5).getTime()

beforeEach(() => applyLocale('en'))
afterEach(() => {
  document.body.innerHTML = ''
})

function field(modelValue: number | null) {
  return mount(DateField, { props: { modelValue, inputId: 'of-x-limitStartDate', placeholder: 'No start date' }, global: { plugins: [ElementPlus, i18n] }, attachTo: document.body })
}

describe('a date of the wizard', () => {
  it('shows the date as the picker does, with no calendar in the page until the pointer comes', async () => {
    const w = field(day)
    await settle()
    expect(calendars()).toBe(0)
    const input = () => document.getElementById('of-x-limitStartDate') as HTMLInputElement
    expect(input().value).toBe('2027-03-05')
    await w.setProps({ modelValue: null })
    expect(input().value).toBe('')
    expect(input().placeholder).toBe('No start date')
    await w.setProps({ modelValue: day })
    await w.find('.el-input').trigger('mouseenter')
    await settle()
    // The picker took its place, with the same id and the same date.
    expect(calendars()).toBe(1)
    expect(input().value).toBe('2027-03-05')
    w.unmount()
  })

  it('reached by the keyboard, hands the focus to the picker, and a day picked is a timestamp', async () => {
    const w = field(null)
    await settle()
    ;(document.getElementById('of-x-limitStartDate') as HTMLInputElement).focus()
    await settle()
    expect(calendars()).toBe(1)
    expect(document.activeElement?.id).toBe('of-x-limitStartDate')
    expect(document.activeElement?.closest('.el-date-editor')).not.toBeNull()
    const cell = document.querySelector<HTMLElement>('.el-date-table td.available')!
    ;(cell.querySelector<HTMLElement>('.el-date-table-cell') ?? cell).click()
    await settle()
    const v = w.emitted('update:modelValue')?.at(-1)?.[0]
    expect(typeof v).toBe('number')
    expect(new Date(v as number).getDate()).toBe(Number(cell.textContent!.trim()))
    w.unmount()
  })
})
