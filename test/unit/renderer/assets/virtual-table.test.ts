import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mount } from '@vue/test-utils'
import { h, nextTick, type Component } from 'vue'
import VirtualTable from '../../../../src/renderer/components/VirtualTable.vue'
import type { TableColumn } from '../../../../src/renderer/components/virtual-table'

interface Row {
  n: number
  num: string
  locked: boolean
}

const rows: Row[] = Array.from({ length: 1000 }, (_, n) => ({ n, num: `81${String(n).padStart(8, '0')}`, locked: n % 3 === 0 }))

function columns(selected: Set<number>): TableColumn<Row>[] {
  return [
    { key: 'select', title: 'Select', width: 48, check: { checked: (r) => selected.has(r.n), label: (r) => `Select ${r.num}` } },
    { key: 'num', title: 'Number', width: 150, sortable: true, text: (r) => r.num, textClass: () => 'num' },
    { key: 'locked', title: 'Locked', width: 100, text: (r) => (r.locked ? 'Locked' : 'No'), textClass: (r) => (r.locked ? 'pill' : ''), tooltip: (r) => (r.locked ? 'locked' : '') },
  ]
}

// jsdom lays nothing out: the scroller is 444 px tall (44 of header, 400 of rows = 10 rows of 40 px).
const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight')
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains('vt') ? 444 : 0
    },
  })
})
afterAll(() => {
  if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight)
})

async function mountTable(props: Record<string, unknown> = {}) {
  const selected = new Set<number>()
  // The component is generic over its row type; mounted here for Row.
  const wrapper = mount(VirtualTable as Component, {
    props: { rows, columns: columns(selected), overscan: 2, ...props },
    slots: { empty: () => h('p', { class: 'nothing' }, 'No rows') },
    attachTo: document.body,
  })
  // Let the first measurement's effects settle.
  await nextTick()
  return { wrapper, selected }
}

/** The rows in view as [row index, number, class of the locked cell], top to bottom. */
function shown(el: Element): [number, string, string][] {
  return [...el.querySelectorAll<HTMLElement>('.vt__row:not([hidden])')]
    .map((r): [number, string, string] => {
      const spans = r.querySelectorAll('span')
      return [Number(r.getAttribute('aria-rowindex')) - 2, spans[0]!.textContent ?? '', spans[1]!.className]
    })
    .sort((a, b) => a[0] - b[0])
}

async function scrollTo(el: HTMLElement, top: number): Promise<void> {
  el.scrollTop = top
  el.dispatchEvent(new Event('scroll'))
  await nextTick()
}

