/**
 * Values offered as suggestions where the service interface does not list the allowed ones ("allowed values of
 * productType, featureValueType and timeUnit: not shown"): the sandbox's own. Suggestions only: any other text is
 * accepted and sent as typed. Pure: no DOM, no Node.
 */
export const PRODUCT_TYPE_SUGGESTIONS = ['tool', 'web'] as const
export const FEATURE_VALUE_TYPE_SUGGESTIONS = ['string', 'int', 'bool'] as const
export const TIME_UNIT_SUGGESTIONS = ['year', 'month', 'day'] as const
