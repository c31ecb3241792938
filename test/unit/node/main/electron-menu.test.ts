import { describe, expect, it } from 'vitest'
import type { MenuItemConstructorOptions } from 'electron'
import { menuTemplate } from '../../../../src/main/electron-menu'
import { SHORTCUTS, keysLabel, shortcutFor, type PressedKey } from '@shared/shortcuts'
import { SHORTCUT_WORDS } from '@shared/i18n/shortcut-words'
import { BUILT_AREAS } from '../../../../src/renderer/router/area-names'

const roles = (items: MenuItemConstructorOptions[]): string[] =>
  items.flatMap((i) => [...(i.role ? [i.role] : []), ...(Array.isArray(i.submenu) ? roles(i.submenu) : [])])

describe('the application menu', () => {
  it.each(['darwin', 'win32', 'linux'] as const)('%s: the edit roles work by keyboard', (platform) => {
    const all = roles(menuTemplate(platform, 'License Desk'))
    for (const role of ['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll']) expect(all).toContain(role)
  })

  it('macOS has the app menu with quit; elsewhere quit is in the File menu role', () => {
    expect(menuTemplate('darwin', 'License Desk')[0]).toMatchObject({ label: 'License Desk' })
    expect(roles(menuTemplate('darwin', 'License Desk'))).toContain('quit')
    expect(menuTemplate('linux', 'License Desk')[0]).toEqual({ role: 'fileMenu' })
  })
})

describe('the shortcuts in the menu', () => {
  const items = (list: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] =>
    list.flatMap((i) => [i, ...(Array.isArray(i.submenu) ? items(i.submenu) : [])])

  it('every shortcut is a menu item with its accelerator and its words; a click sends its id', () => {
    const sent: string[] = []
    const all = items(menuTemplate('linux', 'License Desk', 'zh-CN', (id) => sent.push(id)))
    for (const s of SHORTCUTS) {
      const item = all.find((i) => i.id === s.id)
      expect(item, s.id).toMatchObject({ accelerator: s.keys, label: SHORTCUT_WORDS[s.id]['zh-CN'], registerAccelerator: false })
      ;(item!.click as () => void)()
    }
    expect(sent).toEqual(SHORTCUTS.map((s) => s.id))
  })
})

describe('the shortcut table', () => {
  const press = (code: string, mods: Partial<PressedKey> = {}): PressedKey => ({ code, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...mods })

  it('no two shortcuts share keys; every area of the navigation has one', () => {
    expect(new Set(SHORTCUTS.map((s) => s.keys)).size).toBe(SHORTCUTS.length)
    for (const area of [...BUILT_AREAS, 'settings']) expect(SHORTCUTS.some((s) => s.id === `go.${area}`), area).toBe(true)
  })

  it('takes none of the keys text fields and the browser keep (copy, paste, undo, select all, new window, tab, close)', () => {
    for (const code of ['KeyC', 'KeyV', 'KeyX', 'KeyZ', 'KeyY', 'KeyA', 'KeyN', 'KeyT', 'KeyW']) {
      for (const mac of [false, true]) expect(shortcutFor(press(code, mac ? { metaKey: true } : { ctrlKey: true }), mac), code).toBeNull()
    }
  })

  it('CmdOrCtrl is Cmd on macOS and Ctrl elsewhere; keys by their physical place', () => {
    expect(shortcutFor(press('KeyK', { ctrlKey: true }), false)?.id).toBe('search')
    expect(shortcutFor(press('KeyK', { ctrlKey: true }), true)).toBeNull()
    expect(shortcutFor(press('KeyK', { metaKey: true }), true)?.id).toBe('search')
    expect(shortcutFor(press('Digit3', { altKey: true, shiftKey: true }), false)?.id).toBe('go.customers')
    expect(shortcutFor(press('NumpadEnter', { ctrlKey: true }), false)?.id).toBe('submit')
    expect(shortcutFor(press('Digit3', { altKey: true }), false)).toBeNull()
  })

  it('reads as each platform writes it', () => {
    expect(keysLabel('CmdOrCtrl+K', false)).toBe('Ctrl+K')
    expect(keysLabel('Alt+Shift+1', true)).toBe('⌥⇧1')
    expect(keysLabel('CmdOrCtrl+Enter', true)).toBe('⌘↩')
  })
})
