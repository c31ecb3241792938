import { describe, expect, it } from 'vitest'
import { buildRequest } from '../../../../src/main/api/request'
import { newNonce } from '../../../../src/main/api/nonce'

const ctx = { baseUrl: 'http://svc.test/', nonce: 'n1', tokens: { app: 'APP', client: 'CLI', user: 'USR' }, orderAppKey: 'key 1' }

describe('buildRequest', () => {
  it('puts g_nonce first, appKey for batch orders, and the order headers', () => {
    const r = buildRequest('batchOrder', { body: { channelCode: 'C', channelOrderId: 'o', syncMode: 'sync', orderList: [] } }, ctx)
    expect(r.url).toBe('http://svc.test/order/api/order/v1/licenseOrder/batchOrder?g_nonce=n1&appKey=key+1')
    expect(r.method).toBe('POST')
    expect(r.headers['Authorization']).toBe('Bearer APP')
    expect(r.headers['Content-Type']).toBe('application/json')
    expect(r.headers['clientToken']).toBeUndefined()
    expect(JSON.parse(r.body!)).toMatchObject({ channelCode: 'C' })
    expect(r.query).toEqual({})
  })

  it('order GETs carry Content-Type (required by the spec) and the query, skipping empty values', () => {
    const r = buildRequest('queryEnterprise', { query: { channelCode: 'DEMO', channelCustomerId: 'A&B', defaultCustomer: 'N' } }, ctx)
    expect(r.url).toBe('http://svc.test/order/api/order/v1/enterprise/user/query?g_nonce=n1&channelCode=DEMO&channelCustomerId=A%26B&defaultCustomer=N')
    expect(r.body).toBeUndefined()
    expect(r.headers['Content-Type']).toBe('application/json')
    const l = buildRequest('listVirtualAssets', { path: { enterpriseGlobalId: 'E1' }, query: { extendCode: '' } }, ctx)
    expect(l.url).toBe('http://svc.test/order/api/order/v1/asset/E1/list?g_nonce=n1')
  })

  it('member calls carry the three token headers and Content-Type only with a body', () => {
    const get = buildRequest('listMembers', { path: { enterpriseGlobalId: 'E/1' }, query: { pageNum: 1, pageSize: 10, keyword: undefined } }, ctx)
    expect(get.url).toBe('http://svc.test/me/api/v1/enterprise/E%2F1/members?g_nonce=n1&pageNum=1&pageSize=10')
    expect(get.headers).toMatchObject({ Authorization: 'Bearer CLI', clientToken: 'CLI', userToken: 'USR' })
    expect(get.headers['Content-Type']).toBeUndefined()
    const del = buildRequest('deleteMember', { path: { enterpriseGlobalId: 'E', memberGlobalId: 'M' } }, ctx)
    expect(del.method).toBe('DELETE')
    expect(del.body).toBeUndefined()
    expect(del.headers['Content-Type']).toBeUndefined()
    const put = buildRequest('resetPassword', { path: { enterpriseGlobalId: 'E', memberGlobalId: 'M' }, body: { password: 'x' } }, ctx)
    expect(put.path).toBe('/me/api/v1/enterprise/E/member/M/resetPassword')
    expect(put.headers['Content-Type']).toBe('application/json')
  })

  it('refuses a missing path parameter', () => {
    expect(() => buildRequest('listAssetProducts', { path: {} }, ctx)).toThrow(/assetId/)
  })
})

describe('newNonce', () => {
  it('is 128 random bits in hex, different every time', () => {
    const seen = new Set(Array.from({ length: 1000 }, () => newNonce()))
    expect(seen.size).toBe(1000)
    for (const n of seen) expect(n).toMatch(/^[0-9a-f]{32}$/)
  })
})

describe('sameUserName', () => {
  it('matches exactly (any case) or with an appended enterprise suffix, nothing else', async () => {
    const { sameUserName } = await import('../../../../src/main/api/reconcile')
    expect(sameUserName('Alice', 'alice')).toBe(true)
    expect(sameUserName('alice@ENT01', 'alice')).toBe(true)
    expect(sameUserName('alice_x', 'alice')).toBe(true)
    expect(sameUserName('alice2', 'alice')).toBe(false)
    expect(sameUserName('alic', 'alice')).toBe(false)
  })
})
