/**
 * The connection test of a profile, per group: get the group's tokens, then one harmless read.
 * Order: queryEnterprise (channel code + channel customer id) or the enterprise's asset list.
 * Member: the first employee of the enterprise (found via queryEnterprise when not set), else its lent locks.
 */
import { AppError, type AppErrorData } from '@shared/errors/app-error'
import { hostOf, transportWordsKey } from '@shared/errors/transport-words'
import type { Locale } from '@shared/i18n/locale'
import type { ConnectionTest, TestStep, TestSummary } from '@shared/ipc/channels/profiles'
import { DEFAULT_BULK, type BulkSettings } from '@shared/settings'
import { createApiClient, type ApiClient, type ApiClientOptions } from './client'
import type { ConnectionConfig } from './connection'

export interface ConnectionTestOptions {
  /** Language of skip reasons and details. */
  locale?: Locale
  settings?: Partial<BulkSettings>
  signal?: AbortSignal
  /** The profile's enterprise, when the config does not carry it. */
  enterprise?: { channelCode?: string; channelCustomerId?: string; enterpriseGlobalId?: string }
  /** Use this client instead of building (and closing) one. */
  client?: ApiClient
}

interface Texts {
  noOrderCreds: string
  noMemberCreds: string
  tokenFailed: string
  noEnterprise: string
  noMemberEnterprise: string
  issued: string
  pasted: string
  customers: (n: number) => string
  assets: (n: number) => string
  members: (n: number) => string
  headline: Record<TestSummary, string>
}

const TEXT: Record<Locale, Texts> = {
  en: {
    noOrderCreds: 'No order-group credentials: set the order app key and secret, or paste an access token.',
    noMemberCreds: 'No member-group credentials: set the member app key and secret with the user login and password, or paste the tokens.',
    tokenFailed: 'Skipped because the token step failed.',
    noEnterprise: 'Set the channel code and channel customer id (or the enterprise global id) to test a read.',
    noMemberEnterprise: 'Set the enterprise global id, or the channel code and channel customer id, to test a read.',
    issued: 'token issued',
    pasted: 'pasted token used',
    customers: (n: number) => `${n} customer record(s) found`,
    assets: (n: number) => `${n} asset(s) listed`,
    members: (n: number) => `${n} employee(s) in the enterprise`,
    headline: {
      allOk: 'Both groups work.',
      okWithSkips: 'What could be tested works; some steps were skipped (see below).',
      someFailed: 'Some steps failed; see below.',
      allFailed: 'Every step failed: see below for what to do.',
      nothingTested: 'Nothing could be tested: see below for what to set.',
    },
  },
  'zh-CN': {
    noOrderCreds: '未设置订单组凭据：请填写订单应用 Key 和密钥，或粘贴访问令牌。',
    noMemberCreds: '未设置成员组凭据：请填写成员应用 Key 和密钥以及用户账号和密码，或粘贴令牌。',
    tokenFailed: '令牌步骤失败，已跳过。',
    noEnterprise: '请设置渠道编码和渠道客户编号（或企业全局 ID）后再测试读取。',
    noMemberEnterprise: '请设置企业全局 ID，或渠道编码和渠道客户编号，后再测试读取。',
    issued: '已签发令牌',
    pasted: '使用粘贴的令牌',
    customers: (n: number) => `找到 ${n} 条客户记录`,
    assets: (n: number) => `列出 ${n} 个资产`,
    members: (n: number) => `企业共有 ${n} 名员工`,
    headline: {
      allOk: '两个组均可用。',
      okWithSkips: '可测试的步骤均成功；部分步骤已跳过，详见下方。',
      someFailed: '部分步骤失败，详见下方。',
      allFailed: '所有步骤均失败，处理方法见下方。',
      nothingTested: '无法测试任何步骤，需要填写的内容见下方。',
    },
  },
}

/**
 * A transport failure (`app.network`, or `app.tokenRequest` whose reason is a transport code such as
 * ECONNREFUSED) as the error that names the machine and says what to do; the raw code stays in `details.cause`.
 * Any other error is returned as it is.
 */
export function inWords(err: unknown, url: string): AppErrorData {
  if (!(err instanceof AppError)) return AppError.app('app.internal').toData()
  if (err.code !== 'app.network' && err.code !== 'app.tokenRequest') return err.toData()
  const code = transportWordsKey(err.code, err.params)
  if (!code) return err.toData()
  return AppError.app(code, { host: hostOf(url) }, { ...err.details, cause: String(err.params['detail']) }).toData()
}

async function step(url: string, run: () => Promise<string | undefined>): Promise<TestStep> {
  const t0 = performance.now()
  try {
    const detail = await run()
    const ms = Math.round(performance.now() - t0)
    return detail === undefined ? { status: 'ok', ms } : { status: 'ok', ms, detail }
  } catch (err) {
    return { status: 'failed', ms: Math.round(performance.now() - t0), error: inWords(err, url) }
  }
}

