import { afterEach, describe, expect, it } from 'vitest'
import { createApp, h } from 'vue'
import { createRouter, createWebHashHistory, type Router } from 'vue-router'
import { followEarlyAddress } from '../../../../src/renderer/router'

/** A route's view: a plain render function. */
const page = (name: string) => () => h('div', name)
/**
 * The start route loads slowly (a lazy chunk): an address given meanwhile comes while the router is not listening.
 * `onLoaded` runs in the task the chunk arrives in, just before the router ends its first navigation.
 */
function appRouter(onLoaded: () => void = () => undefined, loading: () => Promise<unknown> = () => wait(30)): Router {
  return createRouter({
    history: createWebHashHistory(),
    routes: [
      { path: '/', redirect: '/orders' },
      {
        path: '/orders',
        component: () =>
          loading().then(() => {
            onLoaded()
            return page('start')
          }),
      },
      { path: '/orders/draft/:id', component: page('draft') },
    ],
  })
}
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms))

let unmount: (() => void) | null = null
afterEach(() => {
  unmount?.()
  unmount = null
  window.history.replaceState(null, '', '/')
})

/** Starts an app on `router`, gives an address with `give`, and waits until the router is ready and a while after. */
async function start(router: Router, follow: boolean, give: () => Promise<void>): Promise<Router> {
  window.history.replaceState(null, '', '/')
  if (follow) followEarlyAddress(router)
  const el = document.createElement('div')
  document.body.append(el)
  const app = createApp(() => h('div')).use(router)
  app.mount(el)
  unmount = () => app.unmount()
  await give()
  await router.isReady()
  await wait(50)
  return router
}
/**
 * A router whose start route loads until a draft's address has been given (its hashchange seen): the address
 * comes while the route loads, by the order of events, not by a race of two timers.
 */
function loadingUntilGiven(): { router: Router; give: () => Promise<void> } {
  let loaded = (): void => undefined
  const gate = new Promise<void>((r) => (loaded = r))
  return {
    router: appRouter(undefined, () => gate),
    give: async () => {
      const seen = new Promise((r) => window.addEventListener('hashchange', r, { once: true }))
      window.location.hash = '#/orders/draft/d1'
      await seen
      loaded()
    },
  }
}

describe('an address given while the first route loads', () => {
  it('is followed once the router is ready', async () => {
    const { router: r, give } = loadingUntilGiven()
    const router = await start(r, true, give)
    expect(router.currentRoute.value.fullPath).toBe('/orders/draft/d1')
    expect(window.location.hash).toBe('#/orders/draft/d1')
  })

  it('is lost without it (the router writes its first route over it)', async () => {
    const { router: r, give } = loadingUntilGiven()
    const router = await start(r, false, give)
    expect(router.currentRoute.value.fullPath).toBe('/orders')
  })
})

describe('an address given just as the first route ends', () => {
  it('is followed too (the page\'s hashchange comes after the router wrote its route: the address is read from the navigation itself)', async () => {
    // The address changes in the same task as the start route's chunk arrives, before the router ends.
    const router = appRouter(() => {
      window.location.hash = '#/orders/draft/d2'
    })
    await start(router, true, async () => undefined)
    expect(router.currentRoute.value.fullPath).toBe('/orders/draft/d2')
  })
})
