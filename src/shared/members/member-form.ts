/**
 * The employee form (add, edit) checked field by field with the service's own member rules
 * (src/shared/rules/member-rules.ts), and turned into what the service takes. Pure: the renderer checks as the
 * user types, the core checks again before sending, the CLI checks its options; the sentences are the rules'
 * own, in either language, naming the field as the screen labels it.
 */
import type { AppErrorData } from '../errors/app-error'
import type { Locale } from '../i18n/locale'
import type { NewMember } from '../api/operations'
import { describeIssue, issue, type RuleIssue } from '../rules/issue'
import type { AssumedLimits } from '../settings'
import {
  ASSUMED_ENTERPRISE_SUFFIX,
  checkDepartmentId,
  checkMobile,
  checkName,
  checkPassword,
  checkRemark,
  checkUserName,
  DEFAULT_MEMBER_RULE_LIMITS,
  type MemberRuleLimits,
} from '../rules/member-rules'

/**
 * The rule bounds in force: the password length from the settings; the enterprise code the service appends is
 * not known to the app, so its length is assumed (docs/decisions.md).
 */
export function memberRuleLimits(limits: Pick<AssumedLimits, 'passwordMin' | 'passwordMax'> | null | undefined): MemberRuleLimits {
  if (!limits) return DEFAULT_MEMBER_RULE_LIMITS
  return { passwordMin: limits.passwordMin, passwordMax: limits.passwordMax, enterpriseSuffix: ASSUMED_ENTERPRISE_SUFFIX }
}

/** The fields of the form, in screen order. */
export const MEMBER_FIELDS = ['userName', 'password', 'name', 'departmentId', 'remark', 'passwordMobile'] as const
export type MemberField = (typeof MEMBER_FIELDS)[number]

/** The fields' labels on the employee form (the renderer's messages take them from here, the core's sentences too). */
export const MEMBER_FIELD_LABELS: Record<MemberField, Record<Locale, string>> = {
  userName: { en: 'Account', 'zh-CN': '账号' },
  password: { en: 'Initial password', 'zh-CN': '初始密码' },
  name: { en: 'Name', 'zh-CN': '姓名' },
  departmentId: { en: 'Department', 'zh-CN': '部门' },
  remark: { en: 'Remark', 'zh-CN': '备注' },
  passwordMobile: { en: 'Security mobile', 'zh-CN': '安全手机' },
}

/** A field's problem in words, the field named by its label (for the core and the CLI, which have no screen). */
export function memberIssueWords(found: RuleIssue, locale: Locale): string {
  const label = (MEMBER_FIELDS as readonly string[]).includes(found.field) ? MEMBER_FIELD_LABELS[found.field as MemberField][locale] : found.field
  return describeIssue({ ...found, field: label }, locale)
}

/** What the form holds: text as typed (the department id too). */
export interface MemberFormValues {
  userName: string
  password: string
  name: string
  departmentId: string
  remark: string
  passwordMobile: string
}

export const EMPTY_MEMBER_FORM: MemberFormValues = { userName: '', password: '', name: '', departmentId: '', remark: '', passwordMobile: '' }

/** add: every field (password required); edit: the account is fixed and the password is not part of it. */
export type MemberFormMode = 'add' | 'edit'

/** Fields the form shows in a mode. */
export function formFields(mode: MemberFormMode): readonly MemberField[] {
  return mode === 'add' ? MEMBER_FIELDS : MEMBER_FIELDS.filter((f) => f !== 'password')
}

/** Spaces and dashes people type in phone numbers (the rule ignores them; they are not sent). */
export function normalizeMobile(v: string): string {
  return v.replace(/[\s-]/g, '')
}

/** A typed department id as the service takes it: absent, or a whole number (kept as text when it is not one). */
function departmentValue(v: string): number | string | undefined {
  const t = v.trim()
  if (t === '') return undefined
  return /^-?\d+$/.test(t) && Number.isSafeInteger(Number(t)) ? Number(t) : t
}

