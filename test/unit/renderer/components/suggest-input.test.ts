import { afterEach, describe, expect, it } from 'vitest'
import { defineComponent, h, nextTick, ref } from 'vue'
import { mount } from '@vue/test-utils'
import ElementPlus from 'element-plus'
import SuggestInput from '../../../../src/renderer/components/SuggestInput.vue'
import { waitFor } from '../../../support/wait'

const settle = async () => {
  for (let i = 0; i < 3; i++) await nextTick()
  await new Promise((r) => setTimeout(r, 0))
  await nextTick()
}
const input = () => document.getElementById('f-type') as HTMLInputElement
const offered = () => [...document.querySelectorAll('.el-autocomplete-suggestion li')].map((li) => li.textContent!.trim())
/** The suggestions once the autocomplete has asked for them (after its debounce): waited for, not timed. */
const offers = (list: string[]) => waitFor(() => expect(offered()).toEqual(list), { interval: 20 })

function host(initial: string) {
  const value = ref(initial)
  const Host = defineComponent({
    setup: () => () => h(SuggestInput, { id: 'f-type', 'data-testid': 'type', maxlength: 10, suggestions: ['string', 'tool', 'web'], modelValue: value.value, 'onUpdate:modelValue': (v: string) => (value.value = v) }),
  })
  return { w: mount(Host, { global: { plugins: [ElementPlus] }, attachTo: document.body }), value }
}

afterEach(() => {
  document.body.innerHTML = ''
})

describe('a text field with suggestions', () => {
  it('is a plain input, with no autocomplete in the page, until the pointer comes', async () => {
    const { w } = host('tool')
    await settle()
    expect(document.querySelector('.el-autocomplete, .el-popper')).toBeNull()
    expect(input().value).toBe('tool')
    // The attributes given reach the input itself.
    expect(input().getAttribute('data-testid')).toBe('type')
    expect(input().getAttribute('maxlength')).toBe('10')
    await w.find('.el-input').trigger('mouseenter')
    await settle()
    expect(document.querySelector('.el-autocomplete')).not.toBeNull()
    // The autocomplete took its place, with the same id and value.
    expect(input().value).toBe('tool')
    expect(input().getAttribute('data-testid')).toBe('type')
    w.unmount()
  })

  it('reached by the keyboard, hands the focus over and offers the suggestions holding what is typed, those starting with it first; any text is taken', async () => {
    const { w, value } = host('')
    await settle()
    input().focus()
    await settle()
    expect(document.querySelector('.el-autocomplete')).not.toBeNull()
    expect(document.activeElement?.id).toBe('f-type')
    await offers(['string', 'tool', 'web'])
    input().value = 'WE'
    input().dispatchEvent(new Event('input'))
    await offers(['web'])
    expect(value.value).toBe('WE')
    // Those starting with what is typed come first.
    input().value = 't'
    input().dispatchEvent(new Event('input'))
    await offers(['tool', 'string'])
    input().value = 'WE'
    input().dispatchEvent(new Event('input'))
    await offers(['web'])
    document.querySelector<HTMLElement>('.el-autocomplete-suggestion li')!.click()
    await settle()
    expect(value.value).toBe('web')
    input().value = 'desktop'
    input().dispatchEvent(new Event('input'))
    await settle()
    expect(value.value).toBe('desktop')
    w.unmount()
  })
})
