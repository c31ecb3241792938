/** English messages: orders and the team workspace (who submitted an order, from which workstation). */
export default {
  workspaceOrders: {
    submittedBy: 'Submitted by {user} from {workstation}',
  },
}
