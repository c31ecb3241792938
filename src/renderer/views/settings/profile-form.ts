/**
 * The profile form's model and rules, kept apart from the component so they can be tested: validation reuses the
 * shared zod schema (the same one the core applies) and maps its issues, and the core's, onto form fields in the
 * user's language.
 */
import type { z } from 'zod'
import {
  INSECURE_ADDRESS_ISSUE,
  isInsecureRemoteUrl,
  profileFieldsSchema,
  SECRET_NAMES,
  type ProfileFields,
  type ProfileFieldsPatch,
  type ProfileView,
  type SecretName,
  SANDBOX_EDITABLE_FIELDS as SHARED_SANDBOX_EDITABLE_FIELDS,
} from '@shared/ipc/channels/profiles'
import type { AppErrorData } from '@shared/errors/app-error'

/** The text fields of a profile, in form order. */
export const PROFILE_FIELD_NAMES = [
  'name',
  'baseUrl',
  'tokenUrl',
  'orderAppKey',
  'memberAppKey',
  'userLogin',
  'operatorIdentity',
  'channelCode',
  'channelCustomerId',
  'enterpriseGlobalId',
] as const satisfies readonly (keyof ProfileFields)[]
export type ProfileFieldName = (typeof PROFILE_FIELD_NAMES)[number]

/**
 * What the form edits: every text field as typed, and the consent to send credentials over plain http:// to
 * another machine (a switch, shown only where it matters, with a warning kept visible while it is on).
 */
export type ProfileFormModel = Record<ProfileFieldName, string> & { allowInsecureHttp: boolean }

/** Whether the form's addresses need the consent switch (plain http:// to another machine), or it is already on. */
export function needsInsecureConsent(model: ProfileFormModel): boolean {
  return model.allowInsecureHttp || isInsecureRemoteUrl(model.baseUrl) || (model.tokenUrl !== '' && isInsecureRemoteUrl(model.tokenUrl))
}

/** Fields of the built-in Sandbox a user may change (the contract's list; the rest is managed by the app). */
export const SANDBOX_EDITABLE_FIELDS: readonly ProfileFieldName[] = SHARED_SANDBOX_EDITABLE_FIELDS

/** App credentials shown first; the pasted tokens go under "Use pasted tokens instead". */
export const CREDENTIAL_SECRETS: readonly SecretName[] = ['orderAppSecret', 'memberAppSecret', 'userPassword']
export const TOKEN_SECRETS: readonly SecretName[] = ['orderAccessToken', 'memberClientToken', 'userToken']

/** Largest secret the core accepts (profiles.ts `secretValue`). */
export const SECRET_MAX = 8192

/** What the user chose to do with one secret. */
export type SecretEdit = { mode: 'keep' } | { mode: 'replace'; value: string } | { mode: 'clear' }
export type SecretEdits = Record<SecretName, SecretEdit>

/** Field name → message, for the form's error slots. */
export type FieldErrors = Partial<Record<ProfileFieldName | SecretName, string>>

/** The translate function of vue-i18n, as much of it as the rules need. */
export type Translate = (key: string, params?: Record<string, unknown>) => string

/** An empty form for a new profile. */
export function emptyForm(): ProfileFormModel {
  return { ...(Object.fromEntries(PROFILE_FIELD_NAMES.map((k) => [k, ''])) as Record<ProfileFieldName, string>), allowInsecureHttp: false }
}

/** The form filled from an existing profile. */
export function formFromProfile(p: ProfileView): ProfileFormModel {
  return {
    ...(Object.fromEntries(PROFILE_FIELD_NAMES.map((k) => [k, p[k] ?? ''])) as Record<ProfileFieldName, string>),
    allowInsecureHttp: p.allowInsecureHttp,
  }
}

/** Every secret left as it is. */
export function keepAllSecrets(): SecretEdits {
  return Object.fromEntries(SECRET_NAMES.map((n) => [n, { mode: 'keep' }])) as SecretEdits
}

/**
 * The secret edits to act on: with "Use pasted tokens instead" unticked, whatever was typed in the hidden token
 * fields is not sent (existing tokens stay as they are; tick the box to replace or clear them).
 */
export function visibleSecretEdits(edits: SecretEdits, tokensShown: boolean): SecretEdits {
  if (tokensShown) return edits
  const out = { ...edits }
  for (const n of TOKEN_SECRETS) out[n] = { mode: 'keep' }
  return out
}

