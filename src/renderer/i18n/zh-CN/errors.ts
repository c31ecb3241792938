/** 简体中文 messages: field checks. */
import type en from '../en/errors'

const zhCN: typeof en = {
  errors: {
    invalidInput: '未被接受：{problems}。请更正后重新发送。',
    sep: '；',
    issue: {
      tooLong: '{field}：最多 {max} 个字符',
      tooShort: '{field}：至少 {min} 个字符',
      required: '{field}：必填',
      tooBig: '{field}：最多为 {max}',
      tooSmall: '{field}：至少为 {min}',
      invalid: '{field}：无效',
    },
    field: {
      assetNum: '资产编号',
      text: '搜索文字',
      size: '数量',
      operatorIdentity: '操作人标识',
      items: '锁号',
      name: '名称',
      baseUrl: '服务地址',
      tokenUrl: '令牌地址',
      enterpriseGlobalId: '企业全局 ID',
      extendCode: '扩展码',
      value: '该值',
    },
  },
  validation: {
    required: '必填。',
    tooLong: '最多 {max} 个字符。',
    url: '请输入以 http:// 或 https:// 开头的地址。',
    invalid: '无效：{message}',
  },
}

export default zhCN
