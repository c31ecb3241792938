/**
 * Every channel's input is STRICT (unknown keys refused) and BOUNDED (every string and list has a max), walked
 * through the schemas themselves, so a channel added or changed without them fails here.
 */
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { CHANNELS, type ChannelName } from '@shared/ipc/contract'

/**
 * Fields that take any JSON on purpose, with what bounds them instead: a draft's body is each screen's own shape;
 * the draft store refuses one over MAX_DRAFT_BODY_BYTES, and browser mode's body limit holds before that. A part
 * of a body is checked with the whole body it lands in (the kind's schema, the same limit).
 */
const OPEN_BY_DESIGN: Partial<Record<ChannelName, string[]>> = {
  'drafts.save': ['body: unknown cannot be checked'],
  'drafts.saveParts': ['parts[].value: unknown cannot be checked'],
}

type Def = { type: string; [k: string]: unknown }
const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def
const hasMax = (def: Def): boolean =>
  ((def['checks'] as Array<{ _zod: { def: { check: string } } }> | undefined) ?? []).some((c) => c._zod.def.check === 'max_length')

/** What is unbounded or not strict in a schema, as paths. */
function problems(schema: z.ZodType, path: string): string[] {
  const def = defOf(schema)
  const at = path || '(input)'
  switch (def.type) {
    case 'object': {
      const out: string[] = []
      const catchall = def['catchall'] as z.ZodType | undefined
      if (!catchall || defOf(catchall).type !== 'never') out.push(`${at}: not strict`)
      for (const [k, v] of Object.entries(def['shape'] as Record<string, z.ZodType>)) out.push(...problems(v, path ? `${path}.${k}` : k))
      return out
    }
    case 'string':
      return hasMax(def) ? [] : [`${at}: string without max`]
    case 'array':
      return [...(hasMax(def) ? [] : [`${at}: list without max`]), ...problems(def['element'] as z.ZodType, `${path}[]`)]
    case 'record': {
      const keys = defOf(def['keyType'] as z.ZodType).type
      return [...(keys === 'enum' || keys === 'literal' ? [] : [`${at}: record with open keys`]), ...problems(def['valueType'] as z.ZodType, `${path}{}`)]
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return problems(def['innerType'] as z.ZodType, path)
    case 'union':
      return (def['options'] as z.ZodType[]).flatMap((o) => problems(o, path))
    case 'pipe':
      return problems(def['in'] as z.ZodType, path)
    case 'enum':
    case 'literal':
    case 'number':
    case 'boolean':
    case 'null':
    case 'never':
      return []
    default:
      return [`${at}: ${def.type} cannot be checked`]
  }
}

describe('channel inputs', () => {
  const names = Object.keys(CHANNELS) as ChannelName[]

  it.each(names)('%s: strict, every string and list bounded', (name) => {
    expect(problems(CHANNELS[name].input, '')).toEqual(OPEN_BY_DESIGN[name] ?? [])
  })

  it('the walker catches what it should (a loose object, an unbounded string and list, an open record)', async () => {
    const { z } = await import('zod')
    const loose = z.object({ a: z.string(), b: z.array(z.string().max(3)), c: z.record(z.string(), z.number()) })
    expect(problems(loose, '')).toEqual(['(input): not strict', 'a: string without max', 'b: list without max', 'c: record with open keys'])
  })
})
