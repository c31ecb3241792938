/** The anti-replay `g_nonce`: fresh and cryptographically random per request and per retry (docs/decisions.md). */
import { randomBytes } from 'node:crypto'

const NONCE_BYTES = 16
// Random bytes are drawn 4 KiB at a time (one call to the CSPRNG per 256 nonces instead of one per nonce); each
// byte is used for one nonce only.
const POOL_BYTES = 4096
let pool = Buffer.alloc(0)
let used = 0

/** 128 random bits as 32 hex characters; the spec does not fix a format, so we pick one any server accepts. */
export function newNonce(): string {
  if (used + NONCE_BYTES > pool.length) {
    pool = randomBytes(POOL_BYTES)
    used = 0
  }
  const nonce = pool.toString('hex', used, used + NONCE_BYTES)
  used += NONCE_BYTES
  return nonce
}
