/**
 * The reclaim report of an offboarding, in the reader's language (Excel sheets, and the CLI's lines): who left,
 * which numbers came back free, which lent locks still hold entitlements of theirs and need attention. Pure: the
 * core reads the job's results and the enterprise's numbers and locks after the run, and writes the file.
 */
import type { Locale } from '../i18n/locale'
import type { AuditSheet } from '../holdings/audit'
import { failedStep, type OffboardPerson, type OffboardStep, type OffboardThen } from './offboard'

type Words = Record<Locale, string>
const w = (en: string, zh: string): Words => ({ en, 'zh-CN': zh })

export const OFFBOARD_WORDS = {
  fileName: w('Offboarding reclaim report', '离职回收报告'),
  people: w('People', '人员'),
  numbers: w('Numbers back', '收回的编号'),
  locks: w('Locks to check', '需处理的借用锁'),
  name: w('Name', '姓名'),
  account: w('Account', '账号'),
  globalId: w('Global id', '全局 ID'),
  outcome: w('Outcome', '结果'),
  stepsDone: w('Steps done', '已完成的步骤'),
  withdrawnCount: w('Numbers withdrawn', '收回编号数'),
  problem: w('Problem', '问题'),
  assetNum: w('Asset number', '资产编号'),
  from: w('From', '原持有人'),
  freeNow: w('Free now', '现在空闲'),
  lock: w('Lent lock', '借用锁'),
  lentTo: w('Lent to', '借给'),
  theirAssets: w('Their assets in it', '其中属于此人的资产'),
  action: w('What to do', '处理建议'),
  yes: w('yes', '是'),
  heldBy: w('no: held by {holder}', '否：现由 {holder} 持有'),
  unknownNumber: w('no: not in the enterprise any more', '否：已不在本企业'),
  done: w('done', '完成'),
  failed: w('failed at: {step}', '失败于：{step}'),
  notRun: w('not done ({state})', '未完成（{state}）'),
  stillLent: w('Still lent to a person who left: return the lock or lend it to someone else.', '仍借给已离职人员：请归还借用锁或改借他人。'),
  holdsTheirs: w('Holds entitlements of numbers that were withdrawn: check the lock.', '仍持有已收回编号的授权：请检查该借用锁。'),
  withdraw: w('withdraw numbers', '收回编号'),
  resetPassword: w('reset password', '重置密码'),
  delete: w('delete account', '删除账号'),
  keep: w('keep account', '保留账号'),
  summary: w('{left} of {total} people done; {free} numbers free again; {locks} lent locks to check.', '{total} 人中 {left} 人完成；{free} 个编号已空闲；{locks} 个借用锁需处理。'),
} satisfies Record<string, Words>

function fill(s: string, params: Record<string, string | number>): string {
  return s.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m))
}

/** A step in words. */
export function stepWords(step: OffboardStep | OffboardThen, locale: Locale): string {
  return OFFBOARD_WORDS[step][locale]
}

/** One person's result as the job gives it (the shape of ItemResult that matters). */
export interface PersonResult {
  state: string
  error?: { code: string; message?: string | undefined; params?: Record<string, string | number> } | undefined
}

/** A borrowed lock now (the lending overview's view of it). */
export interface LockNow {
  assetNum: string
  lent: boolean
  holder: string | null
  lentAssets: { assetId: string; assetNum: string | null }[]
}

export interface ReclaimInput {
  then: OffboardThen
  people: readonly OffboardPerson[]
  /** Each person's result (same order); undefined while not finished. */
  results: readonly (PersonResult | undefined)[]
  /** Who holds a number now: a global id, null (free), undefined (not the enterprise's). */
  holderOf(assetNum: string): string | null | undefined
  /** "Name (account)" of an employee, for the numbers held by someone else. */
  nameOf(globalId: string): string
  locks: readonly LockNow[]
}

export interface Reclaim {
  /** People whose every step is done. */
  left: number
  /** Numbers of theirs that are free now, in order. */
  freed: string[]
  /** Locks that need attention, with why. */
  attention: { lock: LockNow; person: OffboardPerson; why: 'stillLent' | 'holdsTheirs'; assets: string[] }[]
}

