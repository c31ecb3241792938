import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SECRET_NAMES } from '@shared/ipc/channels/profiles'
import { REDACTED, Journal, redactRequest } from '../../../../src/main/services/journal'
import { forgetKnownSecrets, rememberSecret } from '../../../../src/main/services/known-secrets'

// One distinctive value per secret kind the app handles: the profile's vault secrets, the tokens, the
// passwords of employees in requests, OAuth form fields, and auth headers.
const SECRETS: Record<string, string> = Object.fromEntries(SECRET_NAMES.map((n) => [n, `S3CR3T-${n}-value`]))
const EXTRA = {
  password: 'S3CR3T-initial-password',
  newPassword: 'S3CR3T-new-password',
  passwords: ['S3CR3T-license-pw-1', 'S3CR3T-license-pw-2'],
  client_secret: 'S3CR3T-client-secret',
  access_token: 'S3CR3T-access-token',
  Authorization: 'Bearer S3CR3T-bearer',
  clientToken: 'S3CR3T-client-token',
  userToken: 'S3CR3T-user-token',
  appSecret: 'S3CR3T-app-secret',
  apiKey: 'S3CR3T-api-key',
  cookie: 'S3CR3T-cookie',
}

function everySecret(): unknown {
  return {
    ...SECRETS,
    ...EXTRA,
    userList: [
      { userName: 'alice', password: 'S3CR3T-alice-pw', name: 'Alice', passwordMobile: '13800000000' },
      { userName: 'bob', password: 'S3CR3T-bob-pw', name: 'Bob' },
    ],
    orderList: [{ assets: [{ products: [{ passwords: ['S3CR3T-nested-pw'], crmProductId: 'p1' }] }] }],
    note: 'retry with Bearer S3CR3T-in-text and token=S3CR3T-query-token please',
    url: 'https://user:S3CR3T-url-pw@host/x',
  }
}

// The products of the issue: ordinary names that read like credentials.
const NAMES = ['基础包 Basic Pack', 'Bearer Edition', 'Token Manager', 'Password Vault']

describe('redactRequest', () => {
  // Secret values the app handled (read from the vault, issued by the token endpoint) are hidden in any text.
  beforeEach(() => {
    rememberSecret('S3CR3T-in-text')
    rememberSecret('S3CR3T-query-token')
    rememberSecret('S3CR3T-url-pw')
    rememberSecret('S3CR3T-xyz')
    rememberSecret('S3CR3T-q')
  })
  afterEach(() => forgetKnownSecrets())

  it('leaves no secret of any kind, at any depth, and keeps the rest', () => {
    const out = redactRequest(everySecret())
    const text = JSON.stringify(out)
    expect(text).not.toContain('S3CR3T')
    expect(text).toContain(REDACTED)
    // what is not secret is kept, including the security mobile (documented as not a login credential)
    expect(out).toMatchObject({ userList: [{ userName: 'alice', name: 'Alice', passwordMobile: '13800000000' }, { userName: 'bob' }] })
    expect(text).toContain('crmProductId')
  })

  it('returns a request without secrets as the very same object (nothing copied), and copies only what it changes', () => {
    const locks = { assetNums: ['8100000001', '8100000002'], operatorIdentity: 'ops@example.com' }
    expect(redactRequest(locks)).toBe(locks)
    const members = { userList: [{ userName: 'a', name: 'A' }, { userName: 'b', password: 'S3CR3T', name: 'B' }], note: 'x' }
    const out = redactRequest(members) as typeof members
    expect(out).not.toBe(members)
    expect(out.userList[0]).toBe(members.userList[0])
    expect(out.userList[1]).toEqual({ userName: 'b', password: REDACTED, name: 'B' })
    expect(members.userList[1]!.password).toBe('S3CR3T') // the request itself is left alone
    // A secret value the app handled is hidden wherever it appears in text.
    expect(redactRequest({ note: 'Bearer S3CR3T-xyz' })).toEqual({ note: 'Bearer [redacted]' })
    expect(redactRequest(['token=S3CR3T-q'])).toEqual(['token=[redacted]'])
  })

  it('keeps product and package names that read like credentials, as sent', () => {
    const order = {
      orderList: [{ assets: [{ products: NAMES.map((productName, i) => ({ productName, productUri: `U${i}`, passwords: ['S3CR3T-pw'] })), merchandises: [{ merchandiseName: NAMES[0] }] }] }],
    }
    const out = JSON.stringify(redactRequest(order))
    for (const name of NAMES) expect(out).toContain(JSON.stringify(name))
    expect(out).not.toContain('S3CR3T')
    // Nothing else in it is secret: only the passwords were copied.
    expect(redactRequest({ productName: 'Bearer Edition', note: 'Basic Pack: Token=1' })).toEqual({ productName: 'Bearer Edition', note: 'Basic Pack: Token=1' })
  })

  it('does not truncate long lists (the journal shows what was sent)', () => {
    const assetNums = Array.from({ length: 1000 }, (_, i) => `L${i}`)
    expect((redactRequest({ assetNums }) as { assetNums: string[] }).assetNums).toHaveLength(1000)
  })

  it('the journal file never contains a secret fed to it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ld-journal-redact-'))
    const j = new Journal({ dataDir: dir })
    try {
      const id = await j.started({
        profileId: 'p',
        operation: 'addMembers',
        method: 'POST',
        path: '/me/api/v1/enterprise/E/member',
        query: { token: 'S3CR3T-query' },
        body: everySecret(),
        // The body as sent, which the journal may reuse only when nothing in it is secret.
        bodyJson: JSON.stringify(everySecret()),
        nonce: 'n',
        attempt: 0,
        startedAt: Date.now(),
      })
      await j.ended(id, { outcome: 'ok', endedAt: Date.now(), summary: 'fine' })
      const raw = readdirSync(join(dir, 'journal')).map((f) => readFileSync(join(dir, 'journal', f), 'utf8')).join('')
      expect(raw).toContain('alice')
      expect(raw).not.toContain('S3CR3T')
    } finally {
      await j.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
