/** 简体中文 messages: the shell: app name, start-up, the browser-mode connection, header, screens still to come. */
import type en from '../en/app'

const zhCN: typeof en = {
  app: {
    name: 'License Desk',
    loading: '正在启动 License Desk…',
    loadFailed: 'License Desk 无法启动',
    sandboxBadge: '沙箱：练习数据',
    sandboxBadgeHint: '当前使用本地沙箱。在这里的任何操作都不会发送到正式服务。',
    keychainBanner: '没有系统钥匙串：密钥仅在本次会话中保存。',
    keychainBannerDetail: '关闭 License Desk 后，输入的密钥将被遗忘。安装或解锁 Secret Service 钥匙串（例如 GNOME Keyring）即可长期保存。',
    dataIssue: '有一个数据文件无法读取，已另存为 {keptAs}：{problem}',
  },
  bridge: {
    unauthorizedTitle: '此页面未连接到 License Desk',
    unauthorizedBody: '访问密钥缺失或已失效：License Desk 每次启动都会生成新的密钥。',
    unauthorizedStep1: '找到 License Desk 启动时输出的地址（在终端中，以 #token=… 结尾）。',
    unauthorizedStep2: '将其粘贴到此标签页的地址栏并按回车。此标签页随即连接，无需新开标签页。',
    coreDown: 'License Desk 核心未在运行：恢复之前不会发送或保存任何内容。',
    coreDownSteps: '请重新启动（npm start），然后将其输出的地址粘贴到此标签页的地址栏：此标签页随即重新连接，并保留您在此处输入的内容。仅刷新页面无法连接，因为每次启动都会生成新的访问密钥。',
    reload: '刷新',
  },
  header: {
    profile: '连接配置',
    switched: '已切换到 {name}。',
    manage: '管理连接',
  },
}

export default zhCN
