/**
 * The 14 license types in plain words, both languages, in the groups the wizard shows them (locks, network
 * locks, identity locks, certificates, cloud licenses, product entity, key-account locks), and the noun a review
 * sentence counts them with ("10 stand-alone refillable locks"). The technical name is shown beside the words.
 * The labels are the Assets screens' words (i18n licenseType.*), kept here too for the sentences, which are built
 * outside components.
 */
import { LICENSE_TYPES, type LicenseType } from '@shared/api/orders'
import type { Locale } from '@shared/i18n/locale'

export const LICENSE_TYPE_GROUPS = ['locks', 'networkLocks', 'identityLocks', 'certificates', 'cloud', 'productEntity', 'keyAccountLocks'] as const
export type LicenseTypeGroup = (typeof LICENSE_TYPE_GROUPS)[number]

interface TypeWords {
  group: LicenseTypeGroup
  /** The type's name (a label). */
  label: Record<Locale, string>
  /** What one item of the type is called in a sentence: singular and plural (English), measure word (Chinese). */
  noun: { en: [string, string]; 'zh-CN': string }
}

export const LICENSE_TYPE_WORDS: Record<LicenseType, TypeWords> = {
  normal_unrecover_usbkey: {
    group: 'locks',
    label: { en: 'Stand-alone lock, non-refillable', 'zh-CN': '单机锁（不可充值）' },
    noun: { en: ['stand-alone non-refillable lock', 'stand-alone non-refillable locks'], 'zh-CN': '个单机不可充值锁' },
  },
  normal_recover_usbkey: {
    group: 'locks',
    label: { en: 'Stand-alone lock, refillable', 'zh-CN': '单机锁（可充值）' },
    noun: { en: ['stand-alone refillable lock', 'stand-alone refillable locks'], 'zh-CN': '个单机可充值锁' },
  },
  normal_unrecover_lan_usbkey: {
    group: 'networkLocks',
    label: { en: 'Network lock, non-refillable', 'zh-CN': '网络锁（不可充值）' },
    noun: { en: ['network non-refillable lock', 'network non-refillable locks'], 'zh-CN': '个网络不可充值锁' },
  },
  normal_recover_lan_usbkey: {
    group: 'networkLocks',
    label: { en: 'Network lock, refillable', 'zh-CN': '网络锁（可充值）' },
    noun: { en: ['network refillable lock', 'network refillable locks'], 'zh-CN': '个网络可充值锁' },
  },
  identity_usbkey: {
    group: 'identityLocks',
    label: { en: 'Stand-alone identity lock', 'zh-CN': '单机身份锁' },
    noun: { en: ['stand-alone identity lock', 'stand-alone identity locks'], 'zh-CN': '个单机身份锁' },
  },
  identity_lan_usbkey: {
    group: 'identityLocks',
    label: { en: 'Network identity lock', 'zh-CN': '网络身份锁' },
    noun: { en: ['network identity lock', 'network identity locks'], 'zh-CN': '个网络身份锁' },
  },
  softkey: {
    group: 'certificates',
    label: { en: 'Stand-alone certificate', 'zh-CN': '单机证书' },
    noun: { en: ['stand-alone certificate', 'stand-alone certificates'], 'zh-CN': '个单机证书' },
  },
  lan_softkey: {
    group: 'certificates',
    label: { en: 'Network certificate', 'zh-CN': '网络证书' },
    noun: { en: ['network certificate', 'network certificates'], 'zh-CN': '个网络证书' },
  },
  cloud_account: {
    group: 'cloud',
    label: { en: 'Cloud account', 'zh-CN': '云账号' },
    noun: { en: ['cloud account', 'cloud accounts'], 'zh-CN': '个云账号' },
  },
  cloud_customer: {
    group: 'cloud',
    label: { en: 'Enterprise cloud account license', 'zh-CN': '企业云账号授权' },
    noun: { en: ['enterprise cloud account license', 'enterprise cloud account licenses'], 'zh-CN': '份企业云账号授权' },
  },
  cloud_personal: {
    group: 'cloud',
    label: { en: 'Personal cloud account license', 'zh-CN': '个人云账号授权' },
    noun: { en: ['personal cloud account license', 'personal cloud account licenses'], 'zh-CN': '份个人云账号授权' },
  },
  product_entity: {
    group: 'productEntity',
    label: { en: 'Product entity', 'zh-CN': '产品实体' },
    noun: { en: ['product entity', 'product entities'], 'zh-CN': '个产品实体' },
  },
  lk_product_usbkey: {
    group: 'keyAccountLocks',
    label: { en: 'Product lock', 'zh-CN': '产品锁' },
    noun: { en: ['key-account product lock', 'key-account product locks'], 'zh-CN': '个产品锁' },
  },
  lk_auth_usbkey: {
    group: 'keyAccountLocks',
    label: { en: 'Login lock', 'zh-CN': '登录锁' },
    noun: { en: ['key-account login lock', 'key-account login locks'], 'zh-CN': '个登录锁' },
  },
}

export const LICENSE_GROUP_LABELS: Record<LicenseTypeGroup, Record<Locale, string>> = {
  locks: { en: 'Locks', 'zh-CN': '加密锁' },
  networkLocks: { en: 'Network locks', 'zh-CN': '网络锁' },
  identityLocks: { en: 'Identity locks', 'zh-CN': '身份锁' },
  certificates: { en: 'Certificates', 'zh-CN': '证书' },
  cloud: { en: 'Cloud licenses', 'zh-CN': '云授权' },
  productEntity: { en: 'Product entity', 'zh-CN': '产品实体' },
  keyAccountLocks: { en: 'Key-account locks', 'zh-CN': '大客户锁' },
}

/** The groups with their types, in the order the select shows them. */
export function licenseTypeGroups(locale: Locale): { group: LicenseTypeGroup; label: string; types: { value: LicenseType; label: string }[] }[] {
  return LICENSE_TYPE_GROUPS.map((group) => ({
    group,
    label: LICENSE_GROUP_LABELS[group][locale],
    types: LICENSE_TYPES.filter((t) => LICENSE_TYPE_WORDS[t].group === group).map((value) => ({ value, label: LICENSE_TYPE_WORDS[value].label[locale] })),
  }))
}

export function licenseTypeLabel(type: string, locale: Locale): string {
  return (LICENSE_TYPES as readonly string[]).includes(type) ? LICENSE_TYPE_WORDS[type as LicenseType].label[locale] : type
}

/** "10 stand-alone refillable locks" / "10 个单机可充值锁". */
export function countedLicenses(type: string, n: number, locale: Locale): string {
  if (!(LICENSE_TYPES as readonly string[]).includes(type)) {
    return locale === 'en' ? `${n} ${n === 1 ? 'item' : 'items'}` : `${n} 项`
  }
  const noun = LICENSE_TYPE_WORDS[type as LicenseType].noun
  return locale === 'en' ? `${n} ${noun.en[n === 1 ? 0 : 1]}` : `${n} ${noun['zh-CN']}`
}
