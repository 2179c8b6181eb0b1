import { ApiError, apiClient } from 'shared-auth';
import { REGISTRATION_TOKEN_HEADER, type ErrorCode } from 'shared-api';

/** The applicant's draft token: kept so a reload resumes the draft at its step (the draft itself is on the server). */
const TOKEN_KEY = 'medico.registration.token';

export const registrationToken = {
  get: (): string | null => localStorage.getItem(TOKEN_KEY),
  set: (token: string) => localStorage.setItem(TOKEN_KEY, token),
  clear: () => localStorage.removeItem(TOKEN_KEY),
};

interface Envelope {
  type?: string;
  body?: unknown;
  code?: ErrorCode;
  message?: string;
  fields?: Record<string, string>;
}

/**
 * Registration calls carry the draft token instead of a session, so they go through the shared axios client with
 * that header; answers are unwrapped like `api.*` does (errors become ApiError with their fields).
 */
export async function registrationCall<T>(method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> {
  const token = registrationToken.get();
  try {
    const response = await apiClient.request<Envelope>({ method, url, data, headers: token ? { [REGISTRATION_TOKEN_HEADER]: token } : {} });
    if (response.data.type === 'success') return response.data.body as T;
    throw new ApiError('E0041', response.status);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const answer = (error as { response?: { status: number; data?: Envelope } }).response;
    if (answer?.data?.code) throw new ApiError(answer.data.code, answer.status, answer.data.message, answer.data.fields);
    throw new ApiError('E0041', answer?.status ?? 0);
  }
}

/** A picked file as base64 (without the data: prefix). */
export function readAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}
