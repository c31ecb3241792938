import { beforeEach, describe, expect, it, vi } from 'vitest'
import { nextTick } from 'vue'
import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import ElementPlus from 'element-plus'
import { applyLocale, i18n } from '../../../../src/renderer/i18n'
import AssetNumbersField from '../../../../src/renderer/views/orders/wizard/AssetNumbersField.vue'
import { useOrderWizardStore } from '../../../../src/renderer/stores/order-wizard'
import { useShellnumsStore } from '../../../../src/renderer/stores/shellnums'
import { emptyEntry } from '@shared/orders/draft'

// "Get N numbers" asks first: answered yes here.
vi.mock('../../../../src/renderer/composables/feedback', () => ({
  confirmAction: () => Promise.resolve(true),
  notifySuccess: vi.fn(),
  notifyError: vi.fn(),
  notifyInfo: vi.fn(),
}))

const nums = (from: number, n: number) => Array.from({ length: n }, (_, i) => String(8_100_000_000 + from + i))
const task = () => new Promise((r) => setTimeout(r, 0))
/** Whether a key typed into the box would be let in (its beforeinput not cancelled). */
const typing = (box: HTMLTextAreaElement) => box.dispatchEvent(new Event('beforeinput', { cancelable: true }))

function field(numbers: string[], owner = { entryKey: 'e1', groupKey: 'g1' }) {
  const pinia = createPinia()
  setActivePinia(pinia)
  return mount(AssetNumbersField, {
    props: { numbers, anchor: 'of-box', error: '', allocate: true, ...owner },
    global: { plugins: [ElementPlus, i18n, pinia] },
    attachTo: document.body,
  })
}

beforeEach(() => applyLocale('en'))

describe('the numbers box when its group changes from outside (another entry picked)', () => {
  it('shows the new numbers a task later, refusing typing until then, and nothing typed meanwhile reaches the group', async () => {
    const w = field(nums(0, 3))
    const box = w.find('textarea').element as HTMLTextAreaElement
    expect(box.value).toBe(nums(0, 3).join('\n'))
    await w.setProps({ numbers: nums(100, 1000) })
    expect(typing(box)).toBe(false)
    // Refused without making the box read-only (an attribute change restyles all its lines).
    expect(box.readOnly).toBe(false)
    // Typed (or pasted) into the box still showing the other group's numbers: ignored, nothing emitted.
    box.value = `${box.value}\n8199999999`
    await w.find('textarea').trigger('input')
    expect(w.emitted('update')).toBeUndefined()
    await task()
    await nextTick()
    expect(typing(box)).toBe(true)
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
    expect(typing(box)).toBe(true)
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

  it('numbers asked for one entry, answered after another entry was picked, go to the entry they were asked for', async () => {
    const w = field(nums(0, 2), { entryKey: 'first', groupKey: 'g-first' })
    const wizard = useOrderWizardStore()
    const first = { ...emptyEntry('new_buy'), key: 'first' }
    first.assets = [{ ...first.assets[0]!, key: 'g-first', assetNos: nums(0, 2) }]
    const second = { ...emptyEntry('new_buy'), key: 'second' }
    wizard.addEntry(first)
    wizard.addEntry(second)
    let answer: (v: { numbers: string[] }) => void = () => undefined
    const shellnums = useShellnumsStore()
    shellnums.issue = vi.fn(() => new Promise((r) => (answer = r as typeof answer))) as unknown as typeof shellnums.issue
    await w.get('[data-testid="allocate"]').trigger('click')
    await task()
    expect(shellnums.issue).toHaveBeenCalledOnce()
    // The second entry picked meanwhile: the same field now shows its group.
    await w.setProps({ numbers: [], entryKey: 'second', groupKey: second.assets[0]!.key })
    answer({ numbers: ['8100000099'] })
    await task()
    expect(w.emitted('update')).toBeUndefined()
    expect(wizard.entries[0]!.assets[0]!.assetNos).toEqual([...nums(0, 2), '8100000099'])
    expect(wizard.entries[1]!.assets[0]!.assetNos).toEqual([])
    w.unmount()
  })
})
