import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Avatar } from '../Avatar';
import { PageHeader } from './PageHeader';

describe('PageHeader', () => {
  it('shows the title and a "You\'re here:" trail with links where `to` is given', () => {
    render(
      <MemoryRouter>
        <PageHeader
          title="Employee logins"
          crumbs={[{ label: 'Dashboard', to: '/app/dashboard' }, { label: 'Employees' }, { label: 'Logins' }]}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Employee logins' })).toBeInTheDocument();
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(trail).toHaveTextContent("You're here:");
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/app/dashboard');
    expect(screen.queryByRole('link', { name: 'Employees' })).not.toBeInTheDocument();
    expect(screen.getByText('Logins')).toHaveAttribute('aria-current', 'page');
  });
});

describe('Avatar', () => {
  it('falls back to initials without an image', () => {
    render(<Avatar firstName="Ramesh" lastName="Agarwal" />);
    expect(screen.getByRole('img', { name: 'Ramesh Agarwal' })).toHaveTextContent('RA');
  });
  it('shows the image, and initials when it fails to load', () => {
    render(<Avatar firstName="Priya" lastName="Sharma" src="/priya.png" />);
    const img = screen.getByRole('img', { name: 'Priya Sharma' });
    expect(img.tagName).toBe('IMG');
    fireEvent.error(img);
    expect(screen.getByRole('img', { name: 'Priya Sharma' })).toHaveTextContent('PS');
  });
});
