/**
 * Two app cores on two data folders, one workspace on a real PostgreSQL server (the test cluster): what one keeps
 * in the customer book reaches the other; a customer changed on both while apart is a conflict resolved by the
 * user's choice, never silently overwritten; nothing secret ever reaches the server.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join as joinPath } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Core } from '../../../src/main/core'
import { SANDBOX_PROFILE_ID } from '../../../src/main/services/profiles'
import { testCore } from '../../support/core'
import { asAdmin, sharedCluster } from '../../support/pg'
import { removeDir, tempDir } from '../../support/tmp'
import { disconnect, join, reconnect, setupWorkspace, until, type TestWorkspace } from '../../support/workspace'

const P = SANDBOX_PROFILE_ID
let release: () => Promise<void>
let ws: TestWorkspace
let dirs: string[] = []
let a: Core
let b: Core

const names = (core: Core): string[] => core.services.customers.book.all(P).map((r) => r.customerName ?? '').sort()
const nameOf = (core: Core, id: string): string | null => {
  try {
    const r = core.services.customers.book.get(id)
    return r.removedAt === null ? r.customerName : null
  } catch {
    return null
  }
}
const settled = (core: Core) => () => {
  const s = core.services.workspace.status()
  return s.online && s.pending === 0
}

beforeAll(async () => {
  const cluster = await sharedCluster()
  release = cluster.release
  ws = await setupWorkspace(cluster.server, ['alice', 'bob'])
  dirs = [await tempDir(), await tempDir()]
  a = await testCore(dirs[0]!, { workspaceRetry: { firstMs: 20, maxMs: 100 } })
  b = await testCore(dirs[1]!, { workspaceRetry: { firstMs: 20, maxMs: 100 } })
  // Alice had a book before the workspace: joining offers it to the team.
  await a.services.customers.save(P, undefined, { customerName: 'Kept before joining' })
  await join(a, ws, 0, 'desk-a')
  await join(b, ws, 1, 'desk-b')
  await until(b, () => names(b).includes('Kept before joining'))
})

afterAll(async () => {
  await a?.dispose()
  await b?.dispose()
  await ws?.drop()
  await release?.()
  for (const d of dirs) await removeDir(d)
})

describe('team workspace: the customer book', () => {
  it('edits made on either workstation converge on both', async () => {
    const mine = await a.services.customers.save(P, undefined, { customerName: 'Acme Trading', adminEmail: 'it@acme.test' })
    await until(b, () => nameOf(b, mine.id) === 'Acme Trading')
    expect(b.services.customers.book.get(mine.id).adminEmail).toBe('it@acme.test')

    await b.services.customers.save(P, mine.id, { customerName: 'Acme Trading Ltd' })
    await until(a, () => nameOf(a, mine.id) === 'Acme Trading Ltd')

    a.services.customers.book.remove([mine.id])
    await until(b, () => nameOf(b, mine.id) === null)
    await until(a, settled(a))
    await until(b, settled(b))
    expect(names(a)).toEqual(names(b))
    // Who changed what is on the server, by database role and workstation.
    const row = await asAdmin(ws.server, (c) => c.query('SELECT updated_by, updated_from, version FROM desk.records WHERE id = $1', [mine.id]), ws.database)
    expect(row.rows[0]).toMatchObject({ updated_by: ws.members[0]!.user, updated_from: 'desk-a', version: '3' })
  })

  it('a customer changed on both while apart is a conflict until the user chooses; "mine" then wins everywhere', async () => {
    const c = await a.services.customers.save(P, undefined, { customerName: 'Original' })
    await until(b, () => nameOf(b, c.id) === 'Original')
    await until(a, settled(a))

    await disconnect(ws, 1)
    await until(b, () => !b.services.workspace.status().online)
    await a.services.customers.save(P, c.id, { customerName: 'Alice says' })
    await until(a, settled(a))
    await b.services.customers.save(P, c.id, { customerName: 'Bob says' })
    expect(b.services.workspace.status().pending).toBe(1)

    await reconnect(ws, 1)
    await until(b, () => b.services.workspace.status().conflicts === 1)
    // Neither side was overwritten.
    expect(nameOf(b, c.id)).toBe('Bob says')
    expect(nameOf(a, c.id)).toBe('Alice says')
    const [conflict] = b.services.workspace.conflicts()
    expect(conflict).toMatchObject({ kind: 'customer', id: c.id, mine: { customerName: 'Bob says' }, theirs: { customerName: 'Alice says' }, theirsBy: `desk-a (${ws.members[0]!.user})` })

    b.services.workspace.resolve('customer', c.id, 'mine')
    await until(a, () => nameOf(a, c.id) === 'Bob says')
    expect(b.services.workspace.status().conflicts).toBe(0)
  })

  it('"keep both" keeps theirs under the record and mine as a new customer, on both workstations', async () => {
    const c = await a.services.customers.save(P, undefined, { customerName: 'Shared Co' })
    await until(b, () => nameOf(b, c.id) === 'Shared Co')
    await until(a, settled(a))
    await disconnect(ws, 1)
    await until(b, () => !b.services.workspace.status().online)
    await a.services.customers.save(P, c.id, { customerName: 'Shared Co (Alice)' })
    await until(a, settled(a))
    await b.services.customers.save(P, c.id, { customerName: 'Shared Co (Bob)' })
    await reconnect(ws, 1)
    await until(b, () => b.services.workspace.status().conflicts === 1)

    b.services.workspace.resolve('customer', c.id, 'both')
    expect(nameOf(b, c.id)).toBe('Shared Co (Alice)')
    await until(a, () => names(a).includes('Shared Co (Bob)'))
    await until(b, settled(b))
    expect(names(a)).toEqual(names(b))
  })

  it('"theirs" drops the local change', async () => {
    const c = await a.services.customers.save(P, undefined, { customerName: 'Theirs Co' })
    await until(b, () => nameOf(b, c.id) === 'Theirs Co')
    await until(a, settled(a))
    await disconnect(ws, 1)
    await until(b, () => !b.services.workspace.status().online)
    await a.services.customers.save(P, c.id, { customerName: 'Theirs Co (Alice)' })
    await until(a, settled(a))
    await b.services.customers.save(P, c.id, { customerName: 'Theirs Co (Bob)' })
    await reconnect(ws, 1)
    await until(b, () => b.services.workspace.status().conflicts === 1)
    b.services.workspace.resolve('customer', c.id, 'theirs')
    expect(nameOf(b, c.id)).toBe('Theirs Co (Alice)')
    await until(b, settled(b))
    expect(nameOf(a, c.id)).toBe('Theirs Co (Alice)')
  })

  it('nothing secret reaches the workspace (not the password, not a profile secret), and the password is on no disk', async () => {
    const secret = 'order-secret-9f3b2c71'
    await a.services.vault.set(P, 'orderAppSecret', secret)
    await a.services.customers.save(P, undefined, { customerName: 'After the secret' })
    await until(b, () => names(b).includes('After the secret'))
    const dump = await asAdmin(
      ws.server,
      async (c) => {
        const tables = await c.query<{ t: string }>("SELECT table_schema || '.' || table_name AS t FROM information_schema.tables WHERE table_schema = 'desk'")
        const parts: string[] = []
        for (const { t } of tables.rows) parts.push(JSON.stringify((await c.query(`SELECT * FROM ${t}`)).rows))
        return parts.join('\n')
      },
      ws.database,
    )
    expect(dump).toContain('After the secret')
    for (const m of ws.members) expect(dump).not.toContain(m.password)
    expect(dump).not.toContain(secret)
    // The workspace password is in the keychain only: no file of either data folder holds it (settings, database, logs).
    for (const dir of dirs) {
      for (const file of readdirSync(dir, { recursive: true, withFileTypes: true })) {
        if (!file.isFile()) continue
        const bytes = readFileSync(joinPath(file.parentPath, file.name))
        for (const m of ws.members) expect(bytes.includes(m.password), `${file.name} holds a password`).toBe(false)
      }
    }
    expect(readFileSync(joinPath(dirs[0]!, 'workspace.json'), 'utf8')).toContain(ws.members[0]!.user)
  })
})
