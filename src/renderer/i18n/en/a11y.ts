/** English messages: names for screen readers where a widget shows no words of its own. */
export default {
  a11y: {
    pageSize: 'Rows per page',
    runProgress: 'Progress of the run',
    assignProgress: 'Progress of the assignment',
    auditProgress: 'Progress of the audit export',
  },
}
