import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ErrorPage } from './ErrorPage';

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/" element={<p>home</p>} />
        <Route path="/errors/:code" element={<ErrorPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('ErrorPage (SPEC.md §2)', () => {
  it.each([
    ['400', 'Bad request'],
    ['401', 'Please sign in'],
    ['403', 'Access denied'],
    ['404', 'Page not found'],
    ['500', 'Something went wrong on our side'],
  ])('titles %s as "%s"', (code, title) => {
    renderAt(`/errors/${code}`);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(title);
    expect(screen.getByRole('button', { name: 'Go back' })).toBeInTheDocument();
  });

  it('gives any other code the general title', () => {
    renderAt('/errors/418');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Something went wrong');
  });

  it('goes home from Go back when the error page was the first page opened', async () => {
    renderAt('/errors/404');
    await userEvent.click(screen.getByRole('button', { name: 'Go back' }));
    expect(screen.getByText('home')).toBeInTheDocument();
  });
});
