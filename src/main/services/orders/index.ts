/** Submitting orders: the outbox and history (store.ts), the sender and exactly-once (service.ts), exports. */
export { OrderStore, ORDER_MIGRATIONS, type StoredOrder, type OrderDetail } from './store'
export { OrderService, orderIssuesError, type OrderServiceDeps, type OrderProfileInfo } from './service'
export { ordersTable } from './export'
