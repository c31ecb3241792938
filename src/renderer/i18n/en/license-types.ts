/**
 * English messages: the 14 license types: their names (every screen), the groups the order wizard shows them in,
 * and how a sentence counts them ("10 stand-alone refillable locks"; the count picks the form).
 */
export default {
  licenseType: {
    normal_unrecover_usbkey: 'Stand-alone lock, non-refillable',
    normal_recover_usbkey: 'Stand-alone lock, refillable',
    normal_unrecover_lan_usbkey: 'Network lock, non-refillable',
    normal_recover_lan_usbkey: 'Network lock, refillable',
    identity_usbkey: 'Stand-alone identity lock',
    identity_lan_usbkey: 'Network identity lock',
    softkey: 'Stand-alone certificate',
    lan_softkey: 'Network certificate',
    product_entity: 'Product entity',
    cloud_account: 'Cloud account',
    cloud_customer: 'Enterprise cloud account license',
    cloud_personal: 'Personal cloud account license',
    lk_product_usbkey: 'Product lock',
    lk_auth_usbkey: 'Login lock',
  },
  licenseTypeGroup: {
    locks: 'Locks',
    networkLocks: 'Network locks',
    identityLocks: 'Identity locks',
    certificates: 'Certificates',
    cloud: 'Cloud licenses',
    productEntity: 'Product entity',
    keyAccountLocks: 'Key-account locks',
  },
  licenseTypeCount: {
    normal_unrecover_usbkey: '{n} stand-alone non-refillable lock | {n} stand-alone non-refillable locks',
    normal_recover_usbkey: '{n} stand-alone refillable lock | {n} stand-alone refillable locks',
    normal_unrecover_lan_usbkey: '{n} network non-refillable lock | {n} network non-refillable locks',
    normal_recover_lan_usbkey: '{n} network refillable lock | {n} network refillable locks',
    identity_usbkey: '{n} stand-alone identity lock | {n} stand-alone identity locks',
    identity_lan_usbkey: '{n} network identity lock | {n} network identity locks',
    softkey: '{n} stand-alone certificate | {n} stand-alone certificates',
    lan_softkey: '{n} network certificate | {n} network certificates',
    product_entity: '{n} product entity | {n} product entities',
    cloud_account: '{n} cloud account | {n} cloud accounts',
    cloud_customer: '{n} enterprise cloud account license | {n} enterprise cloud account licenses',
    cloud_personal: '{n} personal cloud account license | {n} personal cloud account licenses',
    lk_product_usbkey: '{n} key-account product lock | {n} key-account product locks',
    lk_auth_usbkey: '{n} key-account login lock | {n} key-account login locks',
    /** A type we have no words for (not chosen yet). */
    other: '{n} item | {n} items',
  },
}
