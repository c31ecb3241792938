/**
 * Rows of a bulk assignment (a file or a paste): an employee (account or global id), an asset number, and whether
 * to assign it or withdraw it. Read from a table (a header row in English or Chinese, else the columns in that
 * order) or from pasted text; checked against what the core knows (the enterprise's employees and asset numbers)
 * before anything is sent; then grouped into one configure call per employee (member operation 9). The same
 * rules serve the screen and the CLI. Pure: no Node, no DOM.
 */
import { assetNumberKey, readOneAssetNumber } from '../lists/asset-numbers'

export const ASSIGN_ACTIONS = ['assign', 'withdraw'] as const
export type AssignAction = (typeof ASSIGN_ACTIONS)[number]

/** Most asset numbers in one configure call (the spec gives no bound): a bigger group is sent as several calls. */
export const MAX_NUMBERS_PER_CALL = 500

/** Most rows one bulk assignment takes (a file of more is split by the user). */
export const MAX_ASSIGN_ROWS = 100_000

/** One row as given. `line` is its line in the file or the paste (1-based). */
export interface AssignRow {
  line: number
  employee: string
  assetNum: string
  /** The action read from the row (or the default), null when the row's word is not one. */
  action: AssignAction | null
  /** The row's own action text ('' when the file has no action column). */
  actionText: string
  /** Half of a move (a withdraw and an assign on the same line): the assignment goes only after the withdrawal. */
  move?: boolean
}

// Words people write for each action, compared lower-case without spaces.
const ACTION_WORDS: Record<string, AssignAction> = {
  assign: 'assign',
  give: 'assign',
  add: 'assign',
  grant: 'assign',
  '+': 'assign',
  分配: 'assign',
  配置: 'assign',
  授予: 'assign',
  添加: 'assign',
  增加: 'assign',
  withdraw: 'withdraw',
  takeback: 'withdraw',
  remove: 'withdraw',
  revoke: 'withdraw',
  delete: 'withdraw',
  '-': 'withdraw',
  收回: 'withdraw',
  回收: 'withdraw',
  撤回: 'withdraw',
  撤销: 'withdraw',
  移除: 'withdraw',
  删除: 'withdraw',
}

function folded(s: string): string {
  return s.normalize('NFKC').trim().toLowerCase().replace(/[\s_-]+/g, '')
}

/** The action a word names, or null. */
export function actionOf(text: string): AssignAction | null {
  const raw = text.normalize('NFKC').trim()
  if (raw === '+' || raw === '-') return ACTION_WORDS[raw]!
  const w = folded(raw)
  return w === '' ? null : (ACTION_WORDS[w] ?? null)
}

export const ASSIGN_COLUMNS = ['employee', 'assetNum', 'action'] as const
export type AssignColumn = (typeof ASSIGN_COLUMNS)[number]

const HEADER_WORDS: Record<AssignColumn, readonly string[]> = {
  employee: ['employee', 'account', 'username', 'user', 'member', 'globalid', 'memberglobalid', 'employeeaccount', '员工', '账号', '帐号', '用户名', '成员', '全局id', '员工账号', '子账号'],
  assetNum: ['asset', 'assetnum', 'assetnumber', 'assetno', 'number', 'lock', 'locknumber', '资产编号', '资产', '编号', '锁号', '资产号'],
  action: ['action', 'operation', 'op', 'do', '操作', '动作', '类型'],
}

/** The column a header cell names, or null. */
export function columnOfHeader(cell: string): AssignColumn | null {
  const w = folded(cell)
  for (const c of ASSIGN_COLUMNS) if (HEADER_WORDS[c].includes(w)) return c
  return null
}

/** Where each column is in a table: a position, or -1 when the table has none (action: the default applies). */
export type AssignMapping = Record<AssignColumn, number>

