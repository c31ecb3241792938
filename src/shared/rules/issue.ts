/**
 * A rule violation found in a request before (app) or on arrival (sandbox): which field, which rule, and the
 * service error code the violation answers. Messages are built from it in either language, so the app can show
 * the same sentence the sandbox would send, in the user's language.
 */
import type { Locale } from '../i18n/locale'
import { fillTemplate } from '../errors/catalog'

/** The kinds of violation; each has one sentence per language in RULE_MESSAGES. */
export type RuleName =
  | 'required'
  | 'type'
  | 'oneOf'
  | 'notEmpty'
  | 'maxItems'
  | 'maxLength'
  | 'lengthBetween'
  | 'lengthWithSuffix'
  | 'lettersDigits'
  | 'mobile'
  | 'shellNumber'
  | 'assetNumber'
  | 'duplicate'
  | 'dateOrder'
  | 'range'
  | 'atLeast'
  | 'atMost'
  | 'date'
  | 'unlikelyEmail'
  | 'unlikelyPhone'
  | 'timeExpression'
  | 'notFound'
  | 'exists'
  | 'mismatch'
  | 'notAllowed'
  | 'noSpaces'
  | 'email'
  | 'controlChars'

export interface RuleIssue {
  /** Service error code this violation answers ('13004', '40008', ...). */
  code: string
  /** Path of the field, e.g. `orderList[2].assets[0].assetNos`. */
  field: string
  rule: RuleName
  /** Sequence of the order entry, when the field is inside one and the entry has a usable sequence. */
  sequence?: number
  /** Values for the sentence: expected, allowed, max, min, value... */
  params?: Record<string, string | number>
}

/** One sentence per rule and language; `{field}` is always available. */
export const RULE_MESSAGES: Record<RuleName, Record<Locale, string>> = {
  required: { en: '{field} is required', 'zh-CN': '{field}不能为空' },
  type: { en: '{field} must be {expected}', 'zh-CN': '{field}必须是{expected}' },
  oneOf: { en: '{field} must be one of: {allowed}', 'zh-CN': '{field}必须是以下值之一：{allowed}' },
  notEmpty: { en: '{field} must not be empty', 'zh-CN': '{field}至少需要一项' },
  maxItems: { en: '{field} may hold at most {max} items', 'zh-CN': '{field}最多 {max} 项' },
  maxLength: { en: '{field} may be at most {max} characters', 'zh-CN': '{field}最多 {max} 个字符' },
  lengthBetween: { en: '{field} must be between {min} and {max} characters long', 'zh-CN': '{field}长度必须在 {min} 到 {max} 位之间' },
  lengthWithSuffix: {
    en: '{field} plus the enterprise suffix "{suffix}" must be fewer than {below} characters ({field} may be at most {max})',
    'zh-CN': '{field}加上企业后缀“{suffix}”必须少于 {below} 个字符（{field}最多 {max} 个字符）',
  },
  lettersDigits: { en: '{field} may contain only letters and digits', 'zh-CN': '{field}只能包含字母和数字' },
  mobile: {
    en: '{field} must be a mainland China mobile number (11 digits starting with 1) or a Singapore number (+65 and 8 digits)',
    'zh-CN': '{field}必须是中国大陆手机号（以 1 开头的 11 位数字）或新加坡号码（+65 加 8 位数字）',
  },
  shellNumber: {
    en: '{field} must be a 10-digit lock number whose first digit is the region (8 domestic, 6 Singapore): "{value}"',
    'zh-CN': '{field}必须是 10 位锁号，首位为地区（8 国内，6 新加坡）：“{value}”',
  },
  assetNumber: {
    en: '{field} must be 1 to 64 visible characters without spaces: "{value}"',
    'zh-CN': '{field}必须是 1 到 64 个可见字符，不含空格：“{value}”',
  },
  duplicate: { en: '{field} repeats "{value}"', 'zh-CN': '{field}重复：“{value}”' },
  dateOrder: { en: '{field}: the start time is after the end time', 'zh-CN': '{field}：开始时间晚于结束时间' },
  range: { en: '{field} must be between {min} and {max}', 'zh-CN': '{field}必须在 {min} 到 {max} 之间' },
  atLeast: { en: '{field} must be at least {min}', 'zh-CN': '{field}不能小于 {min}' },
  atMost: { en: '{field} must be at most {max}', 'zh-CN': '{field}不能大于 {max}' },
  date: { en: '{field} must be a date, e.g. 2026-12-31: "{value}"', 'zh-CN': '{field}必须是日期，例如 2026-12-31：“{value}”' },
  unlikelyEmail: {
    en: '{field} does not look like an e-mail address (name@example.com): "{value}". The service may still take it; check it.',
    'zh-CN': '{field}看起来不像电子邮箱地址（如 name@example.com）：“{value}”。服务仍可能接受，请核对。',
  },
  unlikelyPhone: {
    en: '{field} does not look like a phone number (digits, optionally starting with +): "{value}". The service may still take it; check it.',
    'zh-CN': '{field}看起来不像电话号码（数字，可以 + 开头）：“{value}”。服务仍可能接受，请核对。',
  },
  timeExpression: { en: '{field} must have the form y-m-d, e.g. 1-0-0 for one year: "{value}"', 'zh-CN': '{field}必须是 年-月-日 形式，例如 1-0-0 表示一年：“{value}”' },
  notFound: { en: '{field}: "{value}" does not exist', 'zh-CN': '{field}：“{value}”不存在' },
  exists: { en: '{field}: "{value}" already exists', 'zh-CN': '{field}：“{value}”已存在' },
  mismatch: { en: '{field}: {detail}', 'zh-CN': '{field}：{detail}' },
  notAllowed: { en: '{field} is not allowed here: {detail}', 'zh-CN': '{field}在此不允许：{detail}' },
  noSpaces: { en: '{field} must not contain spaces', 'zh-CN': '{field}不能包含空格' },
  email: { en: '{field} must be an e-mail address such as name@example.com', 'zh-CN': '{field}必须是电子邮箱地址，例如 name@example.com' },
  controlChars: { en: '{field} must not contain line breaks, tabs or other control characters', 'zh-CN': '{field}不能包含换行、制表符或其他控制字符' },
}

