import { mkdir, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONTENT_SECURITY_POLICY, isSafeExternalUrl } from '../../../../src/main/ipc/security'
import { mimeType, resolveStatic } from '../../../../src/main/ipc/static-files'
import { removeDir, tempDir } from '../../../support/tmp'

describe('isSafeExternalUrl', () => {
  it('allows plain https links only', () => {
    expect(isSafeExternalUrl('https://docs.example.com/a?b=c')).toBe(true)
    for (const bad of ['http://example.com', 'file:///etc/passwd', 'javascript:alert(1)', 'smb://host/share', 'https://user:pw@example.com', 'not a url', 'app://license-desk/'])
      expect(isSafeExternalUrl(bad)).toBe(false)
  })
})

describe('CSP', () => {
  it('allows no remote or inline script and no framing', () => {
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'")
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/script-src[^;]*(unsafe|http)/)
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'")
    expect(CONTENT_SECURITY_POLICY).toContain("object-src 'none'")
  })
})

describe('resolveStatic', () => {
  let base: string
  let root: string
  beforeAll(async () => {
    base = await tempDir()
    root = join(base, 'renderer')
    await mkdir(join(root, 'assets'), { recursive: true })
    await writeFile(join(root, 'index.html'), '<!doctype html>')
    await writeFile(join(root, 'assets', 'index-AbCdEf12.js'), 'x')
    await writeFile(join(root, 'logo.svg'), '<svg/>')
    await writeFile(join(base, 'secret.txt'), 'outside')
    await symlink(join(base, 'secret.txt'), join(root, 'link.txt'))
  })
  afterAll(async () => {
    await removeDir(base)
  })

  it('serves index.html for / and client-side routes, assets with long caching', async () => {
    expect((await resolveStatic(root, '/'))?.path).toBe(join(root, 'index.html'))
    expect((await resolveStatic(root, '/settings/profiles'))?.mime).toBe('text/html; charset=utf-8')
    const asset = await resolveStatic(root, '/assets/index-AbCdEf12.js')
    expect(asset).toMatchObject({ mime: 'text/javascript; charset=utf-8', cacheControl: 'public, max-age=31536000, immutable' })
    expect((await resolveStatic(root, '/logo.svg'))?.cacheControl).toBe('no-cache')
  })

  it('never leaves the folder', async () => {
    for (const p of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt', '/..%5csecret.txt', '/link.txt', '/%00', '/%E0%A4%A'])
      expect(await resolveStatic(root, p), p).toBeNull()
    expect(await resolveStatic(root, '/missing.js')).toBeNull()
  })

  it('knows the MIME types the build produces', () => {
    expect(mimeType('a.woff2')).toBe('font/woff2')
    expect(mimeType('a.css')).toBe('text/css; charset=utf-8')
    expect(mimeType('a.unknown')).toBe('application/octet-stream')
  })
})
