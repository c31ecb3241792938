import { describe, expect, it } from 'vitest'
import type { MenuItemConstructorOptions } from 'electron'
import { menuTemplate } from '../../../../src/main/electron-menu'

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
