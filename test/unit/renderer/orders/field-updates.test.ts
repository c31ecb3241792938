import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { nextTick } from 'vue'
import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import ElementPlus, { ElFormItem } from 'element-plus'
import { applyLocale, i18n } from '../../../../src/renderer/i18n'
import CustomerSection from '../../../../src/renderer/views/orders/wizard/CustomerSection.vue'
import { emptyEntry, type OrderEntryDraft } from '@shared/orders/draft'

/**
 * How many times each form item rendered (its label, its input, its error line), by its label: Element Plus's
 * form item is a script-setup component whose setup returns its render function, wrapped here to count calls.
 */
const renders = new Map<string, number>()
const item = ElFormItem as unknown as { setup: (props: { label?: string }, ctx: unknown) => (...a: unknown[]) => unknown }
const setup = item.setup
beforeEach(() => {
  applyLocale('en')
  renders.clear()
  item.setup = (props, ctx) => {
    const render = setup(props, ctx)
    return (...a: unknown[]) => {
      const label = props.label ?? '?'
      renders.set(label, (renders.get(label) ?? 0) + 1)
      return render(...a)
    }
  }
})
afterEach(() => {
  item.setup = setup
  document.body.innerHTML = ''
})

describe('typing in one field of an entry', () => {
  it('re-renders that field only, not the other fields beside it', async () => {
    setActivePinia(createPinia())
    const entry: OrderEntryDraft = { ...emptyEntry(), customerName: 'ACME', adminEmail: 'ann@acme.example' }
    const w = mount(CustomerSection, { props: { entry, index: 0 }, global: { plugins: [ElementPlus, i18n] }, attachTo: document.body })
    await nextTick()
    const labels = [...renders.keys()]
    expect(labels.length).toBeGreaterThan(6)
    const name = 'Customer name'
    expect(labels).toContain(name)
    const before = new Map(renders)
    // The user types a letter: the section gets the entry back with that one field changed.
    w.get<HTMLInputElement>('[data-testid="entry-customerName"]').setValue('ACME L')
    const typed = w.emitted('update')!.at(-1)![0] as OrderEntryDraft
    expect(typed.customerName).toBe('ACME L')
    await w.setProps({ entry: typed })
    await nextTick()
    expect(renders.get(name)).toBeGreaterThan(before.get(name)!)
    // Text fields beside it stay as they are (only the customer picker and the type select, which read the whole entry, render again).
    const others = labels.filter((l) => l !== name && renders.get(l) !== before.get(l))
    expect(others).toEqual(['Enterprise global ID', 'Customer type'])
    expect(w.get<HTMLInputElement>('[data-testid="entry-adminEmail"]').element.value).toBe('ann@acme.example')
    w.unmount()
  })
})
