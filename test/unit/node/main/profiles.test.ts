import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AppError } from '@shared/errors/app-error'
import { SANDBOX_DEMO } from '@shared/sandbox-demo'
import type { EventName } from '@shared/ipc/events'
import { EventBus } from '../../../../src/main/ipc/events'
import { silentLogger } from '../../../../src/main/services/log'
import { ProfilesService, SANDBOX_PROFILE_ID } from '../../../../src/main/services/profiles'
import { SandboxHost } from '../../../../src/main/services/sandbox-host'
import { Storage } from '../../../../src/main/services/storage'
import { MemoryVault } from '../../../../src/main/services/vault'
import { fakeSandboxStarter } from '../../../support/core'
import { removeDir, tempDir } from '../../../support/tmp'

const fields = (name: string, extra: Record<string, string> = {}) => ({
  name,
  baseUrl: 'https://licensing.example.com/',
  tokenUrl: '',
  orderAppKey: 'order-key',
  memberAppKey: 'member-key',
  userLogin: 'admin',
  operatorIdentity: 'Ann',
  channelCode: 'C1',
  channelCustomerId: 'CUST-1',
  enterpriseGlobalId: '',
  ...extra,
})

async function expectAppError(p: Promise<unknown>, code: string): Promise<AppError> {
  const err = await p.then(
    () => {
      throw new Error('expected a failure')
    },
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(AppError)
  expect((err as AppError).code).toBe(code)
  return err as AppError
}

describe('ProfilesService', () => {
  let dir: string
  let vault: MemoryVault
  let events: EventBus
  let emitted: Array<[EventName, unknown]>
  let starter: ReturnType<typeof fakeSandboxStarter>
  let sandbox: SandboxHost
  let profiles: ProfilesService

  const make = () => new ProfilesService({ storage: new Storage(dir, silentLogger), vault, events, sandbox, log: silentLogger })

  beforeEach(async () => {
    dir = await tempDir()
    vault = new MemoryVault('test')
    events = new EventBus(silentLogger)
    emitted = []
    events.onAny((name, payload) => emitted.push([name, payload]))
    starter = fakeSandboxStarter()
    sandbox = new SandboxHost({ start: starter, dataFile: join(dir, 'sandbox', 'state.json'), log: silentLogger, events })
    profiles = make()
  })
  afterEach(async () => {
    await sandbox.stop()
    await removeDir(dir)
  })

  it('starts with the built-in Sandbox profile, active, with the demo identities reported as set', async () => {
    const list = await profiles.list()
    expect(list.activeId).toBe(SANDBOX_PROFILE_ID)
    expect(list.profiles).toHaveLength(1)
    const sb = list.profiles[0]!
    expect(sb).toMatchObject({
      id: 'sandbox',
      kind: 'sandbox',
      builtIn: true,
      name: 'Sandbox',
      orderAppKey: SANDBOX_DEMO.orderApp.clientId,
      memberAppKey: SANDBOX_DEMO.memberApp.clientId,
      userLogin: SANDBOX_DEMO.user.username,
      channelCode: 'DEMO',
      channelCustomerId: 'DEMO-0001',
    })
    expect(sb.operatorIdentity).not.toBe('')
    expect(sb.secrets).toMatchObject({ orderAppSecret: true, memberAppSecret: true, userPassword: true, orderAccessToken: false })
  })

  it('creates a profile, keeps fields in profiles.json and secrets only in the vault', async () => {
    const view = await profiles.create(fields('Acme'), { orderAppSecret: 'S3CRET-order', userPassword: 'pw-123456' })
    expect(view).toMatchObject({ name: 'Acme', kind: 'remote', builtIn: false, baseUrl: 'https://licensing.example.com' })
    expect(view.secrets).toMatchObject({ orderAppSecret: true, userPassword: true, memberAppSecret: false })
    expect(JSON.stringify(view)).not.toContain('S3CRET')
    expect(await vault.get(view.id, 'orderAppSecret')).toBe('S3CRET-order')
    const file = await readFile(join(dir, 'profiles.json'), 'utf8')
    expect(file).toContain('Acme')
    expect(file).not.toContain('S3CRET-order')
    expect(file).not.toContain('pw-123456')
    expect(emitted).toContainEqual(['profiles.changed', { activeId: 'sandbox' }])
  })

  it('keeps names unique, ignoring case and spaces, and reserves "Sandbox"', async () => {
    await profiles.create(fields('Acme'))
    const err = await expectAppError(profiles.create(fields(' acme ')), 'app.conflict')
    expect(err.details.issues).toEqual([{ path: 'fields.name', message: expect.any(String) }])
    await expectAppError(profiles.create(fields('SANDBOX')), 'app.conflict')
    const other = await profiles.create(fields('Other'))
    await expectAppError(profiles.update(other.id, { name: 'ACME' }), 'app.conflict')
    // Renaming a profile to its own name in another case is fine.
    expect((await profiles.update(other.id, { name: 'OTHER' })).name).toBe('OTHER')
  })

  it('updates only the fields sent', async () => {
    const p = await profiles.create(fields('Acme', { tokenUrl: 'https://auth.example.com/token' }))
    const u = await profiles.update(p.id, { operatorIdentity: 'Bob' })
    expect(u).toMatchObject({ operatorIdentity: 'Bob', tokenUrl: 'https://auth.example.com/token', orderAppKey: 'order-key', name: 'Acme' })
    expect(u.updatedAt).toBeGreaterThanOrEqual(p.updatedAt)
  })

  it('lets only the working fields of the Sandbox profile change', async () => {
    const err = await expectAppError(profiles.update('sandbox', { baseUrl: 'https://evil.example.com', operatorIdentity: 'X' }), 'app.readOnly')
    expect(err.details.issues?.map((i) => i.path)).toEqual(['fields.baseUrl'])
    const u = await profiles.update('sandbox', { operatorIdentity: 'Trainer', channelCustomerId: 'DEMO-0002', name: 'Sandbox', orderAppKey: SANDBOX_DEMO.orderApp.clientId })
    expect(u).toMatchObject({ operatorIdentity: 'Trainer', channelCustomerId: 'DEMO-0002', channelCode: 'DEMO' })
    expect((await make().get('sandbox')).operatorIdentity).toBe('Trainer')
    await expectAppError(profiles.delete('sandbox'), 'app.readOnly')
    await expectAppError(profiles.setSecret('sandbox', 'orderAppSecret', 'x'), 'app.readOnly')
  })

  it('switches the active profile and remembers it across instances', async () => {
    const p = await profiles.create(fields('Acme'))
    const list = await profiles.activate(p.id)
    expect(list.activeId).toBe(p.id)
    expect(emitted.at(-1)).toEqual(['profiles.changed', { activeId: p.id }])
    expect((await make().list()).activeId).toBe(p.id)
    await expectAppError(profiles.activate('nope'), 'app.notFound')
  })

  it('deletes a profile with its secrets; deleting the active one makes the Sandbox active', async () => {
    const p = await profiles.create(fields('Acme'), { orderAppSecret: 'a', memberClientToken: 'b' })
    await profiles.activate(p.id)
    await profiles.delete(p.id)
    expect(await vault.has(p.id, 'orderAppSecret')).toBe(false)
    expect(await vault.has(p.id, 'memberClientToken')).toBe(false)
    const list = await profiles.list()
    expect(list.activeId).toBe('sandbox')
    expect(list.profiles.map((x) => x.id)).toEqual(['sandbox'])
    await expectAppError(profiles.delete(p.id), 'app.notFound')
  })

  it('sets and removes one secret, reporting only whether it is set', async () => {
    const p = await profiles.create(fields('Acme'))
    expect((await profiles.setSecret(p.id, 'userToken', 'tok')).secrets.userToken).toBe(true)
    expect(await vault.get(p.id, 'userToken')).toBe('tok')
    expect((await profiles.setSecret(p.id, 'userToken', null)).secrets.userToken).toBe(false)
  })

  it('leaves nothing behind when the vault refuses a secret at creation', async () => {
    const failing = new MemoryVault('test')
    failing.set = async () => {
      throw AppError.app('app.keychain', { detail: 'locked' })
    }
    vault = failing
    profiles = make()
    await expectAppError(profiles.create(fields('Acme'), { orderAppSecret: 'x' }), 'app.keychain')
    expect((await profiles.list()).profiles.map((p) => p.name)).toEqual(['Sandbox'])
  })

  it('builds the connection of a remote profile: trimmed base, default token endpoint, secrets read on demand', async () => {
    const p = await profiles.create(fields('Acme'), { orderAppSecret: 'os' })
    const c = await profiles.connectionFor(p.id)
    expect(c).toMatchObject({ profileId: p.id, baseUrl: 'https://licensing.example.com', tokenUrl: 'https://licensing.example.com/oauth/token', orderAppKey: 'order-key', userLogin: 'admin', operatorIdentity: 'Ann' })
    expect(await c.getSecret('orderAppSecret')).toBe('os')
    await profiles.setSecret(p.id, 'orderAppSecret', 'rotated')
    expect(await c.getSecret('orderAppSecret')).toBe('rotated')
    expect(await c.getSecret('memberAppSecret')).toBeNull()
    const custom = await profiles.create(fields('Custom', { tokenUrl: 'https://auth.example.com/t' }))
    expect((await profiles.connectionFor(custom.id)).tokenUrl).toBe('https://auth.example.com/t')
  })

  it('builds the Sandbox connection from the running sandbox and the demo credentials', async () => {
    const c = await profiles.connectionFor('sandbox')
    expect(starter.starts).toBe(1)
    expect(c.baseUrl).toBe('http://127.0.0.1:40001')
    expect(c.tokenUrl).toBe(`http://127.0.0.1:40001${SANDBOX_DEMO.tokenPath}`)
    expect(await c.getSecret('orderAppSecret')).toBe(SANDBOX_DEMO.orderApp.clientSecret)
    expect(await c.getSecret('memberAppSecret')).toBe(SANDBOX_DEMO.memberApp.clientSecret)
    expect(await c.getSecret('userPassword')).toBe(SANDBOX_DEMO.user.password)
    expect(await c.getSecret('userToken')).toBeNull()
    expect((await profiles.get('sandbox')).baseUrl).toBe('http://127.0.0.1:40001')
  })

  it('takes plain http:// only for this machine, unless the profile accepts sending credentials unencrypted', async () => {
    const refused = await expectAppError(profiles.create(fields('Plain', { baseUrl: 'http://licensing.example.com' })), 'app.invalidInput')
    expect(refused.details.issues).toEqual([expect.objectContaining({ path: 'fields.baseUrl', code: 'insecureAddress' })])
    const token = await expectAppError(profiles.create(fields('Tok', { tokenUrl: 'http://auth.example.com/t' })), 'app.invalidInput')
    expect(token.details.issues).toEqual([expect.objectContaining({ path: 'fields.tokenUrl', code: 'insecureAddress' })])
    for (const [name, baseUrl] of [['Local', 'http://127.0.0.1:8080'], ['Named', 'http://localhost:8080'], ['Six', 'http://[::1]:8080']] as const) {
      expect((await profiles.create(fields(name, { baseUrl }))).allowInsecureHttp).toBe(false)
    }
    const consented = await profiles.create({ ...fields('Lab'), baseUrl: 'http://lab.internal', allowInsecureHttp: true })
    expect(consented.allowInsecureHttp).toBe(true)
    expect((await profiles.connectionFor(consented.id)).baseUrl).toBe('http://lab.internal')
    // Taking the consent back while the address is still plain http is refused at the field.
    const back = await expectAppError(profiles.update(consented.id, { allowInsecureHttp: false }), 'app.invalidInput')
    expect(back.details.issues?.[0]).toMatchObject({ path: 'fields.baseUrl', code: 'insecureAddress' })
    expect((await profiles.list()).profiles.map((p) => p.name)).toEqual(['Sandbox', 'Local', 'Named', 'Six', 'Lab'])
  })

  it('refuses to connect a stored profile with a plain http:// address and no consent, naming the field', async () => {
    const { writeFile } = await import('node:fs/promises')
    const old = { ...fields('Old', { baseUrl: 'http://licensing.example.com' }), id: 'old', createdAt: 1, updatedAt: 1 }
    await writeFile(join(dir, 'profiles.json'), JSON.stringify({ version: 1, activeId: 'old', profiles: [old], sandbox: {} }))
    // It still lists (nothing typed is lost), but nothing is sent to it.
    expect((await profiles.get('old')).baseUrl).toBe('http://licensing.example.com')
    const err = await expectAppError(profiles.connectionFor('old'), 'app.insecureAddress')
    expect(err.details.issues?.[0]).toMatchObject({ path: 'fields.baseUrl', code: 'insecureAddress' })
    const rename = await expectAppError(profiles.update('old', { name: 'Renamed' }), 'app.invalidInput')
    expect(rename.details.issues?.[0]).toMatchObject({ path: 'fields.baseUrl', code: 'insecureAddress' })
    expect((await profiles.update('old', { baseUrl: 'https://licensing.example.com' })).baseUrl).toBe('https://licensing.example.com')
  })

  it('falls back to the Sandbox when the stored active profile no longer exists', async () => {
    const { writeFile } = await import('node:fs/promises')
    await writeFile(join(dir, 'profiles.json'), JSON.stringify({ version: 1, activeId: 'gone', profiles: [], sandbox: {} }))
    expect((await profiles.list()).activeId).toBe('sandbox')
  })
})

describe('SandboxHost', () => {
  let dir: string
  beforeEach(async () => {
    dir = await tempDir()
  })
  afterEach(async () => {
    await removeDir(dir)
  })

  it('starts once on demand, stops, and publishes each change', async () => {
    const events = new EventBus(silentLogger)
    const seen: unknown[] = []
    events.on('sandbox.status', (s) => seen.push(s))
    const starter = fakeSandboxStarter()
    const host = new SandboxHost({ start: starter, dataFile: join(dir, 's.json'), log: silentLogger, events })
    const [a, b] = await Promise.all([host.ensure(), host.ensure()])
    expect(a).toBe(b)
    expect(starter.starts).toBe(1)
    expect(host.status()).toEqual({ running: true, url: a })
    await host.stop()
    await host.stop()
    expect(starter.closes).toBe(1)
    expect(seen).toEqual([{ running: true, url: a }, { running: false }])
  })

  it('reports a sandbox that cannot start as app.sandboxUnavailable, in its status too', async () => {
    const events = new EventBus(silentLogger)
    const host = new SandboxHost({
      start: async () => {
        throw new Error('EADDRINUSE')
      },
      dataFile: join(dir, 's.json'),
      log: silentLogger,
      events,
    })
    await expectAppError(host.ensure(), 'app.sandboxUnavailable')
    expect(host.status()).toEqual({ running: false, error: 'EADDRINUSE' })
  })
})
