/**
 * Small DOM helpers for keyboard-friendly forms. They live in a .ts module so components stay free of DOM type
 * names (the lint setup checks .vue files without browser globals).
 */

/** True when Enter was pressed in a text field (not on a button, not while composing CJK input). */
export function isSubmitEnter(e: Event): boolean {
  return e instanceof KeyboardEvent && e.key === 'Enter' && !e.isComposing && e.target instanceof HTMLInputElement
}

/**
 * Puts the cursor in the first enabled text field inside `root` (a dialog that just opened), unless the user is
 * already in one of its fields: fast typists must not have the cursor taken away mid-word.
 */
export function focusFirstField(root: Element | null | undefined): void {
  const active = document.activeElement
  if (root && active instanceof HTMLInputElement && root.contains(active)) return
  const input = root?.querySelector<HTMLInputElement>('input:not([disabled]):not([type="checkbox"]):not([type="radio"])')
  input?.focus()
}
