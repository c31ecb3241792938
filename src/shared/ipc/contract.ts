/**
 * The IPC contract: every channel the renderer can call, with its input and output schemas.
 * One map, two transports (Electron IPC and the browser-mode HTTP bridge), validated on the main side.
 * Each capability declares its channels in `channels/<area>.ts` and adds them here.
 */
import type { z } from 'zod'
import type { ChannelSpec } from './channel'
import type { CHANNEL_NAMES } from './channel-names'
import { appChannels } from './channels/app'
import { profileChannels } from './channels/profiles'
import { assetChannels } from './channels/assets'
import { shellnumChannels } from './channels/shellnums'
import { lookupChannels } from './channels/lookup'
import { importChannels } from './channels/imports'
import { exportChannels } from './channels/exports'
import { lockChannels } from './channels/locks'
import { bulkChannels } from './channels/bulk'
import { journalChannels } from './channels/journal'
import { draftChannels } from './channels/drafts'
import { memberChannels } from './channels/members'
import { holdingsChannels } from './channels/holdings'
import { plannerChannels } from './channels/planner'
import { offboardChannels } from './channels/offboard'
import { customerChannels } from './channels/customers'
import { catalogChannels } from './channels/catalog'
import { orderChannels } from './channels/orders'
import { renewalChannels } from './channels/renewals'
import { fileChannels } from './channels/files'
import { workspaceChannels } from './channels/workspace'
import { workspaceDraftChannels } from './channels/workspace-drafts'

export const CHANNELS = {
  ...appChannels,
  ...profileChannels,
  ...assetChannels,
  ...shellnumChannels,
  ...lookupChannels,
  ...importChannels,
  ...exportChannels,
  ...lockChannels,
  ...bulkChannels,
  ...journalChannels,
  ...draftChannels,
  ...memberChannels,
  ...holdingsChannels,
  ...plannerChannels,
  ...offboardChannels,
  ...customerChannels,
  ...catalogChannels,
  ...orderChannels,
  ...renewalChannels,
  ...fileChannels,
  ...workspaceChannels,
  ...workspaceDraftChannels,
} satisfies Record<string, ChannelSpec>

export type ChannelName = keyof typeof CHANNELS
export type ChannelInput<C extends ChannelName> = z.input<(typeof CHANNELS)[C]['input']>
export type ChannelParsedInput<C extends ChannelName> = z.output<(typeof CHANNELS)[C]['input']>
export type ChannelOutput<C extends ChannelName> = z.output<(typeof CHANNELS)[C]['output']>

export function isChannelName(name: string): name is ChannelName {
  return Object.hasOwn(CHANNELS, name)
}

export { IPC_EVENT_CHANNEL, IPC_PREFIX } from './channel-names'

// The preload's plain list of names (channel-names.ts) is exactly the contract's channels: a channel added here
// and not there (or the reverse) fails the type check.
type Listed = (typeof CHANNEL_NAMES)[number]
type SameNames = [Exclude<ChannelName, Listed>, Exclude<Listed, ChannelName>] extends [never, never] ? true : never
export const CHANNEL_NAMES_MATCH: SameNames = true
