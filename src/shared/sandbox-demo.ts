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

/**
 * The sandbox's demo customers, in the order the sandbox makes them (so their customer ids are fixed whatever the
 * seed): src/sandbox/state/demo.ts builds them from this list, and "Add the Sandbox's demo customers" copies them
 * into the Sandbox profile's customer book (docs/decisions.md, "Customers").
 */
export const SANDBOX_DEMO_CUSTOMERS = [
  { customerId: 'C000000000000001', channelCustomerId: 'DEMO-0001', enterpriseGlobalId: 'E000000000000001', enterpriseName: '演示科技有限公司', customerName: '演示科技有限公司', branchName: '北京分公司', isDefault: true },
  { customerId: 'C000000000000002', channelCustomerId: 'DEMO-0001-SH', enterpriseGlobalId: 'E000000000000001', enterpriseName: '演示科技有限公司', customerName: '演示科技上海分部', branchName: '上海分公司', isDefault: false },
  { customerId: 'C000000000000003', channelCustomerId: 'DEMO-0002', enterpriseGlobalId: 'E000000000000002', enterpriseName: '示例建设集团', customerName: '示例建设集团', branchName: '广州分公司', isDefault: true },
  { customerId: 'C000000000000004', channelCustomerId: 'DEMO-0003', enterpriseGlobalId: 'E000000000000003', enterpriseName: '试用设计院', customerName: '试用设计院', branchName: '成都分公司', isDefault: true },
  { customerId: 'C000000000000005', channelCustomerId: 'DEMO-0005', enterpriseGlobalId: 'E000000000000005', enterpriseName: '无企业代码的企业', customerName: '无企业代码的企业', branchName: '北京分公司', isDefault: true },
] as const
/** What every demo customer shares: the channel code, its CRM id's form, the address and the password mobile. */
export const SANDBOX_DEMO_CUSTOMER_COMMON = { address: '北京市海淀区演示路 1 号', passwordMobile: '13800138000' } as const
export const sandboxDemoCrmId = (channelCustomerId: string): string => `CRM-${channelCustomerId}`

/**
 * The products and packages of the sandbox's demo data (src/sandbox/state/demo.ts puts them on assets), which the
 * Sandbox profile's product catalog starts with. A product's URI is sent as gmsPid when `gms`, else as appKey.
 */
export const SANDBOX_DEMO_PRODUCTS = [
  { uri: 'GMS-1001', name: '计价软件 Cost Estimator 6', type: 'tool', gms: true },
  { uri: 'GMS-1002', name: '算量软件 Quantity Takeoff 2024', type: 'tool', gms: true },
  { uri: 'GMS-1003', name: '钢筋翻样 Rebar Detailer', type: 'tool', gms: true },
  { uri: 'GMS-1004', name: 'BIM 模型浏览 BIM Viewer', type: 'tool', gms: true },
  { uri: 'APP-2001', name: '云计价 Cloud Pricing', type: 'web', gms: false },
  { uri: 'APP-2002', name: '协同平台 Project Collaboration', type: 'web', gms: false },
] as const

/** The demo package tree: the suite holds the first product and the basic pack, which holds two more. */
export const SANDBOX_DEMO_PACKAGES = [
  { num: 'PKG-SUITE', name: '造价全家桶 Cost Suite', products: ['GMS-1001'], children: ['PKG-BASIC'] },
  { num: 'PKG-BASIC', name: '基础包 Basic Pack', products: ['GMS-1002', 'APP-2001'], children: [] },
] as const
