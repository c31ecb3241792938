/**
 * Channels of the Members area (member operations 1 to 5: the employees of an enterprise, one at a time) and of
 * the member directory (who an employee global id is, for every screen that shows one). Bulk work (import,
 * delete and reset password of many) goes through the bulk runner's channels with the `members.*` kinds.
 *
 * Inputs are strict and bounded. Field bounds here are loose on purpose: the core checks every field with the
 * service's own rules and answers a rule's code (10003, 30002...) with the field in `details.issues`, in the
 * user's language, as the screen shows it at the field.
 */
import { z } from 'zod'
import { channel, noOutput } from '../channel'
import { appErrorDataSchema } from '../../errors/app-error'
import { importIssueSchema } from '../../bulk/import'

/** The profile (default: the active one) and the enterprise (default: the profile's) a call is about. */
const target = {
  profileId: z.string().min(1).max(100).optional(),
  /** Empty or absent: the profile's enterprise (its global id, else its channel customer's enterprise). */
  enterpriseGlobalId: z.string().trim().max(64).optional(),
}
const globalIdSchema = z.string().trim().min(1).max(64)
/** An account as typed (letters and digits by the rules; checked by the core). */
const userNameInput = z.string().max(100)

/** An employee as the Members screen shows it (member operation 5's record, normalised). */
export const memberRowSchema = z.object({
  globalId: z.string(),
  userName: z.string(),
  name: z.string(),
  departmentId: z.number().nullable(),
  departmentName: z.string().nullable(),
  /** The security mobile in full: the screen masks it until the user asks to see it. */
  passwordMobile: z.string().nullable(),
  assetNums: z.array(z.string()),
  /** The lent lock of the employee (null when none). */
  borrowNum: z.string().nullable(),
  onlineFlag: z.boolean().nullable(),
  remark: z.string().nullable(),
  createTime: z.number().nullable(),
  updateTime: z.number().nullable(),
})
export type MemberRow = z.output<typeof memberRowSchema>

/** Page sizes the screen offers; the core also keeps within the configured largest page size. */
export const MEMBER_PAGE_SIZES = [20, 50, 100, 200, 500] as const

export const memberListInputSchema = z
  .object({
    ...target,
    /** Name or account, as typed (a substring, ignoring case). */
    keyword: z.string().trim().max(100).optional(),
    departmentId: z.number().int().optional(),
    pageNum: z.number().int().min(1).max(1_000_000),
    pageSize: z.number().int().min(1).max(500),
  })
  .strict()
export type MemberListInput = z.input<typeof memberListInputSchema>

export const memberPageSchema = z.object({
  profileId: z.string(),
  enterpriseGlobalId: z.string(),
  pageNum: z.number().int(),
  /** The page size used (the one asked for, within the configured largest). */
  pageSize: z.number().int(),
  total: z.number().int(),
  pages: z.number().int(),
  list: z.array(memberRowSchema),
})
export type MemberPageView = z.output<typeof memberPageSchema>

/** The fields of a new employee, as typed. */
export const newMemberInputSchema = z
  .object({
    userName: userNameInput,
    password: z.string().max(256),
    name: z.string().max(200),
    departmentId: z.number().int().nullable().optional(),
    remark: z.string().max(2000).nullable().optional(),
    passwordMobile: z.string().max(40).nullable().optional(),
  })
  .strict()

export const memberAddInputSchema = z.object({ ...target, member: newMemberInputSchema }).strict()
export type MemberAddInput = z.input<typeof memberAddInputSchema>

export const memberAddResultSchema = z.object({
  enterpriseGlobalId: z.string(),
  member: memberRowSchema,
  /** The answer was lost and the employee was found by reading the list back. */
  reconciled: z.boolean(),
})
export type MemberAddResult = z.output<typeof memberAddResultSchema>

/** An edit: name, department, remark and security mobile; null clears an optional field. */
export const memberEditInputSchema = z
  .object({
    ...target,
    memberGlobalId: globalIdSchema,
    /** The employee's account (it identifies the account; it is not changed). */
    userName: userNameInput,
    name: z.string().max(200),
    departmentId: z.number().int().nullable(),
    remark: z.string().max(2000).nullable(),
    passwordMobile: z.string().max(40).nullable(),
  })
  .strict()
export type MemberEditInput = z.input<typeof memberEditInputSchema>

export const memberResetInputSchema = z
  .object({ ...target, memberGlobalId: globalIdSchema, password: z.string().max(256) })
  .strict()
export type MemberResetInput = z.input<typeof memberResetInputSchema>

export const memberDeleteInputSchema = z
  .object({
    ...target,
    memberGlobalId: globalIdSchema,
    /** The account, so a lost answer is read back with one keyword search rather than the whole list. */
    userName: userNameInput.optional(),
  })
  .strict()
export type MemberDeleteInput = z.input<typeof memberDeleteInputSchema>

export const memberDeleteResultSchema = z.object({
  /** The answer was lost and the list read back shows the employee gone. */
  reconciled: z.boolean(),
})

// ---- the member directory ----------------------------------------------------------------------------------

/** Most ids one directory question carries (the asset table names up to every employee of an enterprise). */
export const MAX_DIRECTORY_IDS = 200_000

/** A person as other screens name them. */
export const personSchema = z.object({ globalId: z.string(), userName: z.string(), name: z.string() })
export type Person = z.output<typeof personSchema>

/** Where the reading of an enterprise's employee list stands. */
export const DIRECTORY_STATES = ['loading', 'ready', 'error'] as const
export type DirectoryState = (typeof DIRECTORY_STATES)[number]