/** Words used inside the `type` sentence. */
export const TYPE_WORDS: Record<string, Record<Locale, string>> = {
  string: { en: 'a string', 'zh-CN': '字符串' },
  integer: { en: 'an integer', 'zh-CN': '整数' },
  number: { en: 'a number', 'zh-CN': '数字' },
  boolean: { en: 'true or false', 'zh-CN': '布尔值' },
  array: { en: 'a list', 'zh-CN': '列表' },
  object: { en: 'an object', 'zh-CN': '对象' },
}

/** Added to a `duplicate` that names where the value first is (another asset group or entry). */
const FIRST_AT: Record<Locale, string> = { en: ' (first at {first})', 'zh-CN': '（首次出现在 {first}）' }

const SEQUENCE_PREFIX: Record<Locale, string> = { en: 'Order sequence {sequence}: ', 'zh-CN': '订单序号 {sequence}：' }

/** The sentence for an issue, naming the field and (inside an order entry) the entry's sequence. */
export function describeIssue(issue: RuleIssue, locale: Locale = 'en'): string {
  // In Chinese a field's name runs into the sentence ("客户名称不能为空"), but a Latin name keeps a space before the
  // Chinese that follows ("size 必须在 1 到 1000 之间"), as mixed text is written.
  const field = locale === 'zh-CN' && /[A-Za-z0-9)\]]$/.test(issue.field) ? `${issue.field} ` : issue.field
  const params: Record<string, string | number> = { field, ...(issue.params ?? {}) }
  const expected = params['expected']
  if (issue.rule === 'type' && typeof expected === 'string' && TYPE_WORDS[expected]) {
    params['expected'] = TYPE_WORDS[expected][locale]
  }
  let body = fillTemplate(RULE_MESSAGES[issue.rule][locale], params)
  if (issue.rule === 'duplicate' && typeof params['first'] === 'string') body += fillTemplate(FIRST_AT[locale], params)
  return issue.sequence === undefined ? body : fillTemplate(SEQUENCE_PREFIX[locale], { sequence: issue.sequence }) + body
}

/** Builds an issue (keeps call sites short). */
export function issue(
  code: string,
  field: string,
  rule: RuleName,
  params?: Record<string, string | number>,
  sequence?: number,
): RuleIssue {
  const out: RuleIssue = { code, field, rule }
  if (params) out.params = params
  if (sequence !== undefined) out.sequence = sequence
  return out
}

/**
 * A sentence that names a field by its request name (a service's 13004 "crmCustomerId 不能为空", a rule's
 * "userName may contain only letters and digits"), with the field's screen label instead. In Chinese the space a
 * Latin name kept before the Chinese that follows goes with it ("CRM 客户编号不能为空").
 */
export function nameFieldIn(message: string, field: string, label: string, locale: Locale): string {
  const name = new RegExp(`(^|[^A-Za-z0-9_])${field}(?![A-Za-z0-9_])( (?=[\\u3400-\\u9fff]))?`, 'g')
  return message.replace(name, (_whole, before: string, space: string | undefined) => {
    const keepSpace = space !== undefined && (locale !== 'zh-CN' || /[A-Za-z0-9)\]]$/.test(label))
    return `${before}${label}${keepSpace ? ' ' : ''}`
  })
}
