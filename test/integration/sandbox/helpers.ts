/**
 * Test helpers for the sandbox suite: a sandbox on a random loopback port, tokens for the demo identities, and
 * small HTTP calls (real fetch) that add a fresh g_nonce unless told otherwise.
 */
import { randomUUID } from 'node:crypto'
import { expect } from 'vitest'
import type { z } from 'zod'
import { errorBodySchema } from '@shared/api/envelope'
import { GROUP_PREFIX, OPERATIONS, fillPath, type OperationId } from '@shared/api/operations'
import { SANDBOX_DEMO } from '@shared/sandbox-demo'
import { startSandbox, type SandboxHandle, type SandboxOptions } from '../../../src/sandbox/index'

export const DEMO_ENTERPRISE = SANDBOX_DEMO.enterpriseGlobalId
export const DEMO_PASSWORD = SANDBOX_DEMO.user.password

export interface Res {
  status: number
  body: Record<string, unknown>
  headers: Headers
}

export async function tokenRequest(url: string, form: Record<string, string>, init: { headers?: Record<string, string> } = {}): Promise<Res> {
  const res = await fetch(`${url}${SANDBOX_DEMO.tokenPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...init.headers },
    body: new URLSearchParams(form).toString(),
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, headers: res.headers }
}

export async function appToken(url: string, app: { clientId: string; clientSecret: string }): Promise<string> {
  const r = await tokenRequest(url, { grant_type: 'client_credentials', client_id: app.clientId, client_secret: app.clientSecret })
  expect(r.status).toBe(200)
  return r.body['access_token'] as string
}

export async function userToken(url: string, username: string = SANDBOX_DEMO.user.username, password: string = DEMO_PASSWORD): Promise<string> {
  const r = await tokenRequest(url, {
    grant_type: 'password',
    client_id: SANDBOX_DEMO.memberApp.clientId,
    client_secret: SANDBOX_DEMO.memberApp.clientSecret,
    username,
    password,
  })
  expect(r.status, JSON.stringify(r.body)).toBe(200)
  return r.body['access_token'] as string
}

export interface CallOptions {
  path?: Record<string, string>
  query?: Record<string, string | number | undefined>
  body?: unknown
  /** Raw body text (overrides `body`). */
  rawBody?: string
  /** g_nonce to send; null sends none. Default: a fresh UUID. */
  nonce?: string | null
  /** Replaces the default auth headers of the group (set a header to undefined to leave it out). */
  headers?: Record<string, string | undefined>
  locale?: string
}

/** A client of one sandbox with the demo tokens of both groups. */
export class Client {
  constructor(
    readonly url: string,
    readonly orderToken: string,
    readonly clientToken: string,
    readonly userTok: string,
  ) {}

  static async connect(url: string, username?: string): Promise<Client> {
    const [o, c, u] = await Promise.all([appToken(url, SANDBOX_DEMO.orderApp), appToken(url, SANDBOX_DEMO.memberApp), userToken(url, username)])
    return new Client(url, o, c, u)
  }

  /** The same tokens for the order group and app, another logged-in user for the member group. */
  async as(username: string): Promise<Client> {
    return new Client(this.url, this.orderToken, this.clientToken, await userToken(this.url, username))
  }

  authHeaders(id: OperationId): Record<string, string> {
    return OPERATIONS[id].group === 'order'
      ? { authorization: `Bearer ${this.orderToken}` }
      : { authorization: `Bearer ${this.clientToken}`, clienttoken: this.clientToken, usertoken: this.userTok }
  }

  async call(id: OperationId, o: CallOptions = {}): Promise<Res> {
    const def = OPERATIONS[id]
    const q = new URLSearchParams()
    const nonce = o.nonce === undefined ? randomUUID() : o.nonce
    if (nonce !== null) q.set('g_nonce', nonce)
    for (const [k, v] of Object.entries(o.query ?? {})) if (v !== undefined) q.set(k, String(v))
    const path = def.path.includes('{') ? fillPathLoose(def.path, o.path ?? {}) : def.path
    const headers: Record<string, string> = { ...this.authHeaders(id) }
    for (const [k, v] of Object.entries(o.headers ?? {})) {
      if (v === undefined) delete headers[k.toLowerCase()]
      else headers[k.toLowerCase()] = v
    }
    if (o.locale) headers['accept-language'] = o.locale
    const init: RequestInit = { method: def.method, headers }
    if (o.rawBody !== undefined || o.body !== undefined) {
      headers['content-type'] = 'application/json'
      init.body = o.rawBody ?? JSON.stringify(o.body)
    }
    const res = await fetch(`${this.url}${GROUP_PREFIX[def.group]}${path}?${q.toString()}`, init)
    const text = await res.text()
    return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, headers: res.headers }
  }

  /** Calls and expects success; returns `data`, validated against the shared response schema. */
  async ok<T = unknown>(id: OperationId, o: CallOptions = {}): Promise<T> {
    const r = await this.call(id, o)
    expectSuccess(id, r)
    return r.body['data'] as T
  }

  /** Calls and expects a business error with this code; returns the body. */
  async fails(id: OperationId, code: string, o: CallOptions = {}): Promise<Res['body']> {
    const r = await this.call(id, o)
    expectError(r, code)
    return r.body
  }
}

/** Like fillPath, but allows empty values (to test empty path parameters). */
function fillPathLoose(template: string, params: Record<string, string>): string {
  if (Object.values(params).every((v) => v !== '')) return fillPath(template, params)
  return template.replace(/\{(\w+)\}/g, (_, n: string) => encodeURIComponent(params[n] ?? ''))
}

/** HTTP 200, code integer 0, message success, and `data` matching the shared schema of the operation. */
export function expectSuccess(id: OperationId, r: Res): void {
  expect(r.status, JSON.stringify(r.body).slice(0, 500)).toBe(200)
  expect(r.body['code']).toBe(0)
  expect(r.body['message']).toBe('success')
  const schema = OPERATIONS[id].data as z.ZodType | null
  if (schema) {
    const parsed = schema.safeParse(r.body['data'])
    expect(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues.slice(0, 3))).toBe(true)
  } else if (id === 'updateEnterprise') {
    expect('data' in r.body).toBe(false)
  } else {
    expect(r.body['data']).toBeNull()
  }
}

/** HTTP 299 and the error envelope `{code: String, message, cause}` with this code. */
export function expectError(r: Res, code: string): void {
  expect(r.status, JSON.stringify(r.body)).toBe(299)
  expect(r.body['code'], JSON.stringify(r.body)).toBe(code)
  expect(typeof r.body['message']).toBe('string')
  expect(typeof r.body['cause']).toBe('string')
  expect(errorBodySchema.safeParse(r.body).success).toBe(true)
}

/** A sandbox for one test file. */
export async function sandbox(options: SandboxOptions = {}): Promise<SandboxHandle> {
  return startSandbox({ quiet: true, ...options })
}

export function nonce(): string {
  return randomUUID()
}
