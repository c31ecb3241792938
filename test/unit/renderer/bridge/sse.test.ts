import { describe, expect, it } from 'vitest'
import { SseParser, type SseMessage } from '../../../../src/renderer/bridge/sse'

function parseChunks(chunks: string[]): { messages: SseMessage[]; retries: number[] } {
  const messages: SseMessage[] = []
  const retries: number[] = []
  const p = new SseParser((m) => messages.push(m), (ms) => retries.push(ms))
  for (const c of chunks) p.push(c)
  p.end()
  return { messages, retries }
}

/** Every way of cutting `text` into two pieces. */
function allSplits(text: string): string[][] {
  return Array.from({ length: text.length + 1 }, (_, i) => [text.slice(0, i), text.slice(i)])
}

describe('SseParser', () => {
  it('parses named events with JSON data', () => {
    const { messages } = parseChunks(['event: profiles.changed\ndata: {"activeId":"a"}\n\n'])
    expect(messages).toEqual([{ event: 'profiles.changed', data: '{"activeId":"a"}', id: '' }])
  })

  it('joins multi-line data with newlines and defaults the type to message', () => {
    const { messages } = parseChunks(['data: first\ndata:second\ndata\n\n'])
    expect(messages).toEqual([{ event: 'message', data: 'first\nsecond\n', id: '' }])
  })

  it('ignores comment lines (keep-alives), also between fields of one event', () => {
    const { messages } = parseChunks([': keep-alive\n\n', 'event: a\n: ping\ndata: 1\n\n', ':\n\n'])
    expect(messages).toEqual([{ event: 'a', data: '1', id: '' }])
  })

  it('gives the same events however the stream is cut, including inside CRLF', () => {
    const text = 'event: x\r\ndata: {"n":1}\r\n\r\n: c\r\nevent: y\rdata: two\rdata: lines\r\r'
    const expected = [
      { event: 'x', data: '{"n":1}', id: '' },
      { event: 'y', data: 'two\nlines', id: '' },
    ]
    for (const split of allSplits(text)) {
      expect(parseChunks(split).messages, JSON.stringify(split)).toEqual(expected)
    }
    // One character at a time.
    expect(parseChunks(text.split('')).messages).toEqual(expected)
  })

  it('does not dispatch an event whose blank line never came, nor one without data', () => {
    const { messages } = parseChunks(['event: only-type\n\n', 'data: cut off'])
    expect(messages).toEqual([])
  })

  it('strips one leading space only, and a leading BOM', () => {
    const { messages } = parseChunks(['\uFEFFdata:  two spaces\n\n'])
    expect(messages).toEqual([{ event: 'message', data: ' two spaces', id: '' }])
  })

  it('keeps the last event id and reports retry', () => {
    const { messages, retries } = parseChunks(['id: 7\nretry: 3000\nretry: x\ndata: a\n\n', 'data: b\n\n'])
    expect(messages.map((m) => m.id)).toEqual(['7', '7'])
    expect(retries).toEqual([3000])
  })

  it('resets the event type after each dispatch', () => {
    const { messages } = parseChunks(['event: a\ndata: 1\n\ndata: 2\n\n'])
    expect(messages.map((m) => m.event)).toEqual(['a', 'message'])
  })
})
