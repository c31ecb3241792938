/**
 * The application menu: Electron's standard roles, so undo, redo, cut, copy, paste and select-all work by keyboard
 * on macOS (where there are no keyboard shortcuts without a menu item) and are shown in the menu everywhere; and the
 * app's own shortcuts (src/shared/shortcuts.ts) in the Order, Go and Help menus. Their accelerators are shown but
 * not registered: the renderer acts on the keys in both shells (one path), a click sends the shortcut's id.
 * Pure: the template is built here and tested without Electron; electron.ts passes it to `Menu.buildFromTemplate`.
 */
import type { MenuItemConstructorOptions } from 'electron'
import type { Locale } from '@shared/i18n/locale'
import { SHORTCUT_MENU_WORDS, SHORTCUT_WORDS } from '@shared/i18n/shortcut-words'
import { SHORTCUTS, type Shortcut, type ShortcutId } from '@shared/shortcuts'

export function menuTemplate(platform: NodeJS.Platform, appName: string, locale: Locale = 'en', onShortcut: (id: ShortcutId) => void = () => undefined): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin'
  const appMenu: MenuItemConstructorOptions[] = mac
    ? [
        {
          label: appName,
          submenu: [{ role: 'about' }, { type: 'separator' }, { role: 'hide' }, { role: 'hideOthers' }, { role: 'unhide' }, { type: 'separator' }, { role: 'quit' }],
        },
      ]
    : []
  const item = (s: Shortcut): MenuItemConstructorOptions => ({
    id: s.id,
    label: SHORTCUT_WORDS[s.id][locale],
    accelerator: s.keys,
    registerAccelerator: false,
    click: () => onShortcut(s.id),
  })
  const menu = (name: Shortcut['menu']): MenuItemConstructorOptions[] => SHORTCUTS.filter((s) => s.menu === name).map(item)
  return [
    ...appMenu,
    { role: 'fileMenu' },
    {
      role: 'editMenu',
      submenu: [{ role: 'undo' }, { role: 'redo' }, { type: 'separator' }, { role: 'cut' }, { role: 'copy' }, { role: 'paste' }, { role: 'selectAll' }],
    },
    { label: SHORTCUT_MENU_WORDS.order[locale], submenu: menu('order') },
    { label: SHORTCUT_MENU_WORDS.go[locale], submenu: menu('go') },
    { role: 'viewMenu' },
    { role: 'windowMenu' },
    { role: 'help', label: SHORTCUT_MENU_WORDS.help[locale], submenu: menu('help') },
  ]
}
