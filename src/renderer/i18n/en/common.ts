/** English messages: words every screen uses (buttons, states). */
export default {
  common: {
    retry: 'Try again',
    cancel: 'Cancel',
    save: 'Save',
    create: 'Create',
    edit: 'Edit',
    delete: 'Delete',
    close: 'Close',
    actions: 'Actions',
    yes: 'Yes',
    no: 'No',
    set: 'Set',
    notSet: 'Not set',
    ms: '{ms} ms',
    loading: 'Loading…',
    discard: 'Discard changes',
    keepEditing: 'Keep editing',
  },
}
