/** English messages: a file opened from outside the app (double-click, a second start, `license-desk open`). */
export default {
  openedFile: {
    title: 'Open “{file}”',
    holds: 'This drafts file holds 1 draft: | This drafts file holds {n} drafts:',
    ask: 'Add it to the drafts of the connection “{profile}”? | Add them to the drafts of the connection “{profile}”?',
    nothingReplaced: 'They are added as new drafts: nothing you have is replaced, and the screen you are on keeps its work.',
    refused: 'This file cannot be opened.',
    add: 'Add and open',
    cancel: 'Cancel',
    close: 'Close',
    added: 'Added 1 draft from {file}. | Added {n} drafts from {file}.',
    more: '… and {n} more',
    entries: '1 entry | {n} entries',
  },
}
