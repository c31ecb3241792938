/** The CLI's own sentences, in both languages (errors come from the shared catalog). */
import type { Locale } from '@shared/i18n/locale'
import { fillTemplate } from '@shared/errors/catalog'
import { countsTemplate, type ItemOutcome } from '@shared/i18n/run-words'

// The counts of a run's summary, in the runs' one vocabulary (skipped: rows of the file kept back, and repeats).
const RUN_COUNTS: [ItemOutcome, string][] = [['done', 'ok'], ['failed', 'failed'], ['unknown', 'unknown'], ['cancelled', 'cancelled'], ['pending', 'pending'], ['notSent', 'skipped']]
// The counts of a bulk assignment's summary (failed: refused, blocked, call failed, unknown or skipped rows).
const ASSIGN_COUNTS: [ItemOutcome, string][] = [['done', 'done'], ['nothingToDo', 'nothing'], ['notSent', 'notSent'], ['failed', 'failed'], ['cancelled', 'cancelled']]

const TEXT = {
  noProfile: { en: 'No connection profile "{name}". Profiles: {names}', 'zh-CN': '没有名为“{name}”的连接。现有连接：{names}' },
  noItems: { en: 'Nothing to send: the file has no valid rows.', 'zh-CN': '没有可发送的内容：文件中没有有效的行。' },
  noOperator: { en: 'Set the operator with --operator (name, mobile or e-mail), or in the profile.', 'zh-CN': '请用 --operator 指定操作人（姓名、手机或邮箱），或在连接中设置。' },
  noEnterprise: { en: 'Set the enterprise with --enterprise <enterpriseGlobalId>, or in the profile.', 'zh-CN': '请用 --enterprise <enterpriseGlobalId> 指定企业，或在连接中设置。' },
  readFailed: { en: 'Could not read {file}: {detail}', 'zh-CN': '无法读取 {file}：{detail}' },
  badOut: { en: 'The results file must end in .csv, .xlsx or .json: {file}', 'zh-CN': '结果文件必须以 .csv、.xlsx 或 .json 结尾：{file}' },
  issues: { en: '{n} row(s) of the file not sent:', 'zh-CN': '文件中有 {n} 行未发送：' },
  line: { en: 'line {line}', 'zh-CN': '第 {line} 行' },
  more: { en: '… and {n} more (all in the results file)', 'zh-CN': '……另有 {n} 条（详见结果文件）' },
  summary: {
    en: `{kind}: ${countsTemplate(RUN_COUNTS, 'en')} ({total} items) in {seconds} s`,
    'zh-CN': `{kind}：${countsTemplate(RUN_COUNTS, 'zh-CN')}（共 {total} 项），用时 {seconds} 秒`,
  },
  wrote: { en: 'Results written to {file}', 'zh-CN': '结果已写入 {file}' },
  jobStopped: { en: 'The job stopped: {error}', 'zh-CN': '任务已停止：{error}' },
  resume: { en: 'Resume it with: license-desk call bulk.resume \'{"id":"{id}"}\'', 'zh-CN': '可用以下命令继续：license-desk call bulk.resume \'{"id":"{id}"}\'' },
  interrupted: { en: 'Paused: the calls in flight finished and nothing else was sent; {pending} item(s) are waiting.', 'zh-CN': '已暂停：进行中的调用已完成，未再发送其他内容；{pending} 项等待发送。' },
  shellDone: { en: '{n} asset number(s):', 'zh-CN': '{n} 个资产编号：' },
  shellUnknown: { en: 'The outcome of a request is unknown; asset numbers cannot be read back. See the journal.', 'zh-CN': '有请求结果未知，资产编号无法回查。请查看操作日志。' },
  groupOrder: { en: 'Order group', 'zh-CN': '订单组' },
  groupMember: { en: 'Member group', 'zh-CN': '成员组' },
  stepToken: { en: 'token', 'zh-CN': '令牌' },
  stepRead: { en: 'read', 'zh-CN': '读取' },
  testOk: { en: 'ok', 'zh-CN': '成功' },
  testFailed: { en: 'failed', 'zh-CN': '失败' },
  testSkipped: { en: 'skipped', 'zh-CN': '跳过' },
  kindDisable: { en: 'Disable locks', 'zh-CN': '禁用锁' },
  kindEnable: { en: 'Enable locks', 'zh-CN': '启用锁' },
  kindImport: { en: 'Import employees', 'zh-CN': '导入员工' },
  duplicateOf: { en: 'repeats line {line}', 'zh-CN': '与第 {line} 行重复' },
  reconciled: { en: 'confirmed by reading back', 'zh-CN': '已回查确认' },
  // members
  kindReset: { en: 'Reset passwords', 'zh-CN': '重置密码' },
  kindDelete: { en: 'Delete employees', 'zh-CN': '删除员工' },
  passwordsInMemory: {
    en: 'No system keychain: the passwords of this job are kept in memory only; if this command stops before the job ends, the employees not done yet end failed (password not kept) and go in the results file.',
    'zh-CN': '没有系统钥匙串：此任务的密码仅保存在内存中；如果本命令在任务结束前停止，尚未完成的员工将以失败（密码未保存）结束并写入结果文件。',
  },
  kindConfigure: { en: 'Assign asset numbers', 'zh-CN': '分配资产编号' },
  kindOffboard: { en: 'Offboard', 'zh-CN': '离职办理' },
  kindRenewals: { en: 'Renewals reading', 'zh-CN': '续费到期读取' },
  kindJob: { en: 'Job', 'zh-CN': '任务' },
  memberNotFound: { en: 'no employee "{ref}" in the enterprise', 'zh-CN': '企业中没有员工“{ref}”' },
  needMembers: { en: 'Name the employees (accounts or global ids), or give --file.', 'zh-CN': '请指定员工（账号或全局 ID），或使用 --file。' },
  needPassword: { en: 'Give the password with --password-stdin (piped in), or use --generate-password.', 'zh-CN': '请用 --password-stdin（从标准输入读取）提供密码，或使用 --generate-password。' },
  onePasswordWay: { en: 'Use either --password-stdin or --generate-password, not both.', 'zh-CN': '--password-stdin 与 --generate-password 只能选其一。' },
  passwordOnce: { en: 'Password (shown once, not kept anywhere): {password}', 'zh-CN': '密码（仅显示这一次，不会保存）：{password}' },
  needYes: { en: 'Deleting needs --yes when there is no terminal to ask on.', 'zh-CN': '没有可交互的终端时，删除需要加 --yes。' },
  askDeleteOne: { en: 'Delete the employee {name} ({account})?', 'zh-CN': '删除员工 {name}（{account}）？' },
  askDeleteMany: { en: 'Delete {n} employee(s)?', 'zh-CN': '删除 {n} 名员工？' },
  added: { en: 'Added {name} ({account}): {id}', 'zh-CN': '已添加 {name}（{account}）：{id}' },
  edited: { en: 'Saved {name} ({account})', 'zh-CN': '已保存 {name}（{account}）' },
  reset: { en: 'New password set for {name} ({account})', 'zh-CN': '已为 {name}（{account}）设置新密码' },
  deleted: { en: 'Deleted {name} ({account})', 'zh-CN': '已删除 {name}（{account}）' },
  readBack: { en: 'The answer was lost; reading the list back confirmed it was done.', 'zh-CN': '应答丢失；回查列表确认已完成。' },
  listPage: { en: 'Page {page} of {pages}: {shown} of {total} employee(s)', 'zh-CN': '第 {page} / {pages} 页：{shown} 名，共 {total} 名员工' },
  listAll: { en: '{shown} of {total} employee(s)', 'zh-CN': '{shown} 名，共 {total} 名员工' },
  online: { en: 'online', 'zh-CN': '在线' },
  fixProfile: {
    en: 'The service refused the connection’s credentials: fix the connection profile (Settings → Connections in the app), then run this again.',
    'zh-CN': '服务拒绝了该连接的凭据：请修正连接配置（应用中的“设置 → 连接”），然后重新运行。',
  },
  tryAgain: { en: 'This is a passing fault of the service: try again in a moment.', 'zh-CN': '这是服务的临时故障：请稍后重试。' },
  // asset numbers and lending
  planDry: { en: 'Dry run: nothing was sent. Run again with --apply to send these changes.', 'zh-CN': '试运行：未发送任何内容。加上 --apply 重新运行即可发送这些更改。' },
  planApplied: { en: 'Plan {id}: {done} cell(s) done, {nothing} already so, {failed} not done, of {total}.', 'zh-CN': '计划 {id}：共 {total} 项，已完成 {done}，原已符合 {nothing}，未完成 {failed}。' },
  assignSummary: {
    en: `${countsTemplate(ASSIGN_COUNTS, 'en')}, of {total} row(s) (see the lines below)`,
    'zh-CN': `共 {total} 行：${countsTemplate(ASSIGN_COUNTS, 'zh-CN')}（见下方各行）`,
  },
  moveSummary: {
    en: '{moved} moved, {half} withdrawn but not given (see below), {other} not moved, of {total}',
    'zh-CN': '共 {total} 项：已转移 {moved}，已收回但未分配 {half}（见下方），未转移 {other}',
  },
  lent: { en: 'Lent {assets} into {lock} for {employee}.', 'zh-CN': '已将 {assets} 借入 {lock}，借给 {employee}。' },
  lendReadBack: { en: 'The answer was lost; reading the lent locks back confirmed it was done.', 'zh-CN': '应答丢失；回查借用锁确认已完成。' },
  lockLent: { en: '{lock}: lent to {employee}; {assets}; since {since}', 'zh-CN': '{lock}：借给 {employee}；{assets}；借出时间 {since}' },
  lockFree: { en: '{lock}: free', 'zh-CN': '{lock}：空闲' },
  notRecorded: { en: 'not recorded on this computer', 'zh-CN': '本机无记录' },
  fromService: { en: 'not recorded here: the employee’s assets the service marks as lent', 'zh-CN': '本机无记录：服务标记为已借出的该员工资产' },
  noLocks: { en: 'The enterprise has no borrowed locks.', 'zh-CN': '该企业没有借用锁。' },
  promptSecret: { en: '{secret} (typing is hidden): ', 'zh-CN': '{secret}（输入内容不显示）：' },
  profileCreated: { en: 'Profile “{name}” created ({id}).', 'zh-CN': '已创建连接“{name}”（{id}）。' },
  secretsStored: { en: 'Stored in the keychain: {names}', 'zh-CN': '已存入钥匙串：{names}' },
  secretsInMemory: { en: 'Not stored (no system keychain here): kept in memory only while this command runs: {names}', 'zh-CN': '未保存（此处没有系统钥匙串）：仅在本命令运行期间保存在内存中：{names}' },
  secretSet: { en: '{secret} of “{name}” set.', 'zh-CN': '已设置“{name}”的{secret}。' },
  secretCleared: { en: '{secret} of “{name}” removed.', 'zh-CN': '已移除“{name}”的{secret}。' },
  activated: { en: '“{name}” is now the active profile.', 'zh-CN': '“{name}”现为当前连接。' },
  oneStdin: { en: 'Only one thing can be read from stdin: give the secrets with --secret or with --secrets-file -, not both.', 'zh-CN': '标准输入只能读取一项：请用 --secret 或 --secrets-file - 提供密钥，不要同时使用。' },
  badSecretsFile: { en: 'The secrets file must be a JSON object such as {"orderAppSecret": "…"}: {file}', 'zh-CN': '密钥文件必须是 JSON 对象，例如 {"orderAppSecret": "…"}：{file}' },
  inputTwice: { en: 'Give the input either as an argument or with --input-file, not both.', 'zh-CN': '请以参数或 --input-file 之一提供输入，不要同时使用。' },
  memoryVault: { en: 'Note: no system keychain here, so secrets last only while this command runs (LICENSE_DESK_VAULT=memory or no Secret Service).', 'zh-CN': '注意：此处没有系统钥匙串，密钥仅在本命令运行期间有效（LICENSE_DESK_VAULT=memory 或没有 Secret Service）。' },
  badWorkspace: { en: '--workspace: {problem}', 'zh-CN': '--workspace：{problem}' },
  noWorkspace: { en: 'No team workspace is set (Settings → Team workspace, or --workspace postgres://USER@HOST/DATABASE).', 'zh-CN': '尚未设置团队工作区（设置 → 团队工作区，或 --workspace postgres://用户@主机/数据库）。' },
  wsOnline: { en: 'Workspace {user}@{host}/{database} ({tls}): reachable.', 'zh-CN': '工作区 {user}@{host}/{database}（{tls}）：可连接。' },
  wsOffline: { en: 'Workspace {user}@{host}/{database} ({tls}): not reachable ({error}). Working on the local copy.', 'zh-CN': '工作区 {user}@{host}/{database}（{tls}）：无法连接（{error}）。正在使用本地副本。' },
  wsNotOwner: { en: 'The app has this data folder open and syncs it; shown as this folder has it.', 'zh-CN': '应用已打开此数据文件夹并负责同步；以下为此文件夹的当前状态。' },
  wsCounts: { en: 'Waiting to sync: {pending} change(s). Changed here and by a colleague, waiting for a choice: {conflicts}.', 'zh-CN': '等待同步：{pending} 项更改。本机与同事都改过、等待选择：{conflicts} 项。' },
  wsTls: { en: 'TLS', 'zh-CN': 'TLS 加密' },
  wsPlain: { en: 'unencrypted', 'zh-CN': '未加密' },
} as const satisfies Record<string, Record<Locale, string>>

export type CliText = keyof typeof TEXT

/** A CLI sentence in a language. */
export function t(key: CliText, locale: Locale, params: Record<string, string | number> = {}): string {
  return fillTemplate(TEXT[key][locale], params)
}
