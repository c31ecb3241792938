/** Renewals: what expires in the customer book's enterprises, read in the background; renew into a draft; export. */
export { RenewalsService, type RenewalsDeps } from './service'
