/** 简体中文 messages: Assets: asset (shell) numbers. */
import type en from '../en/shellnums'

const zhCN: typeof en = {
  shellnums: {
    size: '数量',
    issue: '获取 {n} 个资产编号',
    issueAny: '获取资产编号',
    hint: '资产编号是服务签发的 10 位数字串：首位为地区标识（8 国内，6 新加坡）。每次最多 {max} 个（设置 → 常规 →“每次获取的资产编号数”）。每次请求都会记入操作日志，编号也会保存在本机。',
    sizeRange: '请输入 1 到 {max} 之间的整数。',
    sizeEmpty: '请输入要获取的数量（1 到 {max}）。',
    sizeTooBig: '每次最多 {max} 个。请分多次获取，或在“设置 → 常规”中调高“每次获取的资产编号数”。',
    confirmTitle: '获取资产编号',
    confirmBody: '向服务申请 {n} 个新的资产编号？编号一经签发不能退回。',
    confirmYes: '获取 {n} 个编号',
    issued: '已签发 {n} 个资产编号。',
    unsaved: '编号已签发，但未能保存到本机。请立即复制或导出；操作日志中也记录了此次请求。',
    loadFailed: '无法读取已签发的编号',
    empty: '本机尚未签发过资产编号。',
    batches: '本机签发记录',
    batchCount: '{n} 个编号',
    batchTitle: '{n} 个编号，签发于 {time}',
    copyAll: '全部复制',
    copied: '已复制 {n} 个编号。',
    copyFailed: '无法复制到剪贴板。',
    forget: '从列表中移除',
    forgetTitle: '从列表中移除',
    forgetBody: '从本机列表中移除这 {n} 个编号？编号仍然有效，操作日志也会保留此次请求。',
    forgetYes: '移除',
    sheetName: '资产编号',
    region: { domestic: '国内（8）', singapore: '新加坡（6）', unknown: '未知地区' },
    col: { n: '序号', number: '资产编号', region: '地区', issuedAt: '签发时间', profile: '连接' },
  },
}

export default zhCN
