/**
 * The application menu: Electron's standard roles, so undo, redo, cut, copy, paste and select-all work by keyboard
 * on macOS (where there are no keyboard shortcuts without a menu item) and are shown in the menu everywhere. Pure:
 * the template is built here and tested without Electron; electron.ts passes it to `Menu.buildFromTemplate`.
 */
import type { MenuItemConstructorOptions } from 'electron'

export function menuTemplate(platform: NodeJS.Platform, appName: string): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin'
  const appMenu: MenuItemConstructorOptions[] = mac
    ? [
        {
          label: appName,
          submenu: [{ role: 'about' }, { type: 'separator' }, { role: 'hide' }, { role: 'hideOthers' }, { role: 'unhide' }, { type: 'separator' }, { role: 'quit' }],
        },
      ]
    : []
  return [
    ...appMenu,
    { role: 'fileMenu' },
    {
      role: 'editMenu',
      submenu: [{ role: 'undo' }, { role: 'redo' }, { type: 'separator' }, { role: 'cut' }, { role: 'copy' }, { role: 'paste' }, { role: 'selectAll' }],
    },
    { role: 'viewMenu' },
    { role: 'windowMenu' },
  ]
}
