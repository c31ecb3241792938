/** 中文：从应用外打开的文件（双击、再次启动、`license-desk open`）。 */
export default {
  openedFile: {
    title: '打开“{file}”',
    holds: '此草稿文件包含 {n} 个草稿：',
    ask: '添加到连接“{profile}”的草稿中吗？',
    nothingReplaced: '它们将作为新草稿添加：不会替换您已有的任何内容，当前页面的工作也保持不变。',
    refused: '无法打开此文件。',
    add: '添加并打开',
    cancel: '取消',
    close: '关闭',
    added: '已从 {file} 添加 {n} 个草稿。',
    more: '……另有 {n} 个',
    entries: '{n} 个条目',
  },
}
