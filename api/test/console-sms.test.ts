import { ConsoleSmsSender } from '../src/modules/auth/sms/console-sms';
import { capturedLog } from './helpers';

describe('console SMS adapter', () => {
  it('writes the code as one warning line that stands out in the log', async () => {
    const { lines, log, close } = capturedLog();
    await new ConsoleSmsSender(log).sendOtp('9800000001', '482913', 5);
    await close();
    const sms = lines.filter((l) => l.sms === 'console');
    expect(sms).toHaveLength(1);
    expect(sms[0]!.level).toBe(40); // pino's warn: coloured apart from the info lines of every request
    expect(sms[0]!.msg).toBe('*** OTP for 9800000001: 482913 *** (console SMS, no phone reached; valid 5 minutes)');
  });
});
