/**
 * The employees of an enterprise, one at a time (member operations 1 to 5), for the Members screen and the CLI.
 * Every field is checked with the service's own rules before anything is sent. Adds and deletes are creates:
 * a lost answer (or a user center exception, 80001) is read back from the list before anything is sent again;
 * lists, edits and password resets are retried by the client where that is safe (500, 80001, network).
 */
import type { ListedMember, AddedMember } from '@shared/api/models'
import type { ListMembersQuery, NewMember } from '@shared/api/operations'
import { AppError } from '@shared/errors/app-error'
import { errorAdvice } from '@shared/errors/advice'
import type { Locale } from '@shared/i18n/locale'
import type {
  MemberAddInput,
  MemberAddResult,
  MemberDeleteInput,
  MemberEditInput,
  MemberListInput,
  MemberPageView,
  MemberResetInput,
  MemberRow,
} from '@shared/ipc/channels/members'
import type { RuleIssue } from '@shared/rules/issue'
import type { MemberRuleLimits } from '@shared/rules/member-rules'
import { EMPTY_MEMBER_FORM, memberFormIssues, memberIssueWords, memberRuleLimits, toMemberEdit, toNewMember, type MemberFormValues } from '@shared/members/member-form'
import type { AssumedLimits } from '@shared/settings'
import type { ApiClient } from '../../api/client'
import { findMembers, reconcileDeleteMember, sameUserName } from '../../api/reconcile'
import { knownMember, type MemberDirectory } from './directory'

/** A profile and an enterprise, resolved. */
export interface MembersTarget {
  profileId: string
  enterpriseGlobalId: string
}

export interface MembersDeps {
  clientFor(profileId: string): Promise<ApiClient>
  /** The profile (given, else active) and enterprise (given, else the profile's). */
  target(input: { profileId?: string | undefined; enterpriseGlobalId?: string | undefined }): Promise<MembersTarget>
  limits(): Promise<AssumedLimits>
  /** The user's language (field problems are worded in it). */
  locale(): Promise<Locale>
  directory: MemberDirectory
  /** Sends of one add or delete before it is given up as unknown (each after a read-back said "not done"). */
  maxSends?: number
}

/** The rule bounds from the settings (src/shared/members/member-form.ts). */
export const ruleLimits = (limits: AssumedLimits): MemberRuleLimits => memberRuleLimits(limits)

/** A field that breaks a rule: refused before sending, with the rule's sentence at the field. */
function fieldError(found: RuleIssue, locale: Locale): AppError {
  const message = memberIssueWords(found, locale)
  return AppError.app('app.invalidInput', { detail: message }, { issues: [{ path: found.field, message }], cause: found.code })
}

/** The listed record as the screen shows it. */
export function memberRow(m: ListedMember): MemberRow {
  return {
    globalId: m.globalId,
    userName: m.userName,
    name: m.name ?? '',
    departmentId: m.departmentId ?? null,
    departmentName: m.departmentName ?? null,
    passwordMobile: m.passwordMobile ?? null,
    assetNums: m.assetNums ?? [],
    borrowNum: m.borrowNum ?? null,
    onlineFlag: m.onlineFlag ?? null,
    remark: m.remark ?? null,
    createTime: m.createTime ?? null,
    updateTime: m.updateTime ?? null,
  }
}

/** The add answer's record (it lacks the list's fields) completed with what was sent. */
function addedRow(m: AddedMember, sent: NewMember): MemberRow {
  return {
    globalId: m.globalId,
    userName: m.userName,
    name: m.name ?? sent.name,
    departmentId: m.departmentId ?? sent.departmentId ?? null,
    departmentName: m.departmentName ?? null,
    passwordMobile: sent.passwordMobile ?? null,
    assetNums: [],
    borrowNum: null,
    onlineFlag: null,
    remark: m.remark ?? sent.remark ?? null,
    createTime: m.createTime ?? null,
    updateTime: m.updateTime ?? null,
  }
}

function formOf(v: { userName: string; password?: string; name: string; departmentId?: number | null; remark?: string | null; passwordMobile?: string | null }): MemberFormValues {
  return {
    ...EMPTY_MEMBER_FORM,
    userName: v.userName,
    password: v.password ?? '',
    name: v.name,
    departmentId: v.departmentId === undefined || v.departmentId === null ? '' : String(v.departmentId),
    remark: v.remark ?? '',
    passwordMobile: v.passwordMobile ?? '',
  }
}

