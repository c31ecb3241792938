/** English messages: the "Keyboard shortcuts" dialog (the shortcuts' own words: src/shared/i18n/shortcut-words.ts). */
export default {
  shortcuts: {
    action: 'Action',
    keys: 'Keys',
    hint: 'Copy, paste, undo and select all work as everywhere. In a dialog, only the list of shortcuts opens.',
    withKeys: '{label} ({keys})',
  },
}
