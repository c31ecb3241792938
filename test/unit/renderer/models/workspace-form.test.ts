import { describe, expect, it } from 'vitest'
import { checkForm, formFrom, needsConsent, stateOf } from '../../../../src/renderer/models/workspace/workspace-form'
import type { WorkspaceStatus } from '@shared/workspace'

const filled = { ...formFrom(null, 'sandbox'), host: 'db.example.com', database: 'license_desk', user: 'wang', workstation: 'front-desk' }
const status = (s: Partial<WorkspaceStatus>): WorkspaceStatus => ({
  configured: true,
  online: true,
  pending: 0,
  conflicts: 0,
  lastSyncAt: null,
  error: null,
  host: 'h',
  database: 'd',
  user: 'u',
  tls: true,
  ...s,
})

describe('the workspace form', () => {
  it('starts from the settings on file, else the active connection, port 5432 and this machine\'s name', () => {
    expect(formFrom({ settings: null, hasPassword: false, defaultWorkstation: 'vm-7' }, 'p1')).toMatchObject({ port: '5432', profileId: 'p1', workstation: 'vm-7', password: '' })
    const on = formFrom({ settings: { host: 'h', port: 6432, database: 'd', user: 'u', allowUnencrypted: true, profileId: 'p2', workstation: 'w' }, hasPassword: true, defaultWorkstation: 'vm-7' }, 'p1')
    expect(on).toMatchObject({ host: 'h', port: '6432', profileId: 'p2', workstation: 'w', allowUnencrypted: true, password: '' })
  })

  it('names the problem of each field: required, too long, a port that is not 1 to 65535', () => {
    expect(checkForm({ ...filled, host: ' ', database: '', port: '' })).toEqual({ ok: false, problems: { host: 'required', database: 'required', port: 'required' } })
    for (const port of ['0', '65536', '54x', '-1', '1.5']) expect(checkForm({ ...filled, port }), port).toEqual({ ok: false, problems: { port: 'port' } })
    expect(checkForm({ ...filled, user: 'x'.repeat(64), workstation: 'w'.repeat(101) })).toEqual({ ok: false, problems: { user: 'tooLong', workstation: 'tooLong' } })
  })

  it('sends the settings trimmed, the port as a number', () => {
    expect(checkForm({ ...filled, host: ' db.example.com ', port: ' 6432 ' })).toEqual({
      ok: true,
      settings: { host: 'db.example.com', port: 6432, database: 'license_desk', user: 'wang', allowUnencrypted: false, profileId: 'sandbox', workstation: 'front-desk' },
    })
  })

  it('asks for consent to plain only for another machine, and never sends a consent that does not apply', () => {
    expect(needsConsent({ host: 'db.example.com', allowUnencrypted: false })).toBe(true)
    expect(needsConsent({ host: '127.0.0.1', allowUnencrypted: false })).toBe(false)
    expect(needsConsent({ host: '/run/postgresql', allowUnencrypted: false })).toBe(false)
    expect(needsConsent({ host: '', allowUnencrypted: false })).toBe(false)
    const local = checkForm({ ...filled, host: 'localhost', allowUnencrypted: true })
    expect(local.ok && local.settings.allowUnencrypted).toBe(true)
    const remote = checkForm({ ...filled, allowUnencrypted: true })
    expect(remote.ok && remote.settings.allowUnencrypted).toBe(true)
  })

  it('says where the sync stands, the worst first', () => {
    expect(stateOf(null).key).toBe('none')
    expect(stateOf(status({ configured: false })).key).toBe('none')
    expect(stateOf(status({ online: false, conflicts: 2, pending: 3 }))).toEqual({ tone: 'warning', key: 'offline' })
    expect(stateOf(status({ conflicts: 1, pending: 3 }))).toEqual({ tone: 'warning', key: 'conflicts' })
    expect(stateOf(status({ pending: 3 })).key).toBe('pending')
    expect(stateOf(status({}))).toEqual({ tone: 'success', key: 'online' })
  })
})
