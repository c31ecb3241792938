/**
 * Enter in the picker. The suggestion list takes Enter for itself (and stops the form from seeing it), which is
 * right only when a suggestion is highlighted. With none, Enter must do what it does in any text field of the
 * form: send it. (Kept out of the .vue file: components stay free of DOM type names.)
 */

/** What the picker knows of its list when Enter goes down. */
export interface ListState {
  highlightedIndex: number
  activated: boolean
  suggestions: readonly unknown[]
}

/** Whether this Enter picks a highlighted suggestion (then the form must not see it). */
export function entersSuggestion(e: Event, list: ListState | null | undefined): boolean {
  if (!(e instanceof KeyboardEvent) || e.key !== 'Enter' || e.isComposing || !list) return false
  return list.activated && list.highlightedIndex >= 0 && list.highlightedIndex < list.suggestions.length
}

/**
 * After the list had its say: an Enter that picked stops here; any other Enter submits the picker's form, as
 * Enter in a plain text field would (`submit`: false when the form handles Enter keys itself).
 */
export function afterEnter(e: Event, picked: boolean, submit: boolean): void {
  if (!(e instanceof KeyboardEvent) || e.key !== 'Enter' || e.isComposing) return
  if (picked) {
    e.stopPropagation()
    return
  }
  if (submit && e.target instanceof HTMLInputElement) e.target.form?.requestSubmit()
}

/** The suggestion list as the picker drives it (Element Plus's autocomplete exposes these). */
export interface PickerList extends ListState {
  /** Asks for the suggestions of a text again (after the book changed). */
  getData(query: string): Promise<void> | void
  focus(): void
}

/** Whether focus leaves the picker (input, hint and its buttons) for somewhere else. */
export function focusLeaves(e: Event, root: unknown): boolean {
  if (!(e instanceof FocusEvent) || !(root instanceof HTMLElement)) return true
  const to = e.relatedTarget
  return !(to instanceof Node && root.contains(to))
}
