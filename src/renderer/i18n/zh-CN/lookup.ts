/** 简体中文 messages: Assets: lookup of one asset number. */
import type en from '../en/lookup'

const zhCN: typeof en = {
  lookup: {
    problem: {
      spaces: '资产编号中间不含空格：请只输入一个编号。',
      characters: '资产编号只能包含字母、数字和半角标点。',
      length: '资产编号最多 64 个字符。',
    },
    placeholder: '资产编号，例如 8100000041',
    go: '查询',
    hint: '读取企业的资产列表、资产编号、借用锁以及该资产下的产品，并找出持有它的员工。',
    empty: '输入资产编号，查看其类型、客户、锁定状态、持有人、产品和借用情况。',
    failed: '查询失败',
    sourceFailed: '{source}未响应；下方显示其他来源的信息。',
    source: {
      virtualAsset: '虚拟资产列表',
      assetNumber: '资产编号列表',
      products: '产品列表',
      lentLocks: '借用锁列表',
    },
    notFound: '未找到资产 {num}',
    notFoundHint: '企业 {enterprise} 的各列表中都没有这个编号。请核对编号，或检查连接中的企业。',
    lockedYes: '是：已锁定（已禁用）',
    lockedNo: '否',
    holder: '持有人',
    noHolder: '未分配给员工',
    findingHolder: '正在查找员工……',
    nameHolderAgain: '重新查找员工',
    noDepartment: '无部门',
    holderUnknown: '企业中没有此 ID 的员工',
    holderNotSearched: '不在前 {n} 名员工中',
    online: '在线使用',
    onlineYes: '是',
    onlineNo: '否',
    lent: '借用',
    lentLockTo: '这是借用锁，已借给 {who}',
    lentLockFree: '这是借用锁，空闲（未借出）',
    entitlementsLent: '是：其授权已借入借用锁',
    borrowedLock: '这是借用锁',
    notLent: '否',
    products: '产品和商品包',
    productCount: '{n} 个产品',
    productsSkipped: '没有来源提供资产 ID，无法列出其产品。',
    productsFailed: '产品列表未响应（见上方）。',
    noProducts: '该资产下没有产品。',
    package: '商品包',
    trial: '试用',
    col: { name: '名称', code: '产品或商品包编号', nodes: '节点数', valid: '有效期', order: '授权订单' },
  },
}

export default zhCN
