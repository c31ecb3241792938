/**
 * Connection profiles: where to connect and as whom. Fields live in `profiles.json`; secrets only in the vault.
 * The built-in Sandbox profile (id `sandbox`) is not stored as such: its address is the in-process sandbox's,
 * its credentials the public demo ones (src/shared/sandbox-demo.ts); only its working fields (operator,
 * enterprise) may be changed, and those changes are stored.
 */
import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { AppError } from '@shared/errors/app-error'
import { describeInputIssues, inputIssuesOf } from '@shared/errors/input-issues'
import {
  isInsecureRemoteUrl,
  profileFieldsObject,
  profileFieldsSchema,
  type ProfileFieldsInput,
  SANDBOX_EDITABLE_FIELDS,
  SECRET_NAMES,
  type SandboxEditableField,
  type ProfileFields,
  type ProfileFieldsPatch,
  type ProfileList,
  type ProfileView,
  type SecretName,
} from '@shared/ipc/channels/profiles'
import { SANDBOX_DEMO } from '@shared/sandbox-demo'
import type { ConnectionConfig } from '../api/connection'
import type { EventBus } from '../ipc/events'
import { rememberSecret } from './known-secrets'
import type { Logger } from './log'
import type { SandboxHost } from './sandbox-host'
import type { JsonFile, Storage } from './storage'
import type { Vault } from './vault'

/** Id of the built-in Sandbox profile. */
export const SANDBOX_PROFILE_ID = 'sandbox'

const SANDBOX_EDITABLE = SANDBOX_EDITABLE_FIELDS
type SandboxEditable = SandboxEditableField

/** Shown as the Sandbox profile's address while the sandbox is not running. */
const SANDBOX_PLACEHOLDER_URL = 'http://127.0.0.1'

const storedProfileSchema = profileFieldsObject.extend({
  id: z.string().min(1),
  createdAt: z.number(),
  updatedAt: z.number(),
})
type StoredProfile = z.output<typeof storedProfileSchema>

const sandboxOverridesSchema = z.object({
  operatorIdentity: z.string().optional(),
  channelCode: z.string().optional(),
  channelCustomerId: z.string().optional(),
  enterpriseGlobalId: z.string().optional(),
  updatedAt: z.number().optional(),
})

/** `profiles.json`: never a secret in it. */
export const profilesFileSchema = z.object({
  version: z.literal(1),
  activeId: z.string().min(1),
  profiles: z.array(storedProfileSchema),
  sandbox: sandboxOverridesSchema.default({}),
})
export type ProfilesFile = z.output<typeof profilesFileSchema>

const emptyFile = (): ProfilesFile => ({ version: 1, activeId: SANDBOX_PROFILE_ID, profiles: [], sandbox: {} })

/** The secrets the sandbox profile has by construction. */
const SANDBOX_SECRETS: Partial<Record<SecretName, string>> = {
  orderAppSecret: SANDBOX_DEMO.orderApp.clientSecret,
  memberAppSecret: SANDBOX_DEMO.memberApp.clientSecret,
  userPassword: SANDBOX_DEMO.user.password,
}

/**
 * Profile fields checked with the shared rules (the address rule included); a violation is `app.invalidInput`
 * with the issues under `fields.`, as the channel's own validation would report them.
 */
function checkedFields(input: ProfileFieldsInput): ProfileFields {
  const parsed = profileFieldsSchema.safeParse(input, { reportInput: true })
  if (parsed.success) return parsed.data
  const { issues, more } = inputIssuesOf(parsed.error.issues.map((i) => ({ ...i, path: ['fields', ...i.path] })))
  throw AppError.app('app.invalidInput', { detail: describeInputIssues(issues, more, 'en') }, { issues, retryable: false })
}

/** The address without trailing slashes (the spec's `{base_url}`). */
export function normalizeBaseUrl(url: string): string {
  return url.trim().replace(/\/+$/, '')
}

const sameName = (a: string, b: string): boolean => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase()

