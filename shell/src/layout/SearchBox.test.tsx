import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { SEARCH_HINT, SearchBox } from './SearchBox';

function Location() {
  const { pathname, search } = useLocation();
  return <output aria-label="location">{pathname + search}</output>;
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <SearchBox />
      <Routes>
        <Route path="*" element={<Location />} />
      </Routes>
    </MemoryRouter>,
  );
  return screen.getByRole('searchbox', { name: 'Search products' });
}

describe('SearchBox', () => {
  it('strips everything but letters, digits and spaces as typed', async () => {
    const box = renderAt('/app/dashboard');
    await userEvent.type(box, 'Para-cet@amol 500#mg!');
    expect(box).toHaveValue('Paracetamol 500mg');
  });

  it('shows the 3-character hint while the query is shorter, and hides it after', async () => {
    const box = renderAt('/app/dashboard');
    await userEvent.click(box);
    expect(screen.getByText(SEARCH_HINT)).toBeInTheDocument();
    await userEvent.type(box, 'pa');
    expect(screen.getByText(SEARCH_HINT)).toBeInTheDocument();
    await userEvent.type(box, 'r');
    expect(screen.queryByText(SEARCH_HINT)).not.toBeInTheDocument();
  });

  it('goes to /search with q on Enter and clears the box', async () => {
    const box = renderAt('/dashboard');
    await userEvent.type(box, 'dolo 650{Enter}');
    expect(screen.getByLabelText('location')).toHaveTextContent('/search?q=dolo%20650');
    expect(box).toHaveValue('');
  });

  it('stays in the /app variant and ignores Enter under 3 characters', async () => {
    const box = renderAt('/app/profile');
    await userEvent.type(box, 'ab{Enter}');
    expect(screen.getByLabelText('location')).toHaveTextContent('/app/profile');
    await userEvent.type(box, 'c{Enter}');
    expect(screen.getByLabelText('location')).toHaveTextContent('/app/search?q=abc');
  });
});
