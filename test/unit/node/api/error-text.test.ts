import { describe, expect, it } from 'vitest'
import { AppError, describeError } from '@shared/errors/app-error'
import { apiError } from '../../../../src/sandbox/errors'
import { classifyTransportError, transportAppError } from '../../../../src/main/api/transport'

describe('describeError', () => {
  it('a service message that repeats the sentence of its code is shown once, with its detail', () => {
    for (const locale of ['en', 'zh-CN'] as const) {
      // The sandbox words error 500 of its magic lock as the service does: the code's sentence and a detail.
      const server = apiError('500', locale, { en: '(magic lock 8000000500)', 'zh-CN': '（魔法锁号 8000000500）' })
      for (const shown of ['en', 'zh-CN'] as const) {
        // The service answers in the language the client asked for; the screen may show another.
        const text = describeError(AppError.api('500', server.message).toData(), shown)
        const sentence = shown === 'en' ? 'Network error on the service side; try again.' : '服务端网络错误，请重试。'
        expect(text.startsWith(sentence)).toBe(true)
        expect(text.includes('8000000500')).toBe(true)
        expect(text.split('Network error')).toHaveLength(shown === 'en' ? 2 : 1)
        expect(text.split('服务端网络错误')).toHaveLength(shown === 'en' ? 1 : 2)
      }
    }
  })

  it('keeps the service words that add something, and drops those the sentence already has', () => {
    expect(describeError(AppError.api('60002', 'no such employee G-1').toData(), 'en')).toMatch(/ \(no such employee G-1\)$/)
    const e = AppError.api('500', 'Network error on the service side; try again.').toData()
    expect(describeError(e, 'en')).toBe('Network error on the service side; try again.')
  })

  it('a transport failure anywhere is said in words with the machine and what to do, never as the raw code', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' })
    const e = transportAppError(classifyTransportError(refused), 'batchOrder', '127.0.0.1:9').toData()
    expect(e.code).toBe('app.network') // the retry and outbox decisions still read the code
    const en = describeError(e, 'en')
    const zh = describeError(e, 'zh-CN')
    expect(en).toBe('Nothing answers at 127.0.0.1:9: the service is not running there, or the port is wrong. Check the service address in Settings → Connections.')
    expect(zh).toContain('127.0.0.1:9 上没有服务应答')
    for (const t of [en, zh]) expect(t).not.toContain('ECONNREFUSED')
    // Without the machine's name (an older error), still words, not the code.
    expect(describeError(AppError.app('app.network', { detail: 'ENOTFOUND' }).toData(), 'en')).toMatch(/^The name the service could not be found/)
    // A reason with no words of its own keeps the general sentence.
    expect(describeError(AppError.app('app.network', { detail: 'transport error' }).toData(), 'en')).toContain('Could not reach the service (transport error)')
  })
})
