/** Calls of the assignment planner to the core: check a plan, apply it, the plans applied here, and undo one. */
import type { ChannelInput } from '@shared/ipc/contract'
import { invoke } from '../bridge'
import { withRunNotice } from './run-notifications'

/** Checks a plan offline: its diff, counts and the cells that cannot go (nothing is sent). */
export const checkPlan = (input: ChannelInput<'planner.check'>) => invoke('planner.check', input)
/** Applies a plan through the bulk runner; resolves when its runs have ended. */
export const applyPlan = (input: ChannelInput<'planner.apply'>) => withRunNotice(() => invoke('planner.apply', input))
/** Undoes an applied plan (the reverse of what its journal entries say was applied). */
export const undoPlan = (input: ChannelInput<'planner.undo'>) => withRunNotice(() => invoke('planner.undo', input))
/** The plans applied here for the enterprise, newest first. */
export const planRuns = (input: ChannelInput<'planner.runs'>) => invoke('planner.runs', input)
/** The products of the free numbers and of the numbers asked (member operation 7 for those not read yet). */
export const planProducts = (input: ChannelInput<'planner.products'>) => invoke('planner.products', input)
