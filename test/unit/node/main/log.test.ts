import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { forgetKnownSecrets, rememberSecret } from '../../../../src/main/services/known-secrets'
import { createLogger, redact, redactText } from '../../../../src/main/services/log'
import { removeDir, tempDir } from '../../../support/tmp'

describe('redact', () => {
  it('hides secret-looking fields at any depth, keeps harmless ones', () => {
    const out = redact({
      headers: { Authorization: 'Bearer abc.def', clientToken: 'ct-1', userToken: 'ut-1', 'Content-Type': 'application/json' },
      body: { password: 'pw', appSecret: 's', client_secret: 's2', name: 'Ann', nested: [{ access_token: 't' }] },
      tokenUrl: 'https://x/oauth/token',
      secrets: { orderAppSecret: true },
      passwordMin: 6,
    }) as Record<string, Record<string, unknown>>
    const text = JSON.stringify(out)
    for (const secret of ['abc.def', 'ct-1', 'ut-1', '"pw"', '"s"', 's2', '"t"']) expect(text).not.toContain(secret)
    expect(out.headers?.['Content-Type']).toBe('application/json')
    expect(out.body?.name).toBe('Ann')
    expect(out.tokenUrl).toBe('https://x/oauth/token')
    expect(out.secrets).toEqual({ orderAppSecret: true })
    expect(out.passwordMin).toBe(6)
  })

  it('hides the secret values the app handled wherever they appear in text, and the password of a URL', () => {
    for (const v of ['eyJ.abc', 'hunter2', 'xyz-secret', 'TOKEN123']) rememberSecret(v)
    try {
      expect(redactText('Authorization: Bearer eyJ.abc')).toBe('Authorization: Bearer [redacted]')
      expect(redactText('grant_type=password&password=hunter2&username=a')).not.toContain('hunter2')
      expect(redactText('{"client_secret":"xyz-secret"}')).not.toContain('xyz-secret')
      expect(redactText('http://127.0.0.1:5/#token=TOKEN123')).not.toContain('TOKEN123')
      expect(redactText('https://user:pa55@host/')).not.toContain('pa55')
      expect(redactText('profile created')).toBe('profile created')
    } finally {
      forgetKnownSecrets()
    }
  })

  it('keeps ordinary words that read like secrets: product and package names are not credentials', () => {
    rememberSecret('S3CR3T-real-app-secret')
    try {
      for (const name of ['基础包 Basic Pack', 'Bearer Edition', 'Token Manager', 'Password Vault', 'Password Vault: Pro', 'Token=Free Trial']) {
        expect(redactText(name)).toBe(name)
        expect(redact({ productName: name, note: `bought ${name}` })).toEqual({ productName: name, note: `bought ${name}` })
      }
      expect(redactText('sent with S3CR3T-real-app-secret')).toBe('sent with [redacted]')
    } finally {
      forgetKnownSecrets()
    }
  })

  it('copes with cycles and errors', () => {
    const a: Record<string, unknown> = { name: 'a' }
    a.self = a
    expect(() => JSON.stringify(redact(a))).not.toThrow()
    rememberSecret('abc-known')
    try {
      const e = redact(new Error('token=abc-known failed')) as { message: string }
      expect(e.message).not.toContain('abc-known')
    } finally {
      forgetKnownSecrets()
    }
  })
})

describe('createLogger', () => {
  let dir: string
  beforeEach(async () => {
    dir = await tempDir()
  })
  afterEach(async () => {
    await removeDir(dir)
  })

  it('appends redacted JSON lines with scope and level filtering', async () => {
    const file = join(dir, 'logs', 'main.log')
    const log = createLogger({ file, stderrLevel: 'off', level: 'info' })
    log.child('api').info('call', { headers: { Authorization: 'Bearer SECRET1' }, op: 'queryEnterprise' })
    log.debug('not written')
    const lines = (await readFile(file, 'utf8')).trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({ level: 'info', scope: 'api', msg: 'call', op: 'queryEnterprise' })
    expect(JSON.stringify(lines)).not.toContain('SECRET1')
  })
})
