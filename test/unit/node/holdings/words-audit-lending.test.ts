/**
 * The words of assignment and lending in both languages (every entry in both, with the same placeholders), the
 * audit workbook's sheets, and the lending overview built from the service's lists and the journal's lends.
 */
import { describe, expect, it } from 'vitest'
import type { JournalEntry } from '@shared/ipc/channels/journal'
import { AUDIT_WORDS, auditSheets, auditTime, flattenProducts, type FlatProduct } from '@shared/holdings/audit'
import { CONFIGURE_WORDS, ISSUE_WORDS, LEND_WORDS, MOVE_WORDS, NOTE_WORDS, OUTCOME_DETAIL, OUTCOME_WORDS, lendWords } from '@shared/holdings/words'
import { lendRecords, lentLockViews } from '../../../../src/main/services/holdings/lending'
import { NumbersEntry } from '../../../../src/main/services/holdings/numbers'

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

describe('words', () => {
  it.each(Object.entries({ ISSUE_WORDS, NOTE_WORDS, CONFIGURE_WORDS, LEND_WORDS, MOVE_WORDS, OUTCOME_WORDS, OUTCOME_DETAIL, AUDIT_WORDS }))('%s: both languages, same placeholders', (_, table) => {
    for (const [key, e] of Object.entries(table as Record<string, { en: string; 'zh-CN': string }>)) {
      expect(e.en, key).not.toBe('')
      expect(e['zh-CN'], key).not.toBe('')
      expect(placeholders(e['zh-CN']), key).toEqual(placeholders(e.en))
    }
  })

  it('words every lending refusal the spec lists, with what to do', () => {
    for (const code of ['33006', '33003', '33007', '33008', '33018', '33009']) {
      expect(lendWords(code, 'en', { assets: 'X', lock: 'L', employee: 'E' })).toMatch(/\.\s.+\.$/)
    }
    expect(lendWords('33018', 'zh-CN', { lock: '8100000055' })).toBe('借用锁 8100000055 已借给其他员工。请选择空闲的借用锁（刷新列表）。')
    expect(lendWords('99999', 'en', {})).toBeNull()
  })
})

const entry = new NumbersEntry(
  1,
  [
    { assetNum: '81', assetId: 'A81', holder: 'M1', lent: true, online: false, borrowedLock: false },
    { assetNum: '82', assetId: 'A82', holder: 'M2', lent: true, online: true, borrowedLock: false },
    { assetNum: '83', assetId: 'A83', holder: null, lent: false, online: false, borrowedLock: false },
    { assetNum: 'L1', assetId: 'AL1', holder: 'M1', lent: true, online: false, borrowedLock: true },
    { assetNum: 'L2', assetId: 'AL2', holder: 'M2', lent: true, online: false, borrowedLock: true },
    { assetNum: 'L3', assetId: 'AL3', holder: null, lent: false, online: false, borrowedLock: true },
  ],
  [
    { assetId: 'AL1', assetNum: 'L1', borrowedFlag: true, cloudAccountGlobalId: 'M1' },
    { assetId: 'AL2', assetNum: 'L2', borrowedFlag: true, cloudAccountGlobalId: 'M2' },
    { assetId: 'AL3', assetNum: 'L3', borrowedFlag: false, cloudAccountGlobalId: null },
  ],
)

function lend(member: string, lock: string, ids: string[], at: number, outcome: JournalEntry['outcome']): JournalEntry {
  return {
    id: `${at}`,
    profileId: 'p',
    operation: 'lendAssets',
    method: 'POST',
    path: `/me/api/v1/enterprise/member/${member}/borrow`,
    query: {},
    body: { borrowedUsbKey: lock, assetIDs: ids },
    nonce: 'n',
    attempt: 0,
    startedAt: at,
    outcome,
  }
}

describe('lending overview', () => {
  it('takes the lends of the lending going on now from the journal, since the first of them', () => {
    const records = lendRecords([
      lend('M9', 'L1', ['A83'], 100, 'ok'), // an earlier lending, to someone else
      lend('M1', 'L1', ['A81'], 200, 'unknown'), // answer lost, the service shows it done
      lend('M1', 'L1', ['A99'], 300, 'error'), // refused: not counted
      lend('M1', 'L1', ['A81'], 400, 'ok'),
    ])
    const views = lentLockViews(entry, records)
    expect(views[0]).toEqual({ assetNum: 'L1', assetId: 'AL1', lent: true, holder: 'M1', lentAssets: [{ assetId: 'A81', assetNum: '81' }], assetsSource: 'journal', since: 200, recorded: true })
    // Nothing recorded: M2 has this one lent lock, so their lent assets are in it (the service's word).
    expect(views[1]).toMatchObject({ recorded: false, since: null, assetsSource: 'service', lentAssets: [{ assetNum: '82' }] })
    expect(views[2]).toMatchObject({ lent: false, holder: null, lentAssets: [], assetsSource: 'none' })
  })
})

describe('audit workbook', () => {
  it('has a sheet per view in the reader’s language, products flattened through their packages', () => {
    const products = flattenProducts({
      productInstanceList: [{ id: 1, productName: 'Loose', productUri: 'GMS-1', limitConcurrent: 2 }],
      children: [{ id: 2, merchandiseName: 'Suite', children: [{ id: 3, merchandiseName: 'Basic', productInstanceList: [{ id: 4, productName: 'Inner', appKey: 'APP-1', trial: 1 }] }] }],
    })
    expect(products.map((p) => [p.packages.join('/'), p.product.productName])).toEqual([
      ['', 'Loose'],
      ['Suite/Basic', 'Inner'],
    ])
    const sheets = auditSheets(
      {
        employees: [{ globalId: 'M1', userName: 'zs', name: '张三', departmentName: '研发部', assetNums: ['81'], borrowNum: 'L1' }],
        numbers: entry.records,
        locks: lentLockViews(entry, []),
        products: new Map<string, FlatProduct[] | { failed: string }>([
          ['A81', products],
          ['A82', { failed: '500' }],
        ]),
      },
      'zh-CN',
    )
    expect(sheets.map((s) => s.name)).toEqual(['员工', '资产编号', '借用锁', '产品'])
    expect(sheets[0]!.rows[0]).toEqual(['张三', 'zs', 'M1', '研发部', 1, '81', 'L1'])
    expect(sheets[1]!.rows[0]).toEqual(['81', 'A81', '张三', 'zs', 'M1', '是', '否', '否'])
    expect(sheets[3]!.rows.map((r) => r[4])).toEqual(['Loose', 'Inner', '无法读取：500'])
    expect(auditTime(Date.UTC(2024, 0, 1, 0, 0))).toBe('2024-01-01 08:00')
  })
})
