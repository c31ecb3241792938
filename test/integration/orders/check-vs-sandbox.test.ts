/**
 * The check tells the truth (issue 28): several hundred orders from a seeded generator, valid ones and ones breaking
 * each rule, are checked as the app checks them (the wizard's checker on drafts; the shared batch check on request
 * bodies the wizard cannot produce, as a file or the CLI can) and each is sent to one sandbox. Counted:
 *   - orders the check passes that the sandbox refuses (0, apart from the orders made to break what only the
 *     service can know: an unknown customer, an unknown asset, a used order number);
 *   - refusals of the sandbox for a rule it could know offline that the check did not report (0);
 *   - orders the check refuses that the sandbox accepts (0: a warning never blocks, an issue is a real refusal).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BatchOrderBody, OrderEntry } from '@shared/api/orders'
import { emptyAssetGroup, emptyEntry, emptyFeature, emptyProduct, toBatchOrderBody, checkOrderDraft, type OrderDraft, type OrderEntryDraft } from '@shared/orders/draft'
import { RULE_MESSAGES, describeIssue, type RuleIssue, type RuleName } from '@shared/rules/issue'
import { checkBatchOrderBody, type OrderRuleLimits } from '@shared/rules/order-rules'
import { orderWarnings } from '@shared/rules/order-warnings'
import { SANDBOX_DEMO } from '@shared/sandbox-demo'
import { createOrderChecker } from '../../../src/renderer/models/orders/check'
import type { SandboxHandle } from '../../../src/sandbox/index'
import { APP_KEY } from '../sandbox/fixtures'
import { Client, sandbox } from '../sandbox/helpers'

const SEED = 28
const ORDERS = 400
const LIMITS: OrderRuleLimits = { maxOrdersPerBatch: 5 }

/** mulberry32: a small seeded generator, so a failure comes back with the same orders. */
function rng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
const rand = rng(SEED)
const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!

let assetSeq = 0
const freshNo = (): string => `85${String(++assetSeq).padStart(8, '0')}`
/** Locks bought by accepted orders and not revoked yet (a revoke needs one). */
const owned: string[] = []

let customerId = ''

function newBuy(licenseType: OrderEntryDraft['licenseType'] = pick(['normal_recover_usbkey', 'normal_unrecover_usbkey', 'softkey', 'cloud_account'] as const)): OrderEntryDraft {
  const e = emptyEntry('new_buy')
  const groups = 1 + Math.floor(rand() * 2)
  return {
    ...e,
    licenseType,
    customerName: '演示科技有限公司',
    customerId,
    crmCustomerId: 'CRM-DEMO-0001',
    channelCustomerId: SANDBOX_DEMO.channelCustomerId,
    enterpriseGlobalId: SANDBOX_DEMO.enterpriseGlobalId,
    branchCode: 'BJ',
    branchName: '北京分公司',
    adminName: '管理员',
    adminAccount: 'demoadmin',
    adminEmail: 'admin@example.com',
    adminCellNumber: '13800138000',
    passwordMobile: '+65 9123 4567',
    address: '北京',
    assets: Array.from({ length: groups }, () => ({
      ...emptyAssetGroup(),
      assetNos: Array.from({ length: 1 + Math.floor(rand() * 3) }, freshNo),
      products: Array.from({ length: 1 + Math.floor(rand() * 2) }, (_, i) => ({
        ...emptyProduct(),
        crmProductId: `I-${assetSeq}-${i}`,
        productUri: pick(['GMS-1001', 'GMS-1002', 'APP-2001']),
        productName: 'Tool',
        productType: 'tool',
        limitConcurrent: Math.floor(rand() * 50),
        productFeatures: rand() < 0.3 ? [{ ...emptyFeature(), featureCode: 'F1', featureName: 'Feature', featureValue: '1', featureValueType: 'int', trial: 1 as const, trialEndDate: 1_767_196_800_000 }] : [],
      })),
    })),
  }
}

function revoke(no: string): OrderEntryDraft {
  const e = emptyEntry('delete_asset')
  const b = newBuy('normal_recover_usbkey')
  return { ...b, key: e.key, orderType: 'delete_asset', customerId: '', crmCustomerId: '', passwordMobile: '', address: '', assets: [{ ...emptyAssetGroup(), assetNos: [no] }] }
}

