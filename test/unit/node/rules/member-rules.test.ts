// The shared employee rules: the spec's limits with the error code each violation answers.
import { describe, expect, it } from 'vitest'
import { describeIssue } from '@shared/rules/issue'
import { checkAddMembersBody, checkEditMemberBody, checkNewMember, checkResetPasswordBody, maxUserNameLength, type MemberRuleLimits } from '@shared/rules/member-rules'
import { isMobile } from '@shared/rules/values'

const limits: MemberRuleLimits = { passwordMin: 6, passwordMax: 32, enterpriseSuffix: '@demo0001' }
const m = (over: Record<string, unknown> = {}) => ({ userName: 'zhangsan', password: 'secret1', name: '张三', ...over })
const code = (v: unknown) => checkNewMember(v, 0, limits)?.code ?? null

describe('checkNewMember', () => {
  it('accepts a complete employee and the optional fields', () => {
    expect(code(m())).toBeNull()
    expect(code(m({ departmentId: 3, remark: 'r', passwordMobile: '13800138000' }))).toBeNull()
    expect(code(m({ departmentId: null, remark: null, passwordMobile: '' }))).toBeNull()
  })

  it('codes of each empty field: 40008 account, 40001 password, 40022 name', () => {
    expect(code(m({ userName: '' }))).toBe('40008')
    expect(code(m({ userName: undefined }))).toBe('40008')
    expect(code(m({ password: '' }))).toBe('40001')
    expect(code(m({ name: ' ' }))).toBe('40022')
  })

  it('50003 for a password outside 6..32, with the bounds in the message', () => {
    expect(code(m({ password: '12345' }))).toBe('50003')
    expect(code(m({ password: '123456' }))).toBeNull()
    expect(code(m({ password: 'x'.repeat(32) }))).toBeNull()
    const found = checkNewMember(m({ password: 'x'.repeat(33) }), 4, limits)
    expect(found && describeIssue(found)).toBe('userList[4].password must be between 6 and 32 characters long')
  })

  it('30002 past 30 characters of name, 30003 past 200 of remark (counted as characters)', () => {
    expect(code(m({ name: '张'.repeat(30) }))).toBeNull()
    expect(code(m({ name: '张'.repeat(31) }))).toBe('30002')
    expect(code(m({ remark: '😀'.repeat(200) }))).toBeNull()
    expect(code(m({ remark: 'r'.repeat(201) }))).toBe('30003')
  })

  it('10003: letters and digits only, and fewer than 63 characters with the suffix', () => {
    expect(maxUserNameLength('@demo0001')).toBe(53)
    expect(code(m({ userName: 'a'.repeat(53) }))).toBeNull()
    expect(code(m({ userName: 'a'.repeat(54) }))).toBe('10003')
    for (const bad of ['zhang san', 'zhang_san', 'zhang-san', '张三', 'a@b']) expect(code(m({ userName: bad }))).toBe('10003')
  })

  it('10004 for an invalid security mobile', () => {
    expect(code(m({ passwordMobile: '1380013800' }))).toBe('10004')
    expect(code(m({ passwordMobile: '12800138000' }))).toBe('10004')
  })

  it('mobile numbers of mainland China and Singapore', () => {
    for (const ok of ['13800138000', '+8613800138000', '19912345678', '+6591234567', '6581234567', '138-0013-8000']) expect(isMobile(ok)).toBe(true)
    for (const bad of ['12345', '10012345678', '+659123456', '91234567', 'abc']) expect(isMobile(bad)).toBe(false)
  })
})

describe('checkAddMembersBody', () => {
  it('40000 without a list, 40021 for an empty one, 60013 past 100', () => {
    expect(checkAddMembersBody({}, limits)?.code).toBe('40000')
    expect(checkAddMembersBody({ userList: 'x' }, limits)?.code).toBe('40000')
    expect(checkAddMembersBody({ userList: [] }, limits)?.code).toBe('40021')
    expect(checkAddMembersBody({ userList: Array.from({ length: 100 }, (_, i) => m({ userName: `u${i}` })) }, limits)).toBeNull()
    expect(checkAddMembersBody({ userList: Array.from({ length: 101 }, (_, i) => m({ userName: `u${i}` })) }, limits)?.code).toBe('60013')
  })

  it('names the first bad item', () => {
    expect(checkAddMembersBody({ userList: [m(), m({ name: '' })] }, limits)).toMatchObject({ code: '40022', field: 'userList[1].name' })
  })
})

describe('edit and reset', () => {
  it('edit needs userName and name (40000) and keeps the add limits', () => {
    expect(checkEditMemberBody({ userName: 'zhangsan', name: 'n' }, limits)).toBeNull()
    expect(checkEditMemberBody({ name: 'n' }, limits)?.code).toBe('40000')
    expect(checkEditMemberBody({ userName: 'zhangsan' }, limits)?.code).toBe('40000')
    expect(checkEditMemberBody({ userName: 'zhangsan', name: 'n'.repeat(31) }, limits)?.code).toBe('30002')
    expect(checkEditMemberBody({ userName: 'zhangsan', name: 'n', remark: 'r'.repeat(201) }, limits)?.code).toBe('30003')
    expect(checkEditMemberBody({ userName: 'zhang.san', name: 'n' }, limits)?.code).toBe('10003')
  })

  it('reset: 40000 without a body, 40001 empty password, 50003 length', () => {
    expect(checkResetPasswordBody(undefined, limits)?.code).toBe('40000')
    expect(checkResetPasswordBody({}, limits)?.code).toBe('40001')
    expect(checkResetPasswordBody({ password: 'abc' }, limits)?.code).toBe('50003')
    expect(checkResetPasswordBody({ password: 'abcdef' }, limits)).toBeNull()
  })
})
