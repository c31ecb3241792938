/**
 * The baseline: the same calls as the bulk runner makes (same chunks, same concurrency, same pooled undici
 * Agent settings), with nothing around them: a fresh g_nonce, the auth headers, the body, JSON.parse, a check
 * of the code. No journal, no job log, no validation, no progress.
 */
import { randomBytes } from 'node:crypto'
import pLimit from 'p-limit'
import { Agent, request } from 'undici'
import { DEFAULT_BULK } from '@shared/settings'

export interface BareTokens {
  order: string
  client: string
  user: string
}

export function bareAgent(): Agent {
  return new Agent({
    connect: { timeout: DEFAULT_BULK.connectTimeoutMs },
    headersTimeout: DEFAULT_BULK.bodyTimeoutMs,
    bodyTimeout: DEFAULT_BULK.bodyTimeoutMs,
    keepAliveTimeout: 4_000,
  })
}

async function post(agent: Agent, url: string, headers: Record<string, string>, body: unknown): Promise<{ code: unknown; data?: unknown }> {
  const res = await request(`${url}?g_nonce=${randomBytes(16).toString('hex')}`, {
    dispatcher: agent,
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
  return (await res.body.json()) as { code: unknown; data?: unknown }
}

/** Disables (or enables) locks in chunks; returns how many came back with status 1. */
export async function bareLocks(agent: Agent, baseUrl: string, t: BareTokens, chunks: string[][], concurrency: number, disable = true): Promise<number> {
  const limit = pLimit(concurrency)
  const url = `${baseUrl}/order/api/order/v1/asset/${disable ? 'lock' : 'unlock'}`
  const headers = { Authorization: `Bearer ${t.order}` }
  let ok = 0
  await Promise.all(
    chunks.map((assetNums) =>
      limit(async () => {
        const r = await post(agent, url, headers, { assetNums, operatorIdentity: 'bench' })
        if (String(r.code) !== '0') throw new Error(`lock call failed: ${String(r.code)}`)
        ok += (r.data as { status: number }[]).filter((x) => x.status === 1).length
      }),
    ),
  )
  return ok
}

/** Adds employees in chunks of 100; returns how many were created. */
export async function bareMembers(
  agent: Agent,
  baseUrl: string,
  t: BareTokens,
  enterpriseGlobalId: string,
  chunks: { userName: string; password: string; name: string }[][],
  concurrency: number,
): Promise<number> {
  const limit = pLimit(concurrency)
  const url = `${baseUrl}/me/api/v1/enterprise/${encodeURIComponent(enterpriseGlobalId)}/member`
  const headers = { Authorization: `Bearer ${t.client}`, clientToken: t.client, userToken: t.user }
  let ok = 0
  await Promise.all(
    chunks.map((userList) =>
      limit(async () => {
        const r = await post(agent, url, headers, { userList })
        if (String(r.code) !== '0' && String(r.code) !== '60027') throw new Error(`add call failed: ${String(r.code)}`)
        ok += (r.data as { succeeded: unknown[] }).succeeded.length
      }),
    ),
  )
  return ok
}
