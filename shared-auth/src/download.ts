import { api, type QueryParams } from './client';

/** Hands bytes to the browser as a download named `fileName`. */
export function saveBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL is no longer needed once this task ends.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** GETs an API file (PDF) with the session's token and saves it; throws ApiError like every other call. */
export async function downloadFile(path: string, fileName: string, params?: QueryParams): Promise<void> {
  saveBlob(fileName, await api.blob(path, params));
}
