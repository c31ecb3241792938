/**
 * The words of asset assignment and lending, in English and Simplified Chinese, for the screens and the CLI:
 * why a row of a bulk file is not sent, and each refusal of the service (configure: 60023-60028; lend: 33003-33018,
 * 60026) said as what it means here and what to do next. Things are named as the screens name them; `{param}`
 * placeholders are filled by the caller (a number, an employee "name (account)", a lock, a line).
 */
import type { Locale } from '../i18n/locale'
import { fillTemplate, type CatalogEntry } from '../errors/catalog'
import { describeError } from '../errors/app-error'
import type { AssignIssue, AssignNote } from './assign-rows'
import { ITEM_WORDS } from '../i18n/run-words'
import type { AssignOwnOutcome, RowOutcome, RowResult } from './assign-results'

/** Why a row of a bulk assignment is not sent. */
export const ISSUE_WORDS: Record<AssignIssue, CatalogEntry> = {
  noEmployee: { en: 'No employee: give an account or a global id.', 'zh-CN': '缺少员工：请填写账号或全局 ID。' },
  noNumber: { en: 'No asset number.', 'zh-CN': '缺少资产编号。' },
  badNumber: { en: '“{number}” cannot be an asset number (1 to 64 letters and digits, no spaces).', 'zh-CN': '“{number}”不是有效的资产编号（1 到 64 个字母或数字，不含空格）。' },
  badAction: { en: 'Say “assign” or “withdraw” (“{action}” is neither).', 'zh-CN': '请写“分配”或“收回”（“{action}”两者都不是）。' },
  unknownEmployee: { en: 'The enterprise has no employee “{employee}”: check the account, or add the employee first.', 'zh-CN': '企业中没有员工“{employee}”：请检查账号，或先添加该员工。' },
  notOurs: { en: '{number} is not an asset number of this enterprise (unknown, or another customer’s): check the number.', 'zh-CN': '{number} 不是本企业的资产编号（不存在或属于其他客户）：请检查编号。' },
  otherEnterprise: { en: '{number} is a number of the enterprise {enterprise}, not of this one: only this enterprise’s numbers can be given to its employees.', 'zh-CN': '{number} 是企业 {enterprise} 的编号，不属于本企业：只能把本企业的编号分配给本企业员工。' },
  borrowedLock: { en: '{number} is a borrowed lock: it is lent with Lending, not given to an employee.', 'zh-CN': '{number} 是借用锁：请在“借用”中借出，不能分配给员工。' },
  heldByOther: { en: '{number} is held by {holder}: withdraw it from them first (a withdraw row in this file), or use Move.', 'zh-CN': '{number} 已分配给 {holder}：请先从其名下收回（在本文件中加一行收回），或使用“转移”。' },
  givenTwice: { en: '{number} is given to two people in this file (also line {other}): keep one of the rows.', 'zh-CN': '{number} 在本文件中分配给了两个人（另见第 {other} 行）：请只保留一行。' },
  contradicts: { en: '{number} is both assigned to and withdrawn from {employee} in this file (also line {other}): keep one of the rows.', 'zh-CN': '本文件中对 {employee} 的 {number} 既分配又收回（另见第 {other} 行）：请只保留一行。' },
  duplicate: { en: 'Repeats line {other}: sent once.', 'zh-CN': '与第 {other} 行重复：只发送一次。' },
  moveSource: { en: 'Not given: the number cannot be withdrawn from the first employee of this move (see the withdrawal).', 'zh-CN': '未分配：无法从本次转移的原员工处收回该编号（见收回那一步）。' },
}

/** Rows that need no call. */
export const NOTE_WORDS: Record<AssignNote, CatalogEntry> = {
  alreadyHeld: { en: '{employee} already holds {number}: nothing to do.', 'zh-CN': '{employee} 已持有 {number}：无需操作。' },
  notHeld: { en: '{employee} does not hold {number}: nothing to withdraw.', 'zh-CN': '{employee} 未持有 {number}：无需收回。' },
}

