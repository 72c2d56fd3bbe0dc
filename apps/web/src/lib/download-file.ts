import { useMutation } from '@tanstack/react-query';

/** How long the file's object URL outlives the click: the browser has started the download by then. */
const REVOKE_AFTER_MS = 60_000;

/**
 * Saves a file the app holds (a PDF fetched with the bearer token, which a plain link could not send): an object
 * URL and a temporary `<a download>`, clicked.
 */
export function saveFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

/**
 * A viewer's download (PDF): fetches the file and saves it as `fileName`. The mutation's `variables` is
 * the label of the button that asked, so only that one shows it is busy; its `error` is for the viewer's alert.
 */
export function useFileDownload(fetchFile: () => Promise<Blob>, fileName: string) {
  return useMutation({
    mutationFn: async (_button: string) => saveFile(await fetchFile(), fileName),
  });
}