/**
 * The test's outcome in one word: every step ok; no failure but some skipped; some failed and some worked; every
 * step that ran failed (skipped reads after a failed token count as failed); nothing could run.
 */
export function summarize(steps: readonly TestStep[]): TestSummary {
  const ok = steps.filter((s) => s.status === 'ok').length
  const failed = steps.filter((s) => s.status === 'failed').length
  if (ok === steps.length) return 'allOk'
  if (failed === 0) return ok > 0 ? 'okWithSkips' : 'nothingTested'
  return ok > 0 ? 'someFailed' : 'allFailed'
}

function sourcesText(t: Texts, sources: ('issued' | 'pasted')[]): string {
  return [...new Set(sources)].map((s) => (s === 'issued' ? t.issued : t.pasted)).join(', ')
}

/**
 * Each step's deadline (its token request or its read, retries included): four steps end within 14 s, so the test
 * answers within 15 s even against a service that accepts and never answers (docs/decisions.md, "Deadlines").
 */
export const CONNECTION_TEST_STEP_MS = 3_500

/** Tests a connection: per group a token step and a read step, never a write. */
export async function testConnection(config: ConnectionConfig, options: ConnectionTestOptions = {}): Promise<ConnectionTest> {
  const t: Texts = TEXT[options.locale ?? 'en']
  const signal = options.signal
  const channelCode = config.channelCode || options.enterprise?.channelCode || ''
  const channelCustomerId = config.channelCustomerId || options.enterprise?.channelCustomerId || ''
  let enterpriseGlobalId = config.enterpriseGlobalId || options.enterprise?.enterpriseGlobalId || ''
  const callDeadlineMs = Math.min(options.settings?.callDeadlineMs ?? DEFAULT_BULK.callDeadlineMs, CONNECTION_TEST_STEP_MS)
  const clientOpts: ApiClientOptions = { settings: { ...options.settings, callDeadlineMs } }
  if (options.locale) clientOpts.locale = options.locale
  const client = options.client ?? createApiClient(config, clientOpts)
  // The test should answer quickly: one retry at most.
  const o = { signal, maxRetries: 1, deadlineMs: callDeadlineMs } as const

  try {
    const orderHasCreds =
      Boolean(config.orderAppKey && (await config.getSecret('orderAppSecret'))) || Boolean(await config.getSecret('orderAccessToken'))
    const memberHasCreds =
      Boolean(config.memberAppKey && (await config.getSecret('memberAppSecret'))) ||
      Boolean((await config.getSecret('memberClientToken')) && (await config.getSecret('userToken')))

    // ---- order group
    const orderToken: TestStep = orderHasCreds
      ? await step(config.tokenUrl, async () => sourcesText(t, (await client.ensureTokens('order', signal)).sources))
      : { status: 'skipped', reason: t.noOrderCreds }
    let orderRead: TestStep
    if (orderToken.status !== 'ok') {
      orderRead = { status: 'skipped', reason: orderHasCreds ? t.tokenFailed : t.noOrderCreds }
    } else if (channelCode && channelCustomerId) {
      orderRead = await step(config.baseUrl, async () => {
        const found = await client.queryEnterprise({ channelCode, channelCustomerId, defaultCustomer: 'N' }, o)
        if (!enterpriseGlobalId) {
          enterpriseGlobalId = (found.find((c) => c.isDefault) ?? found[0])?.enterpriseGlobalId ?? ''
        }
        return t.customers(found.length)
      })
    } else if (enterpriseGlobalId) {
      orderRead = await step(config.baseUrl, async () => t.assets((await client.listVirtualAssets(enterpriseGlobalId, undefined, o)).length))
    } else {
      orderRead = { status: 'skipped', reason: t.noEnterprise }
    }

    // ---- member group
    const memberToken: TestStep = memberHasCreds
      ? await step(config.tokenUrl, async () => sourcesText(t, (await client.ensureTokens('member', signal)).sources))
      : { status: 'skipped', reason: t.noMemberCreds }
    let memberRead: TestStep
    if (memberToken.status !== 'ok') {
      memberRead = { status: 'skipped', reason: memberHasCreds ? t.tokenFailed : t.noMemberCreds }
    } else if (enterpriseGlobalId) {
      memberRead = await step(config.baseUrl, async () => {
        const page = await client.listMembers(enterpriseGlobalId, { pageNum: 1, pageSize: 1 }, o)
        return t.members(page.total)
      })
    } else {
      memberRead = { status: 'skipped', reason: t.noMemberEnterprise }
    }

    const summary = summarize([orderToken, orderRead, memberToken, memberRead])
    return {
      profileId: config.profileId,
      order: { token: orderToken, read: orderRead },
      member: { token: memberToken, read: memberRead },
      summary,
      headline: t.headline[summary],
    }
  } finally {
    if (!options.client) await client.close()
  }
}
