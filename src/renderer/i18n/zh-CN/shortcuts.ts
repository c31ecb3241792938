/** 中文消息：“键盘快捷键”对话框（快捷键本身的文字：src/shared/i18n/shortcut-words.ts）。 */
export default {
  shortcuts: {
    action: '操作',
    keys: '按键',
    hint: '复制、粘贴、撤销和全选与其他软件相同。对话框打开时，只有快捷键列表可以打开。',
    withKeys: '{label}（{keys}）',
  },
}
