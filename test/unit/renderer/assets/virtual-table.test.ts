import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { enableAutoUnmount, mount } from '@vue/test-utils'
import { computed, h, nextTick, ref, watch, type Component } from 'vue'
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
// Also after a failed test: the slots' ids repeat from one table to the next.
enableAutoUnmount(afterEach)
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
    const table = wrapper.get('[role="grid"]')
    expect(table.attributes('aria-rowcount')).toBe('1001')
    const first = shown(wrapper.element)
    // Rows 0-9 are in view, 10 and 11 are the overscan below.
    expect(first.map(([i]) => i)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])
    expect(first[3]).toEqual([3, '8100000003', 'pill'])
    expect(first[4]).toEqual([4, '8100000004', ''])
    const row3 = wrapper.findAll('.vt__row').find((r) => r.attributes('aria-rowindex') === '5')!
    expect(row3.get('input').attributes('aria-label')).toBe('Select 8100000003')
    expect(row3.findAll('span')[1]!.attributes('title')).toBe('locked')
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
    expect(wrapper.get('[role="grid"]').attributes('aria-rowcount')).toBe('4')
    expect(wrapper.find('.nothing').exists()).toBe(false)

    await wrapper.setProps({ rows: [] })
    expect(shown(wrapper.element)).toEqual([])
    expect(wrapper.get('.nothing').text()).toBe('No rows')
    // The empty state is a row of the table (a table holds rows only), and every row is in the DOM then.
    expect(wrapper.get('[role="grid"] > .vt__empty[role="row"] > [role="gridcell"]').find('.nothing').exists()).toBe(true)
    expect(wrapper.get('[role="grid"]').attributes('aria-rowcount')).toBeUndefined()
  })

  it('shows a new list from the top when the parent scrolls up from its watcher of the filter', async () => {
    const even = ref(false)
    const table = ref<{ scrollToTop(top: number): void } | null>(null)
    const list = computed(() => (even.value ? rows.filter((r) => r.n % 2 === 0) : rows))
    // As VirtualAssetsView does: a (pre-flush) watcher of the filter calls scrollToTop(0).
    const Parent = {
      setup() {
        watch(even, () => table.value?.scrollToTop(0))
        return () => h(VirtualTable as Component, { ref: table, rows: list.value, columns: columns(new Set()), overscan: 2 })
      },
    }
    const wrapper = mount(Parent, { attachTo: document.body })
    await nextTick()
    const scroller = wrapper.get('.vt').element as HTMLElement
    await scrollTo(scroller, 4000)
    await new Promise((r) => setTimeout(r, 150))
    expect(shown(wrapper.element)[0]![0]).toBe(98)

    even.value = true
    await nextTick()
    expect(scroller.scrollTop).toBe(0)
    // Rows 0-11 of the new list (jsdom fires no scroll event: this is the rows watch alone).
    const now = shown(wrapper.element)
    expect(now.map(([i]) => i)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])
    expect(now.map(([, num]) => num)).toEqual(now.map(([i]) => rows[2 * i]!.num))

    // The same list scrolled up: the scroll event brings the rows.
    await scrollTo(scroller, 4000)
    table.value!.scrollToTop(0)
    scroller.dispatchEvent(new Event('scroll'))
    await new Promise((r) => setTimeout(r, 150))
    expect(shown(wrapper.element).map(([i]) => i)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])
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
  })

  describe('keyboard', () => {
    /** Sends a key to `el` as a browser would; true if the table took it (default prevented). */
    function press(el: Element, key: string): boolean {
      const e = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true })
      el.dispatchEvent(e)
      return e.defaultPrevented
    }

    /** The row aria-activedescendant points at (checked to be the one row marked active). */
    function activeRow(scroller: HTMLElement): number | undefined {
      const id = scroller.getAttribute('aria-activedescendant')
      const marked = [...scroller.querySelectorAll('.vt__row.is-active')]
      if (!id) {
        expect(marked).toEqual([])
        return undefined
      }
      const el = document.getElementById(id)!
      expect(el.hidden).toBe(false)
      expect(marked).toEqual([el])
      return Number(el.getAttribute('aria-rowindex')) - 2
    }

    /** Where row i's element sits in the view (0: at its top); the view holds 400 px of rows. */
    function placeInView(scroller: HTMLElement, i: number): number {
      const el = [...scroller.querySelectorAll<HTMLElement>('.vt__row:not([hidden])')].find((r) => r.getAttribute('aria-rowindex') === String(i + 2))
      expect(el, `row ${i} shown`).toBeDefined()
      return Number(/translateY\((-?[\d.]+)px\)/.exec(el!.style.transform)![1]) - scroller.scrollTop
    }

    it('takes focus in the scroller only, and moves an active row with the arrows, pages, Home and End', async () => {
      const { wrapper } = await mountTable()
      const scroller = wrapper.get('.vt').element as HTMLElement
      expect(scroller.getAttribute('tabindex')).toBe('0')
      const boxes = wrapper.findAll('input.vt__check')
      expect(boxes.length).toBeGreaterThan(0)
      for (const b of boxes) expect(b.attributes('tabindex')).toBe('-1')

      scroller.focus()
      expect(document.activeElement).toBe(scroller)
      expect(activeRow(scroller)).toBe(0)
      expect(scroller.getAttribute('aria-activedescendant')).toMatch(/-slot-0$/)
      expect(press(scroller, 'ArrowDown')).toBe(true)
      press(scroller, 'ArrowDown')
      expect(activeRow(scroller)).toBe(2)
      press(scroller, 'ArrowUp')
      expect(activeRow(scroller)).toBe(1)
      press(scroller, 'ArrowUp')
      press(scroller, 'ArrowUp')
      expect(activeRow(scroller)).toBe(0)

      // A page is the 10 rows of the view; the row below is scrolled up to the view's bottom.
      press(scroller, 'PageDown')
      expect(activeRow(scroller)).toBe(10)
      expect(placeInView(scroller, 10)).toBe(360)
      press(scroller, 'End')
      expect(activeRow(scroller)).toBe(999)
      expect(placeInView(scroller, 999)).toBe(360)
      press(scroller, 'PageUp')
      expect(activeRow(scroller)).toBe(989)
      expect(placeInView(scroller, 989)).toBe(0)
      press(scroller, 'Home')
      expect(activeRow(scroller)).toBe(0)
      expect(scroller.scrollTop).toBe(0)

      // Keys on the header's buttons are theirs.
      expect(press(wrapper.get('[role="columnheader"] button').element, 'ArrowDown')).toBe(false)
      expect(activeRow(scroller)).toBe(0)
      // Other keys (Tab) are left alone.
      expect(press(scroller, 'Tab')).toBe(false)
    })

    it('opens the active row with Enter and ticks it with Space', async () => {
      const { wrapper, selected } = await mountTable()
      const scroller = wrapper.get('.vt').element as HTMLElement
      scroller.focus()
      press(scroller, 'ArrowDown')
      press(scroller, 'ArrowDown')
      press(scroller, 'ArrowDown')
      expect(press(scroller, 'Enter')).toBe(true)
      expect(wrapper.emitted('rowClick')).toEqual([[rows[3], 3]])

      expect(press(scroller, ' ')).toBe(true)
      expect(wrapper.emitted('check')).toEqual([[rows[3], true]])
      selected.add(3)
      await wrapper.setProps({ paintKey: 1 })
      const box = document.getElementById(scroller.getAttribute('aria-activedescendant')!)!.querySelector('input')!
      expect(box.checked).toBe(true)
      press(scroller, ' ')
      expect(wrapper.emitted('check')![1]).toEqual([rows[3], false])
    })

    it('leaves Space to the browser when the table has no checkboxes', async () => {
      const { wrapper } = await mountTable({ columns: columns(new Set()).slice(1) })
      const scroller = wrapper.get('.vt').element as HTMLElement
      scroller.focus()
      expect(press(scroller, ' ')).toBe(false)
      expect(wrapper.emitted('check')).toBeUndefined()
    })

    it('never leaves focus on a row element: a ticked checkbox gives it to the scroller, its row made active', async () => {
      const { wrapper } = await mountTable()
      const scroller = wrapper.get('.vt').element as HTMLElement
      const row7 = wrapper.findAll('.vt__row').find((r) => r.attributes('aria-rowindex') === '9')!
      const box = row7.get('input').element as HTMLInputElement
      // A mouse press focuses the checkbox first (jsdom's click does not).
      box.focus()
      expect(document.activeElement).toBe(scroller)
      await row7.get('input').trigger('click')
      expect(wrapper.emitted('check')).toEqual([[rows[7], true]])
      expect(document.activeElement).toBe(scroller)
      expect(activeRow(scroller)).toBe(7)

      // A click on a row makes it the active one too.
      const row2 = wrapper.findAll('.vt__row').find((r) => r.attributes('aria-rowindex') === '4')!
      await row2.findAll('.vt__cell')[1]!.trigger('click')
      expect(activeRow(scroller)).toBe(2)
      expect(document.activeElement).toBe(scroller)

      // Scrolled far away, the row's element shows another row, and is no longer marked.
      await scrollTo(scroller, 40 * 500)
      await new Promise((r) => setTimeout(r, 150))
      expect(activeRow(scroller)).toBeUndefined()
      // Focus coming back starts from the view rather than jumping back to row 2.
      scroller.blur()
      scroller.focus()
      expect(activeRow(scroller)).toBe(500)
      press(scroller, 'ArrowDown')
      expect(activeRow(scroller)).toBe(501)
    })

    it('keeps the active row inside a new, shorter list', async () => {
      const { wrapper } = await mountTable()
      const scroller = wrapper.get('.vt').element as HTMLElement
      scroller.focus()
      press(scroller, 'End')
      await wrapper.setProps({ rows: [rows[10]!, rows[20]!, rows[30]!] })
      expect(activeRow(scroller)).toBe(2)
      press(scroller, 'Enter')
      expect(wrapper.emitted('rowClick')).toEqual([[rows[30], 2]])
      await wrapper.setProps({ rows: [] })
      expect(activeRow(scroller)).toBeUndefined()
      expect(press(scroller, 'Enter')).toBe(false)
    })

    it('scrolls the active row into view in a list mapped onto the capped scroll height', async () => {
      // 300,000 rows of 40 px: 12,000,000 px, more than MAX_CONTENT_HEIGHT.
      const many: Row[] = Array.from({ length: 300_000 }, (_, n) => ({ n, num: String(n), locked: false }))
      const { wrapper } = await mountTable({ rows: many })
      const scroller = wrapper.get('.vt').element as HTMLElement
      scroller.focus()
      press(scroller, 'End')
      expect(activeRow(scroller)).toBe(299_999)
      expect(scroller.scrollTop).toBeLessThanOrEqual(10_000_000)
      expect(placeInView(scroller, 299_999)).toBeCloseTo(360, 0)
      for (const [key, row] of [
        ['PageUp', 299_989],
        ['PageUp', 299_979],
        ['ArrowDown', 299_980],
      ] as const) {
        press(scroller, key)
        expect(activeRow(scroller)).toBe(row)
        const at = placeInView(scroller, row)
        expect(at, `${key} to ${row}`).toBeGreaterThanOrEqual(0)
        expect(at, `${key} to ${row}`).toBeLessThanOrEqual(360)
      }
      // A jump into the middle (a scroll) and a step down from the row then at the top.
      await scrollTo(scroller, 5_000_000)
      scroller.blur()
      scroller.focus()
      const top = activeRow(scroller)!
      press(scroller, 'ArrowUp')
      expect(activeRow(scroller)).toBe(top - 1)
      const at = placeInView(scroller, top - 1)
      expect(at).toBeGreaterThanOrEqual(0)
      expect(at).toBeLessThanOrEqual(360)
    })
  })
})
