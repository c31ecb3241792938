/** A remote connection profile as the core shows it, for the settings tests (no secret set unless given). */
import { SECRET_NAMES, type ProfileView, type SecretName } from '@shared/ipc/channels/profiles'

export const NO_SECRETS = Object.fromEntries(SECRET_NAMES.map((n) => [n, false])) as Record<SecretName, boolean>

export function profileView(over: Partial<ProfileView> = {}): ProfileView {
  return {
    id: 'p1',
    kind: 'remote',
    builtIn: false,
    name: 'Head office',
    baseUrl: 'https://lic.example.com',
    tokenUrl: '',
    orderAppKey: 'ok',
    memberAppKey: '',
    userLogin: 'admin',
    operatorIdentity: '',
    channelCode: '',
    channelCustomerId: '',
    enterpriseGlobalId: '',
    allowInsecureHttp: false,
    secrets: NO_SECRETS,
    createdAt: 1,
    updatedAt: 1,
    ...over,
  }
}
