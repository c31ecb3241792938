/**
 * Calls of the Members area to the core: employees one at a time, the member directory (and its news), and the
 * bulk jobs on employees. (Drafts, files and the runs themselves: api/drafts.ts, api/files.ts, api/bulk.ts.)
 */
import type { ChannelInput } from '@shared/ipc/contract'
import type { JobSummary } from '@shared/ipc/channels/bulk'
import type { DirectoryStatus } from '@shared/ipc/channels/members'
import type { MemberRef } from '@shared/bulk/member-actions'
import type { NewMember } from '@shared/api/operations'
import { invoke, onEvent } from '../bridge'
import { withRunNotice } from './run-notifications'

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

/** The member directory started or finished reading an enterprise's list (or failed to). Returns unsubscribe. */
export function onDirectoryChanged(handler: (status: DirectoryStatus) => void): () => void {
  return onEvent('members.directory', handler)
}

// ---- bulk jobs on employees ------------------------------------------------------------------------------------

/** Starts an import of employees. */
export const startMemberImport = (enterpriseGlobalId: string, items: NewMember[], profileId?: string): Promise<JobSummary> =>
  withRunNotice(() => invoke('bulk.start', { kind: 'members.import', enterpriseGlobalId, items, ...(profileId ? { profileId } : {}) }))

/** Starts a delete of many employees. */
export const startMemberDelete = (enterpriseGlobalId: string, items: MemberRef[], profileId?: string): Promise<JobSummary> =>
  withRunNotice(() => invoke('bulk.start', { kind: 'members.delete', enterpriseGlobalId, items, ...(profileId ? { profileId } : {}) }))

/** Starts a reset of many employees' passwords to one new password. */
export const startMemberReset = (enterpriseGlobalId: string, items: MemberRef[], password: string, profileId?: string): Promise<JobSummary> =>
  withRunNotice(() => invoke('bulk.start', { kind: 'members.resetPassword', enterpriseGlobalId, items, password, ...(profileId ? { profileId } : {}) }))
