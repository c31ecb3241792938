/** 中文消息：订单向导的“编辑/核对”切换和字段旁的提示。 */
export default {
  orderWizard: {
    modes: '编辑或核对订单',
    packageProducts: '产品包里的产品不算在内：资产组自身至少需要一个产品（只有“退订资产”条目可以没有产品）。',
  },
}
