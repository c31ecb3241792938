/** 简体中文：客户簿没有内容时怎么办（客户选择器的空状态、沙箱的演示客户），以及在原先显示编号的地方显示客户名称。 */
import type en from '../en/book-hints'

const zhCN: typeof en = {
  bookHints: {
    picker: {
      bookEmpty: '此连接的客户簿还是空的。',
      noMatch: '客户簿中没有与“{query}”匹配的客户。您输入的内容将作为“{field}”保留，不会当作客户名称。',
      find: '在服务上查找…',
      add: '新增客户',
    },
    demo: {
      action: '添加沙箱的演示客户',
      hint: '沙箱有 {e} 个企业的 {n} 个演示客户（演示科技有限公司等）：添加到客户簿后即可在此选择。',
      added: '已将沙箱的 {n} 个演示客户添加到客户簿。',
      already: '沙箱的演示客户已在客户簿中。',
      failed: '无法添加演示客户：{error}',
    },
    drafts: {
      order: '订单 {number}',
    },
  },
}

export default zhCN
