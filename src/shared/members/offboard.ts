/**
 * Offboarding: people who leave. The rules the screen, the CLI and the core share (pure): who the pasted or
 * filed references name (account, global id or name), what each person holds (their asset numbers, the lent
 * locks with their entitlements), the steps in the order that loses nothing (every number withdrawn first; then
 * the password reset or the account deleted, never before the withdrawal succeeded), the confirmation by count,
 * and the start input of the bulk job (`members.offboard`).
 */
import { z } from 'zod'

/** What happens after a person's numbers are withdrawn: nothing more, a new password nobody knows, or the account deleted. */
export const OFFBOARD_THEN = ['keep', 'resetPassword', 'delete'] as const
export type OffboardThen = (typeof OFFBOARD_THEN)[number]

/** The steps of one person, in the order they are sent. */
export const OFFBOARD_STEPS = ['withdraw', 'resetPassword', 'delete'] as const
export type OffboardStep = (typeof OFFBOARD_STEPS)[number]

/** Most people in one offboarding. */
export const MAX_OFFBOARD_PEOPLE = 1000
/** Most numbers one configure call withdraws (the bulk assignment's bound). */
export const MAX_OFFBOARD_NUMBERS = 500
/** Most references one paste or file gives. */
export const MAX_OFFBOARD_REFS = 5000

export const offboardPersonSchema = z
  .object({
    globalId: z.string().trim().min(1).max(64),
    userName: z.string().trim().min(1).max(100),
    name: z.string().max(200).optional(),
    /** The numbers to withdraw (what the person held when checked). */
    numbers: z.array(z.string().trim().min(1).max(64)).max(MAX_OFFBOARD_NUMBERS),
  })
  .strict()
export type OffboardPerson = z.output<typeof offboardPersonSchema>

/** The start input of an offboarding (joins `bulk.start`). */
export const offboardStartSchema = z
  .object({
    kind: z.literal('members.offboard'),
    profileId: z.string().min(1).max(100).optional(),
    enterpriseGlobalId: z.string().trim().min(1).max(64),
    then: z.enum(OFFBOARD_THEN),
    /** The count the admin confirmed: the job is refused when it is not the number of people. */
    confirmCount: z.number().int().min(0).max(MAX_OFFBOARD_PEOPLE),
    items: z.array(offboardPersonSchema).min(1).max(MAX_OFFBOARD_PEOPLE),
  })
  .strict()
export type OffboardStart = z.output<typeof offboardStartSchema>

/** Why a confirmation does not hold (null: it does): the count confirmed is not the count of people sent. */
export function confirmProblem(confirmCount: number, people: number): string | null {
  return confirmCount === people ? null : `confirmed ${confirmCount} people, the job has ${people}`
}

/** The steps of a person, in order: withdraw (when they hold numbers), then the account's step. */
export function offboardSteps(numbers: number, then: OffboardThen): OffboardStep[] {
  const steps: OffboardStep[] = numbers > 0 ? ['withdraw'] : []
  if (then !== 'keep') steps.push(then)
  return steps
}

// ---- who is meant ------------------------------------------------------------------------------------------------

/** A reference as pasted or read: one account, global id or name, and its line. */
export interface PersonRef {
  ref: string
  line: number
}

/**
 * The references of pasted text: one per line, or several separated by commas, semicolons, tabs or 、. Spaces
 * stay inside a reference (a name such as "Wang Fang"); a first line that is a header (account, name…) is skipped.
 */
export function readPeopleRefs(text: string): PersonRef[] {
  const out: PersonRef[] = []
  text.split(/\r\n|\r|\n/).forEach((line, i) => {
    for (const raw of line.split(/[,;\t，；、]+/)) {
      const ref = raw.normalize('NFKC').trim()
      if (ref === '') continue
      if (i === 0 && HEADER_WORDS.has(ref.toLowerCase())) continue
      if (out.length < MAX_OFFBOARD_REFS) out.push({ ref, line: i + 1 })
    }
  })
  return out
}

const HEADER_WORDS = new Set(['account', 'username', 'user name', 'name', 'employee', 'global id', 'globalid', '账号', '姓名', '员工', '用户名'])

/** An employee of the enterprise, as the matching needs them. */
export interface DirectoryPerson {
  globalId: string
  userName: string
  name: string
}

export type RefProblemCode = 'notFound' | 'ambiguous' | 'duplicate'

export interface RefProblem extends PersonRef {
  code: RefProblemCode
  /** `ambiguous`: the employees the name fits (at most 5). */
  candidates?: DirectoryPerson[]
}

export interface MatchedPeople {
  found: (PersonRef & { person: DirectoryPerson })[]
  problems: RefProblem[]
}

const fold = (s: string) => s.normalize('NFKC').trim().toLowerCase()
/** An account without its enterprise suffix ("zhangsan@demo0001" → "zhangsan"). */
const baseAccount = (s: string) => {
  const at = s.indexOf('@')
  return at > 0 ? s.slice(0, at) : s
}

