/** The workspace's connection rules: TLS unless this machine or consented, the CLI's address, the password's place. */
import { describe, expect, it } from 'vitest'
import { isLocalHost, parseWorkspaceUrl, workspaceNeedsTls } from '../../../../src/shared/workspace'
import { connectionConfig } from '../../../../src/main/services/workspace'

const base = { port: 5432, database: 'license_desk', user: 'alice', profileId: 'p', workstation: 'desk-1' }

describe('workspace connection rules', () => {
  it('TLS for any host that is not this machine, unless the user consented to plain', () => {
    for (const host of ['localhost', '127.0.0.1', '::1', '/var/run/postgresql']) expect(isLocalHost(host), host).toBe(true)
    for (const host of ['db.example.com', '10.0.0.5', 'fe80::1']) expect(isLocalHost(host), host).toBe(false)
    expect(workspaceNeedsTls({ host: 'db.example.com', allowUnencrypted: false })).toBe(true)
    expect(workspaceNeedsTls({ host: 'db.example.com', allowUnencrypted: true })).toBe(false)
    expect(workspaceNeedsTls({ host: 'localhost', allowUnencrypted: false })).toBe(false)
    expect(connectionConfig({ ...base, host: 'db.example.com', allowUnencrypted: false }, 'pw').ssl).toEqual({ rejectUnauthorized: true, servername: 'db.example.com' })
    expect(connectionConfig({ ...base, host: 'db.example.com', allowUnencrypted: true }, 'pw').ssl).toBe(false)
    expect(connectionConfig({ ...base, host: '127.0.0.1', allowUnencrypted: false }, null)).not.toHaveProperty('password')
  })

  it('reads the CLI address and refuses a password in it', () => {
    expect(parseWorkspaceUrl('postgres://alice@db.example.com:6543/license_desk?workstation=front&profile=p1')).toEqual({
      ok: true,
      value: { host: 'db.example.com', port: 6543, database: 'license_desk', user: 'alice', allowUnencrypted: false, profileId: 'p1', workstation: 'front' },
    })
    expect(parseWorkspaceUrl('postgres://alice@[::1]/d?unencrypted=1')).toMatchObject({ ok: true, value: { host: '::1', allowUnencrypted: true } })
    expect(parseWorkspaceUrl('postgres://alice:pw@db/d')).toMatchObject({ ok: false, problem: expect.stringContaining('no password') })
    expect(parseWorkspaceUrl('https://db/d')).toMatchObject({ ok: false })
    expect(parseWorkspaceUrl('postgres://db/d')).toMatchObject({ ok: false })
  })
})
