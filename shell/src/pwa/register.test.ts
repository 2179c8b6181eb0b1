import { Workbox } from 'workbox-window';
import { registerServiceWorker } from './register';

jest.mock('workbox-window', () => ({ Workbox: jest.fn().mockImplementation(() => ({ register: jest.fn(async () => undefined) })) }));

const WorkboxMock = Workbox as unknown as jest.Mock;

beforeEach(() => WorkboxMock.mockClear());
afterEach(() => {
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
});

describe('registerServiceWorker', () => {
  it('registers nothing in jest or development builds, nor where browsers have no service workers', () => {
    expect(registerServiceWorker()).toBeNull(); // jest: NODE_ENV is "test"
    expect(registerServiceWorker('development')).toBeNull();
    expect(registerServiceWorker('production')).toBeNull(); // jsdom has no navigator.serviceWorker
    expect(WorkboxMock).not.toHaveBeenCalled();
  });

  it('in production registers the one worker at the site root, the URL push subscribes too', () => {
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: new EventTarget() });
    const workbox = registerServiceWorker('production');
    expect(WorkboxMock).toHaveBeenCalledWith('/service-worker.js', { scope: '/' });
    expect(workbox?.register).toHaveBeenCalledTimes(1);
  });
});
