// Saves a file: a Blob URL behind a temporary link (no data: URL or collected text in any href; the CSP allows
// blob: downloads). The file name is ours, never taken from the graph.
export function download(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Let the download start before the URL goes.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** `download` for text (CSV, JSON). */
export function downloadText(fileName: string, text: string, type: string): void {
  download(new Blob([text], { type }), fileName);
}
