/**
 * The contract's schemas as the renderer loads them: each area's channels when the first call of that area is
 * made, the events' payload schemas when the first event comes. The first screen then carries only the
 * schemas it uses (the contract as a whole is most of the zod code of the app).
 */
import type { ChannelSpec } from '@shared/ipc/channel'
import type { ChannelName } from '@shared/ipc/contract'
import type { eventSchemas } from '@shared/ipc/events'

type Area = Record<string, ChannelSpec>

/** Each channel file of src/shared/ipc/channels, by the prefix of its channels' names. */
const AREAS: Record<string, () => Promise<Area>> = {
  app: () => import('@shared/ipc/channels/app').then((m) => m.appChannels),
  profiles: () => import('@shared/ipc/channels/profiles').then((m) => m.profileChannels),
  assets: () => import('@shared/ipc/channels/assets').then((m) => m.assetChannels),
  shellnums: () => import('@shared/ipc/channels/shellnums').then((m) => m.shellnumChannels),
  lookup: () => import('@shared/ipc/channels/lookup').then((m) => m.lookupChannels),
  imports: () => import('@shared/ipc/channels/imports').then((m) => m.importChannels),
  exports: () => Promise.all([import('@shared/ipc/channels/imports'), import('@shared/ipc/channels/exports')]).then(([i, e]) => ({ ...i.importChannels, ...e.exportChannels })),
  locks: () => import('@shared/ipc/channels/locks').then((m) => m.lockChannels),
  bulk: () => import('@shared/ipc/channels/bulk').then((m) => m.bulkChannels),
  journal: () => import('@shared/ipc/channels/journal').then((m) => m.journalChannels),
  drafts: () => import('@shared/ipc/channels/drafts').then((m) => m.draftChannels),
  members: () => import('@shared/ipc/channels/members').then((m) => m.memberChannels),
  holdings: () => import('@shared/ipc/channels/holdings').then((m) => m.holdingsChannels),
  planner: () => import('@shared/ipc/channels/planner').then((m) => m.plannerChannels),
  offboard: () => import('@shared/ipc/channels/offboard').then((m) => m.offboardChannels),
  customers: () => import('@shared/ipc/channels/customers').then((m) => m.customerChannels),
  catalog: () => import('@shared/ipc/channels/catalog').then((m) => m.catalogChannels),
  orders: () => import('@shared/ipc/channels/orders').then((m) => m.orderChannels),
  renewals: () => import('@shared/ipc/channels/renewals').then((m) => m.renewalChannels),
  files: () => import('@shared/ipc/channels/files').then((m) => m.fileChannels),
  workspace: () => import('@shared/ipc/channels/workspace').then((m) => m.workspaceChannels),
  workspaceDrafts: () => import('@shared/ipc/channels/workspace-drafts').then((m) => m.workspaceDraftChannels),
}
/** Prefixes declared in another area's file. */
const PREFIX_AREA: Record<string, string> = { settings: 'app' }

const areas = new Map<string, Promise<Area>>()

function loadArea(area: string): Promise<Area> {
  let p = areas.get(area)
  if (!p) {
    const load = AREAS[area]
    if (!load) return Promise.reject(new Error(`no channel file for the area ${area}`))
    p = load()
    p.catch(() => areas.delete(area))
    areas.set(area, p)
  }
  return p
}

/** The area (channel file) a channel is declared in. */
export function areaOfChannel(channel: string): string {
  const prefix = channel.slice(0, channel.indexOf('.'))
  return PREFIX_AREA[prefix] ?? prefix
}

/** A channel's schemas (loading its area's file the first time). */
export async function channelSpec(channel: ChannelName): Promise<ChannelSpec> {
  const spec = (await loadArea(areaOfChannel(channel)))[channel]
  if (!spec) throw new Error(`the channel ${channel} is not in the ${areaOfChannel(channel)} channels`)
  return spec
}

export type EventSchemas = typeof eventSchemas
let events: EventSchemas | null = null
let eventsLoading: Promise<EventSchemas> | null = null

/** The events' schemas if loaded already (then an event is handled as it comes). */
export function loadedEventSchemas(): EventSchemas | null {
  return events
}

/** Loads the events' schemas (once). */
export function loadEventSchemas(): Promise<EventSchemas> {
  eventsLoading ??= import('@shared/ipc/events').then(
    (m) => (events = m.eventSchemas),
    (err: unknown) => {
      eventsLoading = null
      throw err
    },
  )
  return eventsLoading
}

/** Every schema in at once (tests, where a call or an event must not wait for a module to load). */
export async function loadAllSchemas(): Promise<void> {
  await Promise.all([...Object.keys(AREAS).map(loadArea), loadEventSchemas()])
}
