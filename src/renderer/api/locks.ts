/** Calls of the Locks screen: starting a lock run, and the draft kept before the draft store existed. */
import { LOCK_ACTION, type LockAction } from '@shared/api/lock-actions'
import type { JobSummary } from '@shared/ipc/channels/bulk'
import type { LockDraft } from '@shared/ipc/channels/locks'
import { invoke } from '../bridge'
import { withRunNotice } from './run-notifications'

/** Starts disabling or enabling `items` (lock numbers, each once) as `operator`; returns at once with the job. */
export function startLockRun(action: LockAction, items: readonly string[], operator: string): Promise<JobSummary> {
  return withRunNotice(() => invoke('bulk.start', { kind: LOCK_ACTION[action].kind, items: [...items], operatorIdentity: operator }))
}

/** The list kept in `locks-draft.json` by earlier versions (moved into the draft store once, then cleared). */
export function getLegacyLockDraft(): Promise<LockDraft | null> {
  return invoke('locks.getDraft', {})
}

export async function clearLegacyLockDraft(): Promise<void> {
  await invoke('locks.saveDraft', { draft: null })
}
