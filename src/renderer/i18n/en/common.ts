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
    atMost: 'At most {max} characters.',
    pasteTooLong: 'Not pasted: this field takes at most {max} characters, and the text pasted has {length}.',
    number: {
      empty: 'Enter a number.',
      notWhole: 'Enter a whole number (digits only).',
      tooSmall: 'At least {min}.',
      tooBig: 'At most {max}.',
    },
  },
}
