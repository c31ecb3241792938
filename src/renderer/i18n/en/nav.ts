/** English messages: the main navigation. */
export default {
  nav: {
    label: 'Main navigation',
    orders: 'Orders',
    drafts: 'Drafts',
    locks: 'Locks',
    customers: 'Customers',
    assets: 'Assets',
    members: 'Members',
    journal: 'Journal',
    settings: 'Settings',
    collapse: 'Collapse navigation',
    expand: 'Expand navigation',
  },
}
