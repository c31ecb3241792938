/**
 * Inputs that change or remove data are strict: a misspelt key is refused and changes nothing (before, the
 * unknown key was dropped and `shellnums.forget {"batchId":"x"}` became "forget every batch"). Oversized inputs
 * are refused by their bounds, with a short answer.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../../src/main/core'
import { testCore } from '../../support/core'
import { removeDir, tempDir } from '../../support/tmp'

const ctx = { transport: 'test' } as const

describe('channel inputs on a real core', () => {
  let dir: string
  let core: Core
  beforeEach(async () => {
    dir = await tempDir()
    core = await testCore(dir)
  })
  afterEach(async () => {
    await core.dispose()
    await removeDir(dir)
  })

  it('shellnums.forget with a misspelt key is refused and forgets nothing', async () => {
    const batch = (id: string) => ({ id, profileId: 'sandbox', profileName: 'Sandbox', issuedAt: 1, requested: 2, numbers: ['8000000001', '8000000002'] })
    await core.services.shellnums.add(batch('a'))
    await core.services.shellnums.add(batch('b'))
    const r = await core.registry.invoke('shellnums.forget', { batchId: 'x' }, ctx)
    expect(r).toMatchObject({ ok: false, error: { code: 'app.invalidInput', details: { issues: [{ code: 'unknownKey', values: ['batchId'] }] } } })
    expect((await core.services.shellnums.list()).batches.map((b) => b.id)).toEqual(['b', 'a'])
    // The right key forgets the one batch.
    const ok = await core.registry.invoke('shellnums.forget', { id: 'a' }, ctx)
    expect(ok).toMatchObject({ ok: true, value: { batches: [{ id: 'b' }] } })
  })

  it('profiles.delete and profiles.update refuse extra keys; nothing changes', async () => {
    const created = await core.registry.invoke('profiles.create', { fields: { name: 'Acme', baseUrl: 'https://api.example.com' } }, ctx)
    if (!created.ok) throw new Error(JSON.stringify(created.error))
    const id = (created.value as { id: string }).id
    expect((await core.registry.invoke('profiles.delete', { id, force: true }, ctx)).ok).toBe(false)
    expect((await core.registry.invoke('profiles.update', { id, fields: { nmae: 'Typo' } }, ctx)).ok).toBe(false)
    expect((await core.registry.invoke('profiles.create', { fields: { name: 'B', baseUrl: 'https://b.example.com' }, secret: { orderAppSecret: 'x' } }, ctx)).ok).toBe(false)
    const list = await core.services.profiles.list()
    expect(list.profiles.map((p) => p.name)).toEqual(['Sandbox', 'Acme'])
  })

  it('an export over its bounds is refused with one short answer instead of a 100 MB file', async () => {
    const rows = Array.from({ length: 4_100 }, () => Array.from({ length: 50 }, () => 'y'.repeat(100)))
    const r = await core.registry.invoke('exports.run', { id: 'export-big', format: 'csv', source: { kind: 'table', baseName: 'big', columns: ['a'], rows } }, ctx)
    expect(r).toMatchObject({ ok: false, error: { code: 'app.invalidInput', details: { issues: [{ path: 'source.rows', code: 'tooLong', bound: 16_000_000 }] } } })
    expect(JSON.stringify(r).length).toBeLessThan(2_000)
  })
})
