/**
 * The product catalog and the order/entry templates through the team workspace: two cores on two data folders,
 * one workspace on the real PostgreSQL test cluster. An edit on either converges on both; an item changed on both
 * while apart is a conflict kept until the user chooses, and "keep both" keeps the two versions on both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Core } from '../../../src/main/core'
import { SANDBOX_PROFILE_ID } from '../../../src/main/services/profiles'
import { emptyOrderDraft } from '../../../src/shared/orders/draft'
import { catalogProductSchema, type CatalogProductInput } from '../../../src/shared/orders/catalog'
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

const product = (input: Partial<CatalogProductInput> & { productUri: string }) => catalogProductSchema.parse({ productName: 'Product', productType: 'software', ...input })
const productName = (core: Core, uri: string): string | null => core.services.catalog.product(P, uri)?.productName ?? null
const template = (core: Core, id: string): { name: string; channelOrderId: string } | null => {
  const meta = core.services.drafts.meta(id)
  if (!meta || meta.removedAt !== null) return null
  const body = core.services.drafts.get(id).body as { order: { channelOrderId: string } }
  return { name: meta.name, channelOrderId: body.order.channelOrderId }
}
const templateNames = (core: Core): string[] =>
  core.services.drafts
    .list({ kinds: ['orders.template'], profileId: P })
    .drafts.map((d) => d.name)
    .sort()
const saveTemplate = (core: Core, name: string, channelOrderId: string, id?: string, baseRevision = 0) =>
  core.services.drafts.save({ ...(id ? { id } : {}), kind: 'orders.template', profileId: P, name, body: { scope: 'order', order: emptyOrderDraft(channelOrderId) }, baseRevision })
const settled = (core: Core) => () => {
  const s = core.services.workspace.status()
  return s.online && s.pending === 0
}

/** Cuts Bob off, lets `both` change the record on each side, and brings him back: the change is a conflict on his side. */
async function apart(edit: { alice: () => unknown; bob: () => unknown }): Promise<void> {
  await until(a, settled(a))
  await until(b, settled(b))
  await disconnect(ws, 1)
  await until(b, () => !b.services.workspace.status().online)
  edit.alice()
  await until(a, settled(a))
  edit.bob()
  await reconnect(ws, 1)
  await until(b, () => b.services.workspace.status().conflicts === 1)
}

beforeAll(async () => {
  const cluster = await sharedCluster()
  release = cluster.release
  ws = await setupWorkspace(cluster.server, ['alice', 'bob'])
  dirs = [await tempDir(), await tempDir()]
  a = await testCore(dirs[0]!, { workspaceRetry: { firstMs: 20, maxMs: 100 } })
  b = await testCore(dirs[1]!, { workspaceRetry: { firstMs: 20, maxMs: 100 } })
  await join(a, ws, 0, 'desk-a')
  await until(a, settled(a))
  await join(b, ws, 1, 'desk-b')
  await until(b, settled(b))
})

afterAll(async () => {
  await a?.dispose()
  await b?.dispose()
  await ws?.drop()
  await release?.()
  for (const d of dirs) await removeDir(d)
})

