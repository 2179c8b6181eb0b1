import axios, { type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { PATHS, type Session } from 'shared-api';
import { isErrorResponse, isSession } from './guards';
import { ApiError } from './api-error';
import { bindApiConfig, DEFAULT_API_BASE_URL } from './api-config';
import { clearUserData } from './clear-user-data';
import { noteAnswered, noteUnreachable, setReachabilityProbe } from './reachability';
import { getSession, setSession } from './session';

export { ApiError, isApiError } from './api-error';

export { configureApi, DEFAULT_API_BASE_URL, type ApiConfig } from './api-config';

let navigate: (path: string) => void = (path) => window.location.assign(path);

/**
 * How long a call may take before the screen says so (issue 39 item 6): a page never spins for ever on a slow or dead
 * connection. Uploads set their own (postFile).
 */
export const API_TIMEOUT_MS = 15_000;
/** Files (PDFs, spreadsheets, GST returns): made on the server, larger than a screen's answer. */
export const DOWNLOAD_TIMEOUT_MS = 120_000;
const timedOutAfter = (ms: number) => `The server did not answer within ${ms / 1000} seconds. Check your connection and try again.`;
export const TIMED_OUT_MESSAGE = timedOutAfter(API_TIMEOUT_MS);
export const UNREACHABLE_MESSAGE = 'Medico B2B cannot be reached just now. Check your connection; it keeps trying.';

/** The one axios instance every screen uses (through `api` or `fetcher`). */
export const apiClient = axios.create({ baseURL: DEFAULT_API_BASE_URL, timeout: API_TIMEOUT_MS });
setReachabilityProbe(() => `${apiClient.defaults.baseURL ?? ''}/health`);

// A gateway's answer that the API behind it is down counts as no answer.
const GATEWAY_DOWN = new Set([502, 503, 504]);
// Registered first, so it sees every answer and failure before the refresh below retries anything.
apiClient.interceptors.response.use(
  (response) => {
    noteAnswered();
    return response;
  },
  (error: unknown) => {
    if (axios.isAxiosError(error) && (!error.response || GATEWAY_DOWN.has(error.response.status))) noteUnreachable();
    else noteAnswered();
    throw error;
  },
);

bindApiConfig((config) => {
  if (config.baseURL !== undefined) apiClient.defaults.baseURL = config.baseURL;
  if (config.navigate) navigate = config.navigate;
});

/** Leaves the app for `path` with a full page load, so no screen keeps the old user's state. */
export function navigateTo(path: string): void {
  navigate(path);
}

function authorization(session: Session): string {
  return `${session.tokenType} ${session.token}`;
}

apiClient.interceptors.request.use((config) => {
  const session = getSession();
  if (session) config.headers.set('Authorization', authorization(session));
  else config.headers.delete('Authorization');
  return config;
});

// Sign-in, refresh and logout answer 403 for their own reasons; refreshing for them would loop or be pointless.
const NO_REFRESH_PATHS: readonly string[] = [PATHS.otpLogin, PATHS.otpVerify, PATHS.otpResend, PATHS.refreshToken, PATHS.logout];

interface RetriableConfig extends InternalAxiosRequestConfig {
  /** Set when this request was already retried after a refresh (SPEC.md §9: refresh retried once per request). */
  medicoRetried?: boolean;
}

// All 403s that arrive while a refresh is running wait for this one promise (SPEC.md §4).
let refreshing: Promise<Session> | null = null;

/**
 * Exchanges the refresh token for a new session. Concurrent callers share one request. A failure clears the
 * user's data and leaves for '/', then rejects.
 */
export function refreshSession(): Promise<Session> {
  refreshing ??= runRefresh().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function runRefresh(): Promise<Session> {
  try {
    const refreshToken = getSession()?.refreshToken;
    if (!refreshToken) throw new ApiError('E0039', 403);
    const { data } = await apiClient.post<unknown>(PATHS.refreshToken, { refreshToken });
    // Refresh succeeds only when the answer's type is "success" (SPEC.md §4) and carries a whole session.
    const answer = data as { type?: unknown; body?: unknown } | null;
    const next = answer?.type === 'success' ? answer.body : null;
    if (!isSession(next)) throw new ApiError('E0039', 403);
    setSession(next);
    return next;
  } catch (error) {
    await clearUserData();
    navigate('/');
    throw error;
  }
}

apiClient.interceptors.response.use(undefined, async (error: unknown) => {
  if (!axios.isAxiosError(error) || error.response?.status !== 403 || !error.config) throw error;
  const config = error.config as RetriableConfig;
  const path = (config.url ?? '').split('?')[0] ?? '';
  if (config.medicoRetried || NO_REFRESH_PATHS.includes(path)) throw error;
  config.medicoRetried = true;

  // A request sent with an older token than the current one only needs the retry, not another refresh.
  const session = getSession();
  const sentWith = config.headers.get('Authorization');
  if (!session || sentWith === authorization(session)) {
    try {
      await refreshSession();
    } catch {
      throw error;
    }
  }
  return apiClient.request(config);
});

type Envelope = { type?: unknown; body?: unknown };

function envelopeError(data: unknown, status: number): ApiError {
  if (isErrorResponse(data)) return new ApiError(data.code, status, data.message, data.fields);
  return new ApiError('E0041', status);
}

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (axios.isAxiosError(error) && error.response) return envelopeError(error.response.data, error.response.status);
  // No answer at all: timed out, or offline, DNS, refused, CORS.
  if (axios.isAxiosError(error) && (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT')) return new ApiError('E0041', 0, timedOutAfter(error.config?.timeout || API_TIMEOUT_MS));
  return new ApiError('E0041', 0, UNREACHABLE_MESSAGE);
}

async function unwrap<T>(request: Promise<AxiosResponse<unknown>>): Promise<T> {
  let response: AxiosResponse<unknown>;
  try {
    response = await request;
  } catch (error) {
    throw toApiError(error);
  }
  const data = response.data as Envelope | null;
  if (data?.type === 'success') return data.body as T;
  throw envelopeError(response.data, response.status);
}

export type QueryParams = Record<string, string | number | boolean | undefined>;

/** FileReader rather than Blob.text(): the same in every browser and in jsdom, which lacks the latter. */
export const blobText = (blob: Blob): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(blob);
  });

/** Bytes (PDFs). An error still answers the JSON envelope, but arrives as a Blob: it is read back into an ApiError. */
async function blobOf(request: Promise<AxiosResponse<Blob>>): Promise<Blob> {
  try {
    return (await request).data;
  } catch (error) {
    const data: unknown = axios.isAxiosError(error) ? error.response?.data : undefined;
    if (axios.isAxiosError(error) && error.response && data instanceof Blob) {
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(await blobText(data));
      } catch {
        // Not the envelope (a proxy's page): reported as the generic failure below.
      }
      throw envelopeError(parsed, error.response.status);
    }
    throw toApiError(error);
  }
}

