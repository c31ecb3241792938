/**
 * The Members screens' plain logic (tested without mounting): the rule bounds from the settings, the form's
 * problems worded at each field, when a field shows its problem, the asset numbers cell, and the accounts of a
 * pasted list.
 */
import type { AppErrorData } from '@shared/errors/app-error'
import type { Locale } from '@shared/i18n/locale'
import { maxUserNameLength, type MemberRuleLimits } from '@shared/rules/member-rules'
import { fieldOfError, formFields, MEMBER_FIELD_LABELS, memberFormIssues, memberIssueText, memberRuleLimits, type MemberField, type MemberFormMode, type MemberFormValues } from '@shared/members/member-form'
import { nameFieldIn } from '@shared/rules/issue'
import type { Settings } from '@shared/settings'

type Translate = (key: string, params?: Record<string, unknown>) => string

/** The rule bounds in force: the password length from the settings; the enterprise code's length assumed. */
export function limitsOf(settings: Settings | null): MemberRuleLimits {
  return memberRuleLimits(settings?.limits)
}

/** Longest account the form accepts. */
export function maxAccountLength(limits: MemberRuleLimits): number {
  return maxUserNameLength(limits.enterpriseSuffix)
}

/** The label key of a field. */
export const fieldLabelKey = (f: MemberField): string => `members.form.${f}`

/**
 * Each field's problem in words, for the fields that show it: a field shows its problem once it has been left
 * (or the user tried to save), or as soon as it holds something (checked as you type); an empty required field
 * only after that.
 */
export function fieldErrors(
  values: MemberFormValues,
  mode: MemberFormMode,
  limits: MemberRuleLimits,
  shown: ReadonlySet<MemberField> | 'all',
  t: Translate,
  locale: Locale,
): Partial<Record<MemberField, string>> {
  const issues = memberFormIssues(values, mode, limits)
  const out: Partial<Record<MemberField, string>> = {}
  for (const f of formFields(mode)) {
    const found = issues[f]
    if (!found) continue
    const typed = values[f].trim() !== ''
    if (shown === 'all' || shown.has(f) || typed) out[f] = memberIssueText(found, t(fieldLabelKey(f)), locale)
  }
  return out
}

/** Whether a form can be sent (no field has a problem). */
export function formOk(values: MemberFormValues, mode: MemberFormMode, limits: MemberRuleLimits): boolean {
  return Object.keys(memberFormIssues(values, mode, limits)).length === 0
}

/**
 * Where the service's refusal goes: the field it names (its rule's field, or the field its code is about) with its
 * words; null when it names none (shown above the form).
 */
export function serverFieldError(e: AppErrorData, text: string, locale: Locale): { field: MemberField; message: string } | null {
  const field = fieldOfError(e)
  if (!field) return null
  // The field is named as the form labels it, never by its request name ("userName 只能包含字母和数字").
  const message = nameFieldIn(e.details.issues?.[0]?.message || text, field, MEMBER_FIELD_LABELS[field][locale], locale)
  return { field, message }
}

/** The asset numbers cell: the first few, and how many more. */
export function assetsCell(nums: readonly string[], shown = 2): { first: string[]; more: number } {
  return { first: nums.slice(0, shown), more: Math.max(0, nums.length - shown) }
}

/** The accounts (or global ids) of a pasted list: any separators, repeats (ignoring case) kept once. */
export function pastedAccounts(text: string): { accounts: string[]; repeated: number } {
  const seen = new Set<string>()
  const accounts: string[] = []
  let repeated = 0
  for (const token of text.split(/[\s,;，；、]+/)) {
    const v = token.trim()
    if (v === '') continue
    const k = v.toLowerCase()
    if (seen.has(k)) {
      repeated++
      continue
    }
    seen.add(k)
    accounts.push(v)
  }
  return { accounts, repeated }
}

/** From this many employees on, a bulk run's count must also be typed to confirm it. */
export const TYPE_COUNT_FROM = 1000
