/**
 * Every error the user can meet, in English and Simplified Chinese: the service's codes (spec: Errors) and
 * the app's own. One catalog for the renderer, the CLI, the client and the sandbox's default messages.
 * `{name}` placeholders are filled from the error's params.
 */
import type { Locale } from '../i18n/locale'

export interface CatalogEntry {
  en: string
  'zh-CN': string
}

/** Codes the licensing service documents. */
export const API_ERRORS = {
  '500': { en: 'Network error on the service side; try again.', 'zh-CN': '服务端网络错误，请重试。' },
  '13004': { en: 'Parameter validation error.', 'zh-CN': '参数校验错误。' },
  '60000': { en: 'The application token is incorrect, expired, or lacks permission for this resource.', 'zh-CN': '应用令牌不正确、已过期或缺少该资源的权限。' },
  '60005': { en: 'The user login token is invalid.', 'zh-CN': '用户登录令牌无效。' },
  '70001': { en: 'Security check failed.', 'zh-CN': '安全校验失败。' },
  '40000': { en: 'A required parameter is empty.', 'zh-CN': '参数为空。' },
  '40021': { en: 'The employee list is empty.', 'zh-CN': '员工列表为空。' },
  '60013': { en: 'At most 100 employees can be uploaded at a time.', 'zh-CN': '上传数量超过最大值 100。' },
  '40008': { en: 'The account is empty.', 'zh-CN': '账号为空。' },
  '40001': { en: 'The password is empty.', 'zh-CN': '密码为空。' },
  '40009': { en: 'The group id is empty.', 'zh-CN': '组 ID 为空。' },
  '40022': { en: 'The name is empty.', 'zh-CN': '姓名为空。' },
  '50003': { en: 'The password must be between {min} and {max} characters long.', 'zh-CN': '密码长度必须在 {min} 到 {max} 位之间。' },
  '30002': { en: 'The name is too long (at most 30 characters).', 'zh-CN': '姓名过长（最多 30 个字符）。' },
  '30003': { en: 'The remark is too long (at most 200 characters).', 'zh-CN': '备注过长（最多 200 个字符）。' },
  '10003': { en: 'The account may contain only letters and digits.', 'zh-CN': '账号只能包含字母和数字。' },
  '10004': { en: 'The mobile number is invalid.', 'zh-CN': '手机号不合法。' },
  '40006': { en: 'The enterprise suffix is empty.', 'zh-CN': '企业后缀为空。' },
  '60009': { en: 'This enterprise account may create at most {max} trial member accounts.', 'zh-CN': '该企业账号最多可创建 {max} 个试用成员账号。' },
  '60027': { en: 'Some employees could not be added.', 'zh-CN': '部分员工添加失败。' },
  '80001': { en: 'User center exception.', 'zh-CN': '用户中心异常。' },
  '60002': { en: 'User not found.', 'zh-CN': '用户不存在。' },
  '60017': { en: 'The current account is not bound to an authorized customer.', 'zh-CN': '当前账号未绑定授权客户。' },
  '60024': { en: 'Asset number not found.', 'zh-CN': '资产编号不存在。' },
  '60023': { en: 'The enterprise sub-account matched several employees.', 'zh-CN': '企业子账号匹配到多个员工。' },
  '60025': { en: 'The asset number belongs to a different customer.', 'zh-CN': '资产编号属于其他客户。' },
  '60026': { en: 'The sub-account did not match an employee.', 'zh-CN': '子账号未匹配到员工。' },
  '60028': { en: 'An asset number is configured more than once.', 'zh-CN': '资产编号重复配置。' },
  '33006': { en: 'Not enough nodes.', 'zh-CN': '节点数不足。' },
  '33003': { en: 'The employee lacks permission.', 'zh-CN': '员工权限不足。' },
  '33007': { en: 'Already lent to another lent lock.', 'zh-CN': '已借出到其他借用锁。' },
  '33008': { en: 'The lent lock is in an abnormal state.', 'zh-CN': '借用锁状态异常。' },
  '33018': { en: 'The lent lock is already lent to another employee.', 'zh-CN': '借用锁已借给其他员工。' },
  '33009': { en: 'The lend request failed.', 'zh-CN': '借用请求失败。' },
} as const satisfies Record<string, CatalogEntry>

