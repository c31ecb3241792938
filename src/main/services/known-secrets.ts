/**
 * The secret values this process has handled: the profiles' vault secrets as they are read or set, and the
 * access tokens issued for them. The log and the journal replace any of them wherever it appears in text, so a
 * secret that reached an error message or a note is still hidden; ordinary words that merely look like secrets
 * ("Basic Pack", "Bearer Edition", "Token Manager") are left as they are (docs/decisions.md, redaction).
 */

/** Shorter values are not looked for in text: a two-letter "secret" would cut ordinary words apart. */
export const KNOWN_SECRET_MIN_LENGTH = 4
/** Bound on how many are held: tokens are re-issued every hour or so over a long session. */
const MAX_KNOWN = 500

const known = new Set<string>()
// Longest first, so a secret containing another is replaced whole.
let ordered: string[] = []

/** Remembers a secret value (null/empty/short values are ignored). Returns the value, for use in expressions. */
export function rememberSecret<T extends string | null | undefined>(value: T): T {
  if (typeof value !== 'string' || value.length < KNOWN_SECRET_MIN_LENGTH || known.has(value)) return value
  if (known.size >= MAX_KNOWN) {
    const oldest = known.values().next().value
    if (oldest !== undefined) known.delete(oldest)
  }
  known.add(value)
  ordered = [...known].sort((a, b) => b.length - a.length)
  return value
}

/** Forgets every remembered secret (tests). */
export function forgetKnownSecrets(): void {
  known.clear()
  ordered = []
}

/** `text` with every known secret value replaced by `mark`; the same string when it holds none. */
export function hideKnownSecrets(text: string, mark: string): string {
  if (ordered.length === 0 || text.length < KNOWN_SECRET_MIN_LENGTH) return text
  let out = text
  for (const s of ordered) if (out.includes(s)) out = out.split(s).join(mark)
  return out
}