/** Whether an error of a create leaves its outcome open (read back before sending again). */
function mayHaveBeenDone(e: AppError): boolean {
  // 80001 (user center exception) is not documented as "nothing done": read back too, then say "try again".
  return e.code === 'app.unknownOutcome' || e.code === '80001'
}

/**
 * Reads back by keyword (one small page); if that search itself fails, by the whole list, a different request
 * that may well answer (a keyword the service chokes on must not leave the outcome open).
 */
async function readBack<T>(byKeyword: () => Promise<T>, whole: () => Promise<T>): Promise<T> {
  try {
    return await byKeyword()
  } catch (err) {
    if (err instanceof AppError && errorAdvice(err) === 'credentials') throw err
    return whole()
  }
}

/** A create refused before it left (connection refused): safe to send again. */
function notSent(e: AppError): boolean {
  return e.code === 'app.network' && e.details.retryable === true
}

export class MembersService {
  private readonly maxSends: number

  constructor(private readonly deps: MembersDeps) {
    this.maxSends = deps.maxSends ?? 3
  }

  /** The profile (given, else active) and enterprise (given, else the profile's) of a call. */
  target(input: { profileId?: string | undefined; enterpriseGlobalId?: string | undefined }): Promise<MembersTarget> {
    return this.deps.target(input)
  }

  /** One page of employees (member operation 5). */
  async list(input: MemberListInput): Promise<MemberPageView> {
    const { profileId, enterpriseGlobalId } = await this.deps.target(input)
    const limits = await this.deps.limits()
    const pageSize = Math.min(input.pageSize, limits.maxPageSize)
    const query: ListMembersQuery = { pageNum: input.pageNum, pageSize }
    if (input.keyword) query.keyword = input.keyword
    if (input.departmentId !== undefined) query.departmentId = input.departmentId
    const client = await this.deps.clientFor(profileId)
    const page = await client.listMembers(enterpriseGlobalId, query)
    this.deps.directory.learn(profileId, enterpriseGlobalId, page.list.map(knownMember))
    return {
      profileId,
      enterpriseGlobalId,
      pageNum: page.pageNum || input.pageNum,
      pageSize,
      total: page.total,
      pages: page.pages,
      list: page.list.filter((m) => !m.deleted).map(memberRow),
    }
  }

  /** Adds one employee (member operation 1); see the module comment for lost answers. */
  async add(input: MemberAddInput): Promise<MemberAddResult> {
    const locale = await this.deps.locale()
    const limits = ruleLimits(await this.deps.limits())
    const form = formOf(input.member)
    const problems = memberFormIssues(form, 'add', limits)
    const first = Object.values(problems)[0]
    if (first) throw fieldError(first, locale)
    const member = toNewMember(form)
    const { profileId, enterpriseGlobalId } = await this.deps.target(input)
    const client = await this.deps.clientFor(profileId)
    const learn = (row: MemberRow) =>
      this.deps.directory.learn(profileId, enterpriseGlobalId, [
        { globalId: row.globalId, userName: row.userName, name: row.name, departmentId: row.departmentId, departmentName: row.departmentName },
      ])

    for (let sends = 1; ; sends++) {
      let open: AppError
      try {
        const r = await client.addMembers(enterpriseGlobalId, [member])
        const ok = r.succeeded.find((s) => sameUserName(s.userName, member.userName))
        if (ok) {
          const row = addedRow(ok, member)
          learn(row)
          return { enterpriseGlobalId, member: row, reconciled: false }
        }
        const refused = r.failed.find((f) => sameUserName(f.userName, member.userName)) ?? r.failed[0]
        if (refused) {
          const message = refused.message ?? ''
          throw AppError.api('60027', message || undefined, undefined, { operation: 'addMembers', issues: [{ path: 'userName', message }] })
        }
        open = AppError.app('app.unknownOutcome', {}, { operation: 'addMembers', cause: 'not in the answer' })
      } catch (err) {
        if (!(err instanceof AppError)) throw err
        if (notSent(err) && sends < this.maxSends) continue
        if (!mayHaveBeenDone(err)) throw err
        open = err
      }
      // The outcome is open: read back before anything is sent again.
      let found: ListedMember | undefined
      try {
        found = (await readBack(() => findMembers(client, enterpriseGlobalId, [member.userName]), () => findMembers(client, enterpriseGlobalId, [member.userName], { wholeList: true }))).get(member.userName)
      } catch (readErr) {
        const cause = readErr instanceof AppError ? readErr.code : 'read-back failed'
        throw AppError.app('app.unknownOutcome', {}, { operation: 'addMembers', cause: `${open.code}; read-back: ${cause}` })
      }
      if (found) {
        const row = memberRow(found)
        learn(row)
        return { enterpriseGlobalId, member: row, reconciled: true }
      }
      // Read back as not done: a user center exception is reported (try again); a lost answer is sent again.
      if (open.code !== 'app.unknownOutcome') throw open
      if (sends >= this.maxSends) {
        throw AppError.app('app.unknownOutcome', {}, { operation: 'addMembers', cause: `not done after ${sends} sends` })
      }
    }
  }

