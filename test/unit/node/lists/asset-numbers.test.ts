import { describe, expect, it } from 'vitest'
import {
  assetNumberKey,
  assetNumberKeys,
  assetNumberProblem,
  checkAssetNumberText,
  columnAsText,
  guessAssetNumberColumn,
  isShellNumberForm,
  lockNumberProblem,
  looksLikeHeading,
  normalizeAssetNumber,
  readAssetNumberColumn,
  readAssetNumberText,
  readOneAssetNumber,
  splitAssetNumberLine,
} from '../../../../src/shared/lists/asset-numbers'

const fullWidth = (s: string) => [...s].map((d) => String.fromCharCode(0xff10 + Number(d))).join('')

describe('reading a pasted list', () => {
  it('splits on every separator people use and keeps line numbers; | is part of a number', () => {
    const text = '8100000001, 8100000002;8100000003\t8100000004\r\n\n8100000005，8100000006、8100000007；8100000008 | 8100000009'
    expect(readAssetNumberText(text).entries).toEqual([
      { value: '8100000001', line: 1 },
      { value: '8100000002', line: 1 },
      { value: '8100000003', line: 1 },
      { value: '8100000004', line: 1 },
      { value: '8100000005', line: 3 },
      { value: '8100000006', line: 3 },
      { value: '8100000007', line: 3 },
      // "8100000008 | 8100000009": the "|" is not a number, so the spaces do not split: one (malformed) entry.
      { value: '8100000008 | 8100000009', line: 3 },
    ])
    expect(splitAssetNumberLine('81000|00001')).toEqual(['81000|00001'])
    expect(splitAssetNumberLine('8100000001|8100000002')).toEqual(['8100000001|8100000002'])
  })

  it('folds full-width digits and drops spreadsheet quotes', () => {
    expect(fullWidth('8100000001')).not.toBe('8100000001')
    expect(normalizeAssetNumber(fullWidth('8100000001'))).toBe('8100000001')
    expect(normalizeAssetNumber('"8100000001"')).toBe('8100000001')
    expect(normalizeAssetNumber("'8100000001")).toBe('8100000001')
    expect(normalizeAssetNumber('“8100000001”')).toBe('8100000001')
    expect(normalizeAssetNumber('＇8100000001')).toBe('8100000001')
    expect(readAssetNumberText('  \n\t ,, \n').entries).toEqual([])
  })

  it('splits on spaces only between numbers: words, notes and broken numbers stay one entry', () => {
    expect(splitAssetNumberLine('8100000001 8100000002')).toEqual(['8100000001', '8100000002'])
    expect(splitAssetNumberLine(`${fullWidth('8100000001')}\u30008100000002`)).toEqual(['8100000001', '8100000002'])
    expect(splitAssetNumberLine('LK000001 LK000002')).toEqual(['LK000001', 'LK000002'])
    expect(splitAssetNumberLine('abc def')).toEqual(['abc def'])
    expect(splitAssetNumberLine('8100000001 张三')).toEqual(['8100000001 张三'])
    expect(splitAssetNumberLine('8100 0003')).toEqual(['8100 0003'])
    expect(splitAssetNumberLine('8100000001\tZhang San')).toEqual(['8100000001\tZhang San'])
    // Commas always separate, whatever is between them.
    expect(splitAssetNumberLine('abc, def')).toEqual(['abc', 'def'])
  })

  it('takes a first line of words above the numbers as a heading, never a lone line', () => {
    expect(readAssetNumberText('Lock number\n8100000001')).toEqual({ entries: [{ value: '8100000001', line: 2 }], heading: { value: 'Lock number', line: 1 } })
    expect(readAssetNumberText('\n锁号\n8100000001').heading).toEqual({ value: '锁号', line: 2 })
    expect(readAssetNumberText('abc def')).toEqual({ entries: [{ value: 'abc def', line: 1 }], heading: null })
    expect(readAssetNumberText('LK-0001\nLK-0002').heading).toBeNull()
    expect(looksLikeHeading(['Name', 'Lock No'])).toBe(true)
    expect(looksLikeHeading(['Zhang', 'LK12345'])).toBe(false)
    expect(looksLikeHeading(['', ''])).toBe(false)
  })
})

