/**
 * Magic values: documented inputs that force outcomes otherwise hard to reach, like a payment provider's test
 * card numbers (docs/sandbox.md, "Magic values"). Seeded assets carry theirs in `Asset.magic`; the rest are here.
 */

/** A g_nonce starting with this answers error 500 for any of the 19 operations, touching nothing. */
export const NONCE_FORCE_500 = 'force-500'

/** Seeded lock numbers and the outcome each forces. */
export const MAGIC_LOCKS = {
  /** Disable/enable answers per-item status 3 (operation failed) for it. */
  status3: '8000000003',
  /** A disable/enable call that contains it answers error 500 and changes nothing. */
  error500: '8000000500',
  /** A borrowed lock whose lend always fails: 33009. */
  lend33009: '8000033009',
  /** A borrowed lock that is disabled: lending into it answers 33008 (lent lock state abnormal). */
  lend33008: '8000033008',
  /** A cloud account whose products have no nodes left: lending it answers 33006. */
  noNodes33006: '8000033006',
} as const

/** Employee userNames (and list keywords) that force an error. */
export const MAGIC_USER_NAMES = {
  /** Add (in userList), list (as keyword), edit, reset password, delete (the seeded employee): 80001. */
  userCenter80001: 'magic80001',
  /** Add (in userList) or list (as keyword): error 500. */
  error500: 'magic500',
  /** Configure assets of the seeded employee with this userName: 60023 (matched several employees). */
  several60023: 'magic60023',
} as const
