/**
 * Repairs ARIA that Element Plus (2.14) writes wrong or leaves out, in one place for every instance of the widget
 * (axe-core finds each; test/e2e/a11y.e2e.ts):
 * - ElAutocomplete sets `aria-activedescendant="<list>-item--1"` on its input when no suggestion is highlighted (at
 *   mount, and again after a choice): it names no element, so a screen reader is sent nowhere
 *   (aria-valid-attr-value). Removed while it points at nothing; a real highlighted item is left alone.
 * - ElAutocomplete's popper carries role="listbox" around a role="region" that holds the real listbox
 *   (aria-required-children): the outer role is removed, the inner listbox stays.
 * - ElPagination's page-size select has no name (label): it gets one in the user's language.
 * - ElFormItem shows a field's error (role="alert") but does not tie it to the field: while an error shows, the
 *   item's inputs get `aria-describedby` (the error's id, next to any of their own) and `aria-invalid="true"`, so a
 *   screen reader reads the error with the field when it is reached again (WCAG 3.3.1).
 */
import { watch, type Ref } from 'vue'

/** Words the repairs need, in the user's language. */
export interface AriaRepairWords {
  pageSize: () => string
}

function repair(el: Element, words: AriaRepairWords): void {
  const id = el.getAttribute('aria-activedescendant')
  if (id !== null && id.endsWith('-item--1') && !el.ownerDocument.getElementById(id)) el.removeAttribute('aria-activedescendant')
  if (el.matches('.el-autocomplete__popper[role="listbox"]')) el.removeAttribute('role')
  if (el.matches('.el-pagination__sizes input')) el.setAttribute('aria-label', words.pageSize())
  if (el.matches('.el-form-item__error')) {
    const item = el.closest('.el-form-item')
    if (item) tieErrors(item)
  }
}

let errorIds = 0
const ERROR_ID = 'ld-field-error-'

/** Ties the error shown in a form item (if any) to the item's inputs, or unties it. */
function tieErrors(item: Element): void {
  const error = item.querySelector(':scope > .el-form-item__content > .el-form-item__error')
  if (error && !error.id) error.id = `${ERROR_ID}${++errorIds}`
  for (const input of item.querySelectorAll('input:not([type="hidden"]), textarea')) {
    const own = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter((id) => id && !id.startsWith(ERROR_ID))
    const ids = error ? [...own, error.id] : own
    if (ids.length > 0) input.setAttribute('aria-describedby', ids.join(' '))
    else input.removeAttribute('aria-describedby')
    if (error) input.setAttribute('aria-invalid', 'true')
    else input.removeAttribute('aria-invalid')
  }
}

/** The form item whose error a change of children under `el` may have shown or removed. */
function formItemOf(el: Node): Element | null {
  return el instanceof Element && el.classList.contains('el-form-item__content') ? el.parentElement : null
}

const WATCHED = '[aria-activedescendant], .el-autocomplete__popper[role="listbox"], .el-pagination__sizes input, .el-form-item__error'

function repairUnder(root: Element, words: AriaRepairWords): void {
  if (root.matches(WATCHED)) repair(root, words)
  for (const el of root.querySelectorAll(WATCHED)) repair(el, words)
}

/** Watches the document and repairs each element as Element Plus writes it; names again when `locale` changes. */
export function startAriaRepair(words: AriaRepairWords, locale: Ref<string>, doc: Document = document): MutationObserver {
  repairUnder(doc.documentElement, words)
  const observer = new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'attributes') {
        if (r.target instanceof Element) repair(r.target, words)
      } else {
        for (const n of r.addedNodes) if (n instanceof Element) repairUnder(n, words)
        const item = formItemOf(r.target)
        if (item) tieErrors(item)
      }
    }
  })
  observer.observe(doc.documentElement, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-activedescendant'] })
  watch(locale, () => repairUnder(doc.documentElement, words))
  return observer
}
