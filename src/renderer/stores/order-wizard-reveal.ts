/**
 * Which of the wizard's issues are shown at their fields: a field's issues once the user has been in it (typed,
 * changed, or left it), and all of them once the user tries to go on (Ready, Review) or reopens an order worked on
 * before. A blank order does not open covered in red; the issue count always counts every issue.
 */
import { ref, shallowRef } from 'vue'

export interface IssueReveal {
  /** Every issue is shown. */
  readonly all: { readonly value: boolean }
  /** Whether the issues of the input with this anchor (`of-orderList-0-customerName`) are shown. */
  shown(anchor: string): boolean
  /** The user has been in the input with this anchor. */
  touch(anchor: string): void
  /** Shows every issue (an attempt to go on). */
  revealAll(): void
  /** Forgets it all (another order opened); `all`: every issue shown from the start. */
  reset(all: boolean): void
}

/** The order's list of entries (too many of them): no field to visit, made by adding entries, so always shown. */
const ALWAYS_SHOWN = 'of-orderList'

export function createIssueReveal(): IssueReveal {
  const all = ref(false)
  // Replaced whole on a new anchor: fields read it on each render, and a deep Set would track each call.
  const touched = shallowRef(new Set<string>())
  return {
    all,
    shown: (anchor) => all.value || anchor === ALWAYS_SHOWN || touched.value.has(anchor),
    touch(anchor) {
      if (all.value || touched.value.has(anchor)) return
      touched.value = new Set(touched.value).add(anchor)
    },
    revealAll() {
      all.value = true
    },
    reset(showAll) {
      all.value = showAll
      touched.value = new Set()
    },
  }
}
