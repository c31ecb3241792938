/** Calls of the Lookup screen: what the sources say about one asset number, and its holder's name. */
import type { AssetLookup, LookupMember } from '@shared/ipc/channels/lookup'
import { invoke } from '../bridge'

/** What the sources say about one asset number, in the given enterprise (default: the connection's). */
export function lookupAsset(assetNum: string, enterpriseGlobalId?: string): Promise<AssetLookup> {
  return invoke('lookup.asset', { assetNum, ...(enterpriseGlobalId ? { enterpriseGlobalId } : {}) })
}

export function lookupMember(memberGlobalId: string, enterpriseGlobalId: string): Promise<LookupMember> {
  return invoke('lookup.member', { memberGlobalId, enterpriseGlobalId })
}