/** Steps done of a person with this result (a failure stops at its step; the ones before it are done). */
export function stepsDone(person: OffboardPerson, then: OffboardThen, r: PersonResult | undefined): OffboardStep[] {
  const steps: OffboardStep[] = person.numbers.length > 0 ? ['withdraw'] : []
  if (then !== 'keep') steps.push(then)
  if (!r) return []
  if (r.state === 'ok') return steps
  const at = failedStep(r.error)
  if (r.state !== 'failed' || at === null) return []
  return steps.slice(0, steps.indexOf(at) < 0 ? 0 : steps.indexOf(at))
}

/** What came back and what still needs attention. */
export function reclaim(input: ReclaimInput): Reclaim {
  const out: Reclaim = { left: 0, freed: [], attention: [] }
  const byId = new Map(input.people.map((p) => [p.globalId, p]))
  input.people.forEach((p, i) => {
    const r = input.results[i]
    if (r?.state === 'ok') out.left++
    if (!stepsDone(p, input.then, r).includes('withdraw')) return
    for (const n of p.numbers) if (input.holderOf(n) === null) out.freed.push(n)
  })
  const theirNumber = new Map<string, OffboardPerson>()
  for (const p of input.people) for (const n of p.numbers) theirNumber.set(n.toLowerCase(), p)
  for (const l of input.locks) {
    if (!l.lent) continue
    const holder = l.holder ? byId.get(l.holder) : undefined
    const theirs = l.lentAssets.filter((a) => a.assetNum !== null && theirNumber.has(a.assetNum.toLowerCase()))
    if (holder) out.attention.push({ lock: l, person: holder, why: 'stillLent', assets: l.lentAssets.map((a) => a.assetNum ?? a.assetId) })
    else if (theirs.length > 0) out.attention.push({ lock: l, person: theirNumber.get(theirs[0]!.assetNum!.toLowerCase())!, why: 'holdsTheirs', assets: theirs.map((a) => a.assetNum!) })
  }
  return out
}

/** The outcome of a person in words. */
export function outcomeWords(r: PersonResult | undefined, locale: Locale): string {
  const t = (k: keyof typeof OFFBOARD_WORDS) => OFFBOARD_WORDS[k][locale]
  if (r?.state === 'ok') return t('done')
  const at = failedStep(r?.error)
  if (r?.state === 'failed' && at) return fill(t('failed'), { step: stepWords(at, locale) })
  return fill(t('notRun'), { state: r?.state ?? 'pending' })
}

/** The sheets of the report. */
export function reclaimSheets(input: ReclaimInput, locale: Locale): { sheets: AuditSheet[]; reclaim: Reclaim } {
  const t = (k: keyof typeof OFFBOARD_WORDS) => OFFBOARD_WORDS[k][locale]
  const rec = reclaim(input)
  const people: AuditSheet = {
    name: t('people'),
    columns: [t('name'), t('account'), t('globalId'), t('outcome'), t('stepsDone'), t('withdrawnCount'), t('problem')],
    rows: input.people.map((p, i) => {
      const r = input.results[i]
      const done = stepsDone(p, input.then, r)
      const problem = r?.error ? (r.error.message ?? r.error.code) : ''
      return [p.name ?? '', p.userName, p.globalId, outcomeWords(r, locale), done.map((s) => stepWords(s, locale)).join(', '), done.includes('withdraw') ? p.numbers.length : 0, problem]
    }),
  }
  const numbers: AuditSheet = {
    name: t('numbers'),
    columns: [t('assetNum'), t('from'), t('freeNow')],
    rows: [],
  }
  input.people.forEach((p, i) => {
    if (!stepsDone(p, input.then, input.results[i]).includes('withdraw')) return
    const who = p.name ? `${p.name} (${p.userName})` : p.userName
    for (const n of p.numbers) {
      const h = input.holderOf(n)
      numbers.rows.push([n, who, h === null ? t('yes') : h === undefined ? t('unknownNumber') : fill(t('heldBy'), { holder: input.nameOf(h) })])
    }
  })
  const locks: AuditSheet = {
    name: t('locks'),
    columns: [t('lock'), t('lentTo'), t('theirAssets'), t('action')],
    rows: rec.attention.map((a) => [a.lock.assetNum, a.person.name ? `${a.person.name} (${a.person.userName})` : a.person.userName, a.assets.join(', '), t(a.why)]),
  }
  return { sheets: [people, numbers, locks], reclaim: rec }
}

/** The one-line summary (CLI, screen). */
export function reclaimSummary(rec: Reclaim, total: number, locale: Locale): string {
  return fill(OFFBOARD_WORDS.summary[locale], { left: rec.left, total, free: rec.freed.length, locks: rec.attention.length })
}
