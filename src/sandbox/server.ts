/**
 * The HTTP pipeline (plain node:http): route, faults, authentication and g_nonce, body, handler, envelope.
 * Handlers run synchronously on in-memory state, so each call is atomic and there is nothing to lock.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { GROUP_PREFIX, OPERATIONS } from '@shared/api/operations'
import { SANDBOX_DEMO } from '@shared/sandbox-demo'
import type { Locale } from '@shared/i18n/locale'
import type { Guard } from './auth/guard'
import type { TokenEndpoint } from './auth/token-endpoint'
import { SandboxError, apiError } from './errors'
import type { FaultInjector } from './faults'
import { BodyTooLarge, ClientGone, header, readBody, requestLocale, sendJson, sendRawJson } from './http'
import { NONCE_FORCE_500 } from './magic'
import { HANDLERS } from './ops'
import { applyDue, type OpContext, type OpRequest, type OpResult } from './ops/context'
import { Router } from './routes'
import type { StatsRecorder } from './stats'

export interface PipelineDeps {
  ctx: OpContext
  guard: Guard
  tokens: TokenEndpoint
  faults: FaultInjector
  stats: StatsRecorder
  /** Called after a request that changed state (persistence). */
  changed(): void
  log(line: string): void
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/** What `GET /` answers: enough for a human to find their way. */
function info(): Record<string, unknown> {
  return {
    name: 'License Desk sandbox',
    tokenEndpoint: SANDBOX_DEMO.tokenPath,
    operations: Object.fromEntries(Object.entries(OPERATIONS).map(([id, d]) => [id, `${d.method} ${GROUP_PREFIX[d.group]}${d.path}`])),
    docs: 'docs/sandbox.md',
  }
}

export class Pipeline {
  private readonly router = new Router()

  constructor(private readonly d: PipelineDeps) {}

  /** Requests being handled (arrived, not yet answered or dropped). */
  private handling = 0
  private idleWaiters: (() => void)[] = []

  /** The request listener. */
  readonly listener = (req: IncomingMessage, res: ServerResponse): void => {
    this.handling++
    this.handle(req, res)
      .catch((err: unknown) => {
        this.d.log(`sandbox: unexpected error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`)
        if (!res.headersSent) sendJson(res, 500, { code: '500', message: 'internal sandbox error', cause: String(err) })
        else res.destroy()
      })
      .finally(() => {
        this.d.stats.settled()
        if (--this.handling > 0) return
        const waiters = this.idleWaiters
        this.idleWaiters = []
        for (const w of waiters) w()
      })
  }

