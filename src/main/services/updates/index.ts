/** The app's updates: the feed's decisions (feed.ts) and the state the user sees (service.ts). */
export { UpdateService, type UpdateInstaller, type UpdateServiceOptions } from './service'
export { UpdateFailure, channelFile, compareToRunning, compareVersions, downloadVerified, parseFeed, problemOf, readFeed, type FeedInfo } from './feed'
