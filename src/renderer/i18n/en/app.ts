/** English messages: the shell: app name, start-up, the browser-mode connection, header, screens still to come. */
export default {
  app: {
    name: 'License Desk',
    loading: 'Starting License Desk…',
    loadFailed: 'License Desk could not start',
    sandboxBadge: 'Sandbox: practice data',
    sandboxBadgeHint: 'You are working on the local sandbox. Nothing you do here reaches the real service.',
    keychainBanner: 'No system keychain: secrets are kept for this session only.',
    keychainBannerDetail: 'Secrets you enter are forgotten when License Desk closes. Install or unlock a Secret Service keyring (for example GNOME Keyring) to keep them.',
    dataIssue: 'A data file could not be read and was kept aside as {keptAs}: {problem}',
  },
  bridge: {
    unauthorizedTitle: 'This page is not connected to License Desk',
    unauthorizedBody: 'Its access key is missing, or no longer valid: License Desk makes a new one each time it starts.',
    unauthorizedStep1: 'Find the address License Desk printed when it started (in the terminal, it ends with #token=…).',
    unauthorizedStep2: 'Paste it into this tab’s address bar and press Enter. This tab then connects; no new tab is needed.',
    coreDown: "License Desk's core is not running: nothing is sent or saved until it is back.",
    coreDownSteps: "Start it again (npm start) and paste the address it prints into this tab's address bar: this tab connects again and keeps what you typed here. Reloading alone cannot connect, as each start makes a new access key.",
    reload: 'Reload',
  },
  header: {
    profile: 'Connection profile',
    switched: 'Now working on {name}.',
    manage: 'Manage connections',
  },
}
