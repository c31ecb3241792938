import { describe, expect, it } from 'vitest'
import { AppError } from '@shared/errors/app-error'
import { decodeResponse } from '../../../../src/main/api/decode'

function fail(fn: () => unknown): AppError {
  try {
    fn()
  } catch (e) {
    if (e instanceof AppError) return e
    throw e
  }
  throw new Error('expected an AppError')
}

describe('decodeResponse', () => {
  it('returns validated data on code 0 and drops unknown extra fields', () => {
    const body = JSON.stringify({ code: 0, message: 'success', data: [{ assetNum: 'A1', status: 1, extra: 'x' }] })
    const d = decodeResponse('lockAssets', 200, body)
    expect(d).toEqual({ data: [{ assetNum: 'A1', status: 1 }], partial: false })
  })

  it('accepts code "0" as a string and null data for operations without data', () => {
    expect(decodeResponse('updateEnterprise', 200, '{"code":"0","message":"success"}')).toEqual({ data: null, partial: false })
  })

  it('maps a business error on HTTP 299 with code, server message, cause and status', () => {
    const e = fail(() => decodeResponse('editMember', 299, '{"code":"60002","message":"user not found","cause":"no such id"}'))
    expect(e.code).toBe('60002')
    expect(e.messageKey).toBe('60002')
    expect(e.details).toMatchObject({ serverMessage: 'user not found', cause: 'no such id', httpStatus: 299, operation: 'editMember', retryable: false })
  })

  it('treats a non-zero code on HTTP 200 as an error too, and 500 as retryable', () => {
    const e = fail(() => decodeResponse('listAssetNums', 200, '{"code":"500","message":"network error, retry","cause":""}'))
    expect(e.code).toBe('500')
    expect(e.details.retryable).toBe(true)
  })

  it('keeps unknown codes raw with the server message', () => {
    const e = fail(() => decodeResponse('lockAssets', 299, '{"code":"99123","message":"quota exceeded","cause":"c"}'))
    expect(e.code).toBe('99123')
    expect(e.messageKey).toBe('app.unknownApiCode')
    expect(e.message).toContain('99123')
    expect(e.message).toContain('quota exceeded')
  })

  it('turns a 60027 of add-employees into partial data', () => {
    const data = { succeeded: [{ id: 1, globalId: 'g1', userName: 'a' }], failed: [{ userName: 'b', message: 'exists' }] }
    const d = decodeResponse('addMembers', 299, JSON.stringify({ code: '60027', message: 'partial', data }))
    expect(d.partial).toBe(true)
    expect(d.data).toMatchObject({ succeeded: [{ globalId: 'g1' }], failed: [{ userName: 'b' }] })
  })

  it('lean (a bulk run): checks and keeps only what the run reads, and still refuses an answer without it', () => {
    const member = { id: 1, globalId: 'g1', userName: 'a', name: 'A', createTime: 'not a number' }
    const body = (m: object) => JSON.stringify({ code: 0, message: 'success', data: { succeeded: [m], failed: [{ userName: 'b', message: 'exists' }] } })
    // A field the run never reads, malformed: refused by the whole schema, let through by the lean one.
    expect(fail(() => decodeResponse('addMembers', 200, body(member))).code).toBe('app.badResponse')
    expect(decodeResponse('addMembers', 200, body(member), { lean: true })).toEqual({
      data: { succeeded: [{ userName: 'a', globalId: 'g1' }], failed: [{ userName: 'b', message: 'exists' }] },
      partial: false,
    })
    // What the run reads, missing: refused either way, the 60027 partial answer too.
    const e = fail(() => decodeResponse('addMembers', 200, body({ id: 1, userName: 'a' }), { lean: true }))
    expect(e.code).toBe('app.badResponse')
    expect(e.details.cause ?? e.message).toContain('globalId')
    expect(fail(() => decodeResponse('addMembers', 299, JSON.stringify({ code: '60027', message: 'partial', data: { succeeded: [{ userName: 'a' }], failed: [] } }), { lean: true })).code).toBe('60027')
    // An operation without a lean schema is checked whole.
    expect(fail(() => decodeResponse('lockAssets', 200, '{"code":0,"message":"success","data":[{"assetNum":"A","status":9}]}', { lean: true })).code).toBe('app.badResponse')
  })

  it('a 60027 without usable data stays an error', () => {
    expect(fail(() => decodeResponse('addMembers', 299, '{"code":"60027","message":"partial"}')).code).toBe('60027')
  })

  it('reports data that does not match the schema as a bad response, naming the field', () => {
    const e = fail(() => decodeResponse('lockAssets', 200, '{"code":0,"message":"success","data":[{"assetNum":"A","status":9}]}'))
    expect(e.code).toBe('app.badResponse')
    expect(String(e.params['detail'])).toContain('0.status')
  })

  it('reports a body that is not an envelope', () => {
    expect(fail(() => decodeResponse('lockAssets', 200, '<html>')).code).toBe('app.badResponse')
    expect(fail(() => decodeResponse('lockAssets', 200, '')).params['detail']).toBe('empty body')
  })

  it('maps 401/403 without an envelope to unauthorized, other statuses to httpStatus', () => {
    expect(fail(() => decodeResponse('lockAssets', 401, 'nope')).code).toBe('app.unauthorized')
    const e = fail(() => decodeResponse('lockAssets', 503, 'busy'))
    expect(e.code).toBe('app.httpStatus')
    expect(e.details.retryable).toBe(true)
    expect(fail(() => decodeResponse('lockAssets', 404, '')).details.retryable).toBe(false)
  })

  it('prefers the envelope code when a non-200 status carries one', () => {
    const e = fail(() => decodeResponse('listMembers', 401, '{"code":"60000","message":"token expired"}'))
    expect(e.code).toBe('60000')
    expect(e.details.httpStatus).toBe(401)
  })
})