describe('VirtualTable', () => {
  it('shows the rows in view (and the overscan) with their texts, in a table screen readers can count', async () => {
    const { wrapper } = await mountTable()
    const table = wrapper.get('[role="table"]')
    expect(table.attributes('aria-rowcount')).toBe('1001')
    const first = shown(wrapper.element)
    // Rows 0-9 are in view, 10 and 11 are the overscan below.
    expect(first.map(([i]) => i)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])
    expect(first[3]).toEqual([3, '8100000003', 'pill'])
    expect(first[4]).toEqual([4, '8100000004', ''])
    const row3 = wrapper.findAll('.vt__row').find((r) => r.attributes('aria-rowindex') === '5')!
    expect(row3.get('input').attributes('aria-label')).toBe('Select 8100000003')
    expect(row3.findAll('span')[1]!.attributes('title')).toBe('locked')
    wrapper.unmount()
  })

  it('reuses its row elements while scrolling, and writes only the rows that come into view', async () => {
    const { wrapper } = await mountTable()
    const scroller = wrapper.get('.vt').element as HTMLElement
    const elements = [...wrapper.element.querySelectorAll('.vt__row')]
    // 10 rows in view + 1 partly shown + 2 x 2 overscan.
    expect(elements).toHaveLength(15)
    const texts = elements.map((r) => r.querySelector('span')!.firstChild)

    // A jump: the rows in view are written at once (500-510); the other slots keep their old rows, out of view,
    // until the scrolling pauses and the overscan (498-499, 511-512) is written.
    const top = 40 * 500 + 20
    await scrollTo(scroller, top)
    const inView = [500, 501, 502, 503, 504, 505, 506, 507, 508, 509, 510]
    const afterJump = [...(wrapper.element as HTMLElement).querySelectorAll<HTMLElement>('.vt__row:not([hidden])')]
    expect(afterJump.map((r) => Number(r.getAttribute('aria-rowindex')) - 2).filter((i) => i >= 498 && i <= 512).sort((a, b) => a - b)).toEqual(inView)
    for (const r of afterJump) {
      const y = Number(/translateY\((-?[\d.]+)px\)/.exec(r.style.transform)![1])
      const i = Number(r.getAttribute('aria-rowindex')) - 2
      if (!inView.includes(i)) expect(y + 40 <= top || y >= top + 400, `left-over row ${i} at ${y}`).toBe(true)
    }
    await new Promise((r) => setTimeout(r, 150))
    const rowsNow = shown(wrapper.element)
    expect(rowsNow.map(([i]) => i)).toEqual([498, 499, 500, 501, 502, 503, 504, 505, 506, 507, 508, 509, 510, 511, 512])
    for (const [i, num, cls] of rowsNow) {
      expect(num).toBe(rows[i]!.num)
      expect(cls).toBe(rows[i]!.locked ? 'pill' : '')
    }
    // Same elements and text nodes, only their contents changed.
    expect([...wrapper.element.querySelectorAll('.vt__row')]).toEqual(elements)
    expect(elements.map((r) => r.querySelector('span')!.firstChild)).toEqual(texts)

    // One row further (a small step: the overscan is written at once): only the slot of the row that came in
    // is written, the others keep their row.
    const before = new Map(elements.map((r) => [r, r.getAttribute('aria-rowindex')]))
    await scrollTo(scroller, 40 * 501 + 20)
    const changed = elements.filter((r) => r.getAttribute('aria-rowindex') !== before.get(r))
    expect(changed).toHaveLength(1)
    expect(changed[0]!.getAttribute('aria-rowindex')).toBe(String(513 + 2))
    expect((changed[0] as HTMLElement).style.transform).toBe(`translateY(${513 * 40}px)`)
    wrapper.unmount()
  })

  it('tells which row was clicked or ticked, and a header click asks for a sort', async () => {
    const { wrapper, selected } = await mountTable()
    const row = (i: number) => wrapper.findAll('.vt__row').find((r) => r.attributes('aria-rowindex') === String(i + 2))!
    await row(5).findAll('.vt__cell')[1]!.trigger('click')
    expect(wrapper.emitted('rowClick')).toEqual([[rows[5], 5]])

    // A click on the checkbox ticks it (and fires change, as in a browser).
    await row(7).get('input').trigger('click')
    // The checkbox's click is not a row click.
    expect(wrapper.emitted('rowClick')).toHaveLength(1)
    expect(wrapper.emitted('check')).toEqual([[rows[7], true]])

    // The parent records the selection and says so through paintKey: the rows on screen are written again.
    selected.add(2)
    await wrapper.setProps({ paintKey: 1 })
    expect((row(2).get('input').element as HTMLInputElement).checked).toBe(true)
    expect((row(3).get('input').element as HTMLInputElement).checked).toBe(false)

    const sortButton = wrapper.get('[role="columnheader"] button')
    expect(sortButton.text()).toBe('Number')
    await sortButton.trigger('click')
    expect(wrapper.emitted('sort')).toEqual([['num']])
    expect(wrapper.findAll('[role="columnheader"]')[1]!.attributes('aria-sort')).toBe('none')
    await wrapper.setProps({ sort: { key: 'num', order: 'desc' } })
    expect(wrapper.findAll('[role="columnheader"]')[1]!.attributes('aria-sort')).toBe('descending')
    wrapper.unmount()
  })

  it('follows a new list (fewer rows hide the rest; none shows the empty slot) and a scroll to the top', async () => {
    const { wrapper } = await mountTable()
    const scroller = wrapper.get('.vt').element as HTMLElement
    await scrollTo(scroller, 4000)
    const few = [rows[10]!, rows[20]!, rows[30]!]
    await wrapper.setProps({ rows: few })
    ;(wrapper.vm as unknown as { scrollToTop(top: number): void }).scrollToTop(0)
    expect(shown(wrapper.element)).toEqual([
      [0, '8100000010', ''],
      [1, '8100000020', ''],
      [2, '8100000030', 'pill'],
    ])
    expect(wrapper.get('[role="table"]').attributes('aria-rowcount')).toBe('4')
    expect(wrapper.find('.nothing').exists()).toBe(false)

    await wrapper.setProps({ rows: [] })
    expect(shown(wrapper.element)).toEqual([])
    expect(wrapper.get('.nothing').text()).toBe('No rows')
    wrapper.unmount()
  })

  it('makes its rows again when the columns change (a new language)', async () => {
    const { wrapper, selected } = await mountTable()
    const before = wrapper.element.querySelector('.vt__row')
    const renamed = columns(selected).map((c) => (c.key === 'locked' ? { ...c, title: '已锁定', text: (r: Row) => (r.locked ? '是' : '否') } : c))
    await wrapper.setProps({ columns: renamed })
    expect(wrapper.element.querySelector('.vt__row')).not.toBe(before)
    expect(wrapper.findAll('[role="columnheader"]')[2]!.text()).toBe('已锁定')
    expect(shown(wrapper.element)[0]).toEqual([0, '8100000000', 'pill'])
    const lockedTexts = [...wrapper.element.querySelectorAll('.vt__row:not([hidden])')].map((r) => r.querySelectorAll('span')[1]!.textContent)
    expect(new Set(lockedTexts)).toEqual(new Set(['是', '否']))
    wrapper.unmount()
  })
})