describe('team workspace: catalog and templates', () => {
  it('the same demo catalog seeded on both workstations is agreement, not a conflict', async () => {
    expect(a.services.workspace.status().conflicts).toBe(0)
    expect(b.services.workspace.status().conflicts).toBe(0)
    expect(b.services.catalog.get(P)).toEqual(a.services.catalog.get(P))
  })

  it('a catalog edit on one workstation reaches the other: a new product, a rename of its URI, a removal', async () => {
    a.services.catalog.saveProduct(P, product({ productUri: 'ws.prod.1', productName: 'Shared Suite' }), undefined, 'en')
    await until(b, () => productName(b, 'ws.prod.1') === 'Shared Suite')
    b.services.catalog.saveProduct(P, product({ productUri: 'ws.prod.2', productName: 'Shared Suite 2' }), 'ws.prod.1', 'en')
    await until(a, () => productName(a, 'ws.prod.2') === 'Shared Suite 2')
    expect(productName(a, 'ws.prod.1')).toBeNull()
    a.services.catalog.savePackage(P, { merchandiseNum: 'WS-PKG', merchandiseName: 'Bundle', timeDurationExpression: '1-0-0', children: [], products: ['ws.prod.2'] }, undefined, 'en')
    await until(b, () => b.services.catalog.package(P, 'WS-PKG') !== null)
    a.services.catalog.remove(P, [], ['WS-PKG'], 'en')
    await until(b, () => b.services.catalog.package(P, 'WS-PKG') === null)
    await until(a, settled(a))
    await until(b, settled(b))
    expect(b.services.catalog.get(P)).toEqual(a.services.catalog.get(P))
  })

  it('a template edit on one workstation reaches the other, and its removal too', async () => {
    const t = saveTemplate(b, 'Yearly lock', 'T-100')
    await until(a, () => template(a, t.id)?.channelOrderId === 'T-100')
    saveTemplate(a, 'Yearly lock (v2)', 'T-200', t.id, a.services.drafts.meta(t.id)!.revision)
    await until(b, () => template(b, t.id)?.name === 'Yearly lock (v2)')
    expect(template(b, t.id)?.channelOrderId).toBe('T-200')
    b.services.drafts.remove([t.id])
    await until(a, () => template(a, t.id) === null)
    // Who changed it last, from which workstation, is on the server.
    const row = await asAdmin(ws.server, (c) => c.query("SELECT updated_by, updated_from, removed FROM desk.records WHERE kind = 'template' AND id = $1", [t.id]), ws.database)
    expect(row.rows[0]).toEqual({ updated_by: ws.members[1]!.user, updated_from: 'desk-b', removed: true })
  })

  it('a product changed on both while apart: a conflict until chosen; keep both keeps theirs under the URI and mine as a copy, on both', async () => {
    a.services.catalog.saveProduct(P, product({ productUri: 'ws.clash', productName: 'Original' }), undefined, 'en')
    await until(b, () => productName(b, 'ws.clash') === 'Original')
    await apart({
      alice: () => a.services.catalog.saveProduct(P, product({ productUri: 'ws.clash', productName: 'Alice edition' }), 'ws.clash', 'en'),
      bob: () => b.services.catalog.saveProduct(P, product({ productUri: 'ws.clash', productName: 'Bob edition' }), 'ws.clash', 'en'),
    })
    expect(productName(b, 'ws.clash')).toBe('Bob edition')
    expect(b.services.workspace.conflicts()[0]).toMatchObject({ kind: 'product', id: 'ws.clash', mine: { productName: 'Bob edition' }, theirs: { productName: 'Alice edition' } })

    b.services.workspace.resolve('product', 'ws.clash', 'both')
    expect(productName(b, 'ws.clash')).toBe('Alice edition')
    expect(productName(b, 'ws.clash-copy')).toBe('Bob edition')
    await until(a, () => productName(a, 'ws.clash-copy') === 'Bob edition')
    await until(b, settled(b))
    expect(b.services.workspace.status().conflicts).toBe(0)
    expect(b.services.catalog.get(P)).toEqual(a.services.catalog.get(P))
  })

  it('a template changed on both while apart: keep both keeps theirs under its id and mine as a new template, on both', async () => {
    const t = saveTemplate(a, 'Shared start', 'S-1')
    await until(b, () => template(b, t.id)?.name === 'Shared start')
    await apart({
      alice: () => saveTemplate(a, 'Shared start (Alice)', 'S-A', t.id, a.services.drafts.meta(t.id)!.revision),
      bob: () => saveTemplate(b, 'Shared start (Bob)', 'S-B', t.id, b.services.drafts.meta(t.id)!.revision),
    })
    expect(b.services.workspace.conflicts()[0]).toMatchObject({ kind: 'template', id: t.id, mine: { name: 'Shared start (Bob)' }, theirs: { name: 'Shared start (Alice)' } })

    b.services.workspace.resolve('template', t.id, 'both')
    expect(template(b, t.id)).toEqual({ name: 'Shared start (Alice)', channelOrderId: 'S-A' })
    await until(a, () => templateNames(a).includes('Shared start (Bob)'))
    await until(b, settled(b))
    expect(templateNames(a)).toEqual(templateNames(b))
    expect(templateNames(a).filter((n) => n.startsWith('Shared start'))).toEqual(['Shared start (Alice)', 'Shared start (Bob)'])
  })
})
