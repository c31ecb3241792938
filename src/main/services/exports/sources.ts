/**
 * The rows of each list an export can name, made in the core from its own copy: the asset numbers as the screen
 * filters and sorts them (the core's table behind the screen's windows, src/main/services/holdings/table-view.ts), holders named from the
 * member directory; the order history; the customer book; the journal; or a table the screen made.
 */
import type { z } from 'zod'
import { numberExportRow, numberRow } from '@shared/holdings/numbers'
import type { exportSourceSchema } from '@shared/ipc/channels/exports'
import type { Locale } from '@shared/i18n/locale'
import type { HoldingsService } from '../holdings'
import type { MemberDirectory } from '../members'
import type { OrderService } from '../orders'
import type { CustomerBook } from '../customers'
import type { Journal } from '../journal'
import type { RenewalsService } from '../renewals'
import { customersExportTable } from '../customers'
import type { ExportTable } from './index'
import type { Row } from '../import/stream-table'

export type ExportSourceInput = z.output<typeof exportSourceSchema>

export interface ExportSourceDeps {
  holdings: Pick<HoldingsService, 'target' | 'view'>
  directory: Pick<MemberDirectory, 'whenRead'>
  orders: Pick<OrderService, 'exportTable'>
  book: CustomerBook
  journal: Pick<Journal, 'exportTable'>
  renewals: Pick<RenewalsService, 'exportTable'>
  activeProfile(): Promise<string>
  locale(): Promise<Locale>
}

/** Makes the rows of an export's source. */
export function exportSourceReader(deps: ExportSourceDeps): (source: ExportSourceInput) => Promise<ExportTable> {
  return async (source) => {
    switch (source.kind) {
      case 'holdings':
        return holdingsTable(deps, source)
      case 'orders': {
        const { kind: _kind, profileId, ...q } = source
        return deps.orders.exportTable({ ...q, profileId: profileId ?? (await deps.activeProfile()) }, await deps.locale())
      }
      case 'customers':
        return customersExportTable(deps.book, source.profileId ?? (await deps.activeProfile()), { query: source.query, locale: await deps.locale() })
      case 'journal': {
        const { kind: _kind, ...filter } = source
        return deps.journal.exportTable(filter)
      }
      case 'renewals':
        return deps.renewals.exportTable(source.profileId ?? (await deps.activeProfile()), source.window, await deps.locale())
      case 'table':
        return { baseName: source.baseName, sheetName: source.sheetName ?? 'Sheet1', columns: source.columns, rows: source.rows, total: source.rows.length }
    }
  }
}

async function holdingsTable(deps: ExportSourceDeps, s: Extract<ExportSourceInput, { kind: 'holdings' }>): Promise<ExportTable> {
  const t = await deps.holdings.target({ profileId: s.profileId, enterpriseGlobalId: s.enterpriseGlobalId })
  // Holders are named as the screen names them: wait for the employee list (a failed reading leaves names empty).
  try {
    await deps.directory.whenRead(t.profileId, t.enterpriseGlobalId)
  } catch {
    // The export still has every number and holder id.
  }
  // The rows the screen's table shows: the same filtered copy in the core.
  const { model, rows: shown, people } = await deps.holdings.view.shown(t, { state: s.state, text: s.text, sort: s.sort })
  function* rows(): Generator<Row> {
    for (const i of shown) yield numberExportRow(numberRow(model, i), s.words, (id) => people.get(id))
  }
  return { baseName: `asset-numbers-${t.enterpriseGlobalId}`, sheetName: s.sheetName, columns: s.columns, rows: rows(), total: shown.length }
}
