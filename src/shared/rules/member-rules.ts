/**
 * Employee (member) rules of the spec's limits and error table, checked by the sandbox on arrival and by the
 * app before sending. Each check returns the first violation with the code the service answers for it.
 */
import { DEFAULT_LIMITS, SPEC_LIMITS } from '../settings'
import { issue, type RuleIssue } from './issue'
import { LETTERS_DIGITS, charLength, isAbsent, isFilled, isInteger, isMobile, isPlainObject } from './values'

/** The bounds these rules need; the spec's fixed ones and the settings the spec leaves open. */
export interface MemberRuleLimits {
  passwordMin: number
  passwordMax: number
  /** The suffix the system appends to userName (`@` + enterprise code). */
  enterpriseSuffix: string
}

/**
 * Suffix length assumed when the enterprise code is unknown to the caller (the app): `@` plus an 8-character
 * code, as the sandbox's enterprises have. The sandbox always checks with the enterprise's real suffix.
 */
export const ASSUMED_ENTERPRISE_SUFFIX = '@xxxxxxxx'

export const DEFAULT_MEMBER_RULE_LIMITS: MemberRuleLimits = {
  passwordMin: DEFAULT_LIMITS.passwordMin,
  passwordMax: DEFAULT_LIMITS.passwordMax,
  enterpriseSuffix: ASSUMED_ENTERPRISE_SUFFIX,
}

/** Longest userName that keeps `userName + suffix` below the spec's 63 characters. */
export function maxUserNameLength(suffix: string): number {
  return SPEC_LIMITS.userNameWithSuffixBelow - 1 - charLength(suffix)
}

/** userName: letters and digits only, and short enough with the suffix (code 10003 for both). */
export function checkUserName(v: unknown, field: string, limits: MemberRuleLimits): RuleIssue | null {
  if (typeof v !== 'string') return issue('40000', field, 'type', { expected: 'string' })
  if (!LETTERS_DIGITS.test(v)) return issue('10003', field, 'lettersDigits')
  const max = maxUserNameLength(limits.enterpriseSuffix)
  if (charLength(v) > max) {
    return issue('10003', field, 'lengthWithSuffix', {
      suffix: limits.enterpriseSuffix,
      below: SPEC_LIMITS.userNameWithSuffixBelow,
      max,
    })
  }
  return null
}

/** Password present (40001) and of allowed length (50003). */
export function checkPassword(v: unknown, field: string, limits: MemberRuleLimits): RuleIssue | null {
  if (isAbsent(v)) return issue('40001', field, 'required')
  if (typeof v !== 'string') return issue('40000', field, 'type', { expected: 'string' })
  const n = charLength(v)
  if (n < limits.passwordMin || n > limits.passwordMax) {
    return issue('50003', field, 'lengthBetween', { min: limits.passwordMin, max: limits.passwordMax })
  }
  return null
}

/** departmentId: absent, null or a whole number (40000). */
export function checkDepartmentId(v: unknown, field: string): RuleIssue | null {
  if (v !== undefined && v !== null && !isInteger(v)) return issue('40000', field, 'type', { expected: 'integer' })
  return null
}

/** remark: absent, null or at most 200 characters (30003). */
export function checkRemark(v: unknown, field: string): RuleIssue | null {
  if (v === undefined || v === null) return null
  if (typeof v !== 'string') return issue('40000', field, 'type', { expected: 'string' })
  if (charLength(v) > SPEC_LIMITS.remarkMax) return issue('30003', field, 'maxLength', { max: SPEC_LIMITS.remarkMax })
  return null
}

/** passwordMobile (security mobile): absent or a mobile number (10004). */
export function checkMobile(v: unknown, field: string): RuleIssue | null {
  if (isAbsent(v)) return null
  if (typeof v !== 'string') return issue('40000', field, 'type', { expected: 'string' })
  if (!isMobile(v)) return issue('10004', field, 'mobile')
  return null
}

/** The optional fields shared by add and edit: departmentId, remark (30003), passwordMobile (10004). */
function checkOptionalFields(m: Record<string, unknown>, at: string): RuleIssue | null {
  return (
    checkDepartmentId(m['departmentId'], `${at}departmentId`) ??
    checkRemark(m['remark'], `${at}remark`) ??
    checkMobile(m['passwordMobile'], `${at}passwordMobile`)
  )
}

/** Name present (40022 on add, 40000 on edit) and at most 30 characters (30002). */
export function checkName(v: unknown, field: string, emptyCode: '40022' | '40000'): RuleIssue | null {
  if (isAbsent(v)) return issue(emptyCode, field, 'required')
  if (typeof v !== 'string') return issue('40000', field, 'type', { expected: 'string' })
  if (charLength(v) > SPEC_LIMITS.nameMax) return issue('30002', field, 'maxLength', { max: SPEC_LIMITS.nameMax })
  return null
}

/** One item of `userList` (member operation 1). `index` names it in the field path. */
export function checkNewMember(m: unknown, index: number, limits: MemberRuleLimits): RuleIssue | null {
  const at = `userList[${index}].`
  if (!isPlainObject(m)) return issue('40000', `userList[${index}]`, 'type', { expected: 'object' })
  if (isAbsent(m['userName'])) return issue('40008', `${at}userName`, 'required')
  const user = checkUserName(m['userName'], `${at}userName`, limits)
  if (user) return user
  const pw = checkPassword(m['password'], `${at}password`, limits)
  if (pw) return pw
  const name = checkName(m['name'], `${at}name`, '40022')
  if (name) return name
  return checkOptionalFields(m, at)
}

/**
 * The body of member operation 1 as a whole: `userList` present (40000), not empty (40021), at most 100
 * (60013), then every item, first violation wins; userNames repeated inside one call are reported too.
 */
export function checkAddMembersBody(body: unknown, limits: MemberRuleLimits = DEFAULT_MEMBER_RULE_LIMITS): RuleIssue | null {
  if (!isPlainObject(body) || body['userList'] === undefined || body['userList'] === null) {
    return issue('40000', 'userList', 'required')
  }
  const list = body['userList']
  if (!Array.isArray(list)) return issue('40000', 'userList', 'type', { expected: 'array' })
  if (list.length === 0) return issue('40021', 'userList', 'notEmpty')
  if (list.length > SPEC_LIMITS.membersPerAddCall) {
    return issue('60013', 'userList', 'maxItems', { max: SPEC_LIMITS.membersPerAddCall })
  }
  for (let i = 0; i < list.length; i++) {
    const found = checkNewMember(list[i], i, limits)
    if (found) return found
  }
  return null
}

/** The body of member operation 2 (edit): userName and name required, same limits as add. */
export function checkEditMemberBody(body: unknown, limits: MemberRuleLimits = DEFAULT_MEMBER_RULE_LIMITS): RuleIssue | null {
  if (!isPlainObject(body)) return issue('40000', 'body', 'type', { expected: 'object' })
  if (!isFilled(body['userName'])) return issue('40000', 'userName', 'required')
  const user = checkUserName(body['userName'], 'userName', limits)
  if (user) return user
  const name = checkName(body['name'], 'name', '40000')
  if (name) return name
  return checkOptionalFields(body, '')
}

/** The body of member operation 3 (reset password). */
export function checkResetPasswordBody(body: unknown, limits: MemberRuleLimits = DEFAULT_MEMBER_RULE_LIMITS): RuleIssue | null {
  if (!isPlainObject(body)) return issue('40000', 'body', 'required')
  return checkPassword(body['password'], 'password', limits)
}
