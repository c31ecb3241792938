/**
 * Every kind of bulk job. A new kind is a file beside these (see kind.ts), its stored job's schema added to
 * jobFileSchema and its spec to KINDS; the runner and the job store do not change.
 */
import { z } from 'zod'
import { AppError } from '@shared/errors/app-error'
import type { BulkStart } from '@shared/ipc/channels/bulk'
import type { BuildContext, JobBase, JobHead, JobKindSpec, KindEnv, KindRunner } from './kind'
import { lockJobSchema, lockKind } from './locks'
import { memberJobSchema, memberKind } from './members'
import { holdingsJobSchema, holdingsKind } from './holdings'
import { memberDeleteJobSchema, memberDeleteKind, memberResetJobSchema, memberResetKind } from './member-actions'
import { offboardJobSchema, offboardKind } from './offboard'
import { renewalReadJobSchema, renewalReadKind } from './renewals'

export * from './kind'
export type { LockJobFile } from './locks'
export type { MemberJobFile, StoredMember } from './members'
export type { MemberDeleteJobFile, MemberResetJobFile } from './member-actions'
export type { HoldingsConfigureJobFile } from './holdings'
export type { OffboardJobFile } from './offboard'
export type { RenewalReadJobFile } from './renewals'

/** A stored job of any kind (validated when read back). */
export const jobFileSchema = z.discriminatedUnion('kind', [lockJobSchema, memberJobSchema, memberDeleteJobSchema, memberResetJobSchema, holdingsJobSchema, offboardJobSchema, renewalReadJobSchema])
export type JobFile = z.output<typeof jobFileSchema>

/** A kind with its types erased: what the runner and the store call. */
interface RegisteredKind {
  build(input: BulkStart, head: JobHead, ctx: BuildContext): Promise<JobFile> | null
  open(file: JobBase, env?: KindEnv): KindRunner | null
  target(file: JobBase): string | null
}

function register<F extends JobFile, S extends BulkStart>(spec: JobKindSpec<F, S>): RegisteredKind {
  return {
    build: (input, head, ctx) => (spec.accepts(input) ? spec.build(input, head, ctx) : null),
    open: (file, env) => (spec.owns(file) ? spec.open(file, env) : null),
    target: (file) => (spec.owns(file) ? spec.target(file) : null),
  }
}

const KINDS: readonly RegisteredKind[] = [register(lockKind), register(memberKind), register(memberDeleteKind), register(memberResetKind), register(holdingsKind), register(offboardKind), register(renewalReadKind)]

function noKind(kind: string): AppError {
  return AppError.app('app.invalidInput', { detail: `kind: no such job kind ${kind}` }, { issues: [{ path: 'kind', message: 'unknown job kind' }] })
}

/** The stored job of a start input (duplicates found, defaults filled). */
export function buildJob(input: BulkStart, head: JobHead, ctx: BuildContext): Promise<JobFile> {
  for (const k of KINDS) {
    const built = k.build(input, head, ctx)
    if (built) return built
  }
  throw noKind(input.kind)
}

/** The runner of a stored job's kind. */
export function openJob(file: JobBase, env?: KindEnv): KindRunner {
  for (const k of KINDS) {
    const r = k.open(file, env)
    if (r) return r
  }
  throw noKind(file.kind)
}

/** What a job works on (its summary's `target`). */
export function jobTarget(file: JobBase): string {
  for (const k of KINDS) {
    const t = k.target(file)
    if (t !== null) return t
  }
  throw noKind(file.kind)
}
