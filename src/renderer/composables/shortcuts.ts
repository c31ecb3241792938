/**
 * The app's keyboard shortcuts in the renderer (the table: src/shared/shortcuts.ts), in both shells: keys pressed
 * in the page, and the desktop menu's items (the `app.shortcut` event). One place acts on them: go to an area,
 * start a new order, submit the order on screen, put the cursor in the screen's search field, show the list.
 * While a dialog is open only the list's own key acts: the dialog has the user's attention.
 */
import { onBeforeUnmount, onMounted } from 'vue'
import { useRouter } from 'vue-router'
import { SHORTCUT_AREAS, keysLabel, shortcut, shortcutFor, type ShortcutId } from '@shared/shortcuts'
import { onMenuShortcut } from '../api/shortcuts'
import { NAV_AREAS } from '../router/areas'
import { errorText } from '../i18n'
import { errorData } from '../api/errors'
import { notifyError } from './feedback'

/** macOS: Cmd stands where Ctrl stands elsewhere. */
export const isMac = (): boolean => /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent)

/** A shortcut's keys as this platform writes them (for tooltips). */
export const keysOf = (id: ShortcutId): string => keysLabel(shortcut(id).keys, isMac())

/** A shortcut's keys for aria-keyshortcuts (the ARIA names of the modifiers). */
export const ariaKeysOf = (id: ShortcutId): string => shortcut(id).keys.replace('CmdOrCtrl', isMac() ? 'Meta' : 'Control')

/** The screen's search field: each screen's search input carries a test id ending in "search". */
const SEARCH_FIELDS = '[data-testid$="search"]'
/** What the submit shortcut presses: the button marked for it on the screen (the wizard's Submit). */
const SUBMIT_BUTTON = '[data-shortcut="submit"]'

// Rendered and not hidden (checkVisibility, not offsetParent: a dialog's fixed-position overlay has none).
const shown = (el: Element): el is HTMLElement => el instanceof HTMLElement && el.checkVisibility() && !el.closest('[aria-hidden="true"], [inert]')
const modalOpen = (): boolean => [...document.querySelectorAll('[aria-modal="true"]')].some(shown)

function focusSearch(): boolean {
  for (const el of document.querySelectorAll(SEARCH_FIELDS)) {
    const input = el instanceof HTMLInputElement ? el : el.querySelector('input')
    if (input && shown(input)) {
      input.focus()
      input.select()
      return true
    }
  }
  return false
}

export function useShortcuts(showList: () => void): void {
  const router = useRouter()
  const mac = isMac()

  async function act(id: ShortcutId | string): Promise<void> {
    if (id === 'help') return showList()
    if (id === 'search') {
      focusSearch()
      return
    }
    if (id === 'submit') {
      const button = [...document.querySelectorAll(SUBMIT_BUTTON)].find(shown)
      if (button && !(button as HTMLButtonElement).disabled) button.click()
      return
    }
    if (id === 'newOrder') {
      try {
        // The wizard's store loads with the first order, not with the shell.
        const { useOrderWizardStore } = await import('../stores/order-wizard')
        const draftId = await useOrderWizardStore().createOrder()
        await router.push({ name: 'orders-draft', params: { id: draftId } })
      } catch (err) {
        notifyError(errorText(errorData(err)))
      }
      return
    }
    const area = SHORTCUT_AREAS.find((a) => id === `go.${a}`)
    const path = NAV_AREAS.find((a) => a.name === area)?.path
    if (path) await router.push(path)
  }

  function onKey(e: KeyboardEvent): void {
    if (e.repeat || e.isComposing) return
    const s = shortcutFor(e, mac)
    if (!s || (s.id !== 'help' && modalOpen())) return
    e.preventDefault()
    e.stopPropagation()
    void act(s.id)
  }

  let off: (() => void) | null = null
  onMounted(() => {
    window.addEventListener('keydown', onKey, true)
    off = onMenuShortcut(({ id }) => void act(id))
  })
  onBeforeUnmount(() => {
    window.removeEventListener('keydown', onKey, true)
    off?.()
  })
}