/** The mapping a header row gives (null when it names fewer than the employee and the asset number). */
export function mappingOfHeader(header: readonly string[]): AssignMapping | null {
  const m: AssignMapping = { employee: -1, assetNum: -1, action: -1 }
  header.forEach((cell, i) => {
    const c = columnOfHeader(cell)
    if (c && m[c] < 0) m[c] = i
  })
  return m.employee >= 0 && m.assetNum >= 0 ? m : null
}

/** Columns in the order employee, asset number, action, for a table without a header. */
export const DEFAULT_MAPPING: AssignMapping = { employee: 0, assetNum: 1, action: 2 }

function rowOf(cells: readonly string[], line: number, m: AssignMapping, defaultAction: AssignAction | null): AssignRow {
  const cell = (i: number) => (i >= 0 ? (cells[i] ?? '').normalize('NFKC').trim() : '')
  const actionText = cell(m.action)
  return {
    line,
    employee: cell(m.employee),
    assetNum: cell(m.assetNum),
    actionText,
    action: actionText === '' ? defaultAction : actionOf(actionText),
  }
}

/**
 * The rows of a table of cells (a file read by the core): a first row naming the columns is a header, else the
 * columns are employee, asset number, action. `lines` gives each row's line in the file (default: its position + 1).
 * Blank rows are skipped.
 */
export function rowsOfTable(
  rows: readonly (readonly string[])[],
  opts: { lines?: readonly number[]; defaultAction?: AssignAction | null; mapping?: AssignMapping } = {},
): { rows: AssignRow[]; mapping: AssignMapping; hasHeader: boolean } {
  const header = rows[0] ? mappingOfHeader(rows[0]) : null
  const mapping = opts.mapping ?? header ?? DEFAULT_MAPPING
  const hasHeader = !opts.mapping && header !== null
  const out: AssignRow[] = []
  rows.forEach((cells, k) => {
    if (hasHeader && k === 0) return
    if (cells.every((c) => c.trim() === '')) return
    out.push(rowOf(cells, opts.lines?.[k] ?? k + 1, mapping, opts.defaultAction ?? null))
  })
  return { rows: out, mapping, hasHeader }
}

/**
 * The rows of pasted text: one row a line, its cells separated by tabs, commas or semicolons (also full-width),
 * else by spaces: `zhangsan 8100000002 assign`. A first line naming the columns is a header.
 */
export function rowsOfText(text: string, defaultAction: AssignAction | null = null): AssignRow[] {
  const table: string[][] = []
  const lines: number[] = []
  text.split(/\r\n|\r|\n/).forEach((raw, i) => {
    const line = raw.normalize('NFKC')
    if (line.trim() === '') return
    const cells = /[\t,;、]/.test(line) ? line.split(/[\t,;、]/) : line.trim().split(/\s+/)
    table.push(cells.map((c) => c.trim()))
    lines.push(i + 1)
  })
  return rowsOfTable(table, { lines, defaultAction }).rows
}

// ---- checking against the enterprise --------------------------------------------------------------------------

/** An employee as the check knows them. */
export interface KnownPerson {
  globalId: string
  userName: string
  name: string
}

/** An asset number of the enterprise as the check knows it (member operation 6, and the lent-lock list). */
export interface KnownNumber {
  assetNum: string
  assetId: string
  /** The employee it is configured to (null: free). */
  holder: string | null
  /** One of the enterprise's borrowed locks: lent with Lending, never given. */
  borrowedLock: boolean
}

/** What the check asks about names and numbers. */
export interface AssignContext {
  /** The employee an account (any case) or a global id names, or null. */
  person(ref: string): KnownPerson | null
  /** The enterprise's asset number (any case), or null. */
  number(assetNum: string): KnownNumber | null
  /**
   * For a number that is not the enterprise's: the other enterprise that the lists the app holds (no call) show it
   * under, or null when none does (then it may be unknown, or another customer's the app has not read).
   */
  elsewhere?(assetNum: string): string | null
}

