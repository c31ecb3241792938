import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeError } from '@shared/errors/app-error'
import { SANDBOX_DEMO } from '@shared/sandbox-demo'
import { testConnection } from '../../../src/main/api/connection-test'
import type { SandboxHandle } from '../../../src/sandbox/index'
import { DEMO_EID, DEMO_SECRETS, demoConfig, sandbox } from './support'

let sb: SandboxHandle
beforeAll(async () => {
  sb = await sandbox()
})
afterAll(() => sb.close())

const enterprise = { channelCode: SANDBOX_DEMO.channelCode, channelCustomerId: SANDBOX_DEMO.channelCustomerId }

describe('testConnection against the sandbox', () => {
  it('every step passes with the demo credentials, and nothing is written', async () => {
    sb.resetStats()
    const t = await testConnection(demoConfig(sb), { enterprise })
    expect(t.order.token).toMatchObject({ status: 'ok', detail: 'token issued' })
    expect(t.order.read).toMatchObject({ status: 'ok', detail: expect.stringContaining('customer record') })
    expect(t.member.token.status).toBe('ok')
    // the enterprise was found through queryEnterprise, then one employee read
    expect(t.member.read).toMatchObject({ status: 'ok', detail: expect.stringMatching(/^\d+ employee/) })
    const ops = Object.keys(sb.stats().byOperation).sort()
    expect(ops).toEqual(['listMembers', 'queryEnterprise'])
    expect(t).toMatchObject({ summary: 'allOk', headline: 'Both groups work.' })
  })

  it('speaks Chinese when asked', async () => {
    const t = await testConnection(demoConfig(sb), { enterprise, locale: 'zh-CN' })
    expect(t.order.token.status === 'ok' && t.order.token.detail).toBe('已签发令牌')
  })

  it('with only the enterprise global id, the order read lists assets', async () => {
    const t = await testConnection(demoConfig(sb), { enterprise: { enterpriseGlobalId: DEMO_EID } })
    expect(t.order.read).toMatchObject({ status: 'ok', detail: expect.stringContaining('asset') })
    expect(t.member.read.status).toBe('ok')
  })

  it('skips reads with a reason when no enterprise is known', async () => {
    const t = await testConnection(demoConfig(sb))
    expect(t.order.token.status).toBe('ok')
    expect(t.order.read).toMatchObject({ status: 'skipped', reason: expect.stringContaining('channel code') })
    expect(t.member.read.status).toBe('skipped')
    expect(t.summary).toBe('okWithSkips')
  })

  it('a wrong secret fails the token step with the reason and skips the read', async () => {
    const t = await testConnection(demoConfig(sb, { ...DEMO_SECRETS, memberAppSecret: 'wrong' }), { enterprise })
    expect(t.order.token.status).toBe('ok')
    expect(t.member.token).toMatchObject({ status: 'failed', error: { code: 'app.tokenRequest' } })
    expect(t.member.read).toMatchObject({ status: 'skipped', reason: expect.stringContaining('token step failed') })
    expect(t.summary).toBe('someFailed')
  })

  it('no credentials at all: both groups skipped with what to set', async () => {
    const t = await testConnection(demoConfig(sb, {}), { enterprise })
    expect(t.order.token).toMatchObject({ status: 'skipped', reason: expect.stringContaining('order app key') })
    expect(t.member.token).toMatchObject({ status: 'skipped', reason: expect.stringContaining('member app key') })
    expect(t.summary).toBe('nothingTested')
  })

  it('pasted tokens that the service refuses fail the read with the pasted-token error', async () => {
    const t = await testConnection(demoConfig(sb, { orderAccessToken: 'bogus', memberClientToken: 'bogus', userToken: 'bogus' }), { enterprise })
    expect(t.order.token).toMatchObject({ status: 'ok', detail: 'pasted token used' })
    expect(t.order.read).toMatchObject({ status: 'failed', error: { code: 'app.pastedTokenRejected' } })
  })

  it('a dead address: every step fails in words (no raw ECONNREFUSED) and the summary says all failed', async () => {
    const t = await testConnection(demoConfig({ url: 'http://127.0.0.1:1' }), { enterprise, settings: { maxRetries: 0 } })
    expect(t.order.token).toMatchObject({ status: 'failed', error: { code: 'app.connectionRefused', params: { host: '127.0.0.1:1' }, details: { cause: 'ECONNREFUSED' } } })
    expect(t.member.token).toMatchObject({ status: 'failed', error: { code: 'app.connectionRefused' } })
    expect(t.order.read.status).toBe('skipped')
    expect(t).toMatchObject({ summary: 'allFailed', headline: 'Every step failed: see below for what to do.' })
    if (t.order.token.status !== 'failed') return
    const en = describeError(t.order.token.error, 'en')
    const zh = describeError(t.order.token.error, 'zh-CN')
    expect(en).toBe('Nothing answers at 127.0.0.1:1: the service is not running there, or the port is wrong. Check the service address in Settings → Connections.')
    expect(zh).toContain('127.0.0.1:1 上没有服务应答')
    for (const text of [en, zh]) expect(text).not.toContain('ECONNREFUSED')
    const zhTest = await testConnection(demoConfig({ url: 'http://127.0.0.1:1' }), { enterprise, settings: { maxRetries: 0 }, locale: 'zh-CN' })
    expect(zhTest.headline).toBe('所有步骤均失败，处理方法见下方。')
  })

  it('an unknown host is named as such', async () => {
    const t = await testConnection(demoConfig({ url: 'http://no-such-host.invalid' }), { enterprise, settings: { maxRetries: 0 } })
    expect(t.order.token).toMatchObject({ status: 'failed', error: { code: 'app.hostNotFound', params: { host: 'no-such-host.invalid' } } })
    expect(t.summary).toBe('allFailed')
  })
})
