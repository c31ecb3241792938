/** 简体中文 messages of the renderer: the same files and keys as en/ (checked by the types and a unit test). */
import type { MessageSchema } from '../en'
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
import a11y from './a11y'
import revokePreview from './revoke-preview'
import openedFiles from './opened-files'
import tour from './tour'
import offboard from './offboard'
import renewals from './renewals'
import workspace from './workspace'
import exportsWords from './exports'

const zhCN: MessageSchema = { ...app, ...nav, ...common, ...errors, ...settings, ...assets, ...shellnums, ...lookup, ...locks, ...bulk, ...journal, ...members, ...holdings, ...planner, ...customers, ...drafts, ...catalog, ...orders, ...orderPickers, ...orderHistory, ...a11y, ...revokePreview, ...exportsWords, ...renewals, ...offboard, ...tour, ...openedFiles, ...workspace, ...workspaceOrders }
import bookHints from './book-hints'

const zhCN: MessageSchema = { ...app, ...nav, ...common, ...errors, ...settings, ...assets, ...shellnums, ...lookup, ...locks, ...bulk, ...journal, ...members, ...holdings, ...planner, ...customers, ...drafts, ...catalog, ...orders, ...orderPickers, ...orderHistory, ...a11y, ...revokePreview, ...exportsWords, ...renewals, ...offboard, ...tour, ...openedFiles, ...bookHints }
import orderWizard from './order-wizard'

const zhCN: MessageSchema = { ...app, ...nav, ...common, ...errors, ...settings, ...assets, ...shellnums, ...lookup, ...locks, ...bulk, ...journal, ...members, ...holdings, ...planner, ...customers, ...drafts, ...catalog, ...orders, ...orderPickers, ...orderHistory, ...a11y, ...revokePreview, ...exportsWords, ...renewals, ...offboard, ...tour, ...openedFiles, ...orderWizard }
import shortcuts from './shortcuts'

const zhCN: MessageSchema = { ...app, ...nav, ...common, ...errors, ...settings, ...assets, ...shellnums, ...lookup, ...locks, ...bulk, ...journal, ...members, ...holdings, ...planner, ...customers, ...drafts, ...catalog, ...orders, ...orderPickers, ...orderHistory, ...a11y, ...revokePreview, ...exportsWords, ...renewals, ...offboard, ...tour, ...openedFiles, ...shortcuts }

export default zhCN
