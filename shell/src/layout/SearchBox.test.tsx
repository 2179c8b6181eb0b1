import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { MARKETPLACE_PATHS } from 'shared-api';
import { installFakeApi, resetFakeApi, success, withProviders, type FakeRequest } from 'shared-auth/testing/fake-api';
import { NO_RESULTS, SEARCHING, SEARCH_HINT, SearchBox } from './SearchBox';

function Location() {
  const { pathname, search } = useLocation();
  return <output aria-label="location">{pathname + search}</output>;
}

const DOLO = { productId: 'p-dolo', name: 'Dolo 650', suggestion: 'Dolo 650 (15 tablets) · Micro Labs', stockists: 3 };

/** The search API: suggestions for anything starting "dol", nothing else; two recent searches. */
function searchApi(): FakeRequest[] {
  return installFakeApi((request) => {
    if (request.path === MARKETPLACE_PATHS.searchHistory) return success(['pantoprazole', 'azithromycin 500']);
    if (request.path === MARKETPLACE_PATHS.suggest) {
      const { suggest } = request.body as { suggest: string };
      return success({ suggestors: suggest.toLowerCase().startsWith('dol') ? [DOLO] : [] });
    }
    return success(null);
  });
}

function renderAt(path: string) {
  render(
    withProviders(
      <MemoryRouter initialEntries={[path]}>
        <SearchBox />
        <Routes>
          <Route path="*" element={<Location />} />
        </Routes>
      </MemoryRouter>,
    ),
  );
  return screen.getByRole('searchbox', { name: 'Search products' });
}

describe('SearchBox', () => {
  afterEach(resetFakeApi);

  it('strips everything but letters, digits and spaces as typed', async () => {
    searchApi();
    const box = renderAt('/app/dashboard');
    await userEvent.type(box, 'Para-cet@amol 500#mg!');
    expect(box).toHaveValue('Paracetamol 500mg');
  });

  it('shows the 3-character hint while the query is shorter, then Searching... and the suggestions', async () => {
    const requests = searchApi();
    const box = renderAt('/app/dashboard');
    await userEvent.type(box, 'do');
    expect(screen.getByText(SEARCH_HINT)).toBeInTheDocument();
    await userEvent.type(box, 'l');
    expect(screen.getByText(SEARCHING)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /Dolo 650 \(15 tablets\) · Micro Labs\s*3 stockists/ })).toBeInTheDocument();
    expect(requests.filter((r) => r.path === MARKETPLACE_PATHS.suggest).map((r) => r.body)).toEqual([{ suggest: 'dol', type: 'ALL', subType: 'ALL' }]);
  });

  it('waits for a 200 ms pause in typing: one request for a quickly typed word', async () => {
    jest.useFakeTimers();
    try {
      const requests = searchApi();
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      const box = renderAt('/app/dashboard');
      await user.type(box, 'dolo 650');
      expect(requests.filter((r) => r.path === MARKETPLACE_PATHS.suggest)).toHaveLength(0);
      await act(async () => {
        jest.advanceTimersByTime(200);
      });
      expect(requests.filter((r) => r.path === MARKETPLACE_PATHS.suggest).map((r) => (r.body as { suggest: string }).suggest)).toEqual(['dolo 650']);
    } finally {
      jest.useRealTimers();
    }
  });

  it('says No results found when nothing matches', async () => {
    searchApi();
    const box = renderAt('/app/dashboard');
    await userEvent.type(box, 'xyzzy');
    expect(await screen.findByText(NO_RESULTS)).toBeInTheDocument();
  });

  it('lists recent searches in an empty box; picking one opens /search', async () => {
    searchApi();
    const box = renderAt('/dashboard');
    await userEvent.click(box);
    await userEvent.click(await screen.findByRole('button', { name: /pantoprazole/ }));
    expect(screen.getByLabelText('location')).toHaveTextContent('/search?q=pantoprazole');
  });

  it('closes the recent searches on Escape, on a press outside and after one is picked; pressing the box opens them again', async () => {
    searchApi();
    const box = renderAt('/app/dashboard');
    const recent = () => screen.queryByRole('list', { name: 'Recent searches' });
    await userEvent.click(box);
    expect(await screen.findByRole('list', { name: 'Recent searches' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(recent()).not.toBeInTheDocument();
    expect(box).toHaveFocus();

    await userEvent.click(box);
    expect(recent()).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('location'));
    expect(recent()).not.toBeInTheDocument();

    await userEvent.click(box);
    await userEvent.click(screen.getByRole('button', { name: /azithromycin 500/ }));
    expect(screen.getByLabelText('location')).toHaveTextContent('/app/search?q=azithromycin%20500');
    expect(recent()).not.toBeInTheDocument();
    await userEvent.type(box, 'd');
    expect(screen.getByText(SEARCH_HINT)).toBeInTheDocument();
  });

  it('picking a suggestion opens /search for that product and clears the box', async () => {
    searchApi();
    const box = renderAt('/app/dashboard');
    await userEvent.type(box, 'dolo');
    await userEvent.click(await screen.findByRole('button', { name: /Dolo 650/ }));
    expect(screen.getByLabelText('location')).toHaveTextContent('/app/search?q=Dolo%20650&product=p-dolo');
    expect(box).toHaveValue('');
  });

  it('reaches the suggestions by keyboard: Tab or arrows move to them, Escape goes back to the box, Enter picks one', async () => {
    searchApi();
    const box = renderAt('/app/dashboard');
    await userEvent.type(box, 'dolo');
    const dolo = await screen.findByRole('button', { name: /Dolo 650/ });
    await userEvent.tab();
    expect(dolo).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(box).toHaveFocus();
    expect(screen.queryByRole('list', { name: 'Suggestions' })).not.toBeInTheDocument();

    await userEvent.type(box, ' ');
    await userEvent.keyboard('{ArrowDown}');
    expect(await screen.findByRole('button', { name: /Dolo 650/ })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    expect(box).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByLabelText('location')).toHaveTextContent('/app/search?q=Dolo%20650&product=p-dolo');
  });

  it('goes to /search with q on Enter and clears the box; ignores Enter under 3 characters', async () => {
    searchApi();
    const box = renderAt('/app/profile');
    await userEvent.type(box, 'ab{Enter}');
    expect(screen.getByLabelText('location')).toHaveTextContent('/app/profile');
    await userEvent.type(box, 'c{Enter}');
    expect(screen.getByLabelText('location')).toHaveTextContent('/app/search?q=abc');
    expect(box).toHaveValue('');
  });
});
