import { describe, expect, it } from 'vitest'
import { AppError } from '@shared/errors/app-error'
import { EMPTY_MEMBER_FORM } from '@shared/members/member-form'
import { failedRows, importCounts, importFileOf, rowsWithoutPasswords } from '@shared/members/import-file'
import type { JobItem } from '@shared/ipc/channels/bulk'
import { assetsCell, fieldErrors, formOk, limitsOf, pastedAccounts, serverFieldError } from '../../../../src/renderer/models/members/member-form'
import { memberCategory, memberDetails, memberRowFormat, memberWordsKey } from '../../../../src/renderer/models/members/member-results'
import { memberResultRetryable } from '@shared/bulk/member-actions'
import { applyLocale, i18n } from '../../../../src/renderer/i18n'

const t = (key: string, params?: Record<string, unknown>) => (params ? `${key} ${JSON.stringify(params)}` : key)

describe('the member form on screen', () => {
  const limits = limitsOf(null)
  const values = { ...EMPTY_MEMBER_FORM, userName: 'zhang san', password: '', name: '' }

  it('shows a typed field’s problem at once, an empty required one only once left or on save', () => {
    const typed = fieldErrors(values, 'add', limits, new Set(), t, 'en')
    expect(Object.keys(typed)).toEqual(['userName'])
    expect(typed.userName).toBe('members.form.userName may contain only letters and digits')
    const left = fieldErrors(values, 'add', limits, new Set(['name']), t, 'en')
    expect(Object.keys(left).sort()).toEqual(['name', 'userName'])
    expect(Object.keys(fieldErrors(values, 'add', limits, 'all', t, 'zh-CN')).sort()).toEqual(['name', 'password', 'userName'])
    expect(formOk({ ...values, userName: 'zhang3', name: '张三', password: 'Start#2024' }, 'add', limits)).toBe(true)
    expect(formOk({ ...values, userName: 'zhang3', name: '张三' }, 'edit', limits)).toBe(true)
  })

  it('follows the password bounds of the settings', () => {
    const narrow = limitsOf({ locale: 'en', limits: { passwordMin: 10, passwordMax: 12, trialMemberCap: 20, maxPageSize: 500, maxShellNumsPerCall: 1000, maxOrdersPerBatch: 100 }, bulk: { lockChunkSize: 100, concurrency: 4, maxRetries: 4, retryBaseMs: 250, connectTimeoutMs: 1000, bodyTimeoutMs: 1000, callDeadlineMs: 30000, passwordRetentionDays: 7 }, orders: { instanceIdPrefix: 'LD' }, updates: { feedUrl: 'https://updates.example/' } })
    expect(formOk({ ...values, userName: 'a1', name: 'x', password: 'Start#2024' }, 'add', narrow)).toBe(true)
    expect(formOk({ ...values, userName: 'a1', name: 'x', password: 'Start#20' }, 'add', narrow)).toBe(false)
  })

  it('puts the service’s refusal at the field it is about', () => {
    const e = AppError.api('60027', 'The account already exists.', undefined, { issues: [{ path: 'userName', message: 'The account already exists.' }] }).toData()
    expect(serverFieldError(e, 'x', 'en')).toEqual({ field: 'userName', message: 'The account already exists.' })
    expect(serverFieldError(AppError.api('10004', 'bad').toData(), 'The mobile number is invalid.', 'en')).toEqual({ field: 'passwordMobile', message: 'The mobile number is invalid.' })
    expect(serverFieldError(AppError.api('80001').toData(), 'x', 'en')).toBeNull()
  })

  it('reads a pasted list of accounts with any separators, repeats once', () => {
    expect(pastedAccounts('zhangsan\nlisi, wangwu；ZhangSan\t magic80001 、lisi')).toEqual({ accounts: ['zhangsan', 'lisi', 'wangwu', 'magic80001'], repeated: 2 })
    expect(assetsCell(['a', 'b', 'c', 'd'])).toEqual({ first: ['a', 'b'], more: 2 })
  })
})

