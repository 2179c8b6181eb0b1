import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { ConsoleSmsSender } from '../src/modules/auth/sms/console-sms';

describe('console SMS adapter', () => {
  it('writes the code as one warning line that stands out in the log', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream } });
    await new ConsoleSmsSender(app.log).sendOtp('9800000001', '482913', 5);
    await app.close();
    const sms = lines.filter((l) => l.sms === 'console');
    expect(sms).toHaveLength(1);
    expect(sms[0]!.level).toBe(40); // pino's warn: coloured apart from the info lines of every request
    expect(sms[0]!.msg).toBe('*** OTP for 9800000001: 482913 *** (console SMS, no phone reached; valid 5 minutes)');
  });
});
