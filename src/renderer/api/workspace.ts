/**
 * Named calls of the team workspace to the core: its settings (the password goes to the keychain, never back), where
 * the sync stands and its pushed status, the conflicts and the user's choice for each. Only api/ modules call the bridge.
 */
import type { ChannelInput, ChannelOutput } from '@shared/ipc/contract'
import type { EventPayload } from '@shared/ipc/events'
import type { ConflictChoice } from '@shared/workspace'
import { invoke, onEvent } from '../bridge'

export const getWorkspace = (): Promise<ChannelOutput<'workspace.get'>> => invoke('workspace.get', {})
export const setWorkspace = (input: ChannelInput<'workspace.set'>): Promise<ChannelOutput<'workspace.set'>> => invoke('workspace.set', input)
export const leaveWorkspace = (): Promise<ChannelOutput<'workspace.leave'>> => invoke('workspace.leave', {})
export const workspaceStatus = (): Promise<ChannelOutput<'workspace.status'>> => invoke('workspace.status', {})
export const syncWorkspace = (): Promise<ChannelOutput<'workspace.sync'>> => invoke('workspace.sync', {})
export const workspaceConflicts = (): Promise<ChannelOutput<'workspace.conflicts'>> => invoke('workspace.conflicts', {})
export const resolveConflict = (kind: string, id: string, choice: ConflictChoice): Promise<ChannelOutput<'workspace.resolve'>> =>
  invoke('workspace.resolve', { kind, id, choice })

/** Follows the sync's status; returns unsubscribe. */
export function onWorkspaceStatus(handler: (payload: EventPayload<'workspace.status'>) => void): () => void {
  return onEvent('workspace.status', handler)
}
