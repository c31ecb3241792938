/**
 * The names of the IPC contract's channels as a plain list, and the wire constants of the Electron transport.
 * The preload checks names against this list: it must stay free of zod and of the schemas (a sandboxed preload is
 * one bundled file; the schemas live in main and the renderer). `contract.ts` checks at compile time, and a unit
 * test at run time, that this list is exactly the contract's channels.
 */

export const CHANNEL_NAMES = [
  'app.info',
  'app.updates',
  'settings.get',
  'settings.update',
  'profiles.list',
  'profiles.create',
  'profiles.update',
  'profiles.delete',
  'profiles.activate',
  'profiles.setSecret',
  'profiles.test',
  'assets.list',
  'assets.detail',
  'shellnums.issue',
  'shellnums.history',
  'shellnums.forget',
  'lookup.asset',
  'lookup.member',
  'imports.parseTable',
  'exports.run',
  'exports.cancel',
  'locks.getDraft',
  'locks.saveDraft',
  'bulk.start',
  'bulk.pause',
  'bulk.resume',
  'bulk.cancel',
  'bulk.retryFailed',
  'bulk.get',
  'bulk.list',
  'bulk.delete',
  'journal.list',
  'journal.export',
  'drafts.list',
  'drafts.get',
  'drafts.save',
  'drafts.saveParts',
  'drafts.rename',
  'drafts.duplicate',
  'drafts.remove',
  'drafts.restore',
  'drafts.export',
  'drafts.import',
  'files.pending',
  'files.accept',
  'files.dismiss',
  'files.offer',
  'members.list',
  'members.add',
  'members.edit',
  'members.resetPassword',
  'members.delete',
  'members.people',
  'members.accounts',
  'members.departments',
  'members.refreshDirectory',
  'holdings.numbers',
  'holdings.ofMember',
  'holdings.free',
  'holdings.products',
  'holdings.configure',
  'holdings.move',
  'holdings.check',
  'holdings.lentLocks',
  'holdings.lend',
  'holdings.audit',
  'planner.check',
  'planner.apply',
  'planner.undo',
  'planner.runs',
  'planner.products',
  'offboard.check',
  'offboard.report',
  'customers.search',
  'customers.get',
  'customers.save',
  'customers.remove',
  'customers.restore',
  'customers.use',
  'customers.find',
  'customers.bind',
  'customers.checkBind',
  'customers.create',
  'customers.update',
  'customers.import',
  'catalog.get',
  'catalog.search',
  'catalog.save',
  'catalog.remove',
  'catalog.import',
  'catalog.export',
  'orders.submit',
  'orders.list',
  'orders.get',
  'orders.hold',
  'orders.release',
  'orders.withdraw',
  'orders.sendNow',
  'orders.resolve',
  'orders.toDraft',
  'orders.revokePreview',
  'orders.status',
  'renewals.list',
  'renewals.refresh',
  'renewals.pause',
  'renewals.resume',
  'renewals.status',
  'renewals.renew',
] as const

export type ChannelNameListed = (typeof CHANNEL_NAMES)[number]

const NAMES: ReadonlySet<string> = new Set(CHANNEL_NAMES)

/** Whether a value is the name of a channel of the contract. */
export function isListedChannel(name: unknown): name is ChannelNameListed {
  return typeof name === 'string' && NAMES.has(name)
}

/** Channel names may contain letters, digits and dots only (they are also URL path segments). */
export const CHANNEL_NAME = /^[a-z][a-zA-Z0-9]*(\.[a-z][a-zA-Z0-9]*)+$/

/** The prefix of Electron IPC channel names, so ours never collide with Electron's own. */
export const IPC_PREFIX = 'ld:'
/** The single Electron channel that carries core events to the renderer. */
export const IPC_EVENT_CHANNEL = 'ld:event'
