/** 中文消息：正在进行的导出（任意界面的列表写成文件）。 */
export default {
  exports: {
    titleCsv: '正在导出为 CSV',
    titleXlsx: '正在导出为 Excel',
    preparing: '正在准备数据行…',
    progress: '已写入 {rows} / {total} 行',
    cancelling: '正在取消…',
    cancel: '取消',
    cancelled: '导出已取消，未保存任何文件。',
  },
}