/** The service's refusals of configure (member operation 9), said at the number or the employee they are about. */
export const CONFIGURE_WORDS: Record<string, CatalogEntry> = {
  '60024': { en: '{number} was not found: check the number; it may have been revoked.', 'zh-CN': '未找到 {number}：请检查编号，它可能已被撤销。' },
  '60025': { en: '{number} belongs to another customer: only this enterprise’s numbers can be given to its employees.', 'zh-CN': '{number} 属于其他客户：只能把本企业的编号分配给本企业员工。' },
  '60028': { en: '{number} is already given to someone else (or named twice): withdraw it from them first, or use Move.', 'zh-CN': '{number} 已分配给其他人（或重复填写）：请先从其名下收回，或使用“转移”。' },
  '60023': { en: 'The account of {employee} matches several employees: the service cannot tell which one. Ask the platform’s support to fix the account.', 'zh-CN': '{employee} 的账号匹配到多名员工，服务无法确定是哪一位。请联系平台支持修正该账号。' },
  '60026': { en: '{employee} is no longer an employee of this enterprise: reload the employees and choose again.', 'zh-CN': '{employee} 已不是本企业的员工：请刷新员工列表后重新选择。' },
}

/** The service's refusals of a lend (member operation 10), with the next step. */
export const LEND_WORDS: Record<string, CatalogEntry> = {
  '33006': { en: 'Not enough nodes: {assets} has no node left to lend. Choose another asset, or free a node first.', 'zh-CN': '节点数不足：{assets} 没有可借出的节点。请选择其他资产，或先释放节点。' },
  '33003': { en: '{employee} may not lend {assets}: it is not (or no longer) theirs. Reload their assets and choose again.', 'zh-CN': '{employee} 无权借出 {assets}：该资产不属于（或已不属于）此员工。请刷新其资产后重新选择。' },
  '33007': { en: '{assets} is already lent into another borrowed lock. See Lending for where it is; only assets not lent can be lent.', 'zh-CN': '{assets} 已借入其他借用锁。请在“借用”中查看它在哪里；只能借出尚未借出的资产。' },
  '33008': { en: 'Borrowed lock {lock} is in an abnormal state (disabled, or not a borrowed lock of this enterprise). Enable it in Locks, or choose another lock.', 'zh-CN': '借用锁 {lock} 状态异常（已禁用，或不是本企业的借用锁）。请在“锁”中启用它，或选择其他借用锁。' },
  '33018': { en: 'Borrowed lock {lock} is already lent to another employee. Choose a free lock (reload the list).', 'zh-CN': '借用锁 {lock} 已借给其他员工。请选择空闲的借用锁（刷新列表）。' },
  '33009': { en: 'The lend request failed at the service; nothing was moved. Try again later; if it keeps failing, choose another lock or contact the platform’s support.', 'zh-CN': '服务端借用请求失败，没有任何授权被转移。请稍后重试；如果一直失败，请选择其他借用锁或联系平台支持。' },
  '60026': { en: '{employee} is no longer an employee of this enterprise: reload the employees and choose again.', 'zh-CN': '{employee} 已不是本企业的员工：请刷新员工列表后重新选择。' },
}

/** Sentences of the move (withdraw from one, then assign to another). */
export const MOVE_WORDS = {
  explain: {
    en: 'A move is two steps: {number} is withdrawn from {from}, then given to {to}. If the second step fails, the number stays withdrawn (free): the screen says so, and you can give it to {to} again or back to {from}.',
    'zh-CN': '转移分两步：先从 {from} 收回 {number}，再分配给 {to}。如果第二步失败，该编号保持已收回（空闲）状态：界面会如实说明，您可以再次分配给 {to}，或还给 {from}。',
  },
  done: { en: '{number} moved from {from} to {to}.', 'zh-CN': '{number} 已从 {from} 转移给 {to}。' },
  withdrawnOnly: {
    en: 'Withdrawn from {from}, not yet given to {to}: {reason} {number} is free now: give it to {to} again, or back to {from}.',
    'zh-CN': '已从 {from} 收回，尚未分配给 {to}：{reason} {number} 现为空闲：请再次分配给 {to}，或还给 {from}。',
  },
  nothing: { en: 'Not moved, nothing was changed: {reason}', 'zh-CN': '未转移，未做任何更改：{reason}' },
} satisfies Record<string, CatalogEntry>

/** The outcomes only a bulk assignment has, in a word or two (the others are the runs' words, ITEM_WORDS). */
export const ASSIGN_OUTCOME_WORDS: Record<AssignOwnOutcome, CatalogEntry> = {
  blocked: { en: 'Not done (another number)', 'zh-CN': '未完成（因其他编号）' },
  skipped: { en: 'Not given', 'zh-CN': '未分配' },
}

