/**
 * Buffers kept for encoding text before a file write. A new buffer of a few hundred KB is new memory, and
 * first touching it costs a page fault per 4 KB: on the virtual machines of CI, encoding a 5,000-employee job
 * file into a fresh buffer took twice as long as into one already used (3.4 ms against 1.5 ms, on the clock
 * before the first employee is sent). What is written here may hold initial passwords, so a buffer is zeroed
 * before it is kept.
 */

/** Buffers kept at most, and the largest one kept (a larger one served a rare huge write and is let go). */
const KEEP = 4
const KEEP_BYTES = 1 << 20
const FIRST_BYTES = 1 << 16

const free: Buffer[] = []

/** Text encoded as UTF-8, piece by piece, into a reused buffer; `release` once its bytes are written. */
export class Scratch {
  private buf: Buffer = free.pop() ?? Buffer.allocUnsafeSlow(FIRST_BYTES)
  /** Bytes put so far. */
  length = 0

  put(text: string): void {
    // A UTF-16 unit takes at most 3 bytes of UTF-8; the exact count only when that bound does not fit.
    if (this.length + text.length * 3 > this.buf.length) {
      const need = this.length + Buffer.byteLength(text)
      if (need > this.buf.length) this.grow(need)
    }
    this.length += this.buf.write(text, this.length)
  }

  /** What was put (a view: valid until `release`). */
  bytes(): Buffer {
    return this.buf.subarray(0, this.length)
  }

  /** Zeroes what was put and gives the buffer back for the next write. */
  release(): void {
    giveBack(this.buf, this.length)
    this.length = 0
    this.buf = Buffer.alloc(0)
  }

  private grow(need: number): void {
    const next = Buffer.allocUnsafeSlow(Math.max(need, this.buf.length * 2))
    this.buf.copy(next, 0, 0, this.length)
    giveBack(this.buf, this.length)
    this.buf = next
  }
}

/** Zeroes the `used` bytes of a buffer and keeps it for a next write, if it is not too large and room is left. */
function giveBack(buf: Buffer, used: number): void {
  buf.fill(0, 0, used)
  if (buf.length > 0 && buf.length <= KEEP_BYTES && free.length < KEEP) free.push(buf)
}

/** Items per JSON.stringify call in putJsonWithArray: pieces small enough to stay in V8's young generation. */
const SLICE = 200

/**
 * Puts `JSON.stringify(value)` of an object with one long array (`key`), the array in slices: one string of
 * the whole would be new memory too (V8 gives strings over 128 KB pages of their own). The key goes last; the
 * object reads back the same.
 */
export function putJsonWithArray(s: Scratch, value: object, key: string): void {
  const { [key]: list, ...rest } = value as Record<string, unknown>
  if (!Array.isArray(list)) return s.put(JSON.stringify(value))
  const head = JSON.stringify(rest)
  s.put(head.length > 2 ? `${head.slice(0, -1)},${JSON.stringify(key)}:[` : `{${JSON.stringify(key)}:[`)
  for (let i = 0; i < list.length; i += SLICE) {
    const part = JSON.stringify(list.slice(i, i + SLICE))
    s.put(i === 0 ? part.slice(1, -1) : `,${part.slice(1, -1)}`)
  }
  s.put(']}')
}
