import { beforeEach, describe, expect, it } from 'vitest'
import { nextTick } from 'vue'
import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import ElementPlus from 'element-plus'
import { applyLocale, i18n } from '../../../../src/renderer/i18n'
import AssetNumbersField from '../../../../src/renderer/views/orders/wizard/AssetNumbersField.vue'

const nums = (from: number, n: number) => Array.from({ length: n }, (_, i) => String(8_100_000_000 + from + i))
const task = () => new Promise((r) => setTimeout(r, 0))

function field(numbers: string[]) {
  const pinia = createPinia()
  setActivePinia(pinia)
  return mount(AssetNumbersField, {
    props: { numbers, anchor: 'of-box', error: '', allocate: false },
    global: { plugins: [ElementPlus, i18n, pinia] },
    attachTo: document.body,
  })
}

beforeEach(() => applyLocale('en'))

describe('the numbers box when its group changes from outside (another entry picked)', () => {
  it('shows the new numbers a task later, read-only until then, and nothing typed meanwhile reaches the group', async () => {
    const w = field(nums(0, 3))
    const box = w.find('textarea').element as HTMLTextAreaElement
    expect(box.value).toBe(nums(0, 3).join('\n'))
    await w.setProps({ numbers: nums(100, 1000) })
    expect(box.readOnly).toBe(true)
    // Typed (or pasted) into the box still showing the other group's numbers: ignored, nothing emitted.
    box.value = `${box.value}\n8199999999`
    await w.find('textarea').trigger('input')
    expect(w.emitted('update')).toBeUndefined()
    await task()
    await nextTick()
    expect(box.readOnly).toBe(false)
    expect(box.value).toBe(nums(100, 1000).join('\n'))
    // The count below follows the group at once.
    expect(w.get('[data-testid="asset-numbers-count"]').text()).toContain('1000 numbers')
    w.unmount()
  })

  it('a box with the focus shows them at once (numbers allocated while typing)', async () => {
    const w = field(nums(0, 3))
    const box = w.find('textarea').element as HTMLTextAreaElement
    box.focus()
    await w.setProps({ numbers: nums(0, 5) })
    expect(box.readOnly).toBe(false)
    expect(box.value).toBe(nums(0, 5).join('\n'))
    w.unmount()
  })

  it('typing is left alone: the numbers read from what was typed do not rewrite the box', async () => {
    const w = field(nums(0, 2))
    const box = w.find('textarea').element as HTMLTextAreaElement
    box.focus()
    box.value = `${nums(0, 2).join('\n')}\n81000`
    await w.find('textarea').trigger('input')
    const sent = w.emitted('update')!.at(-1)![0] as string[]
    await w.setProps({ numbers: sent })
    await task()
    expect(box.value).toBe(`${nums(0, 2).join('\n')}\n81000`)
    w.unmount()
  })
})
