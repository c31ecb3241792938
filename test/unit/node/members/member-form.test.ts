import { describe, expect, it } from 'vitest'
import {
  EMPTY_MEMBER_FORM,
  checkMemberField,
  fieldOfError,
  maskMobile,
  memberFormIssues,
  memberIssueText,
  toMemberEdit,
  toNewMember,
  type MemberFormValues,
} from '@shared/members/member-form'
import { generatePassword } from '@shared/members/password'
import { checkPassword, DEFAULT_MEMBER_RULE_LIMITS } from '@shared/rules/member-rules'
import { AppError } from '@shared/errors/app-error'
import { errorAdvice } from '@shared/errors/advice'

const form = (over: Partial<MemberFormValues> = {}): MemberFormValues => ({ ...EMPTY_MEMBER_FORM, userName: 'zhang3', password: 'Start#2024', name: '张三', ...over })

describe('the employee form', () => {
  it('checks each field with the service’s rule and code', () => {
    expect(memberFormIssues(form(), 'add')).toEqual({})
    expect(checkMemberField('userName', form({ userName: '' }), 'add')).toMatchObject({ code: '40008', rule: 'required' })
    expect(checkMemberField('userName', form({ userName: 'zhang san' }), 'add')).toMatchObject({ code: '10003', rule: 'lettersDigits' })
    // 53 characters is the most that stays below 63 with an assumed 9-character suffix.
    expect(checkMemberField('userName', form({ userName: 'a'.repeat(53) }), 'add')).toBeNull()
    expect(checkMemberField('userName', form({ userName: 'a'.repeat(54) }), 'add')).toMatchObject({ code: '10003', rule: 'lengthWithSuffix' })
    expect(checkMemberField('password', form({ password: '12345' }), 'add')).toMatchObject({ code: '50003' })
    expect(checkMemberField('password', form({ password: '' }), 'edit')).toBeNull()
    expect(checkMemberField('name', form({ name: '名'.repeat(30) }), 'add')).toBeNull()
    expect(checkMemberField('name', form({ name: '名'.repeat(31) }), 'add')).toMatchObject({ code: '30002' })
    expect(checkMemberField('name', form({ name: '  ' }), 'add')).toMatchObject({ code: '40022' })
    expect(checkMemberField('name', form({ name: '' }), 'edit')).toMatchObject({ code: '40000' })
    expect(checkMemberField('remark', form({ remark: 'r'.repeat(201) }), 'add')).toMatchObject({ code: '30003' })
    expect(checkMemberField('passwordMobile', form({ passwordMobile: '138 0013 8000' }), 'add')).toBeNull()
    expect(checkMemberField('passwordMobile', form({ passwordMobile: '12345' }), 'add')).toMatchObject({ code: '10004' })
    expect(checkMemberField('departmentId', form({ departmentId: 'sales' }), 'add')).toMatchObject({ code: '40000', rule: 'type' })
    expect(checkMemberField('departmentId', form({ departmentId: ' 12 ' }), 'add')).toBeNull()
  })

  it('words a problem with the field’s label, in either language', () => {
    const found = checkMemberField('name', form({ name: '名'.repeat(31) }), 'add')!
    expect(memberIssueText(found, 'Name', 'en')).toBe('Name may be at most 30 characters')
    expect(memberIssueText(found, '姓名', 'zh-CN')).toBe('姓名最多 30 个字符')
  })

  it('sends trimmed fields, drops empty optional ones and normalises the mobile number', () => {
    expect(toNewMember(form({ userName: ' zhang3 ', name: ' 张三 ', departmentId: '7', remark: '', passwordMobile: '+86 138-0013-8000' }))).toEqual({
      userName: 'zhang3',
      password: 'Start#2024',
      name: '张三',
      departmentId: 7,
      passwordMobile: '+8613800138000',
    })
  })

  it('an edit clears emptied optional fields with null', () => {
    expect(toMemberEdit(form({ departmentId: '', remark: ' ', passwordMobile: '' }))).toEqual({
      userName: 'zhang3',
      name: '张三',
      departmentId: null,
      remark: null,
      passwordMobile: null,
    })
  })

  it('finds the field of an error: its issue path, else the service code', () => {
    expect(fieldOfError(AppError.app('app.invalidInput', { detail: 'x' }, { issues: [{ path: 'remark', message: 'x' }] }).toData())).toBe('remark')
    expect(fieldOfError(AppError.api('10004', 'bad mobile').toData())).toBe('passwordMobile')
    expect(fieldOfError(AppError.api('60002').toData())).toBeNull()
  })

  it('masks mobile numbers, keeping enough to recognise them', () => {
    expect(maskMobile('13800138000')).toBe('138****8000')
    expect(maskMobile('+86 138 0013 8000')).toBe('+86138****8000')
    expect(maskMobile('+6591234567')).toBe('+65****4567')
    expect(maskMobile('1234')).toBe('**34')
  })
})

describe('generated passwords', () => {
  it('are strong, within the bounds, and differ every time', () => {
    const seen = new Set<string>()
    for (let i = 0; i < 200; i++) {
      const p = generatePassword(DEFAULT_MEMBER_RULE_LIMITS)
      expect(p).toHaveLength(16)
      expect(p).toMatch(/[a-z]/)
      expect(p).toMatch(/[A-Z]/)
      expect(p).toMatch(/[2-9]/)
      expect(p).toMatch(/[^A-Za-z0-9]/)
      expect(p).not.toMatch(/[0O1lI]/)
      expect(checkPassword(p, 'password', DEFAULT_MEMBER_RULE_LIMITS)).toBeNull()
      seen.add(p)
    }
    expect(seen.size).toBe(200)
  })

  it('follow narrower bounds', () => {
    expect(generatePassword({ passwordMin: 6, passwordMax: 8 })).toHaveLength(8)
    expect(generatePassword({ passwordMin: 20, passwordMax: 32 })).toHaveLength(20)
  })
})

describe('error advice', () => {
  it('credentials stop the work; passing faults say try again', () => {
    expect(errorAdvice(AppError.api('60005').toData())).toBe('credentials')
    expect(errorAdvice(AppError.api('70001').toData())).toBe('credentials')
    expect(errorAdvice(AppError.app('app.unauthorized', { status: 401 }, { httpStatus: 401 }).toData())).toBe('credentials')
    expect(errorAdvice(AppError.api('80001').toData())).toBe('tryAgain')
    expect(errorAdvice(AppError.api('500').toData())).toBe('tryAgain')
    expect(errorAdvice(AppError.app('app.httpStatus', { status: 503 }, { httpStatus: 503 }).toData())).toBe('tryAgain')
    expect(errorAdvice(AppError.api('60002').toData())).toBe('none')
  })
})