function isFieldName(s: string): s is ProfileFieldName {
  return (PROFILE_FIELD_NAMES as readonly string[]).includes(s)
}

function isSecretName(s: string): s is SecretName {
  return (SECRET_NAMES as readonly string[]).includes(s)
}

const URL_FIELDS: readonly string[] = ['baseUrl', 'tokenUrl']

/** One zod issue as a sentence for the user. */
export function issueMessage(issue: z.core.$ZodIssue, t: Translate): string {
  const field = String(issue.path[issue.path.length - 1] ?? '')
  if (issue.code === 'custom' && issue.params?.['code'] === INSECURE_ADDRESS_ISSUE) return t('validation.insecureAddress')
  if (issue.code === 'too_small') return t('validation.required')
  if (issue.code === 'too_big') return t('validation.tooLong', { max: Number(issue.maximum) })
  if (URL_FIELDS.includes(field)) return t('validation.url')
  return t('validation.invalid', { message: issue.message })
}

/** Checks the form with the shared schema; on success returns the parsed (trimmed) fields. */
export function validateProfileForm(
  model: ProfileFormModel,
  t: Translate,
): { ok: true; fields: ProfileFields } | { ok: false; errors: FieldErrors } {
  const parsed = profileFieldsSchema.safeParse(model)
  if (parsed.success) return { ok: true, fields: parsed.data }
  const errors: FieldErrors = {}
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? '')
    // The first problem of a field is the one to fix first.
    if (isFieldName(key) && !errors[key]) errors[key] = issueMessage(issue, t)
  }
  return { ok: false, errors }
}

/** Checks the secrets being replaced (an empty replacement means "leave it", so only the length can be wrong). */
export function validateSecrets(edits: SecretEdits, t: Translate): FieldErrors {
  const errors: FieldErrors = {}
  for (const name of SECRET_NAMES) {
    const e = edits[name]
    if (e.mode === 'replace' && e.value.length > SECRET_MAX) errors[name] = t('validation.tooLong', { max: SECRET_MAX })
  }
  return errors
}

/** The secrets to send: replacements with a value, and clears (as null). */
export function secretChanges(edits: SecretEdits): Array<{ name: SecretName; value: string | null }> {
  const out: Array<{ name: SecretName; value: string | null }> = []
  for (const name of SECRET_NAMES) {
    const e = edits[name]
    if (e.mode === 'replace' && e.value !== '') out.push({ name, value: e.value })
    else if (e.mode === 'clear') out.push({ name, value: null })
  }
  return out
}

/** The secrets of a new profile (clears mean nothing there). */
export function secretsForCreate(edits: SecretEdits): Partial<Record<SecretName, string>> {
  const out: Partial<Record<SecretName, string>> = {}
  for (const c of secretChanges(edits)) if (c.value !== null) out[c.name] = c.value
  return out
}

/** Only the fields that changed; for the built-in Sandbox only the fields it lets users change. */
export function fieldPatch(original: ProfileView, next: ProfileFields): ProfileFieldsPatch {
  const patch: ProfileFieldsPatch = {}
  for (const k of PROFILE_FIELD_NAMES) {
    if (original.builtIn && !SANDBOX_EDITABLE_FIELDS.includes(k)) continue
    if (next[k] !== original[k]) patch[k] = next[k]
  }
  if (!original.builtIn && next.allowInsecureHttp !== original.allowInsecureHttp) patch.allowInsecureHttp = next.allowInsecureHttp
  return patch
}

/**
 * Field errors carried by a core error: `details.issues` paths like `fields.name` or `secrets.userToken`
 * (the core's own wording, as the core validated something the form did not). A name conflict lands on the name.
 */
export function errorsFromAppError(data: AppErrorData, t: Translate, describe: (d: AppErrorData) => string): FieldErrors {
  const errors: FieldErrors = {}
  for (const issue of data.details.issues ?? []) {
    const segments = issue.path.split('.')
    const key = segments.find((s) => isFieldName(s) || isSecretName(s))
    if (!key || errors[key as ProfileFieldName | SecretName]) continue
    errors[key as ProfileFieldName | SecretName] =
      data.code === 'app.conflict'
        ? describe(data)
        : issue.code === INSECURE_ADDRESS_ISSUE
          ? t('validation.insecureAddress')
          : t('validation.invalid', { message: issue.message })
  }
  return errors
}
