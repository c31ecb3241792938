/**
 * What the asset-number commands (`assets assign|withdraw|move|plan`) read alike: the enterprise they are about, an
 * employee's name, and the rows of a file.
 */
import { AppError } from '@shared/errors/app-error'
import { rowsOfText, type AssignAction, type AssignRow } from '@shared/holdings/assign-rows'
import { ImportFileError, readTable } from '../../services/import'
import type { HoldingsTarget } from '../../services/holdings'
import type { CommandDeps } from '../command'
import type { CliContext } from '../context'

export interface TargetOptions {
  enterprise?: string
}

export async function targetOf(ctx: CliContext, o: TargetOptions): Promise<HoldingsTarget> {
  const profile = await ctx.profile()
  return ctx.core.services.holdings.target({ profileId: profile.id, enterpriseGlobalId: o.enterprise?.trim() || undefined })
}

/** "name (account)" of an employee the directory knows, else the id. */
export function namer(ctx: CliContext, target: HoldingsTarget, ids: readonly string[]): (id: string) => string {
  const people = new Map(ctx.core.services.memberDirectory.people(target.profileId, target.enterpriseGlobalId, ids).people.map((p) => [p.globalId, p]))
  return (id) => {
    const p = people.get(id)
    return p ? (p.name ? `${p.name} (${p.userName})` : p.userName) : id
  }
}

/** The rows of a file: a spreadsheet's cells, or text (one row a line). */
export async function rowsOfFile(ctx: CliContext, deps: CommandDeps, file: string, defaultAction: AssignAction | null, sheet: string | undefined): Promise<string[][] | AssignRow[]> {
  const bytes = await deps.readInput(ctx, file)
  let table
  try {
    table = await readTable({ bytes, fileName: file }, { locale: ctx.locale, ...(sheet ? { sheet } : {}) })
  } catch (err) {
    if (err instanceof ImportFileError) throw AppError.app('app.fileUnreadable', { file, detail: err.issue.message })
    throw err
  }
  if (table.kind === 'text') return rowsOfText(table.rows.map((r) => r.join('\t')).join('\n'), defaultAction)
  return table.rows
}

export function isRows(x: string[][] | AssignRow[]): x is AssignRow[] {
  return x.length > 0 && !Array.isArray(x[0])
}
