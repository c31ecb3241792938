/** Words added for the new-user tour's findings (issue 31): the wizard's issues not shown yet, and the like. */
export default {
  orderTour: {
    issuesHidden: '1 more at a field not filled in yet. | {n} more at fields not filled in yet.',
    showAll: 'Show all',
  },
}
