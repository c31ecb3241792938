/**
 * Routes of the 19 operations, built from the shared operation table so the client and the sandbox agree on
 * every method and path by construction. Literal segments win over parameters when two templates could match.
 */
import { GROUP_PREFIX, OPERATIONS, OPERATION_IDS, type HttpMethod, type OperationId } from '@shared/api/operations'

type Segment = { literal: string } | { param: string }

interface Route {
  id: OperationId
  method: HttpMethod
  segments: Segment[]
  literals: number
}

export type RouteMatch =
  | { kind: 'operation'; id: OperationId; params: Record<string, string> }
  | { kind: 'wrongMethod'; allow: HttpMethod[] }
  | { kind: 'none' }

function compile(id: OperationId): Route {
  const def = OPERATIONS[id]
  const full = GROUP_PREFIX[def.group] + def.path
  const segments: Segment[] = full
    .split('/')
    .slice(1)
    .map((s) => {
      const m = /^\{(\w+)\}$/.exec(s)
      return m ? { param: m[1] as string } : { literal: s }
    })
  return { id, method: def.method, segments, literals: segments.filter((s) => 'literal' in s).length }
}

export class Router {
  private readonly routes: Route[] = OPERATION_IDS.map(compile).sort((a, b) => b.literals - a.literals)

  /** Matches a decoded-later pathname (`/me/api/v1/enterprise/E1/members`). */
  match(method: string, pathname: string): RouteMatch {
    let path = pathname
    if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1)
    const parts = path.split('/').slice(1)
    const allow: HttpMethod[] = []
    for (const r of this.routes) {
      const params = this.fit(r, parts)
      if (!params) continue
      if (r.method === method) return { kind: 'operation', id: r.id, params }
      allow.push(r.method)
    }
    return allow.length ? { kind: 'wrongMethod', allow } : { kind: 'none' }
  }

  private fit(r: Route, parts: string[]): Record<string, string> | null {
    if (parts.length !== r.segments.length) return null
    const params: Record<string, string> = {}
    for (let i = 0; i < parts.length; i++) {
      const seg = r.segments[i] as Segment
      const part = parts[i] as string
      if ('literal' in seg) {
        if (seg.literal !== part) return null
      } else {
        try {
          params[seg.param] = decodeURIComponent(part)
        } catch {
          return null
        }
      }
    }
    return params
  }
}
