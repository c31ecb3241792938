/** Channels of connection profiles: where to connect, as whom; secrets only ever travel towards the keychain. */
import { z } from 'zod'
import { channel, idString, input, noInput, noOutput } from '../channel'
import { appErrorDataSchema } from '../../errors/app-error'

/** Secrets a profile can hold in the keychain. Pasted tokens stand in for credentials where users have them. */
export const SECRET_NAMES = [
  'orderAppSecret',
  'memberAppSecret',
  'userPassword',
  'orderAccessToken',
  'memberClientToken',
  'userToken',
] as const
export type SecretName = (typeof SECRET_NAMES)[number]
export const secretNameSchema = z.enum(SECRET_NAMES)

const httpUrl = z
  .string()
  .trim()
  .min(1)
  .max(2048)
  .refine((v) => {
    try {
      const u = new URL(v)
      return u.protocol === 'http:' || u.protocol === 'https:'
    } catch {
      return false
    }
  }, 'must be an http:// or https:// address')

const text = (max: number) => z.string().trim().max(max)

/** Whether an address names this machine (127.0.0.0/8, ::1, localhost): plain http never leaves it. */
export function isLoopbackUrl(raw: string): boolean {
  try {
    const host = new URL(raw).hostname.toLowerCase()
    return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host)
  } catch {
    return false
  }
}

/**
 * Whether an address would send credentials unencrypted to another machine: plain http:// to anything but this
 * machine. Such an address needs the profile's explicit consent (`allowInsecureHttp`).
 */
export function isInsecureRemoteUrl(raw: string): boolean {
  try {
    return new URL(raw.trim()).protocol === 'http:' && !isLoopbackUrl(raw.trim())
  } catch {
    return false
  }
}

/** The issue code of an insecure address without consent (see input-issues.ts). */
export const INSECURE_ADDRESS_ISSUE = 'insecureAddress'

/** The profile fields without defaults (the basis of both the full form and a partial update). */
const profileFieldShape = {
  name: z.string().trim().min(1).max(60),
  baseUrl: httpUrl,
  tokenUrl: z.union([httpUrl, z.literal('')]),
  orderAppKey: text(200),
  memberAppKey: text(200),
  userLogin: text(200),
  /** Default operatorIdentity for lock operations: the operator's name, mobile or e-mail. */
  operatorIdentity: text(200),
  /** The enterprise this profile usually works on; filled in by "find enterprise" or typed. */
  channelCode: text(100),
  channelCustomerId: text(100),
  enterpriseGlobalId: text(200),
  /**
   * "I accept sending credentials unencrypted": lets the address (and token endpoint) be plain http:// to another
   * machine. Off by default; the screen keeps a warning visible while it is on.
   */
  allowInsecureHttp: z.boolean(),
}

/**
 * Plain http only for this machine, unless the profile accepts sending credentials unencrypted: otherwise a field
 * error (code `insecureAddress`) on the address or token endpoint.
 */
export function checkAddressSecurity(
  v: { baseUrl?: string | undefined; tokenUrl?: string | undefined; allowInsecureHttp?: boolean | undefined },
  ctx: z.RefinementCtx,
  prefix: (string | number)[] = [],
): void {
  if (v.allowInsecureHttp) return
  for (const key of ['baseUrl', 'tokenUrl'] as const) {
    const url = v[key]
    if (url && isInsecureRemoteUrl(url)) {
      ctx.addIssue({
        code: 'custom',
        path: [...prefix, key],
        message: 'plain http:// to another machine sends credentials unencrypted: use https://, or accept it on the profile',
        params: { code: INSECURE_ADDRESS_ISSUE },
      })
    }
  }
}

/**
 * The profile fields as an object, without the cross-field address rule (views and the stored file extend it; a
 * stored profile is never refused on reading, only when it is used or changed).
 */
export const profileFieldsObject = z.object({
  ...profileFieldShape,
  tokenUrl: profileFieldShape.tokenUrl.default(''),
  orderAppKey: profileFieldShape.orderAppKey.default(''),
  memberAppKey: profileFieldShape.memberAppKey.default(''),
  userLogin: profileFieldShape.userLogin.default(''),
  operatorIdentity: profileFieldShape.operatorIdentity.default(''),
  channelCode: profileFieldShape.channelCode.default(''),
  channelCustomerId: profileFieldShape.channelCustomerId.default(''),
  enterpriseGlobalId: profileFieldShape.enterpriseGlobalId.default(''),
  allowInsecureHttp: profileFieldShape.allowInsecureHttp.default(false),
})

