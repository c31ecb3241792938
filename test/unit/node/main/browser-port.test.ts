/** Browser mode's port kept per data folder: read back as written, nothing when missing or damaged. */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { isPortTaken, rememberedPort, rememberPort } from '../../../../src/main/browser-port'

let dir = ''
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('browser mode port', () => {
  it('keeps the last port for the next start, only for the user', () => {
    dir = mkdtempSync(join(tmpdir(), 'ld-port-'))
    expect(rememberedPort(dir)).toBeNull()
    rememberPort(dir, 41234)
    expect(rememberedPort(dir)).toBe(41234)
    if (process.platform !== 'win32') expect(statSync(join(dir, 'browser.json')).mode & 0o077).toBe(0)
  })

  it('takes a damaged file for none', () => {
    dir = mkdtempSync(join(tmpdir(), 'ld-port-'))
    writeFileSync(join(dir, 'browser.json'), '{"port": 70000}')
    expect(rememberedPort(dir)).toBeNull()
    writeFileSync(join(dir, 'browser.json'), 'not json')
    expect(rememberedPort(dir)).toBeNull()
    expect(isPortTaken(Object.assign(new Error('x'), { code: 'EADDRINUSE' }))).toBe(true)
    expect(isPortTaken(new Error('x'))).toBe(false)
  })
})
