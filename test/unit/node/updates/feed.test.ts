import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { DEFAULT_UPDATE_FEED, applySettingsPatch, DEFAULT_SETTINGS, settingsPatchSchema } from '../../../../src/shared/settings'
import { UpdateFailure, channelFile, compareToRunning, compareVersions, parseFeed, problemOf } from '../../../../src/main/services/updates'

const FEED = 'version: 1.4.0\nfiles:\n  - url: License Desk Setup 1.4.0.exe\n    sha512: abc==\n    size: 10\n'

describe('the update feed', () => {
  it('versions compare as semver, a pre-release below its release', () => {
    expect(compareVersions('1.10.0', '1.9.9')).toBeGreaterThan(0)
    expect(compareVersions('1.0.0', '1.0.0')).toBe(0)
    expect(compareVersions('1.0.0-beta.2', '1.0.0')).toBeLessThan(0)
    expect(compareVersions('1.0.0-beta.10', '1.0.0-beta.2')).toBeGreaterThan(0)
    expect(compareVersions('1.0.0-alpha', '1.0.0-beta')).toBeLessThan(0)
  })

  it('only a newer version is offered', () => {
    const info = parseFeed(FEED)
    expect(compareToRunning('1.3.9', info)).toBe('newer')
    expect(compareToRunning('1.4.0', info)).toBe('same')
    expect(compareToRunning('1.5.0', info)).toBe('older')
  })

  it('reads the files electron-builder writes, and the older single-file form', () => {
    expect(parseFeed(FEED).files).toEqual([{ url: 'License Desk Setup 1.4.0.exe', sha512: 'abc==', size: 10 }])
    expect(parseFeed('version: 1.4.0\npath: a.dmg\nsha512: xyz\n').files).toEqual([{ url: 'a.dmg', sha512: 'xyz' }])
  })

  it('a feed without a version, files or checksums is malformed', () => {
    for (const text of ['', 'files: []', 'version: 1.4\nfiles:\n  - url: a\n    sha512: b\n', 'version: 1.4.0\nfiles:\n  - url: a\n', '{{{']) {
      expect(() => parseFeed(text), text).toThrow(UpdateFailure)
      try {
        parseFeed(text)
      } catch (err) {
        expect((err as UpdateFailure).problem).toBe('malformed')
      }
    }
  })

  it('the channel file is the one electron-builder publishes per platform', () => {
    expect(channelFile('win32', 'x64')).toBe('latest.yml')
    expect(channelFile('darwin', 'arm64')).toBe('latest-mac.yml')
    expect(channelFile('linux', 'x64')).toBe('latest-linux.yml')
    expect(channelFile('linux', 'arm64')).toBe('latest-linux-arm64.yml')
  })

  it("electron-updater's failures are put in the status's words", () => {
    const coded = (code: string, message = code): Error => Object.assign(new Error(message), { code })
    expect(problemOf(coded('ERR_CHECKSUM_MISMATCH', 'sha512 checksum mismatch, expected a, got b'))).toBe('checksum')
    expect(problemOf(coded('ERR_UPDATER_INVALID_UPDATE_INFO'))).toBe('malformed')
    expect(problemOf(coded('ERR_UPDATER_INVALID_VERSION'))).toBe('malformed')
    expect(problemOf(coded('ERR_UPDATER_CHANNEL_FILE_NOT_FOUND'))).toBe('unreachable')
    expect(problemOf(coded('ENOTFOUND'))).toBe('unreachable')
    expect(problemOf(new Error('net::ERR_INTERNET_DISCONNECTED'))).toBe('unreachable')
    expect(problemOf(coded('ERR_UPDATER_INVALID_SIGNATURE'))).toBe('checksum')
  })
})

describe('the feed address', () => {
  it('Settings and electron-builder.yml name the same feed by default', () => {
    const yml = readFileSync(new URL('../../../../electron-builder.yml', import.meta.url), 'utf8')
    expect(yml).toMatch(new RegExp(`publish:\\n  provider: generic\\n  url: ${DEFAULT_UPDATE_FEED.replace(/[.]/g, '\\.')}\\n`))
    expect(DEFAULT_SETTINGS.updates.feedUrl).toBe(DEFAULT_UPDATE_FEED)
  })

  it('is an http(s) address, changeable in Settings', () => {
    expect(settingsPatchSchema.safeParse({ updates: { feedUrl: 'ftp://x/feed' } }).success).toBe(false)
    expect(settingsPatchSchema.safeParse({ updates: { feedUrl: 'not an address' } }).success).toBe(false)
    const patch = settingsPatchSchema.parse({ updates: { feedUrl: 'http://10.0.0.5/desk/' } })
    expect(applySettingsPatch(DEFAULT_SETTINGS, patch).updates.feedUrl).toBe('http://10.0.0.5/desk/')
  })
})