  /** Edits one employee (member operation 2). */
  async edit(input: MemberEditInput): Promise<null> {
    const locale = await this.deps.locale()
    const limits = ruleLimits(await this.deps.limits())
    const form = formOf(input)
    const first = Object.values(memberFormIssues(form, 'edit', limits))[0]
    if (first) throw fieldError(first, locale)
    const body = toMemberEdit(form)
    const { profileId, enterpriseGlobalId } = await this.deps.target(input)
    const client = await this.deps.clientFor(profileId)
    await client.editMember(enterpriseGlobalId, input.memberGlobalId, body)
    const known = this.deps.directory.people(profileId, enterpriseGlobalId, [input.memberGlobalId]).people[0]
    const sameDepartment = this.deps.directory
      .departments(profileId, enterpriseGlobalId)
      .departments.find((d) => d.id === body.departmentId)
    this.deps.directory.learn(profileId, enterpriseGlobalId, [
      {
        globalId: input.memberGlobalId,
        userName: known?.userName ?? body.userName,
        name: body.name,
        departmentId: body.departmentId,
        departmentName: sameDepartment?.name ?? null,
      },
    ])
    return null
  }

  /** Sets a new password (member operation 3). */
  async resetPassword(input: MemberResetInput): Promise<null> {
    const locale = await this.deps.locale()
    const limits = ruleLimits(await this.deps.limits())
    const problem = memberFormIssues({ ...EMPTY_MEMBER_FORM, userName: 'x', name: 'x', password: input.password }, 'add', limits).password
    if (problem) throw fieldError(problem, locale)
    const { profileId, enterpriseGlobalId } = await this.deps.target(input)
    const client = await this.deps.clientFor(profileId)
    await client.resetPassword(enterpriseGlobalId, input.memberGlobalId, input.password)
    return null
  }

  /** Deletes one employee (member operation 4); see the module comment for lost answers. */
  async delete(input: MemberDeleteInput): Promise<{ reconciled: boolean }> {
    const { profileId, enterpriseGlobalId } = await this.deps.target(input)
    const client = await this.deps.clientFor(profileId)
    const gone = (reconciled: boolean) => {
      this.deps.directory.forget(profileId, enterpriseGlobalId, input.memberGlobalId)
      return { reconciled }
    }
    for (let sends = 1; ; sends++) {
      try {
        await client.deleteMember(enterpriseGlobalId, input.memberGlobalId)
        return gone(false)
      } catch (err) {
        if (!(err instanceof AppError)) throw err
        // Not found on a send after a lost answer was read back as "still there": someone else deleted it since.
        if (err.code === '60002' && sends > 1) return gone(true)
        if (notSent(err) && sends < this.maxSends) continue
        if (!mayHaveBeenDone(err)) throw err
        let state: 'done' | 'notDone' | 'unknown'
        try {
          const userName = input.userName
          state = await readBack(
            () => reconcileDeleteMember(client, enterpriseGlobalId, input.memberGlobalId, userName ? { userName } : {}),
            () => reconcileDeleteMember(client, enterpriseGlobalId, input.memberGlobalId),
          )
        } catch (readErr) {
          const cause = readErr instanceof AppError ? readErr.code : 'read-back failed'
          throw AppError.app('app.unknownOutcome', {}, { operation: 'deleteMember', cause: `${err.code}; read-back: ${cause}` })
        }
        if (state === 'done') return gone(true)
        if (err.code !== 'app.unknownOutcome') throw err
        if (sends >= this.maxSends) {
          throw AppError.app('app.unknownOutcome', {}, { operation: 'deleteMember', cause: `not done after ${sends} sends` })
        }
      }
    }
  }
}