describe('checking a list before sending', () => {
  it('sends each number once, in first-seen order, and lists the repeats with the line of the first', () => {
    const c = checkAssetNumberText('8100000001\n8100000002\n8100000001\n6100000003\n＂6100000003＂\n8100000002')
    expect(c.unique).toEqual(['8100000001', '8100000002', '6100000003'])
    expect(c.uniqueLines).toEqual([1, 2, 4])
    expect(c.duplicates).toEqual([
      { value: '8100000001', line: 3, firstLine: 1 },
      { value: '6100000003', line: 5, firstLine: 4 },
      { value: '8100000002', line: 6, firstLine: 2 },
    ])
    expect(c.total).toBe(6)
  })

  it('does not send malformed numbers and says why (the shared asset-number rule)', () => {
    const long = '8'.repeat(65)
    const c = checkAssetNumberText(`8100000001\n8100000002（张三）\n${long}\n中文锁号\nAB\u00a0CD\nabc def`)
    expect(c.unique).toEqual(['8100000001'])
    expect(c.malformed).toEqual([
      { value: '8100000002(张三)', line: 2, reason: 'characters' },
      { value: long, line: 3, reason: 'length' },
      { value: '中文锁号', line: 4, reason: 'characters' },
      { value: 'AB CD', line: 5, reason: 'spaces' },
      { value: 'abc def', line: 6, reason: 'spaces' },
    ])
    expect(assetNumberProblem('a'.repeat(64))).toBeNull()
    expect(assetNumberProblem('lock_no-7')).toBeNull()
    expect(assetNumberProblem('A#1')).toBeNull()
    expect(assetNumberProblem('锁'.repeat(65))).toBe('length')
  })

  it('refuses what is not a lock number by the spec (10 digits, first 8 or 6), with the reason', () => {
    const c = checkAssetNumberText('8100000001\n6100000001\nabcdefghij\n12345\n810000001\n81000000011\n7100000001\nLK-0001')
    expect(c.unique).toEqual(['8100000001', '6100000001'])
    expect(c.malformed.map((m) => [m.value, m.reason])).toEqual([
      ['abcdefghij', 'letters'],
      ['12345', 'digits'],
      ['810000001', 'digits'],
      ['81000000011', 'digits'],
      ['7100000001', 'region'],
      ['LK-0001', 'letters'],
    ])
    expect(lockNumberProblem('8100000001')).toBeNull()
    expect(lockNumberProblem('8100 0001')).toBe('spaces')
    expect(isShellNumberForm('6123456789')).toBe(true)
    expect(isShellNumberForm('81234567890')).toBe(false)
  })

  it('flags a repeat of a malformed number as malformed, not as a repeat', () => {
    const c = checkAssetNumberText('锁1\n锁1')
    expect(c.malformed).toHaveLength(2)
    expect(c.duplicates).toHaveLength(0)
  })

  it('one number in a field: folded and trimmed, or why it is not one', () => {
    expect(readOneAssetNumber(`  ${fullWidth('8100000001')} `)).toEqual({ value: '8100000001', problem: null })
    expect(readOneAssetNumber('8100 000001')).toEqual({ value: '8100 000001', problem: 'spaces' })
    expect(readOneAssetNumber('   ')).toEqual({ value: '', problem: null })
    expect(readOneAssetNumber('x'.repeat(65)).problem).toBe('length')
  })
})

describe('repeat keys for the bulk runner', () => {
  it('ignores case; a clean list comes back as it is', () => {
    expect(assetNumberKey('AB-1')).toBe(assetNumberKey('ab-1'))
    const clean = ['8100000001', '8100000002']
    const k = assetNumberKeys(clean)
    expect(k.values).toBe(clean)
    expect(k.keys).toBe(clean)
    expect(assetNumberKeys(['AB-1', 'x']).keys).toEqual(['ab-1', 'x'])
    expect(assetNumberKeys([' 8100000001 ', fullWidth('8100000002'), '"AB"'])).toEqual({ values: ['8100000001', '8100000002', 'AB'], keys: ['8100000001', '8100000002', 'ab'] })
  })
})

describe('the column of a table', () => {
  const rows = [
    ['张三', '8100000001', '2024-01-01'],
    ['李四', '8100000002', '2024-01-02'],
    ['王五', '', '2024-01-03'],
  ]

  it('guesses the column that looks like lock numbers', () => {
    expect(guessAssetNumberColumn(rows)).toBe(1)
    expect(guessAssetNumberColumn([['a', 'b']])).toBe(-1)
    // A column of long digit strings that are not shell numbers scores lower than one of shell numbers.
    expect(guessAssetNumberColumn([['123456789012', '8100000001']])).toBe(1)
  })

  it('prefers a heading that names it: a lock before an asset before a number, never a phone', () => {
    expect(guessAssetNumberColumn([['x', 'y', 'z']], ['Phone number', 'Asset number', 'Lock'])).toBe(2)
    expect(guessAssetNumberColumn([['x', 'y']], ['Mobile number', 'Asset number'])).toBe(1)
    expect(guessAssetNumberColumn([['13800000000', '8100000001']], ['手机号', '备注'])).toBe(1)
  })

  it('reads a column cell by cell with the text rules, rows numbered from the first', () => {
    expect(readAssetNumberColumn([['a', ' 8100000001 '], ['b', '8100000002, 8100000003'], ['c', 'abc def']], 1, 2)).toEqual([
      { value: '8100000001', line: 2 },
      { value: '8100000002', line: 3 },
      { value: '8100000003', line: 3 },
      { value: 'abc def', line: 4 },
    ])
    expect(columnAsText(rows, 1)).toBe('8100000001\n8100000002')
  })
})
