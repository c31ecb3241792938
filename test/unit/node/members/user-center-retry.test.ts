import { describe, expect, it } from 'vitest'
import type { AppError } from '@shared/errors/app-error'
import { decodeResponse } from '../../../../src/main/api/decode'

const userCenterDown = JSON.stringify({ code: '80001', message: 'User center exception.', cause: 'x' })

function decodeError(op: Parameters<typeof decodeResponse>[0]): AppError {
  try {
    decodeResponse(op, 299, userCenterDown)
  } catch (err) {
    return err as AppError
  }
  throw new Error('decoded without an error')
}

describe('a user center exception (80001)', () => {
  it('is retried for reads and idempotent writes, never for creates (those are read back)', () => {
    expect(decodeError('listMembers').details.retryable).toBe(true)
    expect(decodeError('editMember').details.retryable).toBe(true)
    expect(decodeError('resetPassword').details.retryable).toBe(true)
    expect(decodeError('addMembers').details.retryable).toBe(false)
    expect(decodeError('deleteMember').details.retryable).toBe(false)
    expect(decodeError('deleteMember').code).toBe('80001')
  })
})
