/**
 * Every error the user can meet: the service's codes (spec: Errors) and the app's own, with their sentences. One
 * catalog for the renderer, the CLI, the client and the sandbox's default messages. `{name}` placeholders are filled
 * from the error's params.
 *
 * The English sentences are here and always in. Each other language has a table of its own with the same codes
 * (catalog-zh-CN.ts), added with addCatalogLanguage: a Node process adds them all at start (catalog-languages.ts,
 * imported by each entry), the renderer adds a language's with that language's messages (src/renderer/i18n), so
 * the first screen does not carry the language it does not show. A language not added reads English.
 */
import type { Locale } from '../i18n/locale'

/** Words in each language, for the small tables that keep both side by side. */
export interface CatalogEntry {
  en: string
  'zh-CN': string
}

/** Codes the licensing service documents. */
export const API_ERRORS = {
  '500': 'Network error on the service side; try again.',
  '13004': 'Parameter validation error.',
  '60000': 'The application token is incorrect, expired, or lacks permission for this resource.',
  '60005': 'The user login token is invalid.',
  '70001': 'Security check failed.',
  '40000': 'A required parameter is empty.',
  '40021': 'The employee list is empty.',
  '60013': 'At most 100 employees can be uploaded at a time.',
  '40008': 'The account is empty.',
  '40001': 'The password is empty.',
  '40009': 'The group id is empty.',
  '40022': 'The name is empty.',
  '50003': 'The password must be between {min} and {max} characters long.',
  '30002': 'The name is too long (at most 30 characters).',
  '30003': 'The remark is too long (at most 200 characters).',
  '10003': 'The account may contain only letters and digits.',
  '10004': 'The mobile number is invalid.',
  '40006': 'The enterprise suffix is empty.',
  '60009': 'This enterprise account may create at most {max} trial member accounts.',
  '60027': 'Some employees could not be added.',
  '80001': 'User center exception.',
  '60002': 'User not found.',
  '60017': 'The current account is not bound to an authorized customer.',
  '60024': 'Asset number not found.',
  '60023': 'The enterprise sub-account matched several employees.',
  '60025': 'The asset number belongs to a different customer.',
  '60026': 'The sub-account did not match an employee.',
  '60028': 'An asset number is configured more than once.',
  '33006': 'Not enough nodes.',
  '33003': 'The employee lacks permission.',
  '33007': 'Already lent to another lent lock.',
  '33008': 'The lent lock is in an abnormal state.',
  '33018': 'The lent lock is already lent to another employee.',
  '33009': 'The lend request failed.',
} as const satisfies Record<string, string>

export type ApiErrorCode = keyof typeof API_ERRORS

