import { describe, expect, it } from 'vitest'
import {
  EMPLOYEE_FIELDS,
  EMPLOYEE_TEMPLATE_HEADER,
  checkEmployeeRows,
  flagExistingAccounts,
  guessEmployeeMapping,
  missingEmployeeFields,
} from '@shared/members/employee-rows'

const rows = (...r: string[][]) => r.map((cells, i) => ({ line: i + 2, cells }))

describe('employee file columns', () => {
  it('finds columns by English or Chinese names, and reads the template’s bilingual header back', () => {
    expect(guessEmployeeMapping(['Account', 'Pwd', 'Full Name', 'x', '手机号'])).toEqual({ userName: 0, password: 1, name: 2, passwordMobile: 4 })
    expect(guessEmployeeMapping(['姓名', '账号', '初始密码', '部门ID'])).toEqual({ name: 0, userName: 1, password: 2, departmentId: 3 })
    const template = EMPLOYEE_FIELDS.map((f) => EMPLOYEE_TEMPLATE_HEADER[f])
    expect(guessEmployeeMapping(template)).toEqual({ userName: 0, password: 1, name: 2, departmentId: 3, remark: 4, passwordMobile: 5 })
    expect(missingEmployeeFields({ userName: 0 })).toEqual(['password', 'name'])
  })
})

describe('employee rows', () => {
  const header = ['账号', '密码', '姓名', '部门ID', '手机']
  const mapping = guessEmployeeMapping(header)

  it('checks every row with the member rules, by line, worded with the column header', () => {
    const out = checkEmployeeRows(
      header,
      rows(
        ['wang1', 'Start#2024', '王一', '', '138 0013 8000'],
        ['bad_name', 'Start#2024', '王二', '', ''],
        ['', '', '', '', ''],
        ['wang3', '123', '王三', '', ''],
        ['wang4', 'Start#2024', '王'.repeat(31), '', ''],
        ['wang5', 'Start#2024', '王五', 'dept', ''],
        ['WANG1', 'Start#2024', '重复', '', ''],
        ['wang6', 'Start#2024', '王六', '3', '12'],
      ),
      mapping,
      { locale: 'zh-CN' },
    )
    expect(out.map((r) => [r.line, r.member ? 'ok' : r.issue!.code])).toEqual([
      [2, 'ok'],
      [3, '10003'],
      [5, '50003'],
      [6, '30002'],
      [7, 'import.integer'],
      [8, 'import.duplicate'],
      [9, '10004'],
    ])
    expect(out[0]!.member).toEqual({ userName: 'wang1', password: 'Start#2024', name: '王一', passwordMobile: '13800138000' })
    expect(out[1]!.issue).toMatchObject({ column: '账号', message: '账号只能包含字母和数字' })
    expect(out[5]!.issue!.message).toContain('第 2 行')
  })

  it('flags accounts the enterprise already has', () => {
    const checked = checkEmployeeRows(header, rows(['ZhangSan', 'Start#2024', '张三', '', ''], ['new1', 'Start#2024', '新', '', '']), mapping)
    const existing = new Map([['zhangsan', { userName: 'zhangsan', name: '张三' }]])
    const out = flagExistingAccounts(checked, existing, header, mapping, 'en')
    expect(out[0]!.issue).toMatchObject({ line: 2, column: '账号', code: 'import.exists', message: 'The enterprise already has the account "ZhangSan" (张三): it is not sent.' })
    expect(out[1]!.member?.userName).toBe('new1')
  })
})