/** What a user types for a profile. The token endpoint may be left empty: `{baseUrl}/oauth/token` is used. */
export const profileFieldsSchema = profileFieldsObject.superRefine((v, ctx) => checkAddressSecurity(v, ctx))
export type ProfileFields = z.output<typeof profileFieldsObject>
/** Profile fields as given (defaults not yet applied). */
export type ProfileFieldsInput = z.input<typeof profileFieldsObject>

/** Fields of the built-in Sandbox profile a user may change; the rest is managed by the app. */
export const SANDBOX_EDITABLE_FIELDS = ['operatorIdentity', 'channelCode', 'channelCustomerId', 'enterpriseGlobalId'] as const satisfies readonly (keyof ProfileFields)[]
export type SandboxEditableField = (typeof SANDBOX_EDITABLE_FIELDS)[number]

export const profileKindSchema = z.enum(['sandbox', 'remote'])
export type ProfileKind = z.infer<typeof profileKindSchema>

/** A profile as the renderer sees it: fields, and whether each secret is set (never the secret). */
export const profileViewSchema = profileFieldsObject.extend({
  id: z.string(),
  kind: profileKindSchema,
  /** The built-in Sandbox profile cannot be deleted and its address is managed by the app. */
  builtIn: z.boolean(),
  secrets: z.record(secretNameSchema, z.boolean()),
  createdAt: z.number(),
  updatedAt: z.number(),
})
export type ProfileView = z.infer<typeof profileViewSchema>

const secretValue = z.string().min(1).max(8192)

export const profileCreateSchema = input({
  fields: profileFieldsObject.strict().superRefine((v, ctx) => checkAddressSecurity(v, ctx)),
  /** Secrets to store with the new profile; absent means not set. */
  secrets: z.partialRecord(secretNameSchema, secretValue).default({}),
})

/**
 * Fields to change; absent fields stay as they are (no defaults here, unlike `profileFieldsSchema.partial()`). The
 * address rule is checked by the core on the merged profile (a patch may change only one of the fields it reads).
 */
export const profileFieldsPatchSchema = z.object(profileFieldShape).partial().strict()
export type ProfileFieldsPatch = z.output<typeof profileFieldsPatchSchema>

export const profileUpdateSchema = input({
  id: idString,
  fields: profileFieldsPatchSchema,
})

export const setSecretSchema = input({
  id: idString,
  name: secretNameSchema,
  /** null removes the secret. */
  value: secretValue.nullable(),
})

export const profileListSchema = z.object({
  profiles: z.array(profileViewSchema),
  activeId: z.string(),
})
export type ProfileList = z.infer<typeof profileListSchema>

/** One step of a connection test. */
export const testStepSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('ok'), ms: z.number(), detail: z.string().optional() }),
  z.object({ status: z.literal('failed'), ms: z.number(), error: appErrorDataSchema }),
  z.object({ status: z.literal('skipped'), reason: z.string() }),
])
export type TestStep = z.infer<typeof testStepSchema>

/**
 * The test as a whole: allOk (every step worked), okWithSkips (nothing failed, some steps could not run),
 * someFailed, allFailed (nothing worked: the service unreachable, or every credential refused), nothingTested
 * (no credentials to try).
 */
export const TEST_SUMMARIES = ['allOk', 'okWithSkips', 'someFailed', 'allFailed', 'nothingTested'] as const
export type TestSummary = (typeof TEST_SUMMARIES)[number]

export const groupTestSchema = z.object({ token: testStepSchema, read: testStepSchema })
export const connectionTestSchema = z.object({
  profileId: z.string(),
  order: groupTestSchema,
  member: groupTestSchema,
  summary: z.enum(TEST_SUMMARIES),
  /** The summary as a headline in the language of the test (as the steps' details and reasons). */
  headline: z.string(),
})
export type ConnectionTest = z.infer<typeof connectionTestSchema>

const idInput = input({ id: idString })

export const profileChannels = {
  'profiles.list': channel(noInput, profileListSchema),
  'profiles.create': channel(profileCreateSchema, profileViewSchema),
  'profiles.update': channel(profileUpdateSchema, profileViewSchema),
  'profiles.delete': channel(idInput, noOutput),
  'profiles.activate': channel(idInput, profileListSchema),
  'profiles.setSecret': channel(setSecretSchema, profileViewSchema),
  'profiles.test': channel(idInput, connectionTestSchema),
}