/** The app's own error codes: things that happen before, around or instead of a service answer. */
export const APP_ERRORS = {
  // {detail} is filled from the error's structured issues in the reader's language (src/shared/errors/input-issues.ts).
  'app.invalidInput': 'Please correct the input: {detail}',
  'app.network': 'Could not reach the service ({detail}). Check the address and the network, then try again.',
  'app.timeout': 'The service did not answer in time. Try again; if it keeps happening, check the network or raise the timeouts in Settings.',
  // A call's overall deadline (docs/decisions.md, "Deadlines"): failed (nothing was changed) or unknown (a change may have been made).
  'app.deadline': 'The service did not answer within {seconds} s, so the call was stopped. It failed and nothing was changed. Try again later; if it keeps happening, check the service and the network.',
  'app.deadlineUnknown': 'The service did not answer within {seconds} s, so the call was stopped. Its outcome is unknown: the change may or may not have been made. Sending the same change again is safe.',
  // Transport failures named for people (the connection test maps the low-level codes to these).
  'app.connectionRefused': 'Nothing answers at {host}: the service is not running there, or the port is wrong. Check the service address in Settings → Connections.',
  'app.hostNotFound': 'The name {host} could not be found. Check the spelling of the service address, and the network or DNS.',
  'app.hostUnreachable': '{host} cannot be reached from this computer. Check the network connection, VPN or proxy.',
  'app.connectTimeout': '{host} did not accept the connection in time. Check the address, the network and any firewall.',
  'app.connectionReset': 'The connection to {host} was cut before the service answered. Try again; if it keeps happening, check the network or proxy.',
  'app.tlsFailed': 'The secure connection to {host} failed: its certificate is not trusted or does not match the name. Check the address (https://), or ask the service administrator.',
  'app.insecureAddress': 'The address {url} would send the credentials unencrypted to another machine. Use https://, or tick "Send credentials unencrypted" on the profile.',
  'app.unauthorized': 'The service refused the credentials (HTTP {status}).',
  'app.tokenRequest': 'Could not get a token from the token endpoint: {detail}. Check the token endpoint, app key and secret in Settings → Connections.',
  'app.pastedTokenRejected': 'The service rejected {secret}. Paste a new one in Settings → Connections, or add the app secret so tokens can be issued.',
  'app.missingSecret': 'The connection is missing {secret}. Add it in Settings → Connections (edit the connection, Secrets), then try again.',
  'app.badResponse': 'The service answered in an unexpected form: {detail}',
  'app.httpStatus': 'The service answered with HTTP {status}.',
  'app.unknownApiCode': 'The service reported error {code}: {message}',
  'app.unknownOutcome': 'The outcome is unknown: the connection ended before the service answered. It will be checked before anything is resent.',
  'app.cancelled': 'Cancelled.',
  'app.passwordExpired': 'Not imported: the import stayed unfinished for more than {days} days, so the initial password was removed from this computer. Import this employee again.',
  'app.passwordNotKept': 'Not imported, and its initial password is no longer kept: it is removed once the import of an employee has ended, and without a system keychain it was kept in memory only, so a restart lost it. Import this employee again.',
  'app.dataDirBusy': 'The data folder is in use by License Desk {holder}: only one process at a time runs jobs and sends orders from it. Do this there, or close it and try again.',
  'app.jobRunning': 'The job is still running: pause or cancel it and wait for it to stop first.',
  'app.notFound': 'Not found: {what}',
  'app.conflict': 'Already exists: {what}',
  'app.readOnly': 'This cannot be changed: {what}',
  'app.keychainUnavailable': 'No system keychain is available: secrets are kept in memory for this session only.',
  'app.keychain': 'The system keychain failed: {detail}',
  'app.storage': 'Could not read or write the app data: {detail}',
  'app.sandboxUnavailable': 'The local sandbox could not be started: {detail}',
  'app.fileUnreadable': 'The file “{file}” could not be read: {detail}',
  'app.noEnterprise': 'The connection names no enterprise: set the enterprise global id, or the channel code and channel customer id, in Settings → Connections.',
  'app.enterpriseNotVisible': "The connection's employee login {login} belongs to enterprise {own}, so the service does not show it the asset numbers, employees or lent locks of enterprise {enterprise}. What the virtual asset list tells about the asset is shown; for the rest, use a connection whose employee login belongs to {enterprise}.",
  // The team workspace's shared drafts and order numbers (src/main/services/workspace/drafts.ts).
  'app.workspaceOffline': 'This needs the team workspace, which does not answer now ({detail}). Nothing was changed; try again when it is back.',
  'app.workspaceUnsynced': 'This draft has changes not yet on the team workspace (or a conflict to resolve first). Nothing was changed; try again in a moment.',
  'app.workspaceDraftSubmitted': 'This draft was already submitted by {who} from {workstation}. It is not sent again.',
  'app.workspaceDraftChanged': 'This draft was changed by {who} from {workstation} since this workstation last saw it. Look at their version, then try again.',
  'app.workspaceDraftInReview': 'This draft was already handed over for review by {who} from {workstation}.',
  'app.workspaceDraftNotYours': 'This draft is prepared by {who} on {workstation}: only they rename, remove or restore it, as the change reaches the whole team. To work on it yourself, open it and take a copy of your own.',
  'app.orderNumberReserved': 'Order number {number} is already reserved by {who} from {workstation} for another order. Choose another number.',
  // The draft store (src/main/services/drafts).
  'app.draftConflict': 'This draft was changed in another window or tab since you opened it. Load that version, or keep yours to replace it.',
  'app.draftRemoved': 'This draft was removed in another window or tab. Restore it from Drafts → Removed, or keep yours as a new draft.',
  'app.draftTooBig': 'This draft is too large to keep ({size} MB; at most {max} MB). Split the work into several drafts.',
  'app.draftInvalid': 'The draft “{name}” does not have the form its screen expects ({field}).',
  'app.draftRefused': 'The service refused this order, and the field its message names is unchanged: the same would be refused again. Change that field, or dismiss the refusal knowingly, then submit.',
  'app.draftFileNotOurs': 'This is not a License Desk drafts file. Nothing was imported.',
  'app.draftFileNewer': 'This file was made by a newer License Desk (format {version}). Update License Desk to import it. Nothing was imported.',
  'app.draftFileBadDraft': 'Draft {index} of this file (“{name}”) is damaged or of an unknown kind ({field}). Nothing was imported.',
  'app.draftFileTooBig': 'This file is too large to be a drafts file (at most {max} MB). Nothing was imported.',
  'app.openFileType': 'License Desk opens drafts files ({extensions}): “{file}” is not one. Nothing was opened.',
  'app.openFileEmpty': 'The drafts file “{file}” holds no drafts. Nothing was added.',
  'app.internal': 'Something went wrong inside the app. The details are in the log.',
  // Browser mode only: the page cannot reach the core, or the core refused the page's access key.
  'app.coreUnavailable': "License Desk's core is not running. Start it again (npm start) and paste the address it prints into this tab's address bar; what you typed here is kept.",
  'app.bridgeUnauthorized': 'This page has no valid access key for License Desk. Open the address printed by npm start.',
} as const satisfies Record<string, string>

