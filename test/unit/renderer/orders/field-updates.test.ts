import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { nextTick } from 'vue'
import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import ElementPlus, { ElFormItem } from 'element-plus'
import { applyLocale, i18n } from '../../../../src/renderer/i18n'
import CustomerSection from '../../../../src/renderer/views/orders/wizard/CustomerSection.vue'
import FeatureList from '../../../../src/renderer/views/orders/wizard/FeatureList.vue'
import ProductEditor from '../../../../src/renderer/views/orders/wizard/ProductEditor.vue'
import { useOrderWizardStore } from '../../../../src/renderer/stores/order-wizard'
import { emptyEntry, emptyFeature, emptyProduct, type FeatureDraft, type OrderEntryDraft, type ProductDraft } from '@shared/orders/draft'

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

describe('picking another entry', () => {
  it('keeps the inputs and their ids: only the fields whose values differ render again', async () => {
    setActivePinia(createPinia())
    const first: OrderEntryDraft = { ...emptyEntry(), customerName: 'ACME', adminEmail: 'ann@acme.example' }
    const w = mount(CustomerSection, { props: { entry: first, index: 0 }, global: { plugins: [ElementPlus, i18n] }, attachTo: document.body })
    await nextTick()
    const ids = () => w.findAll('input').map((i) => i.attributes('id'))
    const shown = ids()
    expect(shown).toContain('of-entry-customerName')
    expect([...renders.keys()]).toContain('Administrator e-mail')
    const before = new Map(renders)
    // Entry 8 of the order: another customer, the same admin email.
    await w.setProps({ entry: { ...first, key: 'other', customerName: 'Globex' }, index: 7 })
    await nextTick()
    await nextTick()
    expect(ids()).toEqual(shown)
    expect(w.get<HTMLInputElement>('[data-testid="entry-customerName"]').element.value).toBe('Globex')
    // An id naming the entry changed on every input, and each form item rendered again with its new input id.
    const again = [...renders.keys()].filter((l) => renders.get(l) !== before.get(l))
    expect(again).toEqual(expect.arrayContaining(['Customer name']))
    expect(again).not.toContain('Administrator e-mail')
    w.unmount()
  })
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
    // Fields beside it stay as they are (only the customer picker, which reads the whole entry, renders again).
    const others = labels.filter((l) => l !== name && renders.get(l) !== before.get(l))
    expect(others).toEqual(['Enterprise global ID'])
    expect(w.get<HTMLInputElement>('[data-testid="entry-adminEmail"]').element.value).toBe('ann@acme.example')
    w.unmount()
  })
})

describe('changing one field of an open product', () => {
  it('re-renders that field only, the duration’s and the other fields’ not', async () => {
    const pinia = createPinia()
    setActivePinia(pinia)
    const base = 'orderList[0].assets[0].products[0]'
    useOrderWizardStore().setExpanded(base, true)
    const product: ProductDraft = { ...emptyProduct(), productName: 'X', productUri: 'GMS-1', productType: 'tool', limitConcurrent: 5, timeDurationExpression: '1-0-0' }
    const w = mount(ProductEditor, { props: { product, base, entry: 0, orderType: 'new_buy', index: 0 }, global: { plugins: [ElementPlus, i18n, pinia] }, attachTo: document.body })
    // The open product mounts in steps, one per task.
    for (let i = 0; i < 10; i++) await new Promise((r) => setTimeout(r, 0))
    await nextTick()
    const labels = [...renders.keys()]
    const nodes = 'Nodes'
    expect(labels).toEqual(expect.arrayContaining([nodes, 'Product name', 'Time unit', 'Start date', 'End date', 'Trial', 'Passwords']))
    const before = new Map(renders)
    await w.setProps({ product: { ...product, limitConcurrent: 7 } })
    await nextTick()
    expect(renders.get(nodes)).toBeGreaterThan(before.get(nodes)!)
    expect(labels.filter((l) => l !== nodes && renders.get(l) !== before.get(l))).toEqual([])
    w.unmount()
  })
})

describe('changing one feature of a product', () => {
  it('re-renders that feature’s field only, not the other rows', async () => {
    const pinia = createPinia()
    setActivePinia(pinia)
    const features = [0, 1].map((i) => ({ ...emptyFeature(), featureCode: `F${i}`, featureName: `Feature ${i}`, featureValue: '1', featureValueType: 'int' }))
    const w = mount(FeatureList, { props: { features, base: 'orderList[0].assets[0].products[0]', entry: 0 }, global: { plugins: [ElementPlus, i18n, pinia] }, attachTo: document.body })
    await nextTick()
    expect(w.findAll('[data-testid="feature-row"]')).toHaveLength(2)
    const before = new Map(renders)
    // The user types in the second feature's name.
    await w.findAll('[data-testid="feature-row"]')[1]!.findAll('input')[1]!.setValue('Feature 1b')
    const changed = w.emitted('update')!.at(-1)![0] as FeatureDraft[]
    expect(changed[0]).toBe(features[0])
    expect(changed[1]!.featureName).toBe('Feature 1b')
    await w.setProps({ features: changed })
    await nextTick()
    const again = [...renders.keys()].filter((l) => renders.get(l) !== before.get(l))
    expect(again).toEqual(['Feature name'])
    expect(renders.get('Feature name')).toBe(before.get('Feature name')! + 1)
    w.unmount()
  })
})

describe('a product closed by picking another entry', () => {
  it('is hidden at once without rendering its fields again, and gone a task later', async () => {
    const pinia = createPinia()
    setActivePinia(pinia)
    const store = useOrderWizardStore()
    const base = 'orderList[0].assets[0].products[0]'
    store.setExpanded(base, true)
    const product: ProductDraft = { ...emptyProduct(), productName: 'X', productUri: 'GMS-1', crmProductId: 'LD-0-0', limitConcurrent: 5 }
    const w = mount(ProductEditor, { props: { product, base, entry: 0, orderType: 'new_buy', index: 0 }, global: { plugins: [ElementPlus, i18n, pinia] }, attachTo: document.body })
    for (let i = 0; i < 10; i++) await new Promise((r) => setTimeout(r, 0))
    await nextTick()
    const nodes = () => document.getElementById('of-entry-assets-0-products-0-limitConcurrent')
    expect(nodes()).not.toBeNull()
    expect(w.find('.product__body').classes()).not.toContain('product__body--off')
    const before = new Map(renders)
    // The same editor now shows product 1 of entry 7 (closed there): another product and another place.
    await w.setProps({ product: { ...product, crmProductId: 'LD-7-0' }, base: 'orderList[7].assets[0].products[0]', entry: 7 })
    await nextTick()
    expect([...renders.keys()].filter((l) => renders.get(l) !== before.get(l))).toEqual([])
    // Hidden by its class (content-visibility: hidden, which the test DOM does not apply: a class, not display: none).
    expect(w.find('.product__body').classes()).toContain('product__body--off')
    expect(w.get('[data-testid="product-summary"]').text()).toContain('GMS-1')
    await new Promise((r) => setTimeout(r, 0))
    await nextTick()
    expect(w.find('.product__body').exists()).toBe(false)
    expect(nodes()).toBeNull()
    w.unmount()
  })
})
