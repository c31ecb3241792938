import { describe, expect, it } from 'vitest'
import {
  checkLockText,
  columnAsText,
  guessLockColumn,
  isShellNumberForm,
  malformedReason,
  normalizeLockNumber,
  tokenizeLockText,
} from '../../../../src/renderer/views/locks/lock-input'

describe('reading a pasted list', () => {
  it('splits on every separator people use and keeps line numbers', () => {
    const text = '8100000001, 8100000002;8100000003\t8100000004\r\n\n8100000005，8100000006、8100000007；8100000008 | 8100000009'
    expect(tokenizeLockText(text)).toEqual([
      { value: '8100000001', line: 1 },
      { value: '8100000002', line: 1 },
      { value: '8100000003', line: 1 },
      { value: '8100000004', line: 1 },
      { value: '8100000005', line: 3 },
      { value: '8100000006', line: 3 },
      { value: '8100000007', line: 3 },
      { value: '8100000008', line: 3 },
      { value: '8100000009', line: 3 },
    ])
  })

  it('folds full-width digits and drops spreadsheet quotes', () => {
    const fullWidth = [...'8100000001'].map((d) => String.fromCharCode(0xff10 + Number(d))).join('')
    expect(fullWidth).not.toBe('8100000001')
    expect(normalizeLockNumber(fullWidth)).toBe('8100000001')
    expect(normalizeLockNumber('"8100000001"')).toBe('8100000001')
    expect(normalizeLockNumber("'8100000001")).toBe('8100000001')
    expect(normalizeLockNumber('“8100000001”')).toBe('8100000001')
    expect(tokenizeLockText('  \n\t ,, \n')).toEqual([])
  })
})

describe('checking a list before sending', () => {
  it('sends each number once, in first-seen order, and lists the repeats with the line of the first', () => {
    const c = checkLockText('8100000001\n8100000002\n8100000001\nAB-1\nab-1\n8100000002')
    expect(c.unique).toEqual(['8100000001', '8100000002', 'AB-1'])
    expect(c.duplicates).toEqual([
      { value: '8100000001', line: 3, firstLine: 1 },
      { value: 'ab-1', line: 5, firstLine: 4 },
      { value: '8100000002', line: 6, firstLine: 2 },
    ])
    expect(c.total).toBe(6)
  })

  it('does not send malformed numbers and says why (the shared asset-number rule)', () => {
    const long = '8'.repeat(65)
    const c = checkLockText(`8100000001\n8100000002（张三）\n${long}\n中文锁号\nAB\u00a0CD`)
    expect(c.unique).toEqual(['8100000001', 'AB', 'CD'])
    expect(c.malformed).toEqual([
      { value: '8100000002(张三)', line: 2, reason: 'characters' },
      { value: long, line: 3, reason: 'length' },
      { value: '中文锁号', line: 4, reason: 'characters' },
    ])
    expect(malformedReason('a'.repeat(64))).toBeNull()
    expect(malformedReason('lock_no-7')).toBeNull()
    expect(malformedReason('A#1')).toBeNull()
    expect(malformedReason('锁'.repeat(65))).toBe('length')
  })

  it('sends numbers of an unusual form but flags them', () => {
    const c = checkLockText('8100000001\n6100000001\n810000001\n7100000001\nLK-0001')
    expect(c.unique).toHaveLength(5)
    expect(c.unusual.map((u) => u.value)).toEqual(['810000001', '7100000001', 'LK-0001'])
    expect(isShellNumberForm('6123456789')).toBe(true)
    expect(isShellNumberForm('81234567890')).toBe(false)
  })

  it('flags a repeat of a malformed number as malformed, not as a repeat', () => {
    const c = checkLockText('锁1\n锁1')
    expect(c.malformed).toHaveLength(2)
    expect(c.duplicates).toHaveLength(0)
  })
})

describe('picking the column of a file', () => {
  const rows = [
    ['张三', '8100000001', '2024-01-01'],
    ['李四', '8100000002', '2024-01-02'],
    ['王五', '', '2024-01-03'],
  ]

  it('guesses the column that looks like lock numbers', () => {
    expect(guessLockColumn(rows, 3)).toBe(1)
    expect(guessLockColumn([['a', 'b']], 2)).toBe(-1)
    // A column of long digit strings that are not shell numbers scores lower than one of shell numbers.
    expect(guessLockColumn([['123456789012', '8100000001']], 2)).toBe(1)
  })

  it('turns a column into one number per line, skipping empty cells', () => {
    expect(columnAsText(rows, 1)).toBe('8100000001\n8100000002')
  })
})