/** The first problem of one field, or null. */
export function checkMemberField(
  field: MemberField,
  values: MemberFormValues,
  mode: MemberFormMode,
  limits: MemberRuleLimits = DEFAULT_MEMBER_RULE_LIMITS,
): RuleIssue | null {
  switch (field) {
    case 'userName': {
      const v = values.userName.trim()
      if (v === '') return issue(mode === 'add' ? '40008' : '40000', 'userName', 'required')
      return checkUserName(v, 'userName', limits)
    }
    case 'password':
      return mode === 'add' ? checkPassword(values.password, 'password', limits) : null
    case 'name':
      return checkName(values.name.trim(), 'name', mode === 'add' ? '40022' : '40000')
    case 'departmentId':
      return checkDepartmentId(departmentValue(values.departmentId), 'departmentId')
    case 'remark':
      return checkRemark(values.remark, 'remark')
    case 'passwordMobile':
      return checkMobile(values.passwordMobile, 'passwordMobile')
  }
}

/** Every field's first problem (fields without one are absent). */
export function memberFormIssues(
  values: MemberFormValues,
  mode: MemberFormMode,
  limits: MemberRuleLimits = DEFAULT_MEMBER_RULE_LIMITS,
): Partial<Record<MemberField, RuleIssue>> {
  const out: Partial<Record<MemberField, RuleIssue>> = {}
  for (const f of formFields(mode)) {
    const found = checkMemberField(f, values, mode, limits)
    if (found) out[f] = found
  }
  return out
}

/** The sentence of a field's problem, naming the field by its label on screen. */
export function memberIssueText(found: RuleIssue, label: string, locale: Locale): string {
  return describeIssue({ ...found, field: label }, locale)
}

/** The employee to add (member operation 1), from a form that checks. */
export function toNewMember(values: MemberFormValues): NewMember {
  const out: NewMember = { userName: values.userName.trim(), password: values.password, name: values.name.trim() }
  const dep = departmentValue(values.departmentId)
  if (typeof dep === 'number') out.departmentId = dep
  if (values.remark.trim() !== '') out.remark = values.remark
  if (values.passwordMobile.trim() !== '') out.passwordMobile = normalizeMobile(values.passwordMobile)
  return out
}

/**
 * The fields of an edit (member operation 2). An emptied optional field is sent as null, which clears it
 * (the service keeps the value of a field left out).
 */
export interface MemberEdit {
  userName: string
  name: string
  departmentId: number | null
  remark: string | null
  passwordMobile: string | null
}

/** The edit to send, from a form that checks. */
export function toMemberEdit(values: MemberFormValues): MemberEdit {
  const dep = departmentValue(values.departmentId)
  return {
    userName: values.userName.trim(),
    name: values.name.trim(),
    departmentId: typeof dep === 'number' ? dep : null,
    remark: values.remark.trim() === '' ? null : values.remark,
    passwordMobile: values.passwordMobile.trim() === '' ? null : normalizeMobile(values.passwordMobile),
  }
}

/** Which field a service error code is about (spec: member error table), for showing it at the field. */
export const MEMBER_CODE_FIELDS: Readonly<Record<string, MemberField>> = {
  '40008': 'userName',
  '10003': 'userName',
  '40001': 'password',
  '50003': 'password',
  '40022': 'name',
  '30002': 'name',
  '30003': 'remark',
  '10004': 'passwordMobile',
}

/** The form field an error is about: the path of its first field issue, else its code; null for neither. */
export function fieldOfError(error: AppErrorData): MemberField | null {
  const path = error.details.issues?.[0]?.path.split('.').pop()
  if (path && (MEMBER_FIELDS as readonly string[]).includes(path)) return path as MemberField
  return MEMBER_CODE_FIELDS[error.code] ?? null
}

/**
 * A mobile number partly hidden for the list: the first three and last four digits of a long number
 * (`138****5678`), the last four of an 8-digit one (Singapore); the country code of `+65 …` numbers is kept.
 */
export function maskMobile(v: string): string {
  const n = normalizeMobile(v)
  const plus = n.startsWith('+') ? n.slice(0, 3) : ''
  const rest = n.slice(plus.length)
  if (rest.length >= 9) return plus + rest.slice(0, 3) + '*'.repeat(rest.length - 7) + rest.slice(-4)
  if (rest.length >= 6) return plus + '*'.repeat(rest.length - 4) + rest.slice(-4)
  if (rest.length > 2) return plus + '*'.repeat(rest.length - 2) + rest.slice(-2)
  return '*'.repeat(rest.length)
}
