/** 简体中文 messages: the 14 license types: names, the wizard's groups, and how a sentence counts them. */
import type en from '../en/license-types'

const zhCN: typeof en = {
  licenseType: {
    normal_unrecover_usbkey: '单机锁（不可充值）',
    normal_recover_usbkey: '单机锁（可充值）',
    normal_unrecover_lan_usbkey: '网络锁（不可充值）',
    normal_recover_lan_usbkey: '网络锁（可充值）',
    identity_usbkey: '单机身份锁',
    identity_lan_usbkey: '网络身份锁',
    softkey: '单机证书',
    lan_softkey: '网络证书',
    product_entity: '产品实体',
    cloud_account: '云账号',
    cloud_customer: '企业云账号授权',
    cloud_personal: '个人云账号授权',
    lk_product_usbkey: '产品锁',
    lk_auth_usbkey: '登录锁',
  },
  licenseTypeGroup: {
    locks: '加密锁',
    networkLocks: '网络锁',
    identityLocks: '身份锁',
    certificates: '证书',
    cloud: '云授权',
    productEntity: '产品实体',
    keyAccountLocks: '大客户锁',
  },
  licenseTypeCount: {
    normal_unrecover_usbkey: '{n} 个单机不可充值锁',
    normal_recover_usbkey: '{n} 个单机可充值锁',
    normal_unrecover_lan_usbkey: '{n} 个网络不可充值锁',
    normal_recover_lan_usbkey: '{n} 个网络可充值锁',
    identity_usbkey: '{n} 个单机身份锁',
    identity_lan_usbkey: '{n} 个网络身份锁',
    softkey: '{n} 个单机证书',
    lan_softkey: '{n} 个网络证书',
    product_entity: '{n} 个产品实体',
    cloud_account: '{n} 个云账号',
    cloud_customer: '{n} 份企业云账号授权',
    cloud_personal: '{n} 份个人云账号授权',
    lk_product_usbkey: '{n} 个产品锁',
    lk_auth_usbkey: '{n} 个登录锁',
    other: '{n} 项',
  },
}

export default zhCN
