/**
 * What the API client needs to reach one profile's service: addresses, app keys, and a way to read secrets
 * from the vault at the moment they are needed (secrets are never copied into long-lived objects).
 * The profile service builds it; the client, the connection test and the CLI consume it.
 */
import type { SecretName } from '@shared/ipc/channels/profiles'

export interface ConnectionConfig {
  profileId: string
  /** Base address of the service (`{base_url}` of the spec), without a trailing slash. */
  baseUrl: string
  /** Token endpoint (RFC 6749); `{baseUrl}/oauth/token` when the profile leaves it empty. */
  tokenUrl: string
  /** client_id of the order-group application (also the `appKey` query of batch orders). */
  orderAppKey: string
  /** client_id of the member-group application. */
  memberAppKey: string
  /** Login of the user for the member group's password grant. */
  userLogin: string
  /** Default operatorIdentity for lock operations. */
  operatorIdentity: string
  /** The enterprise the profile usually works on (profile fields); the connection test reads with them. */
  channelCode?: string
  channelCustomerId?: string
  enterpriseGlobalId?: string
  /** Reads a secret from the vault; null when not set. */
  getSecret(name: SecretName): Promise<string | null>
}
