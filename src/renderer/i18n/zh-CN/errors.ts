/** 简体中文 messages: field checks. */
import type en from '../en/errors'

const zhCN: typeof en = {
  validation: {
    required: '必填。',
    tooLong: '最多 {max} 个字符。',
    url: '请输入以 http:// 或 https:// 开头的地址。',
    invalid: '无效：{message}',
  },
}

export default zhCN
