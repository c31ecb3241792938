/** The applications the sandbox knows (fixed demo identities, docs/sandbox.md) and their approved scopes. */
import { GROUP_SCOPE } from '@shared/api/operations'
import { SANDBOX_DEMO } from '@shared/sandbox-demo'

export interface RegisteredApp {
  clientId: string
  clientSecret: string
  /** Approved scopes; a token never carries more. */
  scopes: readonly string[]
}

export const DEMO_APPS: readonly RegisteredApp[] = [
  { clientId: SANDBOX_DEMO.orderApp.clientId, clientSecret: SANDBOX_DEMO.orderApp.clientSecret, scopes: [GROUP_SCOPE.order] },
  { clientId: SANDBOX_DEMO.memberApp.clientId, clientSecret: SANDBOX_DEMO.memberApp.clientSecret, scopes: [GROUP_SCOPE.member] },
  { clientId: SANDBOX_DEMO.noScopeApp.clientId, clientSecret: SANDBOX_DEMO.noScopeApp.clientSecret, scopes: [] },
]

export class AppRegistry {
  private readonly byId = new Map<string, RegisteredApp>()

  constructor(apps: readonly RegisteredApp[] = DEMO_APPS) {
    for (const a of apps) this.byId.set(a.clientId, a)
  }

  get(clientId: string): RegisteredApp | undefined {
    return this.byId.get(clientId)
  }
}
