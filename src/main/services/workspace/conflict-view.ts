/**
 * A conflict as the screen shows it: the record's name and the fields that differ between this workstation's
 * version and the colleague's, as text. Bodies are whatever a kind shares (kinds.ts); nothing here knows a kind.
 */
import type { WorkspaceConflict } from '@shared/ipc/channels/workspace'
import type { Conflict } from './local'

/** Fields that name a record, in the order they are tried. */
const TITLE_FIELDS = ['customerName', 'productName', 'packageName', 'name', 'title', 'enterpriseName', 'branchName'] as const

const asRecord = (body: unknown): Record<string, unknown> => (body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {})

function text(v: unknown): string {
  if (v === null || v === undefined) return ''
  if (typeof v === 'string') return v
  return JSON.stringify(v)
}

function title(bodies: Record<string, unknown>[], id: string): string {
  for (const f of TITLE_FIELDS) {
    for (const b of bodies) {
      const v = b[f]
      if (typeof v === 'string' && v.trim() !== '') return v
    }
  }
  return id
}

export function conflictView(c: Conflict): WorkspaceConflict {
  const mine = asRecord(c.mine)
  const theirs = asRecord(c.theirs)
  const fields = [...new Set([...Object.keys(mine), ...Object.keys(theirs)])]
    .map((field) => ({ field, mine: text(mine[field]), theirs: text(theirs[field]) }))
    .filter((f) => f.mine !== f.theirs)
  return {
    kind: c.kind,
    id: c.id,
    title: title([mine, theirs], c.id),
    theirsBy: c.theirsBy,
    at: c.at,
    mineRemoved: c.mineRemoved,
    theirsRemoved: c.theirsRemoved,
    fields,
  }
}
