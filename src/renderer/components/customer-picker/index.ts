/** The customer picker (see CustomerPicker.vue for its API). */
export { default as CustomerPicker } from './CustomerPicker.vue'
export { PICKER_VALUE_KEYS, type PickerValueKey } from './picker-model'
export { default as SandboxDemoButton } from './SandboxDemoButton.vue'
