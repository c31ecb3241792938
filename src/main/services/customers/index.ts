export { CustomerBook, CUSTOMER_MIGRATIONS, REMOVED_CUSTOMER_DAYS, foldText, type CustomerFieldValues, type Merged } from './book'
export { CustomerService, type CustomerServiceDeps } from './service'
export { importCustomers, customersExportTable, customersFrom, customerTable } from './files'
