/**
 * Authentication of the two groups and the g_nonce check (docs/sandbox.md, "Security"):
 * - order group: `Authorization: Bearer <app token>` with scope auth_order, else 60000; g_nonce missing,
 *   malformed or replayed: 13004.
 * - member group: `Authorization: Bearer <app token>` and `clientToken: <app token>`, both with scope
 *   auth_me, else 60000; `userToken` a live password-grant token, else 60005; g_nonce: 70001.
 * The nonce is recorded only once the tokens pass, so unauthenticated traffic cannot fill the window.
 */
import { GROUP_SCOPE, type ApiGroup } from '@shared/api/operations'
import type { Locale } from '@shared/i18n/locale'
import { apiError, type Detail, type SandboxError } from '../errors'
import { NONCE_MAX_LENGTH, type NonceWindow } from '../nonce'
import type { TokenRecord, TokenStore } from './tokens'

/** Who is calling, once authenticated. */
export interface Caller {
  clientId: string
  /** Member group: the logged-in administrator's login. */
  login: string | null
}

export interface CallHeaders {
  authorization: string | undefined
  clientToken: string | undefined
  userToken: string | undefined
}

const BEARER = /^Bearer\s+(\S+)\s*$/i

/** clientToken and userToken carry the bare token; a "Bearer " prefix some clients add is tolerated. */
function bare(header: string): string {
  return (BEARER.exec(header)?.[1] ?? header).trim()
}

export class Guard {
  constructor(
    private readonly tokens: TokenStore,
    private readonly nonces: NonceWindow,
    /** Whether a login still exists (an admin may be gone from a reloaded data file). */
    private readonly loginExists: (login: string) => boolean,
  ) {}

  check(group: ApiGroup, h: CallHeaders, nonce: string | null, locale: Locale): Caller {
    const scope = GROUP_SCOPE[group]
    const bearer = h.authorization ? BEARER.exec(h.authorization)?.[1] : undefined
    if (!bearer) {
      throw this.appTokenError(locale, h.authorization ? 'Authorization is not "Bearer <token>".' : 'The Authorization header is missing.', h.authorization ? 'Authorization 不是“Bearer <令牌>”形式。' : '缺少 Authorization 请求头。')
    }
    const app = this.appToken(bearer, scope, locale, 'Authorization')
    let login: string | null = null
    if (group === 'member') {
      if (!h.clientToken) throw this.appTokenError(locale, 'The clientToken header is missing.', '缺少 clientToken 请求头。')
      this.appToken(bare(h.clientToken), scope, locale, 'clientToken')
      login = this.userToken(h.userToken, locale)
    }
    this.nonce(group, nonce, locale)
    return { clientId: app.clientId, login }
  }

  private appToken(token: string, scope: string, locale: Locale, where: string): TokenRecord {
    const r = this.tokens.lookup(token)
    if (!r) throw this.appTokenError(locale, `${where}: the token is unknown or expired.`, `${where}：令牌不存在或已过期。`)
    if (r.kind !== 'app') {
      throw this.appTokenError(locale, `${where}: a user token is not an application token.`, `${where}：用户令牌不能用作应用令牌。`)
    }
    if (!r.scopes.includes(scope)) {
      throw this.appTokenError(locale, `${where}: the application lacks the approved scope ${scope}.`, `${where}：该应用未获批 ${scope} 权限。`)
    }
    return r
  }

  private userToken(token: string | undefined, locale: Locale): string {
    const fail = (en: string, zh: string): SandboxError => apiError('60005', locale, { en: `(${en})`, 'zh-CN': `（${zh}）` })
    if (!token) throw fail('The userToken header is missing.', '缺少 userToken 请求头。')
    const r = this.tokens.lookup(bare(token))
    if (!r) throw fail('userToken is unknown or expired.', 'userToken 不存在或已过期。')
    if (r.kind !== 'user' || !r.login) throw fail('userToken is not a user login token.', 'userToken 不是用户登录令牌。')
    if (!this.loginExists(r.login)) throw fail('The user of this token no longer exists.', '该令牌的用户已不存在。')
    return r.login
  }

  private nonce(group: ApiGroup, nonce: string | null, locale: Locale): void {
    const code = group === 'order' ? '13004' : '70001'
    const fail = (d: Detail): SandboxError => apiError(code, locale, d)
    if (nonce === null || nonce.trim() === '') throw fail({ en: 'g_nonce is required.', 'zh-CN': 'g_nonce 不能为空。' })
    if (nonce.length > NONCE_MAX_LENGTH) {
      throw fail({ en: `g_nonce may be at most ${NONCE_MAX_LENGTH} characters.`, 'zh-CN': `g_nonce 最多 ${NONCE_MAX_LENGTH} 个字符。` })
    }
    if (!this.nonces.use(nonce)) throw fail({ en: 'g_nonce was already used (replay refused).', 'zh-CN': 'g_nonce 已被使用（拒绝重放）。' })
  }

  private appTokenError(locale: Locale, en: string, zh: string): SandboxError {
    return apiError('60000', locale, { en: `(${en})`, 'zh-CN': `（${zh}）` })
  }
}
