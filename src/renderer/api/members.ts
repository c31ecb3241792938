/**
 * Calls of the Members area to the core: employees one at a time, the member directory, the Members screens'
 * drafts (draft store, fixed ids), the bulk jobs on employees, and the files of an import. Only this module
 * (of the Members area) talks to the bridge.
 */
import type { ChannelInput, ChannelOutput } from '@shared/ipc/contract'
import type { DraftMeta } from '@shared/ipc/channels/drafts'
import type { JobDetail, JobSummary } from '@shared/ipc/channels/bulk'
import type { MemberRef } from '@shared/bulk/member-actions'
import type { NewMember } from '@shared/api/operations'
import { errorData, invoke } from '../bridge'

/** One page of employees. */
export const listMembers = (input: ChannelInput<'members.list'>) => invoke('members.list', input)
/** Adds one employee; a lost answer is read back by the core. */
export const addMember = (input: ChannelInput<'members.add'>) => invoke('members.add', input)
/** Saves an employee's name, department, remark and security mobile. */
export const editMember = (input: ChannelInput<'members.edit'>) => invoke('members.edit', input)
/** Sets a new password. */
export const resetMemberPassword = (input: ChannelInput<'members.resetPassword'>) => invoke('members.resetPassword', input)
/** Deletes one employee; a lost answer is read back by the core. */
export const deleteMember = (input: ChannelInput<'members.delete'>) => invoke('members.delete', input)

/** People by global id, as far as the directory knows them now. */
export const directoryPeople = (input: ChannelInput<'members.people'>) => invoke('members.people', input)
/** The enterprise's accounts among these (waits for the whole list). */
export const directoryAccounts = (input: ChannelInput<'members.accounts'>) => invoke('members.accounts', input)
/** Departments seen in the enterprise's list. */
export const memberDepartments = (input: ChannelInput<'members.departments'>) => invoke('members.departments', input)
/** Reads the enterprise's list again. */
export const refreshDirectory = (input: ChannelInput<'members.refreshDirectory'>) => invoke('members.refreshDirectory', input)

// ---- drafts (draft store, fixed ids) -------------------------------------------------------------------------

export type MemberDraftKind = 'members.add' | 'members.edit' | 'members.bulk' | 'members.import'

/** A draft's body and revision, or null when there is none (or it was removed). */
export async function loadMemberDraft(id: string): Promise<{ body: unknown; revision: number } | null> {
  try {
    const d = await invoke('drafts.get', { id })
    return d.removedAt === null ? { body: d.body, revision: d.revision } : null
  } catch (err) {
    if (errorData(err).code === 'app.notFound') return null
    throw err
  }
}

/** Saves a draft over whatever is there (one scratch copy per screen, this window's typing wins). */
export function saveMemberDraft(id: string, kind: MemberDraftKind, body: unknown, profileId: string | null, baseRevision: number): Promise<DraftMeta> {
  return invoke('drafts.save', { id, kind, body, profileId, baseRevision, force: true })
}

/** Drops a draft (the work was sent, or the user cleared it). */
export async function removeMemberDraft(id: string): Promise<void> {
  await invoke('drafts.remove', { ids: [id] })
}

// ---- bulk jobs on employees ------------------------------------------------------------------------------------

/** Starts an import of employees. */
export const startMemberImport = (enterpriseGlobalId: string, items: NewMember[], profileId?: string): Promise<JobSummary> =>
  invoke('bulk.start', { kind: 'members.import', enterpriseGlobalId, items, ...(profileId ? { profileId } : {}) })

/** Starts a delete of many employees. */
export const startMemberDelete = (enterpriseGlobalId: string, items: MemberRef[], profileId?: string): Promise<JobSummary> =>
  invoke('bulk.start', { kind: 'members.delete', enterpriseGlobalId, items, ...(profileId ? { profileId } : {}) })

/** Starts a reset of many employees' passwords to one new password. */
export const startMemberReset = (enterpriseGlobalId: string, items: MemberRef[], password: string, profileId?: string): Promise<JobSummary> =>
  invoke('bulk.start', { kind: 'members.resetPassword', enterpriseGlobalId, items, password, ...(profileId ? { profileId } : {}) })

/** Sends again the failed, unknown and cancelled employees of a job (in the same job). */
export const retryMemberJob = (id: string) => invoke('bulk.retryFailed', { id })

/** A job with a page of its items. */
export const memberJob = (id: string, limit = 1): Promise<JobDetail> => invoke('bulk.get', { id, limit })

/** Every job (the screen keeps the members ones). */
export const listJobs = () => invoke('bulk.list', {})

// ---- files ------------------------------------------------------------------------------------------------------

/** Reads a CSV or Excel file into a table of cells. */
export const parseFile = (input: ChannelInput<'imports.parseTable'>) => invoke('imports.parseTable', input)
/** Writes a table as CSV or Excel. */
export const writeFile = (input: ChannelInput<'exports.table'>): Promise<ChannelOutput<'exports.table'>> => invoke('exports.table', input)
