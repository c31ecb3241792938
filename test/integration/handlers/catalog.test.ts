/**
 * The product catalog's channels through the core's registry: the Sandbox profile's catalog seeded from the demo
 * data, keeping and removing products and packages (the catalog kept whole), and export then import, CSV and
 * Excel, into another profile giving the same catalog back; a file with a bad row imports nothing and says which
 * row and why, in the user's language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { IpcResult } from '@shared/ipc/channel'
import type { ChannelName, ChannelOutput } from '@shared/ipc/contract'
import { SANDBOX_DEMO_PACKAGES, SANDBOX_DEMO_PRODUCTS } from '@shared/sandbox-demo'
import type { Core } from '../../../src/main/core'
import { testCore } from '../../support/core'
import { removeDir, tempDir } from '../../support/tmp'

const ctx = { transport: 'test' } as const
let dir: string
let core: Core

async function call<C extends ChannelName>(channel: C, input: unknown): Promise<ChannelOutput<C>> {
  const r = (await core.registry.invoke(channel, input, ctx)) as IpcResult<ChannelOutput<C>>
  if (!r.ok) throw new Error(`${channel} failed: ${JSON.stringify(r.error)}`)
  return r.value
}

async function callError(channel: ChannelName, input: unknown) {
  const r = await core.registry.invoke(channel, input, ctx)
  if (r.ok) throw new Error(`${channel} succeeded unexpectedly`)
  return r.error
}

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64')

beforeAll(async () => {
  dir = await tempDir()
  core = await testCore(dir)
  await call('settings.update', { locale: 'en' })
})

afterAll(async () => {
  await core?.dispose()
  await removeDir(dir)
})

describe('catalog channels', () => {
  it('the Sandbox profile starts with the demo products and package tree', async () => {
    const c = await call('catalog.get', { profileId: 'sandbox' })
    expect(c.products.map((p) => p.productUri).sort()).toEqual(SANDBOX_DEMO_PRODUCTS.map((p) => p.uri).sort())
    expect(c.products.find((p) => p.productUri === 'APP-2001')).toMatchObject({ uriKind: 'appKey', productType: 'web' })
    expect(c.packages.map((k) => k.merchandiseNum).sort()).toEqual(SANDBOX_DEMO_PACKAGES.map((k) => k.num).sort())
    expect(c.packages.find((k) => k.merchandiseNum === 'PKG-SUITE')).toMatchObject({ children: ['PKG-BASIC'], products: ['GMS-1001'] })
    const found = await call('catalog.search', { profileId: 'sandbox', query: '算量' })
    expect(found.products.map((r) => r.ref)).toEqual(['GMS-1002'])
    expect(found.packages).toEqual([])
    const byNum = await call('catalog.search', { profileId: 'sandbox', query: 'pkg basic' })
    // The suite holds the basic pack, so it is found by the child's number too.
    expect(byNum.packages.map((r) => r.ref)).toEqual(['PKG-BASIC', 'PKG-SUITE'])
    expect(byNum.products).toEqual([])
  })

  it('keeps products and packages, refusing what would break the catalog, in the user’s language', async () => {
    await call('catalog.save', { profileId: 'p1', item: { kind: 'product', product: { productUri: 'CN-1', productName: '造价云 加密狗版', productType: 'tool', defaultNodeCount: 5, features: [{ featureCode: 'EXP', featureName: '导出', featureValue: '1', featureValueType: 'int' }] } } })
    await call('catalog.save', { profileId: 'p1', item: { kind: 'product', product: { productUri: 'APP-9', uriKind: 'appKey', productName: 'Field app', productType: 'web' } } })
    await call('catalog.save', { profileId: 'p1', item: { kind: 'package', package: { merchandiseNum: 'K-1', merchandiseName: '企业套餐', products: ['CN-1'], children: [{ merchandiseNum: 'K-1-A', merchandiseName: 'Add-on', products: ['APP-9'] }] } } })
    const e1 = await callError('catalog.save', { profileId: 'p1', item: { kind: 'package', package: { merchandiseNum: 'K-2', merchandiseName: 'x', products: ['NOPE'] } } })
    expect(e1.messageKey).toBe('app.invalidInput')
    expect(e1.params['detail']).toBe('Package K-2 names product NOPE, which the catalog does not have.')
    const e2 = await callError('catalog.remove', { profileId: 'p1', products: ['CN-1'] })
    expect(e2.params['detail']).toBe('Product CN-1 is in package K-1: take it out of the package first.')
    await call('settings.update', { locale: 'zh-CN' })
    const e3 = await callError('catalog.save', { profileId: 'p1', item: { kind: 'product', product: { productUri: 'CN-1', productName: 'again', productType: 't' } } })
    expect(e3.params['detail']).toBe('目录中已有产品 CN-1。')
    await call('settings.update', { locale: 'en' })
    const e4 = await callError('catalog.save', { profileId: 'p1', item: { kind: 'product', product: { productUri: 'has space', productName: 'x', productType: 't' } } })
    expect(e4.messageKey).toBe('app.invalidInput')
    // A package and its products go together.
    await call('catalog.save', { profileId: 'p1', item: { kind: 'product', product: { productUri: 'TMP', productName: 'tmp', productType: 't' } } })
    await call('catalog.save', { profileId: 'p1', item: { kind: 'package', package: { merchandiseNum: 'K-TMP', merchandiseName: 'tmp', products: ['TMP'] } } })
    await call('catalog.remove', { profileId: 'p1', products: ['TMP'], packages: ['K-TMP'] })
    const c = await call('catalog.get', { profileId: 'p1' })
    expect(c.products.map((p) => p.productUri)).toEqual(['APP-9', 'CN-1'])
    expect(c.packages.map((k) => k.merchandiseNum)).toEqual(['K-1'])
  })

  for (const format of ['csv', 'xlsx'] as const) {
    for (const locale of ['en', 'zh-CN'] as const) {
      it(`exports and imports back the same catalog (${format}, ${locale} headers)`, async () => {
        await call('settings.update', { locale })
        const file = await call('catalog.export', { profileId: 'p1', format })
        expect(file.fileName).toMatch(new RegExp(`\\.${format}$`))
        const target = `rt-${format}-${locale}`
        const r = await call('catalog.import', { profileId: target, fileName: file.fileName, contentBase64: file.contentBase64 })
        expect(r.issues).toEqual([])
        expect(r).toMatchObject({ imported: true, products: { added: 2, updated: 0, unchanged: 0 }, packages: { added: 1 } })
        expect(await call('catalog.get', { profileId: target })).toEqual(await call('catalog.get', { profileId: 'p1' }))
        const again = await call('catalog.import', { profileId: target, fileName: file.fileName, contentBase64: file.contentBase64 })
        expect(again).toMatchObject({ imported: true, products: { added: 0, unchanged: 2 }, packages: { unchanged: 1 } })
        await call('settings.update', { locale: 'en' })
      })
    }
  }

  it('imports nothing from a file with a bad row, and names the row and the reason', async () => {
    const csv = [
      '[产品]',
      '产品URI,产品名称,产品类型,默认节点数,时长（年-月-日）',
      'OK-1,好产品,tool,2,1-0-0',
      'BAD 2,坏产品,tool,x,1 year',
      '',
      '[Packages]',
      'Package number,Package name,Products',
      'PK-1,Pack,OK-1; MISSING',
    ].join('\r\n')
    const r = await call('catalog.import', { profileId: 'bad', fileName: 'catalog.csv', contentBase64: b64(csv) })
    expect(r.imported).toBe(false)
    const lines = r.issues.map((i) => [i.section, i.line, i.column ?? ''])
    expect(lines).toContainEqual(['products', 4, '产品URI'])
    expect(lines).toContainEqual(['products', 4, '默认节点数'])
    expect(lines).toContainEqual(['products', 4, '时长（年-月-日）'])
    expect(r.issues.find((i) => i.column === '默认节点数')!.message).toBe('默认节点数 must be a whole number from 0 to 1000000: "x"')
    expect(r.issues.find((i) => i.line === 8)!.message).toBe('Package PK-1 names product MISSING, which the catalog does not have.')
    expect(await call('catalog.get', { profileId: 'bad' })).toEqual({ products: [], packages: [] })
    // The same file without the bad row and with the missing product goes in whole.
    const good = csv.replace('BAD 2,坏产品,tool,x,1 year', 'MISSING,补上,tool,1,0-6-0')
    const ok = await call('catalog.import', { profileId: 'bad', fileName: 'catalog.csv', contentBase64: b64(good) })
    expect(ok).toMatchObject({ imported: true, products: { added: 2 }, packages: { added: 1 } })
  })

  it('refuses a file with no table of the catalog', async () => {
    const r = await call('catalog.import', { profileId: 'bad2', fileName: 'x.csv', contentBase64: b64('a,b\r\n1,2') })
    expect(r).toMatchObject({ imported: false })
    expect(r.issues[0]!.code).toBe('catalog.noTables')
  })
})
