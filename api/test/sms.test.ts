import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpSmsSender } from '../src/modules/auth/sms/http-sms';
import { DEMO, build, requestOtp } from './helpers';

describe('HTTP SMS gateway adapter', () => {
  async function withGateway(status: number, run: (url: string, received: { headers: IncomingMessage['headers']; body: unknown }[]) => Promise<void>) {
    const received: { headers: IncomingMessage['headers']; body: unknown }[] = [];
    const server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        received.push({ headers: req.headers, body: JSON.parse(raw) });
        res.statusCode = status;
        res.end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`, received);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }

  it('posts the message as JSON with the API key header', async () => {
    await withGateway(200, async (url, received) => {
      const sender = new HttpSmsSender({ url, apiKey: 'k-123', apiKeyHeader: 'x-api-key', sender: 'MEDICO' });
      await sender.sendOtp('9800000001', '482913', 5);
      expect(received).toHaveLength(1);
      expect(received[0]!.headers['x-api-key']).toBe('k-123');
      expect(received[0]!.body).toEqual({
        to: '+919800000001',
        sender: 'MEDICO',
        message: '482913 is your Medico sign-in code. It is valid for 5 minutes. Do not share it with anyone.',
      });
    });
  });

  it('fails loudly when the gateway refuses', async () => {
    await withGateway(503, async (url) => {
      const sender = new HttpSmsSender({ url, apiKeyHeader: 'x-api-key', sender: 'MEDICO' });
      await expect(sender.sendOtp('9800000001', '482913', 5)).rejects.toThrow('SMS gateway answered 503');
    });
  });
});

describe('when SMS delivery fails', () => {
  const t = build({ sms: { sendOtp: () => Promise.reject(new Error('gateway down')), sendText: () => Promise.reject(new Error('gateway down')) } });

  it('answers 502 E0041 and keeps no code, so the user can retry at once', async () => {
    const res = await requestOtp(t.app, DEMO.stockist);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ type: 'error', code: 'E0041', message: 'Something went wrong, please try after sometime' });
    expect(await t.db.selectFrom('otp_codes').select('id').execute()).toHaveLength(0);
  });
});
