/**
 * A server-sent events parser following the WHATWG event-stream rules: any of CRLF / LF / CR ends a line, lines
 * starting with ':' are comments, `data` lines accumulate with '\n', a blank line dispatches. It takes decoded
 * text in arbitrary chunks, so a line, a CRLF pair or an event may be split anywhere.
 */

/** One dispatched event. */
export interface SseMessage {
  event: string
  data: string
  id: string
}

/** Incremental parser; feed text with `push`, call `end` when the stream closes. */
export class SseParser {
  private buffer = ''
  private data = ''
  private hasData = false
  private eventType = ''
  private lastId = ''
  private started = false

  constructor(
    private readonly onMessage: (msg: SseMessage) => void,
    private readonly onRetry: (ms: number) => void = () => {},
  ) {}

  /** Feeds the next chunk of decoded text. */
  push(chunk: string): void {
    if (!this.started && chunk.length > 0) {
      this.started = true
      if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1)
    }
    this.buffer += chunk
    let start = 0
    for (let i = 0; i < this.buffer.length; i++) {
      const c = this.buffer[i]
      if (c !== '\n' && c !== '\r') continue
      // A CR at the very end may be the first half of a CRLF split across chunks: wait for the next one.
      if (c === '\r' && i === this.buffer.length - 1) break
      this.line(this.buffer.slice(start, i))
      if (c === '\r' && this.buffer[i + 1] === '\n') i++
      start = i + 1
    }
    this.buffer = this.buffer.slice(start)
  }

  /** The stream ended: a lone CR still ends a line; an event without its blank line is dropped (per the spec). */
  end(): void {
    if (this.buffer.endsWith('\r')) this.line(this.buffer.slice(0, -1))
    this.buffer = ''
    this.resetEvent()
  }

  private line(line: string): void {
    if (line === '') return this.dispatch()
    if (line.startsWith(':')) return
    const colon = line.indexOf(':')
    const field = colon === -1 ? line : line.slice(0, colon)
    let value = colon === -1 ? '' : line.slice(colon + 1)
    if (value.startsWith(' ')) value = value.slice(1)
    switch (field) {
      case 'event':
        this.eventType = value
        break
      case 'data':
        this.data += value + '\n'
        this.hasData = true
        break
      case 'id':
        if (!value.includes('\0')) this.lastId = value
        break
      case 'retry':
        if (/^\d+$/.test(value)) this.onRetry(Number(value))
        break
    }
  }

  private dispatch(): void {
    if (this.hasData) {
      this.onMessage({ event: this.eventType || 'message', data: this.data.slice(0, -1), id: this.lastId })
    }
    this.resetEvent()
  }

  private resetEvent(): void {
    this.data = ''
    this.hasData = false
    this.eventType = ''
  }
}