/** Calls the API and returns the `body` of a `{ type: 'success', body }` answer; anything else throws `ApiError`. */
export const api = {
  get: <T>(path: string, params?: QueryParams): Promise<T> => unwrap<T>(apiClient.get(path, { params })),
  post: <T>(path: string, body?: unknown): Promise<T> => unwrap<T>(apiClient.post(path, body)),
  put: <T>(path: string, body?: unknown): Promise<T> => unwrap<T>(apiClient.put(path, body)),
  delete: <T>(path: string): Promise<T> => unwrap<T>(apiClient.delete(path)),
  /** A file with the session's bearer token: a bare link to the API would carry none. A year's statement or register
   * takes longer to make than a screen's answer: files get DOWNLOAD_TIMEOUT_MS. */
  blob: (path: string, params?: QueryParams): Promise<Blob> => blobOf(apiClient.get<Blob>(path, { params, responseType: 'blob', timeout: DOWNLOAD_TIMEOUT_MS })),
};

/** Upload progress: bytes sent so far (0–1); `null` once sent and the server is reading/importing. */
export type UploadProgress = (sentFraction: number | null) => void;

/**
 * Posts a file as multipart (`file`, beside the string `fields`) with upload progress, which `api` has none of: the
 * stock upload, the recall list, the move-in files. The same 403 → refresh handling and ApiError as every call.
 */
export function postFile<T>(path: string, file: File, fields: Record<string, string>, onProgress: UploadProgress): Promise<T> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file, file.name);
  return unwrap<T>(
    apiClient.post(path, form, {
      // Large files on slow links: the default 30 s is for ordinary calls.
      timeout: 10 * 60_000,
      onUploadProgress: (event) => onProgress(event.total && event.loaded < event.total ? event.loaded / event.total : null),
    }),
  );
}

/** SWR key: a path, or a path with its query parameters. */
export type ApiKey = string | readonly [path: string, params?: QueryParams];

/** The SWR fetcher for `ApiKey`s: `useSWR([PATHS.notifications, { page: 0 }], fetcher)`. */
export function fetcher<T>(key: ApiKey): Promise<T> {
  if (typeof key === 'string') return api.get<T>(key);
  const [path, params] = key;
  return api.get<T>(path, params);
}
