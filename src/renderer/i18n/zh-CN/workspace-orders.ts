/** 简体中文 messages: orders and the team workspace (who submitted an order, from which workstation). */
export default {
  workspaceOrders: {
    submittedBy: '由 {user} 在 {workstation} 提交',
  },
}