/** What happened to a row of a bulk assignment, in a word or two (the CLI's results; the screens' `item.*`). */
export const OUTCOME_WORDS: Record<RowOutcome, CatalogEntry> = { ...ITEM_WORDS, ...ASSIGN_OUTCOME_WORDS }

/** The sentences of outcomes that need one besides the service's or the check's words. */
export const OUTCOME_DETAIL = {
  blocked: {
    en: 'Nothing of {employee}’s call was done: the service refused another of its numbers. Fix that row, then retry.',
    'zh-CN': '{employee} 的这次调用未做任何更改：服务拒绝了其中的另一个编号。请修正那一行后重试。',
  },
  skipped: {
    en: 'Not given: the withdrawal on line {other} was not done, so the number is still held.',
    'zh-CN': '未分配：第 {other} 行的收回未完成，该编号仍被占用。',
  },
  assigned: { en: 'Assigned to {employee}.', 'zh-CN': '已分配给 {employee}。' },
  waitAfter: { en: 'Sent once the withdrawal on line {after} is done.', 'zh-CN': '第 {after} 行的收回完成后发送。' },
  withdrawn: { en: 'Withdrawn from {employee}.', 'zh-CN': '已从 {employee} 收回。' },
} satisfies Record<string, CatalogEntry>

function words(entry: CatalogEntry, locale: Locale, params: Record<string, string | number>): string {
  return fillTemplate(entry[locale], params)
}

/** Why a row is not sent, in words. */
export function issueWords(issue: AssignIssue, locale: Locale, params: Record<string, string | number>): string {
  return words(ISSUE_WORDS[issue], locale, params)
}

/** Why a row needs no call, in words. */
export function noteWords(note: AssignNote, locale: Locale, params: Record<string, string | number>): string {
  return words(NOTE_WORDS[note], locale, params)
}

/** A refusal of configure in words with what to do, or null for codes that are not about a number or an employee. */
export function configureWords(code: string, locale: Locale, params: Record<string, string | number>): string | null {
  const e = CONFIGURE_WORDS[code]
  return e ? words(e, locale, params) : null
}

/** A refusal of a lend in words with what to do, or null for other codes. */
export function lendWords(code: string, locale: Locale, params: Record<string, string | number>): string | null {
  const e = LEND_WORDS[code]
  return e ? words(e, locale, params) : null
}

/** A sentence of the move. */
export function moveWords(key: keyof typeof MOVE_WORDS, locale: Locale, params: Record<string, string | number>): string {
  return words(MOVE_WORDS[key], locale, params)
}

/**
 * The words of one row's result: the check's reason, the service's refusal with what to do, or what became of
 * it. `person` names an employee by global id ("name (account)"), falling back to the id.
 */
export function rowMessage(r: RowResult, locale: Locale, person: (globalId: string) => string): string {
  const employee = r.memberGlobalId ? person(r.memberGlobalId) : r.employee
  const params = {
    employee,
    number: r.assetNum,
    action: r.action ?? '',
    other: r.otherLine ?? '',
    holder: r.holder ? person(r.holder) : '',
    enterprise: r.enterprise ?? '',
  }
  if (r.issue) return issueWords(r.issue, locale, params)
  if (r.note) return noteWords(r.note, locale, params)
  switch (r.outcome) {
    case 'done':
      return words(r.action === 'withdraw' ? OUTCOME_DETAIL.withdrawn : OUTCOME_DETAIL.assigned, locale, params)
    case 'blocked':
      return words(OUTCOME_DETAIL.blocked, locale, params)
    case 'skipped':
      return words(OUTCOME_DETAIL.skipped, locale, params)
    case 'pending':
      return r.after !== undefined ? words(OUTCOME_DETAIL.waitAfter, locale, { after: r.after }) : words(OUTCOME_WORDS.pending, locale, params)
    case 'refused':
      return (r.error && configureWords(r.error.code, locale, params)) ?? (r.error ? describeError(r.error, locale) : words(OUTCOME_WORDS.refused, locale, params))
    default:
      return r.error ? describeError(r.error, locale) : words(OUTCOME_WORDS[r.outcome], locale, params)
  }
}