export type AppErrorCode = keyof typeof APP_ERRORS

/** A code the catalog has sentences for. */
export type CatalogCode = ApiErrorCode | AppErrorCode
/** One language's sentences: one for each code of the catalog. */
export type CatalogSentences = Readonly<Record<CatalogCode, string>>

const ENGLISH: CatalogSentences = { ...API_ERRORS, ...APP_ERRORS }
const sentences: Partial<Record<Locale, CatalogSentences>> = { en: ENGLISH }

/** Adds a language's sentences (see the top of this file); adding one again replaces it. */
export function addCatalogLanguage(locale: Locale, table: CatalogSentences): void {
  sentences[locale] = table
}

/** Whether a language's sentences are in (English always is). */
export function hasCatalogLanguage(locale: Locale): boolean {
  return sentences[locale] !== undefined
}

export function isKnownApiCode(code: string): code is ApiErrorCode {
  return Object.hasOwn(API_ERRORS, code)
}

export function isAppErrorCode(code: string): code is AppErrorCode {
  return Object.hasOwn(APP_ERRORS, code)
}

/**
 * Params that carry an internal name (a secret's key) are shown in words, as the screens name the thing: the
 * catalog fills `{secret}` with "the order-group app secret", never "orderAppSecret".
 */
export const PARAM_TERMS: Record<string, Record<string, CatalogEntry>> = {
  secret: {
    orderAppSecret: { en: 'the order-group app secret', 'zh-CN': '订单组应用密钥' },
    memberAppSecret: { en: 'the member-group app secret', 'zh-CN': '成员组应用密钥' },
    userPassword: { en: 'the user password', 'zh-CN': '用户密码' },
    orderAccessToken: { en: 'the pasted order-group access token', 'zh-CN': '粘贴的订单组访问令牌' },
    memberClientToken: { en: 'the pasted member-group client token', 'zh-CN': '粘贴的成员组客户端令牌' },
    userToken: { en: 'the pasted user token', 'zh-CN': '粘贴的用户令牌' },
  },
}

/** Params with internal names replaced by their words in a language (see PARAM_TERMS). */
export function paramsInWords(params: Record<string, string | number>, locale: Locale): Record<string, string | number> {
  let out = params
  for (const [name, terms] of Object.entries(PARAM_TERMS)) {
    const v = params[name]
    if (typeof v === 'string' && Object.hasOwn(terms, v)) out = { ...out, [name]: terms[v]![locale] }
  }
  return out
}

/** Fills `{name}` placeholders; unknown names are left as they are so a missing param is visible, not silent. */
export function fillTemplate(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  )
}

/** The catalog text for a code in a language (English until that language is added), or undefined for an unknown code. */
export function catalogText(code: string, locale: Locale, params?: Record<string, string | number>): string | undefined {
  if (!isKnownApiCode(code) && !isAppErrorCode(code)) return undefined
  const table = sentences[locale] ?? ENGLISH
  return fillTemplate(table[code], params && paramsInWords(params, locale))
}
