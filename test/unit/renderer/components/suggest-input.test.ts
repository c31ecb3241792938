import { describe, expect, it } from 'vitest'
import { defineComponent, h, nextTick, ref } from 'vue'
import { mount } from '@vue/test-utils'
import ElementPlus from 'element-plus'
import SuggestInput from '../../../../src/renderer/components/SuggestInput.vue'

function host(initial: string, suggestions: readonly string[]) {
  const value = ref(initial)
  const Host = defineComponent({
    setup: () => () =>
      h('div', [
        h(SuggestInput, { id: 'f-type', 'data-testid': 'type', maxlength: 10, suggestions, modelValue: value.value, 'onUpdate:modelValue': (v: string) => (value.value = v) }),
        h(SuggestInput, { id: 'f-other', suggestions: ['x'], modelValue: '' }),
      ]),
  })
  return { w: mount(Host, { global: { plugins: [ElementPlus] }, attachTo: document.body }), value }
}

describe('a text field with suggestions', () => {
  it('offers its suggestions from a list of its own, and takes any text', async () => {
    const { w, value } = host('tool', ['tool', 'web'])
    await nextTick() // Element Plus gives the input its id once mounted
    const input = w.get('#f-type').element as HTMLInputElement
    expect(input.tagName).toBe('INPUT')
    expect(input.value).toBe('tool')
    // The attributes given reach the input itself.
    expect(input.getAttribute('data-testid')).toBe('type')
    expect(input.getAttribute('maxlength')).toBe('10')
    const list = document.getElementById(input.getAttribute('list')!)!
    expect(list.tagName).toBe('DATALIST')
    expect([...list.querySelectorAll('option')].map((o) => o.value)).toEqual(['tool', 'web'])
    // Two fields, two lists: each input names its own.
    expect(w.get('#f-other').attributes('list')).not.toBe(input.getAttribute('list'))
    await w.get('#f-type').setValue('desktop')
    expect(value.value).toBe('desktop')
    w.unmount()
  })

  it('mounts no popper (el-autocomplete mounted one per field, which made opening a product slow)', () => {
    const { w } = host('', ['string', 'int', 'bool'])
    expect(document.querySelector('.el-popper, .el-autocomplete')).toBeNull()
    w.unmount()
  })
})