/** Create, edit, delete, switch profiles; build the ConnectionConfig the API client uses. */
export class ProfilesService {
  private readonly file: JsonFile<ProfilesFile>
  private chain: Promise<unknown> = Promise.resolve()

  constructor(
    private readonly deps: { storage: Storage; vault: Vault; events: EventBus; sandbox: SandboxHost; log: Logger; now?: () => number },
  ) {
    this.file = deps.storage.file('profiles.json', profilesFileSchema, emptyFile)
  }

  private now(): number {
    return (this.deps.now ?? Date.now)()
  }

  // Read-modify-write steps run one after another, so two quick changes never lose one another.
  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.chain.then(fn)
    this.chain = run.catch(() => undefined)
    return run
  }

  /** Reads the file; an active id that no longer exists falls back to the Sandbox profile. */
  private async load(): Promise<ProfilesFile> {
    const data = await this.file.read()
    if (data.activeId !== SANDBOX_PROFILE_ID && !data.profiles.some((p) => p.id === data.activeId)) {
      data.activeId = SANDBOX_PROFILE_ID
    }
    return data
  }

  /** All profiles (Sandbox first) and the active one. */
  async list(): Promise<ProfileList> {
    const data = await this.load()
    const views = [await this.sandboxView(data)]
    for (const p of data.profiles) views.push(await this.view(p))
    return { profiles: views, activeId: data.activeId }
  }

  /** The id of the active profile. */
  async activeId(): Promise<string> {
    return (await this.load()).activeId
  }

  /** One profile as the renderer sees it. */
  async get(id: string): Promise<ProfileView> {
    const data = await this.load()
    if (id === SANDBOX_PROFILE_ID) return this.sandboxView(data)
    return this.view(this.find(data, id))
  }

  /** Creates a profile and stores its secrets; on a keychain failure nothing of it is left behind. */
  create(input: ProfileFieldsInput, secrets: Partial<Record<SecretName, string>> = {}): Promise<ProfileView> {
    return this.serial(async () => {
      const fields = checkedFields(input)
      const data = await this.load()
      this.checkName(data, fields.name)
      const at = this.now()
      const profile: StoredProfile = { ...fields, baseUrl: normalizeBaseUrl(fields.baseUrl), id: randomUUID(), createdAt: at, updatedAt: at }
      data.profiles.push(profile)
      await this.file.write(data)
      try {
        for (const name of SECRET_NAMES) {
          const value = secrets[name]
          if (value !== undefined) await this.deps.vault.set(profile.id, name, rememberSecret(value))
        }
      } catch (err) {
        await this.deps.vault.deleteProfile(profile.id).catch(() => undefined)
        data.profiles = data.profiles.filter((p) => p.id !== profile.id)
        await this.file.write(data)
        throw err
      }
      this.deps.log.info('profile created', { profileId: profile.id })
      this.changed(data.activeId)
      return this.view(profile)
    })
  }

  /** Changes fields of a profile (absent fields stay). The Sandbox profile accepts only its working fields. */
  update(id: string, patch: ProfileFieldsPatch): Promise<ProfileView> {
    return this.serial(async () => {
      const data = await this.load()
      if (id === SANDBOX_PROFILE_ID) {
        // A form may send every field back: managed fields left as they are count as no change.
        const current = (await this.sandboxView(data)) as Record<string, unknown>
        const managed = Object.keys(patch).filter((k) => {
          const v = patch[k as keyof ProfileFieldsPatch]
          return !(SANDBOX_EDITABLE as readonly string[]).includes(k) && v !== undefined && v !== current[k]
        })
        if (managed.length > 0) {
          throw AppError.app('app.readOnly', { what: managed.join(', ') }, {
            issues: managed.map((k) => ({ path: `fields.${k}`, message: 'managed by the app for the Sandbox profile' })),
          })
        }
        for (const k of SANDBOX_EDITABLE) {
          const v = patch[k as SandboxEditable]
          if (v !== undefined) data.sandbox[k] = v
        }
        data.sandbox.updatedAt = this.now()
        await this.file.write(data)
        this.changed(data.activeId)
        return this.sandboxView(data)
      }
      const current = this.find(data, id)
      const merged = checkedFields({ ...pickFields(current), ...definedOnly(patch) })
      this.checkName(data, merged.name, id)
      const next: StoredProfile = { ...current, ...merged, baseUrl: normalizeBaseUrl(merged.baseUrl), updatedAt: this.now() }
      data.profiles = data.profiles.map((p) => (p.id === id ? next : p))
      await this.file.write(data)
      this.changed(data.activeId)
      return this.view(next)
    })
  }

  /** Deletes a profile and its secrets. The Sandbox profile cannot be deleted. */
  delete(id: string): Promise<void> {
    return this.serial(async () => {
      if (id === SANDBOX_PROFILE_ID) throw AppError.app('app.readOnly', { what: 'Sandbox' })
      const data = await this.load()
      this.find(data, id)
      data.profiles = data.profiles.filter((p) => p.id !== id)
      if (data.activeId === id) data.activeId = SANDBOX_PROFILE_ID
      await this.file.write(data)
      // Secrets go after the fields: a failure here leaves orphan secrets (logged), never a profile without them.
      await this.deps.vault.deleteProfile(id).catch((err: unknown) => this.deps.log.error('could not delete the secrets of a deleted profile', { profileId: id, error: err }))
      this.deps.log.info('profile deleted', { profileId: id })
      this.changed(data.activeId)
    })
  }

  /** Makes a profile the active one (persisted). */
  activate(id: string): Promise<ProfileList> {
    return this.serial(async () => {
      const data = await this.load()
      if (id !== SANDBOX_PROFILE_ID) this.find(data, id)
      if (data.activeId !== id) {
        data.activeId = id
        await this.file.write(data)
      }
      this.changed(id)
      const views = [await this.sandboxView(data)]
      for (const p of data.profiles) views.push(await this.view(p))
      return { profiles: views, activeId: id }
    })
  }

  /** Sets (or, with null, removes) one secret of a profile. The Sandbox profile's secrets are fixed. */
  setSecret(id: string, name: SecretName, value: string | null): Promise<ProfileView> {
    return this.serial(async () => {
      if (id === SANDBOX_PROFILE_ID) throw AppError.app('app.readOnly', { what: name })
      const data = await this.load()
      const profile = this.find(data, id)
      if (value === null) await this.deps.vault.delete(id, name)
      else await this.deps.vault.set(id, name, rememberSecret(value))
      this.changed(data.activeId)
      return this.view(profile)
    })
  }

  /** What the API client needs to reach a profile's service; for the Sandbox profile, starts the sandbox. */
  async connectionFor(profileId: string): Promise<ConnectionConfig> {
    const data = await this.load()
    if (profileId === SANDBOX_PROFILE_ID) {
      const baseUrl = normalizeBaseUrl(await this.deps.sandbox.ensure())
      const fields = this.sandboxFields(data, baseUrl)
      return {
        profileId,
        baseUrl,
        tokenUrl: fields.tokenUrl,
        orderAppKey: fields.orderAppKey,
        memberAppKey: fields.memberAppKey,
        userLogin: fields.userLogin,
        operatorIdentity: fields.operatorIdentity,
        getSecret: async (name) => rememberSecret(SANDBOX_SECRETS[name] ?? null),
      }
    }
    const p = this.find(data, profileId)
    const baseUrl = normalizeBaseUrl(p.baseUrl)
    // A profile stored before the rule existed may still name a plain http:// address elsewhere: nothing is sent
    // to it until the address is https:// or the profile accepts sending credentials unencrypted.
    if (!p.allowInsecureHttp) {
      const insecure = (['baseUrl', 'tokenUrl'] as const).find((k) => p[k] && isInsecureRemoteUrl(p[k]))
      if (insecure) {
        throw AppError.app('app.insecureAddress', { url: p[insecure] }, {
          issues: [{ path: `fields.${insecure}`, code: 'insecureAddress', message: 'plain http:// to another machine without consent' }],
          retryable: false,
        })
      }
    }
    const vault = this.deps.vault
    return {
      profileId,
      baseUrl,
      tokenUrl: p.tokenUrl || `${baseUrl}/oauth/token`,
      orderAppKey: p.orderAppKey,
      memberAppKey: p.memberAppKey,
      userLogin: p.userLogin,
      operatorIdentity: p.operatorIdentity,
      // Every secret read is remembered: the log and the journal hide it wherever it appears in text.
      getSecret: async (name) => rememberSecret(await vault.get(profileId, name)),
    }
  }

  private find(data: ProfilesFile, id: string): StoredProfile {
    const p = data.profiles.find((x) => x.id === id)
    if (!p) throw AppError.app('app.notFound', { what: id })
    return p
  }

  private checkName(data: ProfilesFile, name: string, exceptId?: string): void {
    const taken = sameName(name, 'Sandbox') || data.profiles.some((p) => p.id !== exceptId && sameName(p.name, name))
    if (taken) {
      throw AppError.app('app.conflict', { what: name.trim() }, {
        issues: [{ path: 'fields.name', message: 'a connection with this name already exists' }],
      })
    }
  }

  private sandboxFields(data: ProfilesFile, baseUrl: string): ProfileFields {
    const o = data.sandbox
    return {
      name: 'Sandbox',
      baseUrl,
      tokenUrl: `${baseUrl}${SANDBOX_DEMO.tokenPath}`,
      orderAppKey: SANDBOX_DEMO.orderApp.clientId,
      memberAppKey: SANDBOX_DEMO.memberApp.clientId,
      userLogin: SANDBOX_DEMO.user.username,
      operatorIdentity: o.operatorIdentity ?? SANDBOX_DEMO.user.username,
      channelCode: o.channelCode ?? SANDBOX_DEMO.channelCode,
      channelCustomerId: o.channelCustomerId ?? SANDBOX_DEMO.channelCustomerId,
      enterpriseGlobalId: o.enterpriseGlobalId ?? '',
      allowInsecureHttp: false,
    }
  }

  private async sandboxView(data: ProfilesFile): Promise<ProfileView> {
    const url = this.deps.sandbox.status().url
    const secrets = Object.fromEntries(SECRET_NAMES.map((n) => [n, SANDBOX_SECRETS[n] !== undefined])) as Record<SecretName, boolean>
    return {
      ...this.sandboxFields(data, url ? normalizeBaseUrl(url) : SANDBOX_PLACEHOLDER_URL),
      id: SANDBOX_PROFILE_ID,
      kind: 'sandbox',
      builtIn: true,
      secrets,
      createdAt: 0,
      updatedAt: data.sandbox.updatedAt ?? 0,
    }
  }

  private async view(p: StoredProfile): Promise<ProfileView> {
    // A keychain that fails must not hide the profile list: the flag reads "not set" and the failure is logged.
    const flags = await Promise.all(
      SECRET_NAMES.map((n) =>
        this.deps.vault.has(p.id, n).catch((err: unknown) => {
          this.deps.log.warn('could not read a secret flag from the keychain', { profileId: p.id, name: n, error: err })
          return false
        }),
      ),
    )
    const secrets = Object.fromEntries(SECRET_NAMES.map((n, i) => [n, flags[i] ?? false])) as Record<SecretName, boolean>
    return { ...pickFields(p), id: p.id, kind: 'remote', builtIn: false, secrets, createdAt: p.createdAt, updatedAt: p.updatedAt }
  }

  private changed(activeId: string): void {
    this.deps.events.emit('profiles.changed', { activeId })
  }
}

function pickFields(p: StoredProfile): ProfileFields {
  const { id: _id, createdAt: _c, updatedAt: _u, ...fields } = p
  return fields
}

function definedOnly<T extends object>(v: T): Partial<T> {
  return Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined)) as Partial<T>
}
