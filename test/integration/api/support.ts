/** Shared by the engine's integration tests: a sandbox on a random port and a ConnectionConfig for its demo identities. */
import { SANDBOX_DEMO } from '@shared/sandbox-demo'
import type { SecretName } from '@shared/ipc/channels/profiles'
import type { ConnectionConfig } from '../../../src/main/api/connection'
import { startSandbox, type SandboxHandle, type SandboxOptions } from '../../../src/sandbox/index'

export const DEMO_EID = SANDBOX_DEMO.enterpriseGlobalId

/** The demo credentials as vault secrets. */
export const DEMO_SECRETS: Partial<Record<SecretName, string>> = {
  orderAppSecret: SANDBOX_DEMO.orderApp.clientSecret,
  memberAppSecret: SANDBOX_DEMO.memberApp.clientSecret,
  userPassword: SANDBOX_DEMO.user.password,
}

/** Starts a quiet sandbox (no data file) for one test file. */
export function sandbox(options: SandboxOptions = {}): Promise<SandboxHandle> {
  return startSandbox({ quiet: true, ...options })
}

/** What the profile service would hand the client for a profile pointing at this sandbox. */
export function demoConfig(sb: { url: string }, secrets: Partial<Record<SecretName, string>> = DEMO_SECRETS, over: Partial<ConnectionConfig> = {}): ConnectionConfig {
  return {
    profileId: 'it-profile',
    baseUrl: sb.url,
    tokenUrl: `${sb.url}${SANDBOX_DEMO.tokenPath}`,
    orderAppKey: SANDBOX_DEMO.orderApp.clientId,
    memberAppKey: SANDBOX_DEMO.memberApp.clientId,
    userLogin: SANDBOX_DEMO.user.username,
    operatorIdentity: 'it@example.com',
    getSecret: async (name) => secrets[name] ?? null,
    ...over,
  }
}

/** A run-unique suffix so creates never collide between runs of the same sandbox. */
export function unique(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
}

/** A `profiles.create` input for a profile pointing at this sandbox with the demo identities. */
export function demoProfileInput(sb: { url: string }, name: string) {
  return {
    fields: {
      name,
      baseUrl: sb.url,
      orderAppKey: SANDBOX_DEMO.orderApp.clientId,
      memberAppKey: SANDBOX_DEMO.memberApp.clientId,
      userLogin: SANDBOX_DEMO.user.username,
      operatorIdentity: 'ops@example.com',
    },
    secrets: { ...DEMO_SECRETS },
  }
}
