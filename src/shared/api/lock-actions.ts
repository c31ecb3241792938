/**
 * The two lock actions, named once from end to end: what the user picks (`disable` / `enable`), the bulk job kind
 * that runs it, the service operation each call makes, the state a lock is left in, and where the screens' words
 * for it are. Everything that turns one of these into another reads this table; no `action === 'disable' ? …`
 * elsewhere.
 */
import type { OperationId } from './operations'

export const LOCK_ACTIONS = ['disable', 'enable'] as const
export type LockAction = (typeof LOCK_ACTIONS)[number]

export const LOCK_JOB_KINDS = ['locks.disable', 'locks.enable'] as const
export type LockJobKind = (typeof LOCK_JOB_KINDS)[number]

export interface LockActionSpec {
  action: LockAction
  /** The bulk job kind (`bulk.start`'s `kind`). */
  kind: LockJobKind
  /** The service operation of each call (spec: order operations 6 and 7). */
  operation: Extract<OperationId, 'lockAssets' | 'unlockAssets'>
  /** A lock's `locked` flag (virtual asset list) once the action succeeded on it. */
  locked: boolean
  /** Whether the action stops something working (asked with the danger colour). */
  destructive: boolean
  /** The renderer's messages of the action (`…name`, `…question`, `…go`, …) and of its per-lock status words. */
  messages: `lockAction.${LockAction}`
  statusMessages: `lockStatus.${LockAction}`
}

export const LOCK_ACTION: Readonly<Record<LockAction, LockActionSpec>> = {
  disable: {
    action: 'disable',
    kind: 'locks.disable',
    operation: 'lockAssets',
    locked: true,
    destructive: true,
    messages: 'lockAction.disable',
    statusMessages: 'lockStatus.disable',
  },
  enable: {
    action: 'enable',
    kind: 'locks.enable',
    operation: 'unlockAssets',
    locked: false,
    destructive: false,
    messages: 'lockAction.enable',
    statusMessages: 'lockStatus.enable',
  },
}

/** The action a bulk job kind runs; null for kinds that are not lock actions. */
export function lockActionOfKind(kind: string): LockAction | null {
  for (const a of LOCK_ACTIONS) if (LOCK_ACTION[a].kind === kind) return a
  return null
}

/** The action a service operation performs; null for other operations. */
export function lockActionOfOperation(operation: string): LockAction | null {
  for (const a of LOCK_ACTIONS) if (LOCK_ACTION[a].operation === operation) return a
  return null
}

/** Whether a bulk job kind is a lock action. */
export function isLockJobKind(kind: string): kind is LockJobKind {
  return lockActionOfKind(kind) !== null
}
