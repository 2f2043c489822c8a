/** Handing files to the browser: a URL clicked through a temporary <a download>. */

export function downloadUrl(url: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** Offer bytes as a download (the object URL is let go once the browser has taken it). */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  downloadUrl(url, fileName);
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Browser mode: offer text (a pack) as a download, since the server's path is not the user's disk. */
export function downloadText(fileName: string, text: string): void {
  downloadBlob(fileName, new Blob([text], { type: 'application/json' }));
}

/** Browser mode: offer a zip (a per-level pack's folder) as a download. */
export function downloadZip(fileName: string, bytes: Uint8Array): void {
  downloadBlob(fileName, new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/zip' }));
}
