/**
 * The message compiler given to vue-i18n, so its own (about 17 KB minified of parser and code generator) stays
 * out of the bundle (`__INTLIFY_DROP_MESSAGE_COMPILER__`, electron.vite.config.ts). Our messages use two pieces
 * of vue-i18n's syntax: parameters, `{name}` (and `{0}` by position, `{'text'}` as literal text, which vue-i18n
 * also reads), and plural forms, `one | many` or `none | one | many` chosen by the count given to `t`
 * (`t(key, { n: '1,000' }, 1000)`). `@` is text here; en/index.ts forbids it anyway, and the messages test checks
 * every message in both languages. Messages become closures over their parts: no eval (strict CSP).
 */
import type { MessageCompiler, MessageContext, MessageFunction } from 'vue-i18n'

/** A piece of a message: text as it is, or a parameter by name or position. */
export type MessagePart = string | { named: string } | { list: number }

/** Splits a message into text and parameters (vue-i18n's placeholder syntax). */
export function parseMessage(source: string): MessagePart[] {
  const parts: MessagePart[] = []
  let text = ''
  let i = 0
  while (i < source.length) {
    const open = source.indexOf('{', i)
    if (open < 0) break
    // A literal ({'…'}) may hold braces: its end is the quote before the closing brace.
    const literal = /^\{\s*'([^']*)'\s*\}/.exec(source.slice(open))
    if (literal) {
      text += source.slice(i, open) + literal[1]
      i = open + literal[0].length
      continue
    }
    const close = source.indexOf('}', open + 1)
    if (close < 0) break
    text += source.slice(i, open)
    const inner = source.slice(open + 1, close).trim()
    if (/^\d+$/.test(inner)) {
      if (text) parts.push(text)
      text = ''
      parts.push({ list: Number(inner) })
    } else if (/^[A-Za-z_$][\w$-]*$/.test(inner)) {
      if (text) parts.push(text)
      text = ''
      parts.push({ named: inner })
    } else {
      // Not a placeholder vue-i18n would read either: keep it as written.
      text += source.slice(open, close + 1)
    }
    i = close + 1
  }
  text += source.slice(i)
  if (text || parts.length === 0) parts.push(text)
  return parts
}

/** The plural forms of a message: its text split at each `|` outside braces, each form trimmed. */
export function pluralForms(source: string): string[] {
  const forms: string[] = []
  let depth = 0
  let start = 0
  let quoted = false
  for (let i = 0; i < source.length; i++) {
    const c = source[i]
    if (depth > 0 && c === "'") quoted = !quoted
    else if (!quoted && c === '{') depth++
    else if (!quoted && c === '}' && depth > 0) depth--
    else if (c === '|' && depth === 0) {
      forms.push(source.slice(start, i).trim())
      start = i + 1
    }
  }
  if (forms.length === 0) return [source]
  forms.push(source.slice(start).trim())
  return forms
}

/** vue-i18n's `messageCompiler` option: message text in, message function out (cached per text). */
export const compileMessage: MessageCompiler = (message) => {
  if (typeof message !== 'string') throw new Error('only text messages are supported')
  let fn = cache.get(message)
  if (!fn) {
    const forms = pluralForms(message).map((f) => toFunction(parseMessage(f)))
    fn = forms.length === 1 ? forms[0]! : (ctx: MessageContext) => ctx.plural(forms.map((f) => f(ctx)) as string[])
    cache.set(message, fn)
  }
  return fn
}

const cache = new Map<string, MessageFunction>()

/**
 * The context vue-i18n hands a message function: its public type leaves out the two members its own compiled
 * messages use to join parts and to turn a parameter into output.
 */
type Context = MessageContext & { normalize(values: unknown[]): string; interpolate(value: unknown): unknown }

function toFunction(parts: MessagePart[]): MessageFunction {
  if (parts.length === 1 && typeof parts[0] === 'string') {
    const text = parts[0]
    return (ctx: MessageContext) => (ctx.type === 'text' ? text : (ctx as Context).normalize([text]))
  }
  return (ctx: MessageContext) => {
    const c = ctx as Context
    return c.normalize(parts.map((p) => (typeof p === 'string' ? p : 'named' in p ? c.interpolate(c.named(p.named)) : c.interpolate(c.list(p.list)))))
  }
}