/** Why a row is not sent. */
export const ASSIGN_ISSUES = [
  'noEmployee',
  'noNumber',
  'badNumber',
  'badAction',
  'unknownEmployee',
  'notOurs',
  'otherEnterprise',
  'borrowedLock',
  'heldByOther',
  'givenTwice',
  'contradicts',
  'duplicate',
  'moveSource',
] as const
export type AssignIssue = (typeof ASSIGN_ISSUES)[number]

/** Rows that need no call: the number is already as asked. */
export const ASSIGN_NOTES = ['alreadyHeld', 'notHeld'] as const
export type AssignNote = (typeof ASSIGN_NOTES)[number]

export interface CheckedRow extends AssignRow {
  person: KnownPerson | null
  /** The number as the enterprise writes it (null when it is not one of the enterprise's). */
  number: KnownNumber | null
  issue: AssignIssue | null
  note: AssignNote | null
  /** duplicate: the line it repeats; givenTwice / contradicts: the other row's line. */
  otherLine?: number
  /** heldByOther / alreadyHeld / notHeld: who holds the number now (a global id; null: nobody). */
  holder?: string | null
  /** An assignment of a number this file first withdraws from its holder: sent after that row (its line). */
  after?: number
  /** otherEnterprise: the enterprise the number is under. */
  enterprise?: string
}

/** Whether a row goes to the service. */
export function isSendable(r: CheckedRow): boolean {
  return r.issue === null && r.note === null
}

/**
 * Checks every row (see ASSIGN_ISSUES and ASSIGN_NOTES): what is wrong with the row itself, then what the
 * enterprise says (unknown employee, not its number, a borrowed lock, held by someone else), then the file as a
 * whole (repeats, a number given to two people, given and taken from the same person). An assignment of a number
 * held by someone else is fine when the same file withdraws it from them: it is sent after that withdrawal.
 */
export function checkAssignRows(rows: readonly AssignRow[], ctx: AssignContext): CheckedRow[] {
  const out: CheckedRow[] = rows.map((r) => {
    const c: CheckedRow = { ...r, person: null, number: null, issue: null, note: null }
    const num = readOneAssetNumber(r.assetNum)
    if (r.employee === '') c.issue = 'noEmployee'
    else if (num.value === '') c.issue = 'noNumber'
    else if (num.problem) c.issue = 'badNumber'
    else if (r.action === null) c.issue = 'badAction'
    if (c.issue) return c
    c.assetNum = num.value
    c.person = ctx.person(r.employee)
    if (!c.person) {
      c.issue = 'unknownEmployee'
      return c
    }
    c.number = ctx.number(num.value)
    const other = c.number ? null : (ctx.elsewhere?.(num.value) ?? null)
    if (other !== null) {
      c.issue = 'otherEnterprise'
      c.enterprise = other
    } else if (!c.number) c.issue = 'notOurs'
    else if (c.number.borrowedLock) c.issue = 'borrowedLock'
    return c
  })

  // Repeats of the same (employee, number, action): the first is kept.
  const firstOf = new Map<string, number>()
  for (const c of out) {
    if (c.issue) continue
    const key = `${c.person!.globalId}\u0000${assetNumberKey(c.number!.assetNum)}\u0000${c.action}`
    const first = firstOf.get(key)
    if (first !== undefined) {
      c.issue = 'duplicate'
      c.otherLine = first
    } else firstOf.set(key, c.line)
  }

  // The file as a whole, per number.
  const byNumber = new Map<string, CheckedRow[]>()
  for (const c of out) {
    if (c.issue) continue
    const k = assetNumberKey(c.number!.assetNum)
    const list = byNumber.get(k)
    if (list) list.push(c)
    else byNumber.set(k, [c])
  }
  for (const list of byNumber.values()) {
    const assigns = list.filter((c) => c.action === 'assign')
    const withdraws = list.filter((c) => c.action === 'withdraw')
    for (const a of assigns) {
      const w = withdraws.find((x) => x.person!.globalId === a.person!.globalId)
      if (w) {
        a.issue = 'contradicts'
        a.otherLine = w.line
        w.issue = 'contradicts'
        w.otherLine = a.line
      }
    }
    const givenTo = new Set(assigns.filter((a) => !a.issue).map((a) => a.person!.globalId))
    if (givenTo.size > 1) {
      const live = assigns.filter((a) => !a.issue)
      for (const a of live) {
        a.issue = 'givenTwice'
        a.otherLine = live.find((o) => o !== a)!.line
      }
    }
    for (const a of assigns) {
      if (a.issue) continue
      const holder = a.number!.holder
      if (holder === a.person!.globalId) {
        a.note = 'alreadyHeld'
        a.holder = holder
      } else if (holder !== null) {
        const w = withdraws.find((x) => !x.issue && x.person!.globalId === holder)
        if (w) a.after = w.line
        else {
          a.issue = 'heldByOther'
          a.holder = holder
        }
      }
    }
    for (const w of withdraws) {
      if (w.issue) continue
      if (w.number!.holder !== w.person!.globalId) {
        w.note = 'notHeld'
        w.holder = w.number!.holder
      }
    }
  }
  // A move's assignment goes after its withdrawal, and not at all when the withdrawal cannot be done.
  const moveWithdraw = new Map(out.filter((c) => c.move && c.action === 'withdraw').map((c) => [c.line, c]))
  for (const a of out) {
    if (!a.move || a.action !== 'assign' || a.issue) continue
    const w = moveWithdraw.get(a.line)
    if (!w || w.issue || w.note) {
      a.issue = 'moveSource'
      a.note = null
      a.otherLine = a.line
      delete a.after
    } else a.after = w.line
  }
  return out
}

