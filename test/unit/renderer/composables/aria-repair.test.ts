import { afterEach, describe, expect, it } from 'vitest'
import { nextTick, ref } from 'vue'
import { startAriaRepair } from '../../../../src/renderer/composables/aria-repair'

/** Mutation observers report in a microtask: one turn of the queue. */
const settle = () => new Promise((r) => setTimeout(r, 0))

let stop: (() => void) | null = null
afterEach(() => {
  stop?.()
  stop = null
  document.body.innerHTML = ''
})

function start(locale = ref('en')) {
  const words = { pageSize: () => (locale.value === 'en' ? 'Rows per page' : '每页行数') }
  const observer = startAriaRepair(words, locale)
  stop = () => observer.disconnect()
  return locale
}

describe('aria-repair', () => {
  it('removes an autocomplete’s aria-activedescendant that names no element, and keeps one that does', async () => {
    document.body.innerHTML = '<input id="a" aria-activedescendant="el-id-1-item--1" /><ul><li id="el-id-2-item-0"></li></ul><input id="b" />'
    start()
    expect(document.getElementById('a')!.hasAttribute('aria-activedescendant')).toBe(false)
    const b = document.getElementById('b')!
    b.setAttribute('aria-activedescendant', 'el-id-2-item-0')
    b.setAttribute('aria-activedescendant', 'el-id-2-item--1')
    await settle()
    expect(b.hasAttribute('aria-activedescendant')).toBe(false)
    b.setAttribute('aria-activedescendant', 'el-id-2-item-0')
    await settle()
    expect(b.getAttribute('aria-activedescendant')).toBe('el-id-2-item-0')
  })

  it('names the pagination’s page-size select, again when the language changes', async () => {
    const locale = start()
    const pager = document.createElement('div')
    pager.innerHTML = '<span class="el-pagination__sizes"><input role="combobox" /></span>'
    document.body.append(pager)
    await settle()
    const input = pager.querySelector('input')!
    expect(input.getAttribute('aria-label')).toBe('Rows per page')
    locale.value = 'zh-CN'
    await nextTick()
    expect(input.getAttribute('aria-label')).toBe('每页行数')
  })

  it('ties a form item’s error to its input while it shows, and unties it when it goes', async () => {
    document.body.innerHTML =
      '<div class="el-form-item"><div class="el-form-item__content"><input id="f" aria-describedby="hint" /><span id="hint">Hint</span></div></div>'
    start()
    const content = document.querySelector('.el-form-item__content')!
    const input = document.getElementById('f')!
    const error = document.createElement('div')
    error.className = 'el-form-item__error'
    error.setAttribute('role', 'alert')
    error.textContent = 'Enter the operator identity.'
    content.append(error)
    await settle()
    const ids = input.getAttribute('aria-describedby')!.split(' ')
    expect(ids[0]).toBe('hint')
    expect(document.getElementById(ids[1]!)?.textContent).toBe('Enter the operator identity.')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    error.remove()
    await settle()
    expect(input.getAttribute('aria-describedby')).toBe('hint')
    expect(input.hasAttribute('aria-invalid')).toBe(false)
  })
})
