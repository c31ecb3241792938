/**
 * What the two bulk kinds on existing employees share: the job file made from a start input (the same employee
 * named twice is sent once, the repeat reported as a duplicate), and the item's key and label.
 */
import type { MemberRef } from '@shared/bulk/member-actions'
import type { BulkStart } from '@shared/ipc/channels/bulk'
import type { MemberDeleteJobFile, MemberResetJobFile } from './job-store'

type MemberActionStart = Extract<BulkStart, { kind: 'members.delete' | 'members.resetPassword' }>

/** The fields every job file starts with (built by the runner). */
export interface JobBase {
  v: 1
  id: string
  profileId: string
  createdAt: number
  inputCount: number
}

/** The first occurrence of each employee (by global id) and where the repeats are. */
function byGlobalId(items: readonly MemberRef[]): { unique: MemberRef[]; positions: number[]; duplicates: { index: number; of: number }[] } {
  const first = new Map<string, number>()
  const unique: MemberRef[] = []
  const positions: number[] = []
  const duplicates: { index: number; of: number }[] = []
  items.forEach((m, index) => {
    const of = first.get(m.globalId)
    if (of !== undefined) {
      duplicates.push({ index, of })
      return
    }
    first.set(m.globalId, index)
    unique.push(m)
    positions.push(index)
  })
  return { unique, positions, duplicates }
}

/** The job file of a delete or reset-password start. */
export function memberActionJobFile(input: MemberActionStart, base: JobBase): MemberDeleteJobFile | MemberResetJobFile {
  const d = byGlobalId(input.items)
  const common = { ...base, enterpriseGlobalId: input.enterpriseGlobalId, items: d.unique, duplicates: d.duplicates }
  const withPositions = d.duplicates.length > 0 ? { positions: d.positions } : {}
  return input.kind === 'members.delete'
    ? { ...common, ...withPositions, kind: 'members.delete' }
    : { ...common, ...withPositions, kind: 'members.resetPassword', password: input.password }
}

/** How an item shows in results: the account, and the name. */
export function describeMember(m: MemberRef): { key: string; label?: string } {
  return m.name ? { key: m.userName, label: m.name } : { key: m.userName }
}