describe('member runs in the run panel', () => {
  const ctx = { t, locale: 'en' as const, errorText: (e: { code: string }) => e.code }
  const item = (result: JobItem['result'], index = 0): JobItem => ({ index, key: `u${index}`, label: `名${index}`, result, tries: 1, retryable: false })

  it('words each result for its kind, and files it in a filter category', () => {
    expect(memberWordsKey('members.import', { state: 'ok', memberGlobalId: 'M1' })).toBe('members.result.added')
    expect(memberWordsKey('members.delete', { state: 'ok', memberGlobalId: 'M1' })).toBe('members.result.deleted')
    expect(memberWordsKey('members.delete', { state: 'ok', message: 'User not found.' })).toBe('members.result.alreadyGone')
    expect(memberWordsKey('members.resetPassword', { state: 'ok' })).toBe('members.result.reset')
    expect(memberCategory({ state: 'failed', message: 'The account already exists.' })).toBe('refused')
    expect(memberCategory({ state: 'failed', error: AppError.api('80001').toData() })).toBe('callError')
    expect(memberCategory({ state: 'failed', error: AppError.api('60002').toData() })).toBe('refused')
    expect(memberCategory({ state: 'unknown' })).toBe('unknown')
    expect(memberDetails({ state: 'ok', reconciled: true, message: 'm' }, ctx)).toBe('m · members.result.reconciled')
  })

  it('a retry of a reset never sends an employee not found; the screen and the engine share the rule', () => {
    const results: JobItem['result'][] = [{ state: 'ok' }, { state: 'failed', error: AppError.api('60002').toData() }, { state: 'failed', error: AppError.api('80001').toData() }, { state: 'cancelled' }]
    expect(results.filter((r) => memberResultRetryable('members.resetPassword', r))).toHaveLength(2)
    expect(results.filter((r) => memberResultRetryable('members.delete', r))).toHaveLength(3)
  })

  it('says, for each kind, what its retry sends, as its rule is', () => {
    applyLocale('en')
    const hint = (k: Parameters<typeof memberRowFormat>[0]) => i18n.global.t(memberRowFormat(k).messages.retryHint)
    // An import: only outcomes not known, read back; a refused employee is never sent again.
    expect(hint('members.import')).toContain('outcome is not known')
    expect(hint('members.import')).toContain('A refused employee is not sent again')
    expect(i18n.global.t(memberRowFormat('members.import').messages.nothingToRetry)).toContain('Export the rows not imported')
    // A delete: refused ones too, outcomes not known read back first.
    expect(hint('members.delete')).toContain('refused')
    expect(hint('members.delete')).toContain('read back first')
    // A reset: no read-back, and not for an employee not found or a password refused (60002, 50003).
    expect(hint('members.resetPassword')).not.toContain('read back')
    expect(hint('members.resetPassword')).toContain('unless it did not find them or refused the password')
    applyLocale('zh-CN')
    expect(hint('members.resetPassword')).toContain('服务找不到该员工或拒绝该密码的除外')
    applyLocale('en')
  })

  it('numbers an import’s rows by their lines in the file, in the table and the export', () => {
    const f = memberRowFormat('members.import', [2, 5, 9])
    const line = f.columns.find((c) => c.key === 'line')!
    expect(line.text(item({ state: 'ok' }, 1), ctx)).toBe('5')
    expect(line.value!(item({ state: 'ok' }, 2))).toBe(9)
    const plain = memberRowFormat('members.delete').columns.find((c) => c.key === 'line')!
    expect(plain.text(item({ state: 'ok' }, 1), ctx)).toBe('2')
    expect(f.columns.find((c) => c.key === 'words')!.text(item({ state: 'failed', message: 'x' }), ctx)).toBe('item.refused')
    expect(f.categories.map((c) => c.id)).toContain('refused')
  })
})

describe('an employee file on the import screen', () => {
  const parsed = {
    fileName: 'staff.xlsx',
    kind: 'xlsx' as const,
    columns: ['账号', '密码', '姓名'],
    hasHeader: true,
    rows: [
      ['a1', 'pw-one', '甲'],
      ['a2', 'pw-two', '乙'],
      ['bad name', 'pw-3', '丙'],
    ],
    lines: [2, 4, 5],
    guess: -1,
  }

  it('keeps each row’s line (blank rows skipped) and never a password in the draft', () => {
    const f = importFileOf(parsed)!
    expect(f.rows.map((r) => r.line)).toEqual([2, 4, 5])
    expect(importFileOf({ ...parsed, kind: 'text' })).toBeNull()
    const kept = rowsWithoutPasswords(f.rows, { userName: 0, password: 1, name: 2 })
    expect(kept.map((r) => r.cells[1])).toEqual(['', '', ''])
    expect(f.rows[0]!.cells[1]).toBe('pw-one')
  })

  it('counts the check and lists the rows not imported with the file’s cells and a reason, in file order', () => {
    expect(
      importCounts([
        { line: 2, member: { userName: 'a1', password: 'x', name: '甲' } },
        { line: 3, issue: { line: 3, code: 'import.duplicate', message: 'dup' } },
        { line: 4, issue: { line: 4, code: 'import.exists', message: 'exists' } },
        { line: 5, issue: { line: 5, code: '10003', message: 'bad' } },
      ]),
    ).toEqual({ rows: 4, toSend: 1, invalid: 1, duplicates: 1, existing: 1 })
    const f = importFileOf(parsed)!
    const items: JobItem[] = [
      { index: 0, key: 'a1', result: { state: 'ok', memberGlobalId: 'M1' }, tries: 1, retryable: false },
      { index: 1, key: 'a2', result: { state: 'failed', message: 'The account already exists.' }, tries: 1, retryable: false },
    ]
    const out = failedRows(f, [2, 4], [{ line: 5, code: '10003', message: '账号只能包含字母和数字' }], items, (r) => r.message ?? '?')
    expect(out).toEqual([
      { line: 4, cells: ['a2', 'pw-two', '乙'], reason: 'The account already exists.' },
      { line: 5, cells: ['bad name', 'pw-3', '丙'], reason: '账号只能包含字母和数字' },
    ])
  })
})
