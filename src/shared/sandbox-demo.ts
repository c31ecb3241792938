/**
 * The sandbox's fixed demo identities (docs/sandbox.md). They are public test credentials, like a payment
 * provider's test keys: the sandbox seeds them and the built-in Sandbox profile uses them.
 */
export const SANDBOX_DEMO = {
  orderApp: { clientId: 'demo-order-app', clientSecret: 'demo-order-secret', scope: 'auth_order' },
  memberApp: { clientId: 'demo-me-app', clientSecret: 'demo-me-secret', scope: 'auth_me' },
  noScopeApp: { clientId: 'demo-noscope-app', clientSecret: 'demo-noscope-secret' },
  user: { username: 'demoadmin', password: 'Demo@12345' },
  channelCode: 'DEMO',
  /** The demo admin's enterprise (default customer). */
  channelCustomerId: 'DEMO-0001',
  /** Global id of the demo admin's enterprise (fixed whatever the seed). */
  enterpriseGlobalId: 'E000000000000001',
  /** A second enterprise whose assets belong to another customer. */
  otherChannelCustomerId: 'DEMO-0002',
  /** Token endpoint path on the sandbox. */
  tokenPath: '/oauth/token',
} as const
