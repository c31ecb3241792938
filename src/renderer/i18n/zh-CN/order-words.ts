/** 简体中文 messages: a field's place in an order, the review page's and the history's sentences, the import template's file. */
import type en from '../en/order-words'

const zhCN: typeof en = {
  orderPlace: {
    entry: '条目 {n}',
    assetGroup: '资产组 {n}',
    product: '产品 {n}',
    package: '产品包 {n}',
    feature: '功能 {n}',
    attribute: '属性 {n}',
    item: {
      assetNos: '第 {n} 个资产编号',
      passwords: '第 {n} 个密码',
    },
    draftField: {
      key: '行标识',
      kind: '草稿类型',
      scope: '模板类型',
      whole: '整个草稿',
    },
  },
  orderIssue: {
    borrowedNotLock: '借用锁只适用于加密锁：此授权类型不是锁。请取消勾选或选择锁类型。',
  },
  orderReview: {
    years: '{n} 年',
    months: '{n} 个月',
    days: '{n} 天',
    noTimeLimit: '不限时长',
    nodes: '{n} 个节点',
    trial: '试用',
    unnamedProduct: '未命名产品',
    unnamedPackage: '未命名',
    package: '产品包 {name}',
    packageWith: '产品包 {name}（{inner}）',
    customerNotGiven: '未填写的客户',
    noProducts: '尚无产品',
    numbersMore: '{shown} 等（另 {more} 个）',
    sep: '，',
    semi: '；',
    buy: '为 {who} 开通 {what}：{list}',
    revokeAssets: '为 {who} 退订 {what}：{numbers}',
    revokeProducts: '从 {who} 的 {what}（{numbers}）退订：{list}',
  },
  orderImportFile: {
    name: '订单导入模板',
    sheet: '订单',
  },
}

export default zhCN
