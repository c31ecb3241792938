/**
 * The asset numbers table's words, states and sorts (src/shared/holdings/numbers.ts). Its rows are filtered and
 * sorted in the core (src/main/services/holdings/table-view.ts); the page holds windows of them (number-windows.ts).
 */
export * from '@shared/holdings/numbers'
