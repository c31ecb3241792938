/** 简体中文 messages: names for screen readers where a widget shows no words of its own. */
import type en from '../en/a11y'

const zhCN: typeof en = {
  a11y: {
    pageSize: '每页行数',
    runProgress: '任务进度',
    assignProgress: '分配进度',
    auditProgress: '审计导出进度',
  },
}

export default zhCN
