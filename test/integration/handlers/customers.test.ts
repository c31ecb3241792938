/**
 * The Customers area's channels through the core's registry, against the real sandbox over HTTP (started by the
 * core for the built-in Sandbox profile): find, bind, create, update, and the book they fill. A lost answer to
 * a bind is read back with order operation 3 before anything is sent again (exactly one customer bound); a lost
 * answer to a create is reported UNKNOWN in the result and in the journal, and never resent.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { exportThrough } from '../../support/exports'
import type { IpcResult } from '@shared/ipc/channel'
import { describeError } from '@shared/errors/app-error'
import type { ChannelName, ChannelOutput } from '@shared/ipc/contract'
import { startSandbox, type SandboxHandle } from '../../../src/sandbox/index'
import type { Core } from '../../../src/main/core'
import { testCore } from '../../support/core'
import { removeDir, tempDir } from '../../support/tmp'
import { SANDBOX_DEMO_CUSTOMERS } from '@shared/sandbox-demo'
import { profileInput } from '../orders/support'

const ctx = { transport: 'test' } as const

let dir: string
let core: Core
let sandbox: SandboxHandle

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

const bindFields = (id: string) => ({
  channelCode: 'TESTCH',
  channelCustomerId: id,
  customerName: `客户 ${id}`,
  branchName: '上海分公司',
  enterpriseName: `企业 ${id}`,
  passwordMobile: '139 1234 5678',
})

const received = (op: 'bindEnterprise' | 'createEnterprise', key: string) => sandbox.stats().creates.received[op]?.[key] ?? 0

beforeAll(async () => {
  dir = await tempDir()
  core = await testCore(dir, {
    startSandbox: async (o) => {
      sandbox = await startSandbox(o)
      return sandbox
    },
  })
  // Fast retries: reads retried on 500 should not make the suite slow.
  await call('settings.update', { bulk: { retryBaseMs: 5, maxRetries: 2 } })
})

afterAll(async () => {
  await core?.dispose()
  await removeDir(dir)
})

beforeEach(() => sandbox?.clearFaults())

describe('find (order operation 3)', () => {
  it('finds the demo customer and keeps it in the book; all customers of its enterprise with N', async () => {
    const y = await call('customers.find', { channelCode: 'DEMO', channelCustomerId: 'DEMO-0001', defaultCustomer: 'Y' })
    expect(y.customers).toEqual([
      expect.objectContaining({
        customerId: 'C000000000000001',
        enterpriseGlobalId: 'E000000000000001',
        enterpriseName: '演示科技有限公司',
        isDefault: true,
        source: 'found',
        lastSeenBy: 'found',
        profileId: 'sandbox',
      }),
    ])
    const n = await call('customers.find', { channelCode: 'DEMO', channelCustomerId: 'DEMO-0001', defaultCustomer: 'N' })
    expect(n.customers.map((c) => c.channelCustomerId)).toEqual(['DEMO-0001', 'DEMO-0001-SH'])
    // The same demo customer is one row of the book, not two.
    expect(n.customers[0]!.id).toBe(y.customers[0]!.id)
    const book = await call('customers.search', { query: '演示科技' })
    expect(book.total).toBe(2)
  })

  it('an unknown channel customer finds nothing and adds nothing', async () => {
    const before = (await call('customers.search', {})).total
    expect((await call('customers.find', { channelCode: 'DEMO', channelCustomerId: 'NOPE', defaultCustomer: 'N' })).customers).toEqual([])
    expect((await call('customers.search', {})).total).toBe(before)
  })
})

describe('bind (order operation 1)', () => {
  it('binds, keeps what the form knew with the service record, and operation 3 finds it afterwards', async () => {
    const r = await call('customers.bind', { fields: bindFields('B-1') })
    expect(r).toMatchObject({ outcome: 'done', reconciled: false, error: null })
    expect(r.customer).toMatchObject({
      channelCode: 'TESTCH',
      channelCustomerId: 'B-1',
      customerName: '客户 B-1',
      branchName: '上海分公司',
      enterpriseName: '企业 B-1',
      passwordMobile: '13912345678',
      isDefault: true,
      source: 'bound',
    })
    const found = await call('customers.find', { channelCode: 'TESTCH', channelCustomerId: 'B-1', defaultCustomer: 'N' })
    expect(found.customers.map((c) => c.id)).toEqual([r.customer!.id])
    expect((await call('customers.search', { query: 'B-1' })).customers.map((c) => c.customerName)).toEqual(['客户 B-1'])
  })

  it('a lost answer (the bind was done) is read back on the same channel pair: exactly one customer bound, sent once', async () => {
    sandbox.queueFault({ kind: 'dropAfterWork', operation: 'bindEnterprise' })
    const r = await call('customers.bind', { fields: bindFields('B-LOST') })
    expect(r).toMatchObject({ outcome: 'done', reconciled: true, error: null })
    expect(r.customer).toMatchObject({ channelCustomerId: 'B-LOST', customerName: '客户 B-LOST', source: 'bound' })
    expect(received('bindEnterprise', 'TESTCH/B-LOST')).toBe(1)
    expect(sandbox.stats().creates.applied['bindEnterprise']?.['TESTCH/B-LOST']).toBe(1)
    const onService = await call('customers.find', { channelCode: 'TESTCH', channelCustomerId: 'B-LOST', defaultCustomer: 'N' })
    expect(onService.customers).toHaveLength(1)
    expect((await call('customers.search', { query: 'B-LOST' })).total).toBe(1)
    // The journal keeps the truth about the call itself: its answer was lost.
    const journal = await call('journal.list', { operations: ['bindEnterprise'], text: 'B-LOST' })
    expect(journal.entries.map((e) => e.outcome)).toEqual(['unknown'])
  })

  it('a lost request (nothing done) reads back as not done, and nothing is resent until the user binds again', async () => {
    sandbox.queueFault({ kind: 'drop', operation: 'bindEnterprise' })
    const r = await call('customers.bind', { fields: bindFields('B-DROP') })
    expect(r).toMatchObject({ outcome: 'notDone', reconciled: true, customer: null })
    expect(r.error?.code).toBe('app.unknownOutcome')
    expect(received('bindEnterprise', 'TESTCH/B-DROP')).toBe(0)
    expect((await call('customers.search', { query: 'B-DROP' })).total).toBe(0)
    const again = await call('customers.bind', { fields: bindFields('B-DROP') })
    expect(again.outcome).toBe('done')
    expect(received('bindEnterprise', 'TESTCH/B-DROP')).toBe(1)
  })

  it('when the read-back fails too, the outcome stays unknown; checking later finds the customer', async () => {
    sandbox.queueFault({ kind: 'dropAfterWork', operation: 'bindEnterprise' })
    sandbox.queueFault({ kind: 'fail500', operation: 'queryEnterprise', times: 3 })
    const r = await call('customers.bind', { fields: bindFields('B-UNK') })
    expect(r).toMatchObject({ outcome: 'unknown', reconciled: false, customer: null })
    expect(r.error?.code).toBe('500')
    expect(received('bindEnterprise', 'TESTCH/B-UNK')).toBe(1)
    const check = await call('customers.checkBind', { channelCode: 'TESTCH', channelCustomerId: 'B-UNK' })
    expect(check.customer).toMatchObject({ channelCustomerId: 'B-UNK', enterpriseName: '企业 B-UNK' })
    expect((await call('customers.checkBind', { channelCode: 'TESTCH', channelCustomerId: 'B-NEVER' })).customer).toBeNull()
    expect(received('bindEnterprise', 'TESTCH/B-UNK')).toBe(1)
  })

  it('the service’s 13004 comes back with its message naming the field; a bad mobile is refused before sending', async () => {
    const dup = await callError('customers.bind', { fields: { ...bindFields('x'), channelCode: 'DEMO', channelCustomerId: 'DEMO-0001' } })
    expect(dup.code).toBe('13004')
    expect(dup.details.serverMessage).toContain('channelCustomerId')
    const before = sandbox.stats().byOperation['bindEnterprise'] ?? 0
    const bad = await callError('customers.bind', { fields: { ...bindFields('B-BAD'), passwordMobile: '12345' } })
    expect(bad.code).toBe('app.invalidInput')
    expect(bad.details.issues).toEqual([{ path: 'fields.passwordMobile', code: 'badFormat', message: expect.stringMatching(/^Purchaser mobile must be a mainland China mobile number/) }])
    // Screens word the code in the user's language, naming the field as they do.
    expect(describeError(bad, 'zh-CN')).toBe('请更正输入：购买人手机号的格式不对。')
    expect(sandbox.stats().byOperation['bindEnterprise'] ?? 0).toBe(before)
  })
})

describe('create (order operation 2)', () => {
  it('creates an industry customer and keeps it with its enterprise and members', async () => {
    const r = await call('customers.create', { fields: { crmCustomerId: 'CRM-C-1', customerName: '新建设计院', branchName: '北京分公司', address: '北京市' } })
    expect(r.outcome).toBe('done')
    expect(r.enterpriseGlobalId).toMatch(/^E\d{15}$/)
    expect(r.members).toEqual([{ memberGlobalId: expect.stringMatching(/^M\d{15}$/), memberIdentity: expect.stringMatching(/^admin@e\d{7}$/) }])
    expect(r.customer).toMatchObject({ crmCustomerId: 'CRM-C-1', customerName: '新建设计院', enterpriseGlobalId: r.enterpriseGlobalId, address: '北京市', isDefault: true, source: 'created', members: r.members })
    expect(sandbox.inspect.enterprise(r.enterpriseGlobalId!)).toBeDefined()
  })

  it('a lost answer is UNKNOWN in the result and the journal, and is not resent', async () => {
    sandbox.queueFault({ kind: 'dropAfterWork', operation: 'createEnterprise' })
    const r = await call('customers.create', { fields: { crmCustomerId: 'CRM-C-LOST', customerName: 'Lost Ltd', branchName: 'b' } })
    expect(r).toMatchObject({ outcome: 'unknown', enterpriseGlobalId: null, customer: null })
    expect(r.error?.code).toBe('app.unknownOutcome')
    expect(received('createEnterprise', 'CRM-C-LOST')).toBe(1)
    const journal = await call('journal.list', { operations: ['createEnterprise'], text: 'CRM-C-LOST' })
    expect(journal.entries.map((e) => e.outcome)).toEqual(['unknown'])
    // The service did create it; the book says nothing it does not know.
    expect(sandbox.inspect.customerByCrm('CRM-C-LOST')).toBeDefined()
    expect((await call('customers.search', { query: 'CRM-C-LOST' })).total).toBe(0)
  })

  it('a CRM id already used is the service’s 13004 naming crmCustomerId', async () => {
    const e = await callError('customers.create', { fields: { crmCustomerId: 'CRM-C-1', customerName: 'Again', branchName: 'b' } })
    expect(e.code).toBe('13004')
    expect(e.details.serverMessage).toContain('crmCustomerId')
  })
})

describe('update (order operation 4)', () => {
  it('changes name, branch and address on the service, and the book follows', async () => {
    const created = await call('customers.create', { fields: { crmCustomerId: 'CRM-U-1', customerName: 'Before', branchName: 'b' } })
    const r = await call('customers.update', { fields: { crmCustomerId: 'CRM-U-1', customerName: 'After', branchName: 'b2', address: 'Street 2' } })
    expect(r.customers).toEqual([expect.objectContaining({ id: created.customer!.id, customerName: 'After', branchName: 'b2', address: 'Street 2', lastSeenBy: 'updated', source: 'created' })])
    expect(sandbox.inspect.customerByCrm('CRM-U-1')).toMatchObject({ customerName: 'After', branchName: 'b2', address: 'Street 2' })
  })

  it('an unknown CRM id is the service’s 13004, and the book is left as it was', async () => {
    const before = (await call('customers.search', {})).total
    const e = await callError('customers.update', { fields: { crmCustomerId: 'CRM-NOPE', customerName: 'x', branchName: 'y' } })
    expect(e.code).toBe('13004')
    expect(e.details.serverMessage).toContain('crmCustomerId')
    expect((await call('customers.search', {})).total).toBe(before)
  })
})

describe('the book through its channels', () => {
  it('keeps a typed customer, edits it, removes it with undo, and refuses one without a name or an id', async () => {
    const c = await call('customers.save', { fields: { customerName: 'Typed Co', adminEmail: 'a@typed.example', customerType: 'company' } })
    expect(c).toMatchObject({ source: 'typed', customerType: 'company', lastSeenAt: null })
    const edited = await call('customers.save', { id: c.id, fields: { branchCode: 'BR-9', adminEmail: null } })
    expect(edited).toMatchObject({ branchCode: 'BR-9', adminEmail: null, customerName: 'Typed Co' })
    const bad = await callError('customers.save', { id: c.id, fields: { customerName: '', adminEmail: 'nope' } })
    expect(bad.details.issues?.map((i) => i.path).sort()).toEqual(['fields.adminEmail', 'fields.customerName'])
    await call('customers.remove', { ids: [c.id] })
    expect((await call('customers.search', { query: 'Typed Co' })).total).toBe(0)
    await call('customers.restore', { ids: [c.id] })
    expect((await call('customers.search', { query: 'Typed Co' })).total).toBe(1)
  })

  it('picking a customer puts it first', async () => {
    const page = await call('customers.search', { query: '' })
    const last = page.customers.at(-1)!
    await call('customers.use', { id: last.id })
    expect((await call('customers.search', { query: '' })).customers[0]!.id).toBe(last.id)
  })

  it('imports a file and exports the book through the channels', async () => {
    const csv = '\uFEFF客户名称,CRM 客户编号,分公司名称\n导入客户甲,CRM-IMP-1,杭州分公司\n'
    const r = await call('customers.import', { fileName: '客户.csv', contentBase64: Buffer.from(csv).toString('base64') })
    expect(r).toMatchObject({ added: 1, issues: [], rows: 1 })
    const f = await exportThrough(core, 'csv', { kind: 'customers', query: 'CRM-IMP-1' })
    expect(f.text).toContain('导入客户甲,,CRM-IMP-1')
    expect(f.rows).toBe(1)
  })

  it('refuses unknown keys and over-long values at the channel', async () => {
    expect((await callError('customers.search', { query: 'x', extra: 1 })).code).toBe('app.invalidInput')
    expect((await callError('customers.save', { fields: { customerName: 'x'.repeat(201) } })).code).toBe('app.invalidInput')
    expect((await callError('customers.find', { channelCode: 'DEMO', channelCustomerId: 'x', defaultCustomer: 'yes' })).code).toBe('app.invalidInput')
  })
})

describe("the Sandbox's demo customers", () => {
  it('copies them into the Sandbox book with the fields an order needs: one row per customer the sandbox has, once', async () => {
    const r = await call('customers.addSandboxDemo', {})
    expect(r.customers.map((c) => c.customerId)).toEqual(SANDBOX_DEMO_CUSTOMERS.map((d) => d.customerId))
    expect(r.customers[1]).toMatchObject({ customerName: '演示科技上海分部', branchName: '上海分公司', crmCustomerId: 'CRM-DEMO-0001-SH', channelCode: 'DEMO', enterpriseGlobalId: 'E000000000000001', customerType: 'company', profileId: 'sandbox' })
    // The list is the sandbox's: operation 3 finds each customer as the same row of the book.
    for (const c of r.customers) {
      const found = await call('customers.find', { channelCode: 'DEMO', channelCustomerId: c.channelCustomerId!, defaultCustomer: 'N' })
      const same = found.customers.find((f) => f.channelCustomerId === c.channelCustomerId)
      expect(same).toMatchObject({ id: c.id, customerId: c.customerId, enterpriseGlobalId: c.enterpriseGlobalId, enterpriseName: c.enterpriseName, isDefault: c.isDefault })
    }
    const again = await call('customers.addSandboxDemo', {})
    expect(again.added).toBe(0)
    expect(again.customers.map((c) => c.id)).toEqual(r.customers.map((c) => c.id))
  })

  it('refuses any other profile', async () => {
    const other = await call('profiles.create', profileInput(sandbox.url, 'Other service'))
    const e = await callError('customers.addSandboxDemo', { profileId: other.id })
    expect(e.code).toBe('app.invalidInput')
    expect((await call('customers.search', { profileId: other.id })).total).toBe(0)
  })
})
