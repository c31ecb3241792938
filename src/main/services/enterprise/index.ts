/**
 * Which profile and which enterprise a desk call is about. The enterprise: the one given, else the profile's
 * enterprise global id, else the enterprise the profile's channel customer is bound to (order operation 3, default
 * customer), remembered per profile until profiles change.
 */
import { AppError } from '@shared/errors/app-error'
import type { ApiClient } from '../../api/client'
import type { ProfilesService } from '../profiles'

/** What the resolver needs: the profiles, their change events, and the API client of a profile. */
export interface EnterpriseResolverDeps {
  profiles: Pick<ProfilesService, 'activeId' | 'get'>
  events: { on(name: 'profiles.changed', listener: (payload: { activeId: string }) => void): () => void }
  clientFor(profileId: string): Promise<ApiClient>
}

/** The profile a call is about: the one named, else the active one. */
export async function targetProfile(profiles: Pick<ProfilesService, 'activeId'>, profileId: string | undefined): Promise<string> {
  return profileId ?? (await profiles.activeId())
}

/** A profile and an enterprise, resolved. */
export interface EnterpriseTarget {
  profileId: string
  enterpriseGlobalId: string
}

export class EnterpriseResolver {
  private readonly byChannel = new Map<string, string>()

  constructor(private readonly deps: EnterpriseResolverDeps) {
    // A profile's channel customer may have changed: learn it again.
    deps.events.on('profiles.changed', () => this.clear())
  }

  /** Forgets what was learnt. */
  clear(): void {
    this.byChannel.clear()
  }

  /** The profile a call is about: the one named, else the active one. */
  async profile(profileId: string | undefined): Promise<string> {
    return targetProfile(this.deps.profiles, profileId)
  }

  /** The profile (given, else active) and its enterprise (given, else the profile's). */
  async target(input: { profileId?: string | undefined; enterpriseGlobalId?: string | undefined }): Promise<EnterpriseTarget> {
    const profileId = await this.profile(input.profileId)
    return { profileId, enterpriseGlobalId: await this.resolve(profileId, input.enterpriseGlobalId || undefined) }
  }

  /** The enterprise of a profile: the one given, else the profile's (see the module comment). */
  async resolve(profileId: string, given: string | undefined): Promise<string> {
    if (given) return given
    const view = await this.deps.profiles.get(profileId)
    if (view.enterpriseGlobalId) return view.enterpriseGlobalId
    if (!view.channelCode || !view.channelCustomerId) throw AppError.app('app.noEnterprise')
    const key = `${profileId}\u0000${view.baseUrl}\u0000${view.channelCode}\u0000${view.channelCustomerId}`
    const known = this.byChannel.get(key)
    if (known) return known
    const client = await this.deps.clientFor(profileId)
    const customers = await client.queryEnterprise({
      channelCode: view.channelCode,
      channelCustomerId: view.channelCustomerId,
      defaultCustomer: 'Y',
    })
    const id = customers.find((c) => c.enterpriseGlobalId)?.enterpriseGlobalId
    if (!id) throw AppError.app('app.noEnterprise')
    this.byChannel.set(key, id)
    return id
  }
}
