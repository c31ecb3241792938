/** The error every call of the api/ modules throws, and the way to read any thrown value as the app's error shape. */
export { BridgeError, errorData } from '../bridge'
