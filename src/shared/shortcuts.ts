/**
 * The app's keyboard shortcuts, once: the Electron menu shows them as accelerators (src/main/electron-menu.ts), the
 * renderer's handler acts on them in both shells (src/renderer/composables/shortcuts.ts), tooltips and the
 * "Keyboard shortcuts" dialog name them. Keys are Electron accelerator strings ("CmdOrCtrl" is Cmd on macOS, Ctrl
 * elsewhere; "Alt" is Option on macOS). Why these keys: docs/decisions.md "Keyboard shortcuts".
 *
 * Matched by the physical key (KeyboardEvent.code), so Option/Alt and Shift combinations work whatever character
 * the layout makes of them. Never a key a text field needs (copy, paste, undo, select all, arrows), nor one the
 * browser keeps to itself in browser mode (Ctrl+N, Ctrl+T, Ctrl+W cannot be taken by a page).
 */

export const SHORTCUT_AREAS = ['orders', 'drafts', 'customers', 'locks', 'assets', 'members', 'journal', 'settings'] as const
export type ShortcutArea = (typeof SHORTCUT_AREAS)[number]

export type ShortcutId = 'newOrder' | 'search' | 'submit' | 'help' | `go.${ShortcutArea}`

export interface Shortcut {
  id: ShortcutId
  /** Electron accelerator. */
  keys: string
  /** Where the menu offers it: the Go menu, the Order menu, or Help. */
  menu: 'go' | 'order' | 'help'
}

export const SHORTCUTS: readonly Shortcut[] = [
  { id: 'newOrder', keys: 'Alt+Shift+N', menu: 'order' },
  { id: 'submit', keys: 'CmdOrCtrl+Enter', menu: 'order' },
  { id: 'search', keys: 'CmdOrCtrl+K', menu: 'go' },
  ...SHORTCUT_AREAS.map((area, i): Shortcut => ({ id: `go.${area}`, keys: `Alt+Shift+${i + 1}`, menu: 'go' })),
  { id: 'help', keys: 'CmdOrCtrl+/', menu: 'help' },
]

/** The key of a pressed key as KeyboardEvent.code names it, for the accelerator's last part. */
function codeOf(key: string): string {
  if (/^[A-Z]$/.test(key)) return `Key${key}`
  if (/^[0-9]$/.test(key)) return `Digit${key}`
  if (key === '/') return 'Slash'
  return key
}

export interface PressedKey {
  code: string
  ctrlKey: boolean
  metaKey: boolean
  altKey: boolean
  shiftKey: boolean
}

/** Whether a key press is this accelerator on this platform (mac: CmdOrCtrl is Cmd). */
export function matches(keys: string, e: PressedKey, mac: boolean): boolean {
  const parts = keys.split('+')
  const key = parts.pop() ?? ''
  const want = { ctrl: false, meta: false, alt: false, shift: false }
  for (const p of parts) {
    if (p === 'CmdOrCtrl') want[mac ? 'meta' : 'ctrl'] = true
    else if (p === 'Alt') want.alt = true
    else if (p === 'Shift') want.shift = true
  }
  const code = codeOf(key)
  const sameKey = e.code === code || (code === 'Enter' && e.code === 'NumpadEnter') || (code.startsWith('Digit') && e.code === `Numpad${code.slice(5)}`)
  return sameKey && e.ctrlKey === want.ctrl && e.metaKey === want.meta && e.altKey === want.alt && e.shiftKey === want.shift
}

/** The shortcut a key press means, if any. */
export function shortcutFor(e: PressedKey, mac: boolean): Shortcut | null {
  return SHORTCUTS.find((s) => matches(s.keys, e, mac)) ?? null
}

/** An accelerator as people read it: "⌥⇧1" on macOS, "Alt+Shift+1" elsewhere. */
export function keysLabel(keys: string, mac: boolean): string {
  const parts = keys.split('+')
  if (!mac) return parts.map((p) => (p === 'CmdOrCtrl' ? 'Ctrl' : p)).join('+')
  const SYMBOL: Record<string, string> = { CmdOrCtrl: '⌘', Alt: '⌥', Shift: '⇧', Enter: '↩' }
  return parts.map((p) => SYMBOL[p] ?? p).join('')
}

/** The shortcut of an id (every id has one). */
export function shortcut(id: ShortcutId): Shortcut {
  const s = SHORTCUTS.find((x) => x.id === id)
  if (!s) throw new Error(`no shortcut ${id}`)
  return s
}