/**
 * Who each reference names: a global id, an account (ignoring case, with or without the "@code" suffix), else a
 * name (ignoring case) that fits exactly one employee. A name that fits several is ambiguous (the candidates are
 * given: pick by account); a person named again is a repeat, listed once.
 */
export function matchPeople(refs: readonly PersonRef[], people: readonly DirectoryPerson[]): MatchedPeople {
  const byId = new Map<string, DirectoryPerson>()
  const byAccount = new Map<string, DirectoryPerson>()
  const byName = new Map<string, DirectoryPerson[]>()
  for (const p of people) {
    byId.set(p.globalId, p)
    const acc = fold(p.userName)
    byAccount.set(acc, p)
    const base = baseAccount(acc)
    if (!byAccount.has(base)) byAccount.set(base, p)
    const n = fold(p.name)
    if (n !== '') byName.set(n, [...(byName.get(n) ?? []), p])
  }
  const seen = new Set<string>()
  const out: MatchedPeople = { found: [], problems: [] }
  for (const r of refs) {
    const k = fold(r.ref)
    const named = byName.get(k) ?? []
    const person = byId.get(r.ref.trim()) ?? byAccount.get(k) ?? byAccount.get(baseAccount(k)) ?? (named.length === 1 ? named[0] : undefined)
    if (!person) {
      out.problems.push(named.length > 1 ? { ...r, code: 'ambiguous', candidates: named.slice(0, 5) } : { ...r, code: 'notFound' })
      continue
    }
    if (seen.has(person.globalId)) {
      out.problems.push({ ...r, code: 'duplicate' })
      continue
    }
    seen.add(person.globalId)
    out.found.push({ ...r, person })
  }
  return out
}

// ---- what they hold ------------------------------------------------------------------------------------------------

/** A number a person holds, with the products under it (names; null when they could not be read). */
export interface HeldNumber {
  assetNum: string
  assetId: string
  /** Its entitlements are lent into a lock. */
  lent: boolean
  products: string[] | null
}

/** A borrowed lock that holds a person's entitlements: lent to them, with which of their assets (numbers or ids). */
export interface HoldingLock {
  lockNum: string
  assets: string[]
}

export interface PlannedPerson extends PersonRef {
  person: DirectoryPerson
  numbers: HeldNumber[]
  locks: HoldingLock[]
  steps: OffboardStep[]
  /** Why the person is not sent: nothing to do (no numbers, nothing after), or more numbers than one call takes. */
  skip?: 'nothingToDo' | 'tooManyNumbers'
}

export interface OffboardPlan {
  then: OffboardThen
  people: PlannedPerson[]
  problems: RefProblem[]
  counts: { people: number; numbers: number; locks: number; skipped: number }
}

/** What the plan reads of the enterprise's holdings. */
export interface HoldingsLookup {
  numbersOf(globalId: string): HeldNumber[]
  locksOf(globalId: string): HoldingLock[]
}

/** The plan: each person's numbers, locks and steps; `counts.people` is what the admin confirms. */
export function planOffboarding(matched: MatchedPeople, holdings: HoldingsLookup, then: OffboardThen): OffboardPlan {
  const people = matched.found.map((f): PlannedPerson => {
    const numbers = holdings.numbersOf(f.person.globalId)
    const p: PlannedPerson = { ...f, numbers, locks: holdings.locksOf(f.person.globalId), steps: offboardSteps(numbers.length, then) }
    if (numbers.length > MAX_OFFBOARD_NUMBERS) p.skip = 'tooManyNumbers'
    else if (p.steps.length === 0) p.skip = 'nothingToDo'
    return p
  })
  const sent = people.filter((p) => !p.skip)
  return {
    then,
    people,
    problems: matched.problems,
    counts: {
      people: sent.length,
      numbers: sent.reduce((n, p) => n + p.numbers.length, 0),
      locks: sent.reduce((n, p) => n + p.locks.length, 0),
      skipped: people.length - sent.length,
    },
  }
}

/** The items of the bulk job: the people the plan sends, with their numbers. */
export function offboardItems(plan: OffboardPlan): OffboardPerson[] {
  return plan.people
    .filter((p) => !p.skip)
    .map((p) => {
      const item: OffboardPerson = { globalId: p.person.globalId, userName: p.person.userName, numbers: p.numbers.map((n) => n.assetNum) }
      if (p.person.name) item.name = p.person.name
      return item
    })
}

/** Which step of a person's a failure stopped at (kept in the error's params by the job). */
export function failedStep(error: { params?: Record<string, string | number> } | undefined): OffboardStep | null {
  const s = error?.params?.['step']
  return typeof s === 'string' && (OFFBOARD_STEPS as readonly string[]).includes(s) ? (s as OffboardStep) : null
}

/** The route of the assignment planner and the query that hands it freed numbers. */
export const PLANNER_PATH = '/members/planner'
export function plannerLink(freed: readonly string[]): string {
  return freed.length === 0 ? PLANNER_PATH : `${PLANNER_PATH}?free=${encodeURIComponent(freed.join(','))}`
}
