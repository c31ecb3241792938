/** 简体中文 messages: the main navigation. */
import type en from '../en/nav'

const zhCN: typeof en = {
  nav: {
    label: '主导航',
    orders: '订单',
    drafts: '草稿',
    locks: '加密锁',
    customers: '客户',
    assets: '资产',
    members: '成员',
    journal: '操作日志',
    settings: '设置',
    collapse: '收起导航',
    expand: '展开导航',
  },
}

export default zhCN
