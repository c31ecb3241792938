/** English messages: exports under way (any screen's list written as a file). */
export default {
  exports: {
    titleCsv: 'Exporting to CSV',
    titleXlsx: 'Exporting to Excel',
    preparing: 'Preparing the rows…',
    progress: '{rows} of {total} rows written',
    cancelling: 'Cancelling…',
    cancel: 'Cancel',
    cancelled: 'Export cancelled. No file was saved.',
  },
}
