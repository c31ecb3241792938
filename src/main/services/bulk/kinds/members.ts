/**
 * Import employees (`members.import`): 100 per add-employees call (the spec's limit). A create: never repeated
 * blindly; an unknown outcome is read back (the employee list) before anything is sent again. Each employee's
 * initial password is kept in the vault only while the employee may still be sent (see JobSecrets).
 */
import { z } from 'zod'
import type { NewMember } from '@shared/api/operations'
import { AppError } from '@shared/errors/app-error'
import { newMemberSchema, type BulkStart } from '@shared/ipc/channels/bulk'
import { SPEC_LIMITS } from '@shared/settings'
import { findMembers, sameUserName } from '../../../api/reconcile'
import { dedupe } from '../dedupe'
import { itemError, jobBaseShape, operationCalls, same, stopsTheJob, CANCELLED, type ChunkItemOutcome, type JobBase, type JobKindSpec } from './kind'

/** A member as the runner holds it: its password comes from the vault (never the job file) while it is needed. */
export const storedMemberSchema = newMemberSchema.extend({ password: z.string().optional() })
export type StoredMember = z.output<typeof storedMemberSchema>

export const memberJobSchema = z.object({
  ...jobBaseShape,
  kind: z.literal('members.import'),
  enterpriseGlobalId: z.string(),
  items: z.array(storedMemberSchema),
})
export type MemberJobFile = z.output<typeof memberJobSchema>
type MemberStart = Extract<BulkStart, { kind: 'members.import' }>

function toNewMember(m: StoredMember): NewMember {
  if (m.password === undefined) throw AppError.app('app.passwordNotKept', {}, { operation: 'addMembers' })
  const out: NewMember = { userName: m.userName, password: m.password, name: m.name }
  if (m.departmentId !== undefined) out.departmentId = m.departmentId
  if (m.remark !== undefined && m.remark !== '') out.remark = m.remark
  if (m.passwordMobile !== undefined && m.passwordMobile !== '') out.passwordMobile = m.passwordMobile
  return out
}

export const memberKind: JobKindSpec<MemberJobFile, MemberStart> = {
  kinds: ['members.import'],
  owns: (f: JobBase): f is MemberJobFile => f.kind === 'members.import',
  accepts: (input): input is MemberStart => input.kind === 'members.import',
  target: (f) => f.enterpriseGlobalId,

  build(input, head) {
    // Repeats: the same userName, trimmed, whatever its case.
    const d = dedupe(input.items, (m) => m.userName.trim().toLowerCase())
    const file: MemberJobFile = { ...head, kind: input.kind, enterpriseGlobalId: input.enterpriseGlobalId, items: d.unique, duplicates: d.duplicates }
    if (d.positions) file.positions = d.positions
    return Promise.resolve(file)
  },

  open(job) {
    const eid = job.enterpriseGlobalId
    const calls = operationCalls({
      op: 'addMembers',
      request: (items) => ({ path: { enterpriseGlobalId: eid }, body: { userList: items.map((i) => toNewMember(job.items[i]!)) } }),
      interpret(items, res) {
        // Made only when needed (an AppError takes a stack trace: too dear to build for every chunk).
        let missing: ChunkItemOutcome | undefined
        // Indexed by name: the answer lists up to 100 of each, and a scan per item would be quadratic.
        const okBy = new Map(res.succeeded.map((m) => [m.userName.toLowerCase(), m]))
        const failedBy = new Map(res.failed.map((f) => [f.userName.toLowerCase(), f]))
        return items.map((i): ChunkItemOutcome => {
          const userName = job.items[i]!.userName
          const key = userName.toLowerCase()
          // An exact match first; the service may also append the enterprise code to the name (sameUserName).
          const ok = okBy.get(key) ?? res.succeeded.find((s) => sameUserName(s.userName, userName))
          if (ok) return { result: { state: 'ok', memberGlobalId: ok.globalId } }
          const failed = failedBy.get(key) ?? res.failed.find((f) => sameUserName(f.userName, userName))
          if (failed) return { result: failed.message ? { state: 'failed', message: failed.message } : { state: 'failed' } }
          // In neither list: the answer does not say; read back.
          return (missing ??= { unknown: AppError.app('app.unknownOutcome', {}, { operation: 'addMembers', cause: 'not in the answer' }).toData() })
        })
      },
    })
    const held = (i: number) => job.items[i]?.password !== undefined
    return {
      ...calls,
      // Only an unknown employee: it is read back (found: done; not found: failed, import it again). A refused,
      // failed or cancelled employee has reached its end, so its initial password is gone: import it again.
      retryable: (r) => r.state === 'unknown',
      chunkSize: () => SPEC_LIMITS.membersPerAddCall,
      describe: (i) => ({ key: job.items[i]!.userName, label: job.items[i]!.name }),
      failure(items, e) {
        const data = itemError(e)
        // A stalled service (the deadline passed) stops the job; the runner keeps these items unknown, read back later.
        if (stopsTheJob(e)) throw e
        if (e.code === 'app.unknownOutcome') return same(items, { unknown: data })
        if (e.code === 'app.cancelled') return same(items, CANCELLED)
        // Not sent at all (connection refused before a byte went out): safe to send again.
        if (e.details.retryable) return same(items, { retry: data })
        return same(items, { result: { state: 'failed', error: data } })
      },
      async reconcile(client, items, opts) {
        const names = items.map((i) => job.items[i]!.userName)
        const found = await findMembers(client, eid, names, opts)
        return names.map((u) => {
          const m = found.get(u)
          return m ? { state: 'ok', memberGlobalId: m.globalId, reconciled: true } : null
        })
      },
      secrets: {
        held,
        without(drop) {
          let changed = false
          const items = job.items.map((m, i) => {
            if (m.password === undefined || !drop(i)) return m
            changed = true
            const { password: _drop, ...rest } = m
            return rest
          })
          return changed ? { ...job, items } : null
        },
        split() {
          const rows = new Map<number, string>()
          const items = job.items.map((m, i) => {
            if (m.password === undefined) return m
            rows.set(i, m.password)
            const { password: _out, ...rest } = m
            return rest
          })
          return { file: { ...job, items }, rows }
        },
        withSecrets(rows) {
          return { ...job, items: job.items.map((m, i) => (rows.has(i) ? { ...m, password: rows.get(i)! } : m)) }
        },
      },
    }
  },
}
