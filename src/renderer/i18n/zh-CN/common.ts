/** 简体中文 messages: words every screen uses (buttons, states). */
import type en from '../en/common'

const zhCN: typeof en = {
  common: {
    retry: '重试',
    loadFailed: '无法加载',
    cancel: '取消',
    save: '保存',
    create: '创建',
    edit: '编辑',
    delete: '删除',
    close: '关闭',
    actions: '操作',
    yes: '是',
    no: '否',
    set: '已设置',
    notSet: '未设置',
    ms: '{ms} 毫秒',
    loading: '加载中…',
    discard: '放弃修改',
    keepEditing: '继续编辑',
    atMost: '最多 {max} 个字符。',
    pasteTooLong: '未粘贴：此栏最多 {max} 个字符，而粘贴的文本有 {length} 个字符。',
    number: {
      empty: '请输入数量。',
      notWhole: '请输入整数（只能是数字）。',
      tooSmall: '至少为 {min}。',
      tooBig: '最多为 {max}。',
    },
  },
}

export default zhCN
