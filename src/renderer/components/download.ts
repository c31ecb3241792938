/**
 * Saving a file the core produced: a Blob and a temporary link with `download`, which works the same in browser
 * mode (a download) and in Electron (its download handling). Nothing goes over the network.
 */

/** Bytes of a base64 string. */
export function base64Bytes(b64: string): Uint8Array<ArrayBuffer> {
  const bin = atob(b64)
  const out = new Uint8Array(bin.length)
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i)
  return out
}

/** Asks the browser to download an address as `fileName` (a link with `download`, clicked once). */
export function downloadUrl(url: string, fileName: string): void {
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  a.rel = 'noopener'
  a.style.display = 'none'
  document.body.appendChild(a)
  a.click()
  a.remove()
}

function save(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  downloadUrl(url, fileName)
  // Give the browser time to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

/** Saves a file given as base64 (a workbook of several sheets: the catalog, the audit). */
export function saveBase64File(file: { fileName: string; mimeType: string; contentBase64: string }): void {
  save(new Blob([base64Bytes(file.contentBase64)], { type: file.mimeType }), file.fileName)
}

/** Saves a text file (journal.export's answer). */
export function saveTextFile(file: { fileName: string; mimeType: string; content: string }): void {
  save(new Blob([file.content], { type: file.mimeType }), file.fileName)
}
