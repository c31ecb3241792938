/** 简体中文 messages: field checks. */
import type en from '../en/errors'

const zhCN: typeof en = {
  validation: {
    required: '必填。',
    tooLong: '最多 {max} 个字符。',
    url: '请输入以 http:// 或 https:// 开头的地址。',
    invalid: '无效：{message}',
    insecureAddress: '这个 http:// 地址指向另一台机器：凭据会以明文在网络上传输。请改用 https://，或在下方勾选“允许以明文发送凭据”。',
  },
}

export default zhCN
