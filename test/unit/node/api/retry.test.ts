import { describe, expect, it } from 'vitest'
import { AppError } from '@shared/errors/app-error'
import { MAX_BACKOFF_MS, backoffMs, shouldRetry, sleep } from '../../../../src/main/api/retry'

describe('retry policy', () => {
  const net = AppError.app('app.network', { detail: 'ECONNRESET' }, { retryable: true })
  const biz = AppError.api('60002', 'not found')

  it('retries reads and idempotent writes on retryable errors, up to the limit', () => {
    expect(shouldRetry('read', net, 0, 4)).toBe(true)
    expect(shouldRetry('idempotent', net, 3, 4)).toBe(true)
    expect(shouldRetry('idempotent', net, 4, 4)).toBe(false)
    expect(shouldRetry('read', biz, 0, 4)).toBe(false)
  })

  it('never retries a create', () => {
    expect(shouldRetry('create', net, 0, 4)).toBe(false)
  })

  it('backs off exponentially with full jitter and a cap', () => {
    expect(backoffMs(0, 250, () => 0.999)).toBe(249)
    expect(backoffMs(3, 250, () => 0.5)).toBe(1000)
    expect(backoffMs(3, 250, () => 0)).toBe(0)
    expect(backoffMs(20, 250, () => 0.999)).toBeLessThan(MAX_BACKOFF_MS)
  })

  it('sleep stops at once when the signal aborts', async () => {
    // A sleep past the test's timeout: only the abort can end it in time.
    const ac = new AbortController()
    const p = sleep(120_000, ac.signal)
    ac.abort(new Error('stop'))
    await expect(p).rejects.toThrow('stop')
  })
})