export const directoryStatusSchema = z.object({
  profileId: z.string(),
  enterpriseGlobalId: z.string(),
  state: z.enum(DIRECTORY_STATES),
  /** Employees read so far, and how many the service said there are (null before the first page). */
  loaded: z.number().int(),
  total: z.number().int().nullable(),
  /** When the list was last read whole (null while the first reading goes on). */
  readAt: z.number().nullable(),
  error: appErrorDataSchema.optional(),
})
export type DirectoryStatus = z.output<typeof directoryStatusSchema>

export const directoryPeopleInputSchema = z
  .object({ ...target, globalIds: z.array(globalIdSchema).max(MAX_DIRECTORY_IDS) })
  .strict()
export type DirectoryPeopleInput = z.input<typeof directoryPeopleInputSchema>

export const directoryPeopleSchema = z.object({
  status: directoryStatusSchema,
  /** The people among the ids asked for that are known now (the others: not read yet, or not employees). */
  people: z.array(personSchema),
})
export type DirectoryPeople = z.output<typeof directoryPeopleSchema>

/** Departments seen in the enterprise's employee list (the service has no department list of its own). */
export const departmentSchema = z.object({ id: z.number(), name: z.string(), count: z.number().int() })
export type Department = z.output<typeof departmentSchema>

export const directoryAccountsInputSchema = z
  .object({ ...target, userNames: z.array(z.string().trim().min(1).max(100)).max(100_000) })
  .strict()

export const directoryAccountsSchema = z.object({
  status: directoryStatusSchema,
  /** The accounts asked for that the enterprise has, with their person. */
  found: z.array(personSchema.extend({ asked: z.string() })),
})
export type DirectoryAccounts = z.output<typeof directoryAccountsSchema>

export const memberChannels = {
  /** One page of employees (member operation 5), with keyword and department filters. */
  'members.list': channel(memberListInputSchema, memberPageSchema),
  /** Adds one employee (member operation 1); a lost answer is read back before anything is sent again. */
  'members.add': channel(memberAddInputSchema, memberAddResultSchema),
  /** Edits one employee (member operation 2). */
  'members.edit': channel(memberEditInputSchema, noOutput),
  /** Sets a new password (member operation 3). */
  'members.resetPassword': channel(memberResetInputSchema, noOutput),
  /** Deletes one employee (member operation 4); a lost answer is read back before anything is sent again. */
  'members.delete': channel(memberDeleteInputSchema, memberDeleteResultSchema),
  /** Names employees by global id from the enterprise's list, read in the background and kept per enterprise. */
  'members.people': channel(directoryPeopleInputSchema, directoryPeopleSchema),
  /** The enterprise's accounts among these (waits for the whole list): existing accounts of an import, pasted lists. */
  'members.accounts': channel(directoryAccountsInputSchema, directoryAccountsSchema),
  /** Departments seen in the enterprise's employee list, for the department filter. */
  'members.departments': channel(
    z.object({ ...target }).strict(),
    z.object({ status: directoryStatusSchema, departments: z.array(departmentSchema) }),
  ),
  /** Reads the enterprise's list again now (after changes made elsewhere). */
  'members.refreshDirectory': channel(z.object({ ...target }).strict(), directoryStatusSchema),
}

// ---- drafts of the Members screens (kept through the draft store; passwords never) ---------------------------

/** Fixed ids of the Members screens' drafts (one scratch copy each). */
export const MEMBER_DRAFT_IDS = {
  add: 'form:members.add',
  edit: 'form:members.edit',
  bulk: 'form:members.bulk',
  import: 'form:members.import',
} as const

/** The form's fields as typed, every one but the password (never kept). */
export const memberFormDraftSchema = z.object({
  userName: z.string().max(200),
  name: z.string().max(200),
  departmentId: z.string().max(40),
  remark: z.string().max(2000),
  passwordMobile: z.string().max(40),
})

/** The add form. */
export const memberAddDraftSchema = z.object({
  enterpriseGlobalId: z.string().max(64),
  values: memberFormDraftSchema,
})
export type MemberAddDraft = z.output<typeof memberAddDraftSchema>

/** The edit form of one employee. */
export const memberEditDraftSchema = z.object({
  enterpriseGlobalId: z.string().max(64),
  memberGlobalId: z.string().max(64),
  values: memberFormDraftSchema,
})
export type MemberEditDraft = z.output<typeof memberEditDraftSchema>

/** The bulk action on a pasted list of accounts, and the run on screen. */
export const memberBulkDraftSchema = z.object({
  enterpriseGlobalId: z.string().max(64),
  action: z.enum(['delete', 'resetPassword']),
  text: z.string().max(2_000_000),
  jobIds: z.array(z.string().max(100)).max(100),
})
export type MemberBulkDraft = z.output<typeof memberBulkDraftSchema>

/**
 * The import screen: the file as read (its header and rows, the password column emptied: initial passwords are
 * used once and never kept), the column mapping, and the run on screen with its retries.
 */
export const memberImportDraftSchema = z.object({
  enterpriseGlobalId: z.string().max(64),
  fileName: z.string().max(300),
  format: z.enum(['csv', 'xlsx']),
  header: z.array(z.string().max(1000)).max(200),
  rows: z.array(z.object({ line: z.number().int(), cells: z.array(z.string().max(10_000)).max(200) })).max(200_000),
  mapping: z.record(z.string().max(40), z.number().int().min(0).max(199)),
  /** The column whose cells were emptied (passwords), so the screen can say why they are blank. */
  passwordColumn: z.number().int().nullable(),
  /** Once sent: the file line of each employee sent, in the job's order, and the rows not sent with why. */
  sentLines: z.array(z.number().int()).max(200_000),
  notSent: z.array(importIssueSchema).max(200_000),
  jobIds: z.array(z.string().max(100)).max(100),
})
export type MemberImportDraft = z.output<typeof memberImportDraftSchema>
