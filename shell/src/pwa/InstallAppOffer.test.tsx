import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { captureInstallPrompt, installState, resetInstallPromptForTests } from './install-prompt';
import { InstallAppOffer } from './InstallAppOffer';

/** Chromium's beforeinstallprompt: prompt() shows the dialog, userChoice is what the user answered. */
function installPrompt(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true });
  const prompt = jest.fn(async () => undefined);
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome, platform: 'web' }) });
  return { event, prompt };
}

/** The window's display mode, as `(display-mode: standalone)` answers it. */
function setStandalone(standalone: boolean) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({ matches: standalone && query === '(display-mode: standalone)', media: query, addEventListener: () => undefined, removeEventListener: () => undefined }),
  });
}

let page: EventTarget;
beforeEach(() => {
  resetInstallPromptForTests();
  setStandalone(false);
  page = new EventTarget();
  captureInstallPrompt(page as Window);
});

const fire = (event: Event) => act(() => void page.dispatchEvent(event));

describe('InstallAppOffer (SPEC.md §1: the home page offers the desktop app)', () => {
  it('without a prompt from the browser says where its menu installs the app, with no button', () => {
    render(<InstallAppOffer />);
    expect(screen.getByRole('region', { name: 'Medico on your desktop' })).toHaveTextContent("open your browser's menu and choose Install Medico B2B");
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('keeps the browser’s prompt from the start; the button shows it, and is gone once installed', async () => {
    const { event, prompt } = installPrompt('accepted');
    fire(event); // before anything rendered, as Chromium fires it soon after load
    expect(event.defaultPrevented).toBe(true);
    render(<InstallAppOffer />);

    await userEvent.click(screen.getByRole('button', { name: 'Install the app' }));
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(installState()).toBe('installed');
    expect(screen.queryByRole('region', { name: 'Medico on your desktop' })).not.toBeInTheDocument();
  });

  it('after a declined prompt falls back to the sentence (a prompt can be shown once)', async () => {
    render(<InstallAppOffer />);
    const { event, prompt } = installPrompt('dismissed');
    fire(event);
    await userEvent.click(screen.getByRole('button', { name: 'Install the app' }));
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Medico on your desktop' })).toHaveTextContent('Add to Home Screen');
  });

  it('hides when the app was installed from the browser’s own menu (appinstalled)', () => {
    render(<InstallAppOffer />);
    fire(installPrompt('accepted').event);
    expect(screen.getByRole('button', { name: 'Install the app' })).toBeInTheDocument();
    fire(new Event('appinstalled'));
    expect(screen.queryByRole('region', { name: 'Medico on your desktop' })).not.toBeInTheDocument();
  });

  it('offers nothing inside the installed app (display-mode standalone)', () => {
    setStandalone(true);
    render(<InstallAppOffer />);
    expect(screen.queryByRole('region', { name: 'Medico on your desktop' })).not.toBeInTheDocument();
  });
});
