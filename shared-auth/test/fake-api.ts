import { AxiosError, AxiosHeaders, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { apiClient } from '../src/client';

/** One request as the fake API saw it. */
export interface SeenRequest {
  method: string;
  url: string;
  authorization: string | undefined;
  params: Record<string, unknown> | undefined;
  body: unknown;
}

export type FakeAnswer = { status: number; body: unknown } | 'network-error';
export type FakeHandler = (request: SeenRequest) => FakeAnswer | Promise<FakeAnswer>;

/**
 * Answers apiClient's requests in-process through axios' `adapter` option (no extra mocking library): every
 * interceptor of the real client still runs, only the network is replaced.
 */
export function installFakeApi(handler: FakeHandler): SeenRequest[] {
  const seen: SeenRequest[] = [];
  apiClient.defaults.adapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    const headers = AxiosHeaders.from(config.headers);
    const request: SeenRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      authorization: (headers.get('Authorization') as string | undefined) ?? undefined,
      params: config.params as Record<string, unknown> | undefined,
      body: typeof config.data === 'string' ? (JSON.parse(config.data) as unknown) : config.data,
    };
    seen.push(request);
    const answer = await handler(request);
    if (answer === 'network-error') throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
    const response: AxiosResponse = { data: answer.body, status: answer.status, statusText: '', headers: {}, config, request: {} };
    if (answer.status >= 200 && answer.status < 300) return response;
    throw new AxiosError(`Request failed with status code ${answer.status}`, AxiosError.ERR_BAD_REQUEST, config, {}, response);
  };
  return seen;
}

export const success = (body: unknown): FakeAnswer => ({ status: 200, body: { type: 'success', body } });
export const failure = (status: number, code: string, message = code): FakeAnswer => ({
  status,
  body: { type: 'error', code, message },
});

export const inOneHour = () => new Date(Date.now() + 3_600_000).toISOString();
