/** VirtualTable's recycled row elements: how one is made and painted (plain DOM, outside Vue's reactivity). */
import type { TableColumn } from './virtual-table'

export function cellStyle<R>(c: TableColumn<R>): string {
  return `flex: ${c.grow ? 1 : 0} 0 ${c.width}px; width: ${c.width}px`
}
export function alignClass<R>(c: TableColumn<R>): string {
  return c.align === 'center' ? 'vt--center' : c.align === 'right' ? 'vt--right' : ''
}

interface Cell {
  text: Text | null
  span: HTMLElement | null
  input: HTMLInputElement | null
  lastText: string
  lastClass: string
  lastTip: string
}

export interface Slot<R> {
  el: HTMLElement
  cells: Cell[]
  /** Index of the row shown (-1: none, hidden). */
  row: number
  data: R | undefined
  /** Painted for this `stamp`; a new stamp makes every row on screen paint again. */
  stamp: number
  top: number
}

/** A row element for `columns`, hidden, with the id `${idPrefix}-slot-${k}` (aria-activedescendant points at it). */
export function makeSlot<R>(columns: readonly TableColumn<R>[], k: number, idPrefix: string, rowHeight: number): Slot<R> {
  const el = document.createElement('div')
  el.className = 'vt__row'
  el.id = `${idPrefix}-slot-${k}`
  el.setAttribute('role', 'row')
  el.style.height = `${rowHeight}px`
  el.style.lineHeight = `${rowHeight - 1}px`
  el.hidden = true
  const cells = columns.map((c): Cell => {
    const cellEl = document.createElement('div')
    cellEl.className = `vt__cell ${alignClass(c)}`
    cellEl.setAttribute('role', 'gridcell')
    cellEl.style.cssText = cellStyle(c)
    const cell: Cell = { text: null, span: null, input: null, lastText: '', lastClass: '', lastTip: '' }
    if (c.check) {
      const input = document.createElement('input')
      input.type = 'checkbox'
      input.className = 'vt__check'
      // Out of the Tab order (the scroller's keys reach every row); still clickable.
      input.tabIndex = -1
      cellEl.appendChild(input)
      cell.input = input
    } else {
      const span = document.createElement('span')
      const text = document.createTextNode('')
      span.appendChild(text)
      cellEl.appendChild(span)
      cell.span = span
      cell.text = text
    }
    el.appendChild(cellEl)
    return cell
  })
  return { el, cells, row: -1, data: undefined, stamp: -1, top: Number.NaN }
}

export function hide<R>(s: Slot<R>): void {
  s.row = -1
  s.data = undefined
  s.el.hidden = true
}

/** Shows row `index` (`data`) in a slot for `stamp`, writing only what differs from what the slot shows. */
export function paint<R>(s: Slot<R>, index: number, data: R, columns: readonly TableColumn<R>[], stamp: number): void {
  s.row = index
  s.data = data
  s.stamp = stamp
  s.el.hidden = false
  s.el.setAttribute('aria-rowindex', String(index + 2))
  for (let k = 0; k < columns.length; k++) {
    const c = columns[k]!
    const cell = s.cells[k]!
    if (cell.input && c.check) {
      const on = c.check.checked(data)
      if (cell.input.checked !== on) cell.input.checked = on
      const label = c.check.label(data)
      if (label !== cell.lastTip) {
        cell.input.setAttribute('aria-label', label)
        cell.lastTip = label
      }
      continue
    }
    const text = c.text ? c.text(data) : ''
    if (text !== cell.lastText) {
      cell.text!.data = text
      cell.lastText = text
    }
    const cls = c.textClass ? c.textClass(data) : ''
    if (cls !== cell.lastClass) {
      cell.span!.className = cls
      cell.lastClass = cls
    }
    const tip = c.tooltip ? c.tooltip(data) : ''
    if (tip !== cell.lastTip) {
      if (tip) cell.span!.title = tip
      else cell.span!.removeAttribute('title')
      cell.lastTip = tip
    }
  }
}