// ---- grouping into calls ---------------------------------------------------------------------------------------

/** One configure call: an employee, the numbers to assign and to withdraw, and the lines they come from. */
export interface ConfigureGroup {
  memberGlobalId: string
  userName: string
  name: string
  add: string[]
  del: string[]
  /** The line of each number: `lines[k]` for the k-th of `[...del, ...add]`. */
  lines: number[]
}

/**
 * One configure call per employee of the rows, in the order they first appear (a big group split every `max`
 * numbers; withdrawals first in each call).
 */
export function groupRows(list: readonly CheckedRow[], max = MAX_NUMBERS_PER_CALL): ConfigureGroup[] {
  const byMember = new Map<string, CheckedRow[]>()
  for (const r of list) {
    const id = r.person!.globalId
    const l = byMember.get(id)
    if (l) l.push(r)
    else byMember.set(id, [r])
  }
  const groups: ConfigureGroup[] = []
  for (const l of byMember.values()) {
    for (let i = 0; i < l.length; i += max) {
      const part = l.slice(i, i + max)
      const del = part.filter((r) => r.action === 'withdraw')
      const add = part.filter((r) => r.action === 'assign')
      const p = part[0]!.person!
      groups.push({
        memberGlobalId: p.globalId,
        userName: p.userName,
        name: p.name,
        del: del.map((r) => r.number!.assetNum),
        add: add.map((r) => r.number!.assetNum),
        lines: [...del, ...add].map((r) => r.line),
      })
    }
  }
  return groups
}

/**
 * The calls of the rows to send, per employee in the order they first appear (a big group split every
 * MAX_NUMBERS_PER_CALL numbers): `first`, then `second`, the assignments that wait for a withdrawal in the file.
 */
export function planGroups(rows: readonly CheckedRow[], max = MAX_NUMBERS_PER_CALL): { first: ConfigureGroup[]; second: ConfigureGroup[] } {
  const sendable = rows.filter(isSendable)
  return { first: groupRows(sendable.filter((r) => r.after === undefined), max), second: groupRows(sendable.filter((r) => r.after !== undefined), max) }
}

/** The number and action of the k-th line of a group. */
export function groupEntry(g: ConfigureGroup, k: number): { assetNum: string; action: AssignAction } {
  return k < g.del.length ? { assetNum: g.del[k]!, action: 'withdraw' } : { assetNum: g.add[k - g.del.length]!, action: 'assign' }
}
