/**
 * What parsing an imported file (CSV, Excel, plain text) of lock numbers or employees gives: the rows that can
 * be sent, with their line in the file, and one clear issue per problem, in the user's language. The same
 * shapes cross IPC for the screens and are printed by the CLI.
 */
import { z } from 'zod'
import type { Locale } from '../i18n/locale'
import { fillTemplate } from '../errors/catalog'
import { newMemberSchema } from '../ipc/channels/bulk'

/** A problem with the file or one of its rows. `line` is 1-based (the spreadsheet's row number); 0: the file. */
export const importIssueSchema = z.object({
  line: z.number().int(),
  /** The column's header (or letter) when the problem is in one cell. */
  column: z.string().optional(),
  /** A service error code the value would get ('10003', '50003'...) or an import code ('import.duplicate'...). */
  code: z.string(),
  message: z.string(),
})
export type ImportIssue = z.output<typeof importIssueSchema>

export const lockImportSchema = z.object({
  /** Lock numbers to send, in file order, first occurrences only. */
  items: z.array(z.object({ value: z.string(), line: z.number().int() })),
  issues: z.array(importIssueSchema),
  /** The column read (header text or letter); null for plain text. */
  column: z.string().nullable(),
  /** Whether the first row was taken as a header. */
  header: z.boolean(),
  /** Rows in the file (header included). */
  rows: z.number().int(),
})
export type LockImport = z.output<typeof lockImportSchema>

export const employeeImportSchema = z.object({
  rows: z.array(z.object({ line: z.number().int(), member: newMemberSchema })),
  issues: z.array(importIssueSchema),
  /** Which file column each field came from. */
  columns: z.record(z.string(), z.string()),
  rowsInFile: z.number().int(),
})
export type EmployeeImport = z.output<typeof employeeImportSchema>

/** Import problems that are not a field rule of the service. */
export const IMPORT_MESSAGES = {
  'import.unsupported': { en: 'This file type cannot be read ({type}). Save it as .xlsx, .csv or .txt.', 'zh-CN': '无法读取此文件类型（{type}）。请另存为 .xlsx、.csv 或 .txt。' },
  'import.tooLarge': { en: 'The file is too large ({size} MB; at most {max} MB).', 'zh-CN': '文件过大（{size} MB；最多 {max} MB）。' },
  'import.tooManyRows': { en: 'The file has more than {max} rows.', 'zh-CN': '文件超过 {max} 行。' },
  'import.unreadable': { en: 'The file could not be read: {detail}', 'zh-CN': '无法读取文件：{detail}' },
  'import.empty': { en: 'The file has no rows.', 'zh-CN': '文件没有任何行。' },
  'import.noSheet': { en: 'The workbook has no sheet named "{sheet}".', 'zh-CN': '工作簿中没有名为“{sheet}”的工作表。' },
  'import.noColumn': { en: 'No column "{column}" in the file (columns: {columns}).', 'zh-CN': '文件中没有“{column}”列（现有列：{columns}）。' },
  'import.missingColumn': { en: 'The file has no {field} column (looked for: {names}).', 'zh-CN': '文件缺少 {field}列（可用列名：{names}）。' },
  'import.lockNumber': { en: 'Not a lock number: "{value}" (a lock number is 10 digits, the first 8 or 6).', 'zh-CN': '不是有效的锁号：“{value}”（锁号为 10 位数字，首位为 8 或 6）。' },
  'import.duplicateAccount': { en: 'The account "{value}" repeats line {first}: this row is not sent (line {first} is).', 'zh-CN': '账号“{value}”与第 {first} 行重复：此行不发送（发送第 {first} 行）。' },
  'import.duplicate': { en: '"{value}" repeats line {first}: it is sent once.', 'zh-CN': '“{value}”与第 {first} 行重复：只发送一次。' },
  'import.exists': { en: 'The enterprise already has the account "{value}" ({name}): it is not sent.', 'zh-CN': '企业中已有账号“{value}”（{name}）：不发送。' },
  'import.integer': { en: '{field} must be a whole number: "{value}"', 'zh-CN': '{field}必须是整数：“{value}”' },
} as const satisfies Record<string, Record<Locale, string>>
export type ImportMessageCode = keyof typeof IMPORT_MESSAGES

/** The sentence of an import problem in a language. */
export function importMessage(code: ImportMessageCode, locale: Locale, params: Record<string, string | number> = {}): string {
  return fillTemplate(IMPORT_MESSAGES[code][locale], params)
}
