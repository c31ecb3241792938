/**
 * English messages of the renderer, one file per area. zh-CN/ must have exactly the same keys (the types and a
 * unit test check). vue-i18n syntax: `{name}` is a parameter; never write a bare `@`, `|`, `{` or `}` in a message.
 * A new area adds its file here and in zh-CN/index.ts.
 */
import app from './app'
import nav from './nav'
import common from './common'
import errors from './errors'
import settings from './settings'
import assets from './assets'
import shellnums from './shellnums'
import lookup from './lookup'
import locks from './locks'
import bulk from './bulk'
import journal from './journal'
import members from './members'
import holdings from './holdings'
import planner from './planner'
import customers from './customers'
import drafts from './drafts'
import catalog from './catalog'
import orders from './orders'
import orderPickers from './order-pickers'
import orderHistory from './order-history'
import workspaceOrders from './workspace-orders'
import workspaceDrafts from './workspace-drafts'
import a11y from './a11y'
import revokePreview from './revoke-preview'
import openedFiles from './opened-files'
import tour from './tour'
import offboard from './offboard'
import renewals from './renewals'
import workspace from './workspace'
import exportsWords from './exports'
import bookHints from './book-hints'
import orderWizard from './order-wizard'
import shortcuts from './shortcuts'
import licenseTypes from './license-types'
import orderWords from './order-words'

const en = { ...app, ...nav, ...common, ...errors, ...settings, ...assets, ...shellnums, ...lookup, ...locks, ...bulk, ...journal, ...members, ...holdings, ...planner, ...customers, ...drafts, ...catalog, ...orders, ...orderPickers, ...orderHistory, ...a11y, ...revokePreview, ...exportsWords, ...renewals, ...offboard, ...tour, ...openedFiles, ...workspace, ...workspaceOrders, ...workspaceDrafts, ...bookHints, ...orderWizard, ...shortcuts, ...licenseTypes, ...orderWords }

export default en

/** The shape every locale's messages must have. */
export type MessageSchema = typeof en
