import { ApiError, api, blobText } from './client';
import { downloadFile } from './download';
import { setSession } from './session';
import { installFakeApi, inOneHour } from '../test/fake-api';

const pdf = () => new Blob(['%PDF-1.7 INV/26-27/000001'], { type: 'application/pdf' });

beforeEach(() => {
  localStorage.clear();
  setSession({ token: 'file-token', refreshToken: 'r', tokenType: 'Bearer', expiresAt: inOneHour() });
});

describe('files from the API', () => {
  it('fetches the bytes with the bearer token and query, and saves them under the given name', async () => {
    const seen = installFakeApi(() => ({ status: 200, body: pdf() }));
    // jsdom has no object URLs: the browser's part is stubbed, our code runs for real.
    const created: Blob[] = [];
    URL.createObjectURL = jest.fn((b: Blob) => (created.push(b), 'blob:fake-1'));
    URL.revokeObjectURL = jest.fn();
    const clicks: { href: string; download: string }[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push({ href: this.href, download: this.download });
    });

    await downloadFile('/purchases/sales/invoice/x/pdf', 'INV-26-27-000001-A5.pdf', { size: 'A5' });
    expect(seen).toEqual([expect.objectContaining({ url: '/purchases/sales/invoice/x/pdf', authorization: 'Bearer file-token', params: { size: 'A5' } })]);
    expect(await blobText(created[0]!)).toBe('%PDF-1.7 INV/26-27/000001');
    expect(clicks).toEqual([{ href: 'blob:fake-1', download: 'INV-26-27-000001-A5.pdf' }]);
    click.mockRestore();
  });

  it("turns the API's JSON error, which arrives as a Blob, into the ApiError with its code", async () => {
    installFakeApi(() => ({ status: 404, body: new Blob([JSON.stringify({ type: 'error', code: 'E0053', message: 'invoice not found' })], { type: 'application/json' }) }));
    const error = await api.blob('/purchases/sales/invoice/x/pdf').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'E0053', status: 404, message: 'invoice not found' });
  });
});