type Draft = Pick<OrderDraft, 'channelOrderId' | 'syncMode' | 'entries'> & OrderDraft
const firstProduct = (e: OrderEntryDraft) => e.assets[0]?.products[0]
/** Changes the first product of the first entry (none after `noProducts` or on a revoke: then nothing). */
const setProduct = (d: Draft, over: Partial<NonNullable<ReturnType<typeof firstProduct>>>) => {
  const e = d.entries[0]!
  const g = e.assets[0]
  const p = firstProduct(e)
  if (!g || !p) return
  d.entries[0] = { ...e, assets: [{ ...g, products: [{ ...p, ...over }, ...g.products.slice(1)] }, ...e.assets.slice(1)] }
}

/** Draft mutations: each breaks one rule the wizard can let a user break (or, for `warn`, only warns). */
const DRAFT_BREAKS: Record<string, (d: Draft) => void> = {
  repeatAcrossEntries: (d) => {
    const two = newBuy(d.entries[0]!.licenseType)
    two.assets[0]!.assetNos = [...two.assets[0]!.assetNos, d.entries[0]!.assets[0]!.assetNos[0]!]
    d.entries.push(two)
  },
  repeatAcrossGroups: (d) => {
    const e = d.entries[0]!
    d.entries[0] = { ...e, assets: [...e.assets, { ...e.assets[0]!, key: 'g2', assetNos: [freshNo(), e.assets[0]!.assetNos[0]!] }] }
  },
  repeatInGroup: (d) => {
    const e = d.entries[0]!
    const g = e.assets[0]!
    d.entries[0] = { ...e, assets: [{ ...g, assetNos: [...g.assetNos, g.assetNos[0]!] }, ...e.assets.slice(1)] }
  },
  negativeNodes: (d) => setProduct(d, { limitConcurrent: -1 - Math.floor(rand() * 9) }),
  hugeNodes: (d) => setProduct(d, { limitConcurrent: 99_999_999_999_999 }),
  int32Units: (d) => setProduct(d, { timeUnitQuantity: 2 ** 31 }),
  longDuration: (d) => setProduct(d, { limitTimeDuration: 2 ** 53 + 2 }),
  negativeTrialEnd: (d) => {
    const p = firstProduct(d.entries[0]!)
    setProduct(d, { productFeatures: [{ ...emptyFeature(), featureCode: 'F', featureName: 'F', featureValue: '1', featureValueType: 'int', trialEndDate: -5 }, ...(p?.productFeatures ?? [])] })
  },
  datesReversed: (d) => {
    const e = d.entries[0]!
    d.entries[0] = { ...e, assets: [{ ...e.assets[0]!, limitStartDate: 1_800_000_000_000, limitEndDate: 1_700_000_000_000 }, ...e.assets.slice(1)] }
  },
  blankField: (d) => {
    d.entries[0] = { ...d.entries[0]!, [pick(['customerName', 'adminAccount', 'branchCode', 'adminEmail', 'channelCustomerId'] as const)]: '  ' }
  },
  noLicenseType: (d) => {
    d.entries[0] = { ...d.entries[0]!, licenseType: '' }
  },
  badDuration: (d) => setProduct(d, { timeDurationExpression: pick(['one year', '1-0', '1y']) }),
  badAssetNo: (d) => {
    const e = d.entries[0]!
    d.entries[0] = { ...e, assets: [{ ...e.assets[0]!, assetNos: ['has space', ...e.assets[0]!.assetNos] }, ...e.assets.slice(1)] }
  },
  tooManyEntries: (d) => {
    while (d.entries.length <= LIMITS.maxOrdersPerBatch) d.entries.push(newBuy())
  },
  lentCloud: (d) => {
    const e = d.entries[0]!
    d.entries[0] = { ...e, licenseType: 'cloud_account', assets: [{ ...e.assets[0]!, borrowedUsbKey: true }, ...e.assets.slice(1)] }
  },
  noProducts: (d) => {
    const e = d.entries[0]!
    d.entries[0] = { ...e, assets: [{ ...e.assets[0]!, products: [] }, ...e.assets.slice(1)] }
  },
  // Warnings only: the service takes these.
  warnEmail: (d) => {
    d.entries[0] = { ...d.entries[0]!, adminEmail: pick(['admin.example.com', 'admin@', 'a b@c.d']) }
  },
  warnPhone: (d) => {
    d.entries[0] = { ...d.entries[0]!, [pick(['adminCellNumber', 'passwordMobile'] as const)]: pick(['call me', '12', '138OO138000']) }
  },
}

