import { describe, expect, it } from 'vitest'
import { classifyTransportError } from '../../../../src/main/api/transport'

function err(code: string): Error {
  return Object.assign(new Error(code), { code })
}

describe('classifyTransportError', () => {
  it('knows which failures cannot have reached the server', () => {
    expect(classifyTransportError(err('ECONNREFUSED')).fate).toBe('notSent')
    expect(classifyTransportError(err('UND_ERR_CONNECT_TIMEOUT')).fate).toBe('notSent')
  })

  it('treats resets, closed sockets and timeouts as maybe sent', () => {
    expect(classifyTransportError(err('ECONNRESET'))).toMatchObject({ fate: 'maybeSent', code: 'app.network' })
    expect(classifyTransportError(err('UND_ERR_SOCKET')).fate).toBe('maybeSent')
    expect(classifyTransportError(err('UND_ERR_HEADERS_TIMEOUT'))).toMatchObject({ fate: 'maybeSent', code: 'app.timeout' })
    expect(classifyTransportError(new Error('weird'))).toMatchObject({ fate: 'maybeSent' })
  })

  it('looks through `cause`', () => {
    const e = new TypeError('fetch failed', { cause: err('ECONNREFUSED') })
    expect(classifyTransportError(e).fate).toBe('notSent')
  })

  it('tells a cancel from a timeout signal', () => {
    const ac = new AbortController()
    ac.abort()
    expect(classifyTransportError(err('UND_ERR_ABORTED'), ac.signal)).toMatchObject({ fate: 'aborted', code: 'app.cancelled' })
    const ts = new AbortController()
    ts.abort(new DOMException('t', 'TimeoutError'))
    expect(classifyTransportError(err('UND_ERR_ABORTED'), ts.signal)).toMatchObject({ fate: 'maybeSent', code: 'app.timeout' })
  })
})