export type ApiErrorCode = keyof typeof API_ERRORS

/** The app's own error codes: things that happen before, around or instead of a service answer. */
export const APP_ERRORS = {
  // {detail} is filled from the error's structured issues in the reader's language (src/shared/errors/input-issues.ts).
  'app.invalidInput': { en: 'Please correct the input: {detail}', 'zh-CN': '请更正输入：{detail}' },
  'app.network': { en: 'Could not reach the service ({detail}). Check the address and the network, then try again.', 'zh-CN': '无法连接服务（{detail}）。请检查地址和网络后重试。' },
  'app.timeout': { en: 'The service did not answer in time. Try again; if it keeps happening, check the network or raise the timeouts in Settings.', 'zh-CN': '服务未在规定时间内响应。请重试；如果反复出现，请检查网络或在“设置”中调大超时时间。' },
  // A call's overall deadline (docs/decisions.md, "Deadlines"): failed (nothing was changed) or unknown (a change may have been made).
  'app.deadline': { en: 'The service did not answer within {seconds} s, so the call was stopped. It failed and nothing was changed. Try again later; if it keeps happening, check the service and the network.', 'zh-CN': '服务未在 {seconds} 秒内应答，调用已停止。调用失败，未做任何更改。请稍后重试；如果反复出现，请检查服务和网络。' },
  'app.deadlineUnknown': { en: 'The service did not answer within {seconds} s, so the call was stopped. Its outcome is unknown: the change may or may not have been made. Sending the same change again is safe.', 'zh-CN': '服务未在 {seconds} 秒内应答，调用已停止。结果未知：更改可能已生效，也可能未生效。再次发送同一更改是安全的。' },
  // Transport failures named for people (the connection test maps the low-level codes to these).
  'app.connectionRefused': { en: 'Nothing answers at {host}: the service is not running there, or the port is wrong. Check the service address in Settings → Connections.', 'zh-CN': '{host} 上没有服务应答：服务未运行，或端口不对。请在“设置 → 连接”中检查服务地址。' },
  'app.hostNotFound': { en: 'The name {host} could not be found. Check the spelling of the service address, and the network or DNS.', 'zh-CN': '找不到主机名 {host}。请检查服务地址的拼写，以及网络或 DNS。' },
  'app.hostUnreachable': { en: '{host} cannot be reached from this computer. Check the network connection, VPN or proxy.', 'zh-CN': '本机无法访问 {host}。请检查网络连接、VPN 或代理。' },
  'app.connectTimeout': { en: '{host} did not accept the connection in time. Check the address, the network and any firewall.', 'zh-CN': '{host} 未在规定时间内接受连接。请检查地址、网络和防火墙。' },
  'app.connectionReset': { en: 'The connection to {host} was cut before the service answered. Try again; if it keeps happening, check the network or proxy.', 'zh-CN': '服务应答前与 {host} 的连接被中断。请重试；如果反复出现，请检查网络或代理。' },
  'app.tlsFailed': { en: 'The secure connection to {host} failed: its certificate is not trusted or does not match the name. Check the address (https://), or ask the service administrator.', 'zh-CN': '与 {host} 的安全连接失败：证书不受信任或与名称不符。请检查地址（https://），或联系服务管理员。' },
  'app.insecureAddress': { en: 'The address {url} would send the credentials unencrypted to another machine. Use https://, or tick "Send credentials unencrypted" on the profile.', 'zh-CN': '地址 {url} 会以明文将凭据发送到另一台机器。请改用 https://，或在连接配置中勾选“允许以明文发送凭据”。' },
  'app.unauthorized': { en: 'The service refused the credentials (HTTP {status}).', 'zh-CN': '服务拒绝了凭据（HTTP {status}）。' },
  'app.tokenRequest': { en: 'Could not get a token from the token endpoint: {detail}. Check the token endpoint, app key and secret in Settings → Connections.', 'zh-CN': '无法从令牌端点获取令牌：{detail}。请在“设置 → 连接”中检查令牌端点、应用 Key 和密钥。' },
  'app.pastedTokenRejected': { en: 'The service rejected {secret}. Paste a new one in Settings → Connections, or add the app secret so tokens can be issued.', 'zh-CN': '服务拒绝了{secret}。请在“设置 → 连接”中粘贴新的令牌，或填写应用密钥以便自动签发令牌。' },
  'app.missingSecret': { en: 'The connection is missing {secret}. Add it in Settings → Connections (edit the connection, Secrets), then try again.', 'zh-CN': '该连接未设置{secret}。请在“设置 → 连接”中编辑该连接并在“密钥”中填写，然后重试。' },
  'app.badResponse': { en: 'The service answered in an unexpected form: {detail}', 'zh-CN': '服务返回了无法识别的内容：{detail}' },
  'app.httpStatus': { en: 'The service answered with HTTP {status}.', 'zh-CN': '服务返回 HTTP {status}。' },
  'app.unknownApiCode': { en: 'The service reported error {code}: {message}', 'zh-CN': '服务返回错误 {code}：{message}' },
  'app.unknownOutcome': { en: 'The outcome is unknown: the connection ended before the service answered. It will be checked before anything is resent.', 'zh-CN': '结果未知：服务应答前连接已中断。重新发送前将先核对。' },
  'app.cancelled': { en: 'Cancelled.', 'zh-CN': '已取消。' },
  'app.passwordExpired': { en: 'Not imported: the import stayed unfinished for more than {days} days, so the initial password was removed from this computer. Import this employee again.', 'zh-CN': '未导入：导入超过 {days} 天未完成，初始密码已从本机删除。请重新导入该员工。' },
  'app.passwordNotKept': { en: 'Not imported, and its initial password is no longer kept: it is removed once the import of an employee has ended, and without a system keychain it was kept in memory only, so a restart lost it. Import this employee again.', 'zh-CN': '未导入，且其初始密码已不再保存：员工的导入结束后即删除；没有系统钥匙串时它只保存在内存中，重启后即丢失。请重新导入该员工。' },
  'app.dataDirBusy': { en: 'The data folder is in use by License Desk {holder}: only one process at a time runs jobs and sends orders from it. Do this there, or close it and try again.', 'zh-CN': '数据文件夹正被 License Desk {holder} 使用：同一时间只有一个进程可以用它运行任务和发送订单。请在那里操作，或将其关闭后重试。' },
  'app.jobRunning': { en: 'The job is still running: pause or cancel it and wait for it to stop first.', 'zh-CN': '任务仍在运行：请先暂停或取消，并等待其停止。' },
  'app.notFound': { en: 'Not found: {what}', 'zh-CN': '未找到：{what}' },
  'app.conflict': { en: 'Already exists: {what}', 'zh-CN': '已存在：{what}' },
  'app.readOnly': { en: 'This cannot be changed: {what}', 'zh-CN': '不可修改：{what}' },
  'app.keychainUnavailable': { en: 'No system keychain is available: secrets are kept in memory for this session only.', 'zh-CN': '系统钥匙串不可用：密钥仅在本次会话内保存在内存中。' },
  'app.keychain': { en: 'The system keychain failed: {detail}', 'zh-CN': '系统钥匙串出错：{detail}' },
  'app.storage': { en: 'Could not read or write the app data: {detail}', 'zh-CN': '无法读写应用数据：{detail}' },
  'app.sandboxUnavailable': { en: 'The local sandbox could not be started: {detail}', 'zh-CN': '无法启动本地沙箱：{detail}' },
  'app.fileUnreadable': { en: 'The file “{file}” could not be read: {detail}', 'zh-CN': '无法读取文件“{file}”：{detail}' },
  'app.noEnterprise': { en: 'The connection names no enterprise: set the enterprise global id, or the channel code and channel customer id, in Settings → Connections.', 'zh-CN': '该连接未指定企业：请在“设置 → 连接”中填写企业全局 ID，或渠道编码和渠道客户编号。' },
  'app.enterpriseNotVisible': { en: "The connection's employee login {login} belongs to enterprise {own}, so the service does not show it the asset numbers, employees or lent locks of enterprise {enterprise}. What the virtual asset list tells about the asset is shown; for the rest, use a connection whose employee login belongs to {enterprise}.", 'zh-CN': '该连接的员工账号 {login} 属于企业 {own}，服务不会向它提供企业 {enterprise} 的资产编号、员工或借用锁。已显示虚拟资产列表中的资产信息；其余信息请使用员工账号属于 {enterprise} 的连接查看。' },
  // The draft store (src/main/services/drafts).
  'app.draftConflict': { en: 'This draft was changed in another window or tab since you opened it. Load that version, or keep yours to replace it.', 'zh-CN': '自您打开后，此草稿已在其他窗口或标签页中被修改。请加载那个版本，或保留您的版本将其替换。' },
  'app.draftRemoved': { en: 'This draft was removed in another window or tab. Restore it from Drafts → Removed, or keep yours as a new draft.', 'zh-CN': '此草稿已在其他窗口或标签页中被删除。请在“草稿 → 已删除”中恢复，或将您的内容另存为新草稿。' },
  'app.draftTooBig': { en: 'This draft is too large to keep ({size} MB; at most {max} MB). Split the work into several drafts.', 'zh-CN': '草稿过大，无法保存（{size} MB，最多 {max} MB）。请拆分为多个草稿。' },
  'app.draftInvalid': { en: 'The draft “{name}” does not have the form its screen expects ({field}).', 'zh-CN': '草稿“{name}”的内容不符合其页面的格式（{field}）。' },
  'app.draftRefused': { en: 'The service refused this order, and the field its message names is unchanged: the same would be refused again. Change that field, or dismiss the refusal knowingly, then submit.', 'zh-CN': '服务拒绝了此订单，且其消息指出的字段未作修改：再次提交仍会被拒绝。请修改该字段，或在知情的情况下忽略此拒绝，然后再提交。' },
  'app.draftFileNotOurs': { en: 'This is not a License Desk drafts file. Nothing was imported.', 'zh-CN': '这不是 License Desk 草稿文件，未导入任何内容。' },
  'app.draftFileNewer': { en: 'This file was made by a newer License Desk (format {version}). Update License Desk to import it. Nothing was imported.', 'zh-CN': '此文件由更新版本的 License Desk 生成（格式 {version}）。请升级 License Desk 后再导入。未导入任何内容。' },
  'app.draftFileBadDraft': { en: 'Draft {index} of this file (“{name}”) is damaged or of an unknown kind ({field}). Nothing was imported.', 'zh-CN': '此文件中的第 {index} 个草稿（“{name}”）已损坏或类型未知（{field}）。未导入任何内容。' },
  'app.draftFileTooBig': { en: 'This file is too large to be a drafts file (at most {max} MB). Nothing was imported.', 'zh-CN': '文件过大，不是草稿文件（最多 {max} MB）。未导入任何内容。' },
  'app.openFileType': { en: 'License Desk opens drafts files ({extensions}): “{file}” is not one. Nothing was opened.', 'zh-CN': 'License Desk 只能打开草稿文件（{extensions}）：“{file}”不是草稿文件。未打开任何内容。' },
  'app.openFileEmpty': { en: 'The drafts file “{file}” holds no drafts. Nothing was added.', 'zh-CN': '草稿文件“{file}”中没有草稿。未添加任何内容。' },
  'app.internal': { en: 'Something went wrong inside the app. The details are in the log.', 'zh-CN': '应用内部出错，详情见日志。' },
  // Browser mode only: the page cannot reach the core, or the core refused the page's access key.
  'app.coreUnavailable': { en: "License Desk's core is not running. Start it again (npm start) and paste the address it prints into this tab's address bar; what you typed here is kept.", 'zh-CN': 'License Desk 核心未在运行。请重新启动（npm start），并将其输出的地址粘贴到此标签页的地址栏；您在此处输入的内容会保留。' },
  'app.bridgeUnauthorized': { en: 'This page has no valid access key for License Desk. Open the address printed by npm start.', 'zh-CN': '此页面没有有效的 License Desk 访问密钥。请打开 npm start 打印的地址。' },
} as const satisfies Record<string, CatalogEntry>

export type AppErrorCode = keyof typeof APP_ERRORS

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

/** The catalog text for a code in a language, or undefined for an unknown code. */
export function catalogText(code: string, locale: Locale, params?: Record<string, string | number>): string | undefined {
  const entry: CatalogEntry | undefined = isKnownApiCode(code)
    ? API_ERRORS[code]
    : isAppErrorCode(code)
      ? APP_ERRORS[code]
      : undefined
  return entry ? fillTemplate(entry[locale], params && paramsInWords(params, locale)) : undefined
}