/** Body mutations: what no draft can hold but a request body (file, CLI, another client) can. */
const BODY_BREAKS: Record<string, (b: BatchOrderBody) => void> = {
  int32Sequence: (b) => {
    b.orderList[0]!.sequence = 2 ** 31
  },
  repeatedSequence: (b) => {
    const [first] = toBatchOrderBody({ ...emptyDraft(), entries: [newBuy()] }, SANDBOX_DEMO.channelCode).orderList
    b.orderList.push({ ...first!, sequence: b.orderList[0]!.sequence })
  },
  textTrialEnd: (b) => {
    const p = b.orderList[0]!.assets[0]!.products![0]!
    p.productFeatures = [{ featureCode: 'F', featureName: 'F', featureValue: '1', featureValueType: 'int', trial: 1, trialEndDate: pick(['soon', '2026-02-30', '31/12/2026']) as unknown as number }]
  },
  dateTrialEnd: (b) => {
    // Valid: a date written out is a Date.
    const p = b.orderList[0]!.assets[0]!.products![0]!
    p.productFeatures = [{ featureCode: 'F', featureName: 'F', featureValue: '1', featureValueType: 'int', trial: 1, trialEndDate: '2026-12-31' as unknown as number }]
  },
  trialTwo: (b) => {
    ;(b.orderList[0]!.assets[0]!.products![0]! as unknown as Record<string, unknown>)['trial'] = 2
  },
  nodesAsText: (b) => {
    ;(b.orderList[0]!.assets[0]!.products![0]! as unknown as Record<string, unknown>)['limitConcurrent'] = '3'
  },
  missingField: (b) => {
    delete (b.orderList[0] as unknown as Record<string, unknown>)[pick(['adminName', 'customerType', 'orderType', 'assets'])]
  },
  badCustomerType: (b) => {
    ;(b.orderList[0] as unknown as Record<string, unknown>)['customerType'] = 'household'
  },
  cloudRevokeNoSource: (b) => {
    const e = b.orderList[0]!
    b.orderList[0] = { ...e, orderType: 'delete_asset', licenseType: 'cloud_account', assets: [{ assetNos: e.assets[0]!.assetNos }] } as OrderEntry
  },
}

/** Breaks only the service can see: the check passes them, the sandbox refuses them with a state rule. */
const SERVICE_BREAKS: Record<string, (d: Draft) => void> = {
  unknownCustomer: (d) => {
    d.entries[0] = { ...d.entries[0]!, customerId: 'C-NOBODY' }
  },
  unknownAsset: (d) => {
    d.entries[0] = revoke('8599999999')
  },
  usedOrderNumber: (d) => {
    d.channelOrderId = 'DIFF-USED'
  },
}

const emptyDraft = (): Draft => ({ version: 1, channelOrderId: '', syncMode: 'sync', entries: [], ready: false, note: '' })

/** The state rules: what a refusal says when only the service could know it. */
const STATE_RULES: RuleName[] = ['notFound', 'exists', 'mismatch']
const ruleRegex = (r: RuleName) => new RegExp(`^${RULE_MESSAGES[r].en.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '.*')}$`)
const RULE_RES = (Object.keys(RULE_MESSAGES) as RuleName[]).map((r) => [r, ruleRegex(r)] as const)
function refusalRules(message: string): RuleName[] {
  const sentence = message.replace(/^Order sequence -?\d+: /, '')
  return RULE_RES.filter(([, re]) => re.test(sentence)).map(([r]) => r)
}
const offlineKnowable = (message: string) => refusalRules(message).some((r) => !STATE_RULES.includes(r))

let sb: SandboxHandle
let c: Client
beforeAll(async () => {
  sb = await sandbox({ limits: LIMITS })
  c = await Client.connect(sb.url)
  customerId = sb.demo.customerId
  // An order number taken before, for the "used order number" break.
  const used = { ...emptyDraft(), channelOrderId: 'DIFF-USED', entries: [newBuy()] }
  await c.ok('batchOrder', { query: APP_KEY, body: toBatchOrderBody(used, SANDBOX_DEMO.channelCode), locale: 'en' })
})
afterAll(() => sb?.close())

