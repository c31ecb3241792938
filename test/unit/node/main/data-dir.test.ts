import { describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { resolveDataDir } from '../../../../src/main/core/data-dir'
import { systemLocale } from '../../../../src/main/core/system-locale'

describe('resolveDataDir', () => {
  it('prefers LICENSE_DESK_DATA_DIR', () => {
    expect(resolveDataDir({ LICENSE_DESK_DATA_DIR: '/data/ld', XDG_CONFIG_HOME: '/x' }, 'linux', '/home/a')).toBe('/data/ld')
  })
  it('uses the folder Electron uses for userData on each platform', () => {
    expect(resolveDataDir({}, 'linux', '/home/a')).toBe(join('/home/a', '.config', 'License Desk'))
    expect(resolveDataDir({ XDG_CONFIG_HOME: '/cfg' }, 'linux', '/home/a')).toBe(join('/cfg', 'License Desk'))
    expect(resolveDataDir({}, 'darwin', '/Users/a')).toBe(join('/Users/a', 'Library', 'Application Support', 'License Desk'))
    expect(resolveDataDir({ APPDATA: 'C:/Users/a/AppData/Roaming' }, 'win32', 'C:/Users/a')).toBe(join('C:/Users/a/AppData/Roaming', 'License Desk'))
  })
  it('ignores an empty override', () => {
    expect(resolveDataDir({ LICENSE_DESK_DATA_DIR: '  ' }, 'linux', '/h')).toBe(join('/h', '.config', 'License Desk'))
  })
})

describe('systemLocale', () => {
  it('reads the POSIX locale variables in their order of precedence', () => {
    expect(systemLocale({ LANG: 'zh_CN.UTF-8' })).toBe('zh-CN')
    expect(systemLocale({ LC_ALL: 'en_GB.UTF-8', LANG: 'zh_CN.UTF-8' })).toBe('en-GB')
    expect(systemLocale({ LC_MESSAGES: 'zh_TW', LANG: 'en_US' })).toBe('zh-TW')
  })
  it('falls back to Intl for C/POSIX or nothing', () => {
    const intl = Intl.DateTimeFormat().resolvedOptions().locale
    expect(systemLocale({ LANG: 'C.UTF-8' })).toBe(intl)
    expect(systemLocale({})).toBe(intl)
  })
})
