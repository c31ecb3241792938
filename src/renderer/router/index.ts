/** The router: hash history, so the same build works from file:// in Electron and from the loopback server. */
import { createRouter, createWebHashHistory, type RouteRecordRaw, type Router } from 'vue-router'

/** All routes of the app. */
export const routes: RouteRecordRaw[] = [
  { path: '/', redirect: '/orders' },
  {
    path: '/orders',
    component: () => import('../views/orders/OrdersView.vue'),
    meta: { area: 'orders' },
    children: [
      { path: '', name: 'orders', component: () => import('../views/orders/wizard/StartPage.vue'), meta: { area: 'orders' } },
      { path: 'draft/:id', name: 'orders-draft', component: () => import('../views/orders/wizard/OrderWizard.vue'), props: true, meta: { area: 'orders' } },
      { path: 'history', name: 'orders-history', component: () => import('../views/orders/history/OrdersHistoryPanel.vue'), meta: { area: 'orders' } },
      { path: 'catalog', name: 'orders-catalog', component: () => import('../views/orders/catalog/CatalogPanel.vue'), meta: { area: 'orders' } },
      { path: 'renewals', name: 'orders-renewals', component: () => import('../views/orders/renewals/RenewalsPanel.vue'), meta: { area: 'orders' } },
    ],
  },
  {
    path: '/customers',
    component: () => import('../views/customers/CustomersView.vue'),
    meta: { area: 'customers' },
    children: [
      { path: '', redirect: '/customers/book' },
      { path: 'book', name: 'customers-book', component: () => import('../views/customers/BookSection.vue'), meta: { area: 'customers' } },
      { path: 'find', name: 'customers-find', component: () => import('../views/customers/FindSection.vue'), meta: { area: 'customers' } },
      { path: 'bind', name: 'customers-bind', component: () => import('../views/customers/BindSection.vue'), meta: { area: 'customers' } },
      { path: 'create', name: 'customers-create', component: () => import('../views/customers/CreateSection.vue'), meta: { area: 'customers' } },
      { path: 'update', name: 'customers-update', component: () => import('../views/customers/UpdateSection.vue'), meta: { area: 'customers' } },
    ],
  },
  { path: '/drafts', name: 'drafts', component: () => import('../views/drafts/DraftsView.vue'), meta: { area: 'drafts' } },
  { path: '/locks', name: 'locks', component: () => import('../views/locks/LocksView.vue'), meta: { area: 'locks' } },
  {
    path: '/assets',
    component: () => import('../views/assets/AssetsView.vue'),
    meta: { area: 'assets' },
    children: [
      { path: '', redirect: '/assets/list' },
      { path: 'list', name: 'assets-list', component: () => import('../views/assets/VirtualAssetsView.vue'), meta: { area: 'assets' } },
      { path: 'numbers', name: 'assets-numbers', component: () => import('../views/assets/ShellNumbersView.vue'), meta: { area: 'assets' } },
      { path: 'lookup', name: 'assets-lookup', component: () => import('../views/assets/LookupView.vue'), meta: { area: 'assets' } },
    ],
  },
  {
    path: '/members',
    component: () => import('../views/members/MembersView.vue'),
    meta: { area: 'members' },
    children: [
      { path: '', redirect: '/members/list' },
      { path: 'list', name: 'members-list', component: () => import('../views/members/MemberListView.vue'), meta: { area: 'members' } },
      { path: 'import', name: 'members-import', component: () => import('../views/members/MemberImportView.vue'), meta: { area: 'members' } },
      {
        path: 'numbers',
        name: 'members-numbers',
        component: () => import('../views/members/holdings/AssetNumbersView.vue'),
        meta: { area: 'members' },
        // The table's reading (seconds at 200,000 numbers) starts with the navigation, while the screen's code loads.
        beforeEnter: () => void import('../stores/holdings').then((m) => m.useHoldingsStore().open(), () => undefined),
      },
      { path: 'assign', name: 'members-assign', component: () => import('../views/members/holdings/BulkAssignView.vue'), meta: { area: 'members' } },
      { path: 'planner', name: 'members-planner', component: () => import('../views/members/planner/PlannerView.vue'), meta: { area: 'members' } },
      { path: 'lending', name: 'members-lending', component: () => import('../views/members/lending/LendingView.vue'), meta: { area: 'members' } },
      { path: 'offboard', name: 'members-offboard', component: () => import('../views/members/offboard/OffboardView.vue'), meta: { area: 'members' } },
    ],
  },
  { path: '/journal', name: 'journal', component: () => import('../views/journal/JournalView.vue'), meta: { area: 'journal' } },
  {
    path: '/settings',
    component: () => import('../views/settings/SettingsView.vue'),
    meta: { area: 'settings' },
    children: [
      { path: '', redirect: '/settings/general' },
      { path: 'general', name: 'settings-general', component: () => import('../views/settings/GeneralSettings.vue'), meta: { area: 'settings' } },
      {
        path: 'connections',
        name: 'settings-connections',
        component: () => import('../views/settings/ConnectionsSettings.vue'),
        meta: { area: 'settings' },
      },
      { path: 'workspace', name: 'settings-workspace', component: () => import('../views/settings/WorkspaceSettings.vue'), meta: { area: 'settings' } },
    ],
  },
  { path: '/:pathMatch(.*)*', redirect: '/orders' },
]

/** Creates the app's router. */
export function createAppRouter() {
  return createRouter({ history: createWebHashHistory(), routes })
}

/**
 * Follows an address given while the first route was still loading: the router listens to the address only once
 * its first navigation is done, and then writes that route's address over whatever came meanwhile (a draft's link
 * opened just after start landed on the start page). Set up before the router is installed. The address is read
 * from the navigation itself: `popstate` comes as the address changes, `hashchange` (its `newURL`) a task later, when
 * the router may already have written its route over it; both are heard until a task after the router is ready.
 */
export function followEarlyAddress(router: Router, win: Pick<Window, 'addEventListener' | 'removeEventListener' | 'location'> = window): void {
  let early: string | null = null
  const onPop = (): void => {
    early = win.location.hash
  }
  const onHash = (e: Event): void => {
    early = e instanceof HashChangeEvent ? new URL(e.newURL).hash : win.location.hash
  }
  win.addEventListener('popstate', onPop)
  win.addEventListener('hashchange', onHash)
  void router
    .isReady()
    .then(() => new Promise((r) => setTimeout(r, 0)))
    .finally(() => {
      win.removeEventListener('popstate', onPop)
      win.removeEventListener('hashchange', onHash)
      // Only a route's address ('#/…'): '#token=…' and '#code=…' are the bridge's.
      const path = early === null ? '' : early.replace(/^#/, '')
      if (path.startsWith('/') && path !== router.currentRoute.value.fullPath) void router.replace(path)
    })
}
