/** Passwords are kept as salted SHA-256 hashes: users may type real-looking passwords even into a sandbox. */
import { createHash, randomBytes } from 'node:crypto'

export function newSalt(): string {
  return randomBytes(8).toString('hex')
}

export function hashPassword(password: string, salt: string): string {
  return createHash('sha256').update(salt).update('\u0000').update(password).digest('hex')
}

export function verifyPassword(password: string, salt: string, hash: string): boolean {
  return hashPassword(password, salt) === hash
}
