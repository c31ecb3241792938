/**
 * English messages: the order desk's words said outside a single screen: a field's place in an order ("Entry 3 ›
 * Asset group 1 › Product 2"), the review page's and the history's sentences of an entry, and the import
 * template's file. The models (src/renderer/models/orders) pick the keys; the words are only here.
 */
export default {
  orderPlace: {
    entry: 'Entry {n}',
    assetGroup: 'Asset group {n}',
    product: 'Product {n}',
    package: 'Package {n}',
    feature: 'Feature {n}',
    attribute: 'Attribute {n}',
    /** Items of a list of values, named by their place. */
    item: {
      assetNos: 'Asset number {n}',
      passwords: 'Password {n}',
    },
    /** Fields of a draft that are not the request's. */
    draftField: {
      key: 'Row id',
      kind: 'Kind of draft',
      scope: 'Template kind',
      whole: 'The whole draft',
    },
  },
  /** Sentences the shared rules word with technical details, said as the wizard would. */
  orderIssue: {
    borrowedNotLock: 'Lent lock applies only to locks: this license type is not a lock. Clear the flag or pick a lock type.',
  },
  orderReview: {
    years: '{n} year | {n} years',
    months: '{n} month | {n} months',
    days: '{n} day | {n} days',
    noTimeLimit: 'no time limit',
    nodes: '{n} node | {n} nodes',
    trial: 'trial',
    unnamedProduct: 'unnamed product',
    unnamedPackage: 'unnamed',
    package: 'package {name}',
    packageWith: 'package {name} ({inner})',
    customerNotGiven: 'a customer not given yet',
    noProducts: 'no products yet',
    numbersMore: '{shown} and {more} more',
    /** Between items of a list ("Product X, 5 nodes") and between products ("…; package Y"). */
    sep: ', ',
    semi: '; ',
    buy: '{what} for {who}: {list}',
    revokeAssets: 'Revoke {what} of {who}: {numbers}',
    revokeProducts: 'Revoke from {what} of {who} ({numbers}): {list}',
  },
  orderImportFile: {
    name: 'order-import-template',
    sheet: 'Orders',
  },
}
