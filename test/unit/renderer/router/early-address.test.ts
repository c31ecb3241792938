import { afterEach, describe, expect, it } from 'vitest'
import { createApp, h } from 'vue'
import { createRouter, createWebHashHistory, type Router } from 'vue-router'
import { followEarlyAddress } from '../../../../src/renderer/router'

/** A route's view: a plain render function. */
const page = (name: string) => () => h('div', name)
/** The start route loads slowly (a lazy chunk): an address given meanwhile comes while the router is not listening. */
function appRouter(): Router {
  return createRouter({
    history: createWebHashHistory(),
    routes: [
      { path: '/', redirect: '/orders' },
      { path: '/orders', component: () => new Promise((r) => setTimeout(() => r(page('start')), 30)) },
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

async function start(follow: boolean): Promise<Router> {
  window.history.replaceState(null, '', '/')
  const router = appRouter()
  if (follow) followEarlyAddress(router)
  const el = document.createElement('div')
  document.body.append(el)
  const app = createApp(() => h('div')).use(router)
  app.mount(el)
  unmount = () => app.unmount()
  // A draft's address, given while the start route is still loading.
  await wait(5)
  window.location.hash = '#/orders/draft/d1'
  await router.isReady()
  await wait(50)
  return router
}

describe('an address given just as the first route ends', () => {
  it('is followed too (the page\'s hashchange comes after the router wrote its route: the address is read from the navigation itself)', async () => {
    window.history.replaceState(null, '', '/')
    const router = createRouter({
      history: createWebHashHistory(),
      routes: [
        { path: '/', redirect: '/orders' },
        // The address changes in the same task as the start route's chunk arrives, before the router ends.
        {
          path: '/orders',
          component: () =>
            new Promise((r) =>
              setTimeout(() => {
                window.location.hash = '#/orders/draft/d2'
                r(page('start'))
              }, 30),
            ),
        },
        { path: '/orders/draft/:id', component: page('draft') },
      ],
    })
    followEarlyAddress(router)
    const el = document.createElement('div')
    document.body.append(el)
    const app = createApp(() => h('div')).use(router)
    app.mount(el)
    unmount = () => app.unmount()
    await router.isReady()
    await wait(50)
    expect(router.currentRoute.value.fullPath).toBe('/orders/draft/d2')
  })
})

describe('an address given while the first route loads', () => {
  it('is followed once the router is ready', async () => {
    const router = await start(true)
    expect(router.currentRoute.value.fullPath).toBe('/orders/draft/d1')
    expect(window.location.hash).toBe('#/orders/draft/d1')
  })

  it('is lost without it (the router writes its first route over it)', async () => {
    const router = await start(false)
    expect(router.currentRoute.value.fullPath).toBe('/orders')
  })
})
