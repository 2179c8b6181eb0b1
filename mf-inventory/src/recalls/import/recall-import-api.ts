import { RECALL_IMPORT_PATHS, type ConfirmRecallImport, type RecallImport, type RecallImportMapping } from 'shared-api';
import { api, postFile, type UploadProgress } from 'shared-auth';

/** Reads the regulator's list (with the staff's mapping when they corrected it): a new import to confirm. */
export function previewRecallList(file: File, mapping: RecallImportMapping | undefined, onProgress: UploadProgress) {
  return postFile<RecallImport>(RECALL_IMPORT_PATHS.imports, file, mapping ? { mapping: JSON.stringify(mapping) } : {}, onProgress);
}

export const confirmRecallImport = (importId: string, input: ConfirmRecallImport) => api.post<RecallImport>(RECALL_IMPORT_PATHS.confirm(importId), input);
