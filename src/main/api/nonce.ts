/** The anti-replay `g_nonce` (DESIGN.md: fresh and cryptographically random per request and per retry). */
import { randomBytes } from 'node:crypto'

/** 128 random bits as 32 hex characters; the spec does not fix a format, so we pick one any server accepts. */
export function newNonce(): string {
  return randomBytes(16).toString('hex')
}