describe('the check and the sandbox agree', () => {
  it(`on ${ORDERS} generated orders (seed ${SEED})`, async () => {
    const checker = createOrderChecker()
    const counts = { orders: 0, valid: 0, warned: 0, checkRefused: 0, sandboxRefused: 0, passedButRefused: 0, missingFromCheck: 0, refusedButAccepted: 0, serviceOnly: 0 }
    const problems: string[] = []
    const breaksSeen = new Set<string>()
    for (let n = 0; n < ORDERS; n++) {
      const d: Draft = { ...emptyDraft(), channelOrderId: `DIFF-${SEED}-${n}`, entries: [newBuy()] }
      if (rand() < 0.3) d.entries.push(newBuy())
      if (owned.length > 0 && rand() < 0.3) d.entries.push(revoke(owned.splice(Math.floor(rand() * owned.length), 1)[0]!))
      const roll = rand()
      let kind: 'valid' | 'draft' | 'body' | 'service' = 'valid'
      const names: string[] = []
      if (roll < 0.3) {
        // valid as generated
      } else if (roll < 0.75) {
        kind = 'draft'
        for (let k = 0; k < (rand() < 0.25 ? 2 : 1); k++) names.push(pick(Object.keys(DRAFT_BREAKS)))
        for (const b of names) DRAFT_BREAKS[b]!(d)
      } else if (roll < 0.93) {
        kind = 'body'
        names.push(pick(Object.keys(BODY_BREAKS)))
      } else {
        kind = 'service'
        names.push(pick(Object.keys(SERVICE_BREAKS)))
        SERVICE_BREAKS[names[0]!]!(d)
      }
      names.forEach((b) => breaksSeen.add(b))
      let body: BatchOrderBody
      let issues: RuleIssue[]
      if (kind === 'body') {
        body = toBatchOrderBody(d, SANDBOX_DEMO.channelCode)
        BODY_BREAKS[names[0]!]!(body)
        issues = checkBatchOrderBody(body, LIMITS)
      } else {
        // The wizard's check, and the same as submit's.
        issues = checker.check(d, SANDBOX_DEMO.channelCode, LIMITS).all
        expect(issues).toEqual(checkOrderDraft(d, SANDBOX_DEMO.channelCode, LIMITS))
        body = toBatchOrderBody(d, SANDBOX_DEMO.channelCode)
      }
      const r = await c.call('batchOrder', { query: APP_KEY, body, locale: 'en' })
      const accepted = r.status === 200 && r.body['code'] === 0
      const message = accepted ? '' : String(r.body['message'])
      counts.orders++
      if (issues.length === 0 && names.length === 0) counts.valid++
      if (orderWarnings(body).length > 0) counts.warned++
      if (issues.length > 0) counts.checkRefused++
      if (!accepted) counts.sandboxRefused++
      const what = `${d.channelOrderId} [${names.join(', ') || 'valid'}]`
      if (accepted) {
        for (const e of body.orderList) {
          if (e.orderType === 'new_buy' && e.licenseType === 'normal_recover_usbkey') owned.push(...e.assets.flatMap((a) => a.assetNos))
        }
        if (issues.length > 0) {
          counts.refusedButAccepted++
          problems.push(`${what}: the check found ${describeIssue(issues[0]!)}; the sandbox accepted it`)
        }
        continue
      }
      if (issues.length === 0) {
        if (kind === 'service' && !offlineKnowable(message)) counts.serviceOnly++
        else {
          counts.passedButRefused++
          problems.push(`${what}: the check passed it; the sandbox said ${message}`)
        }
      }
      if (offlineKnowable(message) && !issues.some((i) => describeIssue(i, 'en') === message)) {
        counts.missingFromCheck++
        problems.push(`${what}: the sandbox said ${message}; the check did not`)
      }
    }
    console.info(`check vs sandbox (seed ${SEED}):`, JSON.stringify(counts))
    expect(problems).toEqual([])
    expect(counts.passedButRefused).toBe(0)
    expect(counts.missingFromCheck).toBe(0)
    expect(counts.refusedButAccepted).toBe(0)
    // The generator did what it says: several hundred orders, every break tried, valid ones accepted.
    expect(counts.orders).toBe(ORDERS)
    expect([...breaksSeen].sort()).toEqual([...Object.keys(DRAFT_BREAKS), ...Object.keys(BODY_BREAKS), ...Object.keys(SERVICE_BREAKS)].sort())
    expect(counts.valid).toBeGreaterThan(50)
    expect(counts.checkRefused).toBeGreaterThan(100)
    expect(counts.serviceOnly).toBeGreaterThan(5)
  })
})