  /**
   * Resolves once no request is being handled: a test that killed a client waits for this to know that whatever
   * reached the sandbox before the kill has been applied or dropped (instead of waiting for a time).
   */
  idle(): Promise<void> {
    return this.handling === 0 ? Promise.resolve() : new Promise((resolve) => this.idleWaiters.push(resolve))
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { stats } = this.d
    stats.request()
    const raw = req.url ?? '/'
    const q = raw.indexOf('?')
    const pathname = q < 0 ? raw : raw.slice(0, q)
    const query = new URLSearchParams(q < 0 ? '' : raw.slice(q + 1))
    const method = req.method ?? 'GET'

    if (pathname === SANDBOX_DEMO.tokenPath) return this.token(req, res, method)
    const match = this.router.match(method, pathname)
    if (match.kind !== 'operation') {
      req.resume()
      if (match.kind === 'wrongMethod') {
        return sendJson(res, 405, { code: '405', message: `Method ${method} is not allowed here.`, cause: `allowed: ${match.allow.join(', ')}` }, { allow: match.allow.join(', ') })
      }
      if (pathname === '/' && method === 'GET') return sendJson(res, 200, info())
      return sendJson(res, 404, { code: '404', message: `No operation at ${method} ${pathname}.`, cause: 'not found' })
    }

    const id = match.id
    stats.operation(id)
    const def = OPERATIONS[id]
    const hasBody = def.method === 'POST' || def.method === 'PUT'
    // The body is read as it arrives, as a real server reads a request before it works on it: a request whose
    // client dies during the latency below is still whole, and is carried out (or dropped) like the service would.
    const body = hasBody ? readBody(req) : null
    body?.catch(() => undefined)
    if (!hasBody) req.resume()
    const faults = this.d.faults
    const latency = faults.current.latencyMs
    if (latency > 0) await sleep(latency)
    const fault = faults.decide(id)
    if (fault === 'drop') {
      stats.fault('dropped')
      req.socket.destroy()
      return
    }
    let text = ''
    if (body) {
      try {
        text = await body
      } catch (err) {
        if (err instanceof BodyTooLarge) return sendJson(res, 413, { code: '413', message: 'The request body is too large.', cause: 'body over 8 MiB' })
        // The client went away before its body was whole: nothing to work on, nobody to answer.
        if (err instanceof ClientGone) return
        throw err
      }
    }
    const locale = requestLocale(req)
    const nonce = query.get('g_nonce')

    if (fault === 'fail500' || nonce?.startsWith(NONCE_FORCE_500)) {
      if (fault === 'fail500') stats.fault('failed500')
      return this.answer(res, apiError('500', locale, { en: '(injected fault)', 'zh-CN': '（注入的故障）' }))
    }

    const before = this.d.ctx.store.revision
    let outcome: SandboxError | OpResult
    try {
      const caller = this.d.guard.check(
        def.group,
        { authorization: header(req, 'authorization'), clientToken: header(req, 'clienttoken'), userToken: header(req, 'usertoken') },
        nonce,
        locale,
      )
      const opReq: OpRequest = { id, params: match.params, query, body: hasBody ? this.parseBody(text, def.group, locale) : undefined, caller, locale }
      applyDue(this.d.ctx)
      outcome = HANDLERS[id](this.d.ctx, opReq)
    } catch (err) {
      if (!(err instanceof SandboxError)) throw err
      outcome = err
    }
    if (this.d.ctx.store.revision !== before) this.d.changed()
    if (fault === 'dropAfterWork') {
      stats.fault('droppedAfterWork')
      req.socket.destroy()
      return
    }
    this.answer(res, outcome)
  }

  private answer(res: ServerResponse, outcome: SandboxError | OpResult): void {
    if (outcome instanceof SandboxError) {
      this.d.stats.code(outcome.code)
      return sendJson(res, outcome.httpStatus, outcome.envelope())
    }
    this.d.stats.code(0)
    if ('noData' in outcome) return sendJson(res, 200, { code: 0, message: 'success' })
    if ('json' in outcome) return sendRawJson(res, 200, `{"code":0,"message":"success","data":${outcome.json}}`)
    sendJson(res, 200, { code: 0, message: 'success', data: outcome.data })
  }

  /** JSON of a body; empty means no body. Malformed JSON is the group's parameter error. */
  private parseBody(text: string, group: 'order' | 'member', locale: Locale): unknown {
    if (text.trim() === '') return undefined
    try {
      return JSON.parse(text) as unknown
    } catch (err) {
      throw apiError(group === 'order' ? '13004' : '40000', locale, {
        en: `(The body is not valid JSON: ${(err as Error).message})`,
        'zh-CN': `（请求体不是合法的 JSON：${(err as Error).message}）`,
      })
    }
  }

  private async token(req: IncomingMessage, res: ServerResponse, method: string): Promise<void> {
    this.d.stats.token()
    let body = ''
    try {
      body = method === 'POST' ? await readBody(req, 64 * 1024) : (req.resume(), '')
    } catch (err) {
      if (err instanceof BodyTooLarge) return sendJson(res, 413, { error: 'invalid_request', error_description: 'The request body is too large.' })
      throw err
    }
    const answer = this.d.tokens.handle({
      method,
      contentType: header(req, 'content-type'),
      authorization: header(req, 'authorization'),
      body,
    })
    sendJson(res, answer.status, answer.body, answer.headers)
  }
}
