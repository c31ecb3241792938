/**
 * The 14 license types in the groups the wizard shows them (locks, network locks, identity locks, certificates,
 * cloud licenses, product entity, key-account locks), and how a review sentence counts them ("10 stand-alone
 * refillable locks"). Codes only: the words are i18n's `licenseType.*`, `licenseTypeGroup.*` and
 * `licenseTypeCount.*` (i18n/<locale>/license-types.ts); a type's name is `licenseTypeName` (models/format.ts).
 */
import { LICENSE_TYPES, type LicenseType } from '@shared/api/orders'
import type { Translate } from '../words'

export const LICENSE_TYPE_GROUPS = ['locks', 'networkLocks', 'identityLocks', 'certificates', 'cloud', 'productEntity', 'keyAccountLocks'] as const
export type LicenseTypeGroup = (typeof LICENSE_TYPE_GROUPS)[number]

/** The group each type is shown in. */
export const LICENSE_TYPE_GROUP: Record<LicenseType, LicenseTypeGroup> = {
  normal_unrecover_usbkey: 'locks',
  normal_recover_usbkey: 'locks',
  normal_unrecover_lan_usbkey: 'networkLocks',
  normal_recover_lan_usbkey: 'networkLocks',
  identity_usbkey: 'identityLocks',
  identity_lan_usbkey: 'identityLocks',
  softkey: 'certificates',
  lan_softkey: 'certificates',
  cloud_account: 'cloud',
  cloud_customer: 'cloud',
  cloud_personal: 'cloud',
  product_entity: 'productEntity',
  lk_product_usbkey: 'keyAccountLocks',
  lk_auth_usbkey: 'keyAccountLocks',
}

const isLicenseType = (type: string): type is LicenseType => (LICENSE_TYPES as readonly string[]).includes(type)

/** The groups with their types, in the order the select shows them. */
export function licenseTypeGroups(t: Translate): { group: LicenseTypeGroup; label: string; types: { value: LicenseType; label: string }[] }[] {
  return LICENSE_TYPE_GROUPS.map((group) => ({
    group,
    label: t(`licenseTypeGroup.${group}`),
    types: LICENSE_TYPES.filter((type) => LICENSE_TYPE_GROUP[type] === group).map((value) => ({ value, label: t(`licenseType.${value}`) })),
  }))
}

/** "10 stand-alone refillable locks" / "10 个单机可充值锁" ("10 items" for a type we have no words for). */
export function countedLicenses(type: string, n: number, t: Translate): string {
  return t(`licenseTypeCount.${isLicenseType(type) ? type : 'other'}`, { n }, n)
}
