import { describe, expect, it } from 'vitest'
import { Scratch, putJsonWithArray } from '../../../../src/main/services/journal/scratch'

function encode(put: (s: Scratch) => void): string {
  const s = new Scratch()
  try {
    put(s)
    return s.bytes().toString('utf8')
  } finally {
    s.release()
  }
}

describe('Scratch', () => {
  it('holds exactly the UTF-8 of what was put, across growth past the kept size', () => {
    const pieces = ['{"a":"张三"}', '😀'.repeat(5_000), 'x'.repeat(70_000), '部门'.repeat(400_000), '\n']
    expect(encode((s) => pieces.forEach((p) => s.put(p)))).toBe(pieces.join(''))
  })

  it('zeroes its bytes when released (a job file holds initial passwords), and the next write starts empty', () => {
    const s = new Scratch()
    s.put('{"password":"Secret-123"}')
    const view = s.bytes()
    s.release()
    expect(view.every((b) => b === 0)).toBe(true)
    const next = new Scratch()
    expect(next.length).toBe(0)
    next.put('ok')
    expect(next.bytes().toString()).toBe('ok')
    next.release()
  })
})

describe('putJsonWithArray', () => {
  const people = (n: number) => Array.from({ length: n }, (_, i) => ({ userName: `u${i}`, name: i % 3 ? `员工 ${i}` : `Emp "${i}" 😀`, password: `Pw${i}` }))

  it.each([0, 1, 199, 200, 201, 1_001])('reads back as the same object with %i items', (n) => {
    const file = { v: 1, id: 'job-1', items: people(n), duplicates: [{ item: 0, at: [3] }], target: 'a"b\\c' }
    const text = encode((s) => putJsonWithArray(s, file, 'items'))
    expect(JSON.parse(text)).toEqual(file)
    // The key goes last; everything else is as JSON.stringify writes it.
    expect(text.endsWith(`${JSON.stringify(file.items).slice(0, -1)}]}`)).toBe(true)
  })

  it('works for an object that holds only the array, and writes anything else whole', () => {
    expect(JSON.parse(encode((s) => putJsonWithArray(s, { items: people(3) }, 'items')))).toEqual({ items: people(3) })
    expect(encode((s) => putJsonWithArray(s, { items: 'none', n: 1 }, 'items'))).toBe('{"items":"none","n":1}')
  })
})
