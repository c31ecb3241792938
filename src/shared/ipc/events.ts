/**
 * Events the core pushes to the renderer (IPC in Electron, server-sent events in browser mode).
 * Each capability adds its events here; the payload schema is the contract.
 */
import { z } from 'zod'
import { bulkProgressSchema } from './channels/bulk'
import { draftsChangedSchema } from './channels/drafts'
import { directoryStatusSchema } from './channels/members'
import { auditProgressSchema } from './channels/holdings'
import { customersChangedSchema } from './channels/customers'
import { catalogChangedSchema } from './channels/catalog'
import { ordersChangedSchema } from './channels/orders'
import { exportProgressSchema } from './channels/exports'
import { renewalStatusSchema } from './channels/renewals'
import { workspaceStatusSchema } from '../workspace'
import { outboxEndSchema } from '../notify/outbox-end'

export const eventSchemas = {
  /** The active profile or the profile list changed (from another window, the CLI, or a restart of the sandbox). */
  'profiles.changed': z.object({ activeId: z.string() }),
  /** The sandbox came up or went down. */
  'sandbox.status': z.object({ running: z.boolean(), url: z.string().optional(), error: z.string().optional() }),
  /** Progress of a bulk job: at most about ten a second per job, and one on every status change. */
  'bulk.progress': bulkProgressSchema,
  /** Drafts were saved, renamed, removed, restored or imported (by any window, tab or the CLI of this core). */
  'drafts.changed': draftsChangedSchema,
  /** The member directory of an enterprise started or finished reading its employee list (or failed to). */
  'members.directory': directoryStatusSchema,
  /** How far the audit workbook's reading of products has come (one call per held number). */
  'holdings.audit': auditProgressSchema,
  /** A profile's customer book changed (found, bound, created, updated, edited, removed, imported). */
  'customers.changed': customersChangedSchema,
  /** A profile's product catalog changed (saved, removed, imported). */
  'catalog.changed': catalogChangedSchema,
  /** Orders of a profile changed (submitted, sent, answered, read back, held, withdrawn, decided). */
  'orders.changed': ordersChangedSchema,
  /** The outbox has no order left to work on by itself: how its run ended (src/shared/notify/outbox-end.ts). */
  'orders.outboxEnded': outboxEndSchema,
  /** How far an export has come (exports.run). */
  'exports.progress': exportProgressSchema,
  /** How far a profile's renewals reading has come (about ten a second at most, and on every change of state). */
  'renewals.progress': renewalStatusSchema,
  /** A file was opened from outside the app (double-click, a second start, `license-desk open`): ask the user. */
  'files.opened': z.object({ id: z.string() }),
  /** Where the team workspace's sync stands (after every sync round, and when the settings change). */
  'workspace.status': workspaceStatusSchema,
  /** A shortcut chosen in the desktop app's menu (src/shared/shortcuts.ts): the renderer acts on it as on its keys. */
  'app.shortcut': z.object({ id: z.string().max(50) }),
}

export type EventName = keyof typeof eventSchemas
export type EventPayload<E extends EventName> = z.output<(typeof eventSchemas)[E]>
export const EVENT_NAMES = Object.keys(eventSchemas) as EventName[]
