import '@testing-library/jest-dom';
import { screen, waitFor } from '@testing-library/react';
import { Link, Route, Routes } from 'react-router-dom';
import { mountRootParcel } from 'single-spa';
import { createRemoteApp } from './createRemoteApp';

function Pages() {
  return (
    <Routes>
      <Route path="/employees" element={<Link to="/customers/stockists">to stockists</Link>} />
      <Route path="/customers/stockists" element={<p>stockists page</p>} />
      <Route path="/broken" element={<Broken />} />
    </Routes>
  );
}

function Broken(): never {
  throw new Error('employee list exploded');
}

// The parcel renders in its own React root, as in the browser; React schedules it itself (an act() scope would
// hold the render back until the mount promise it is waiting for resolves).
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});
afterAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

async function mountAt(path: string, basename: string) {
  window.history.pushState(null, '', path);
  const domElement = document.createElement('div');
  document.body.appendChild(domElement);
  const parcel = mountRootParcel(createRemoteApp(Pages), { domElement, basename });
  await parcel.mountPromise;
  return async () => {
    await parcel.unmount();
    domElement.remove();
  };
}

describe('createRemoteApp', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('mounts the app as a parcel on the URL under the given basename', async () => {
    const unmount = await mountAt('/app/employees', '/app');
    const link = await screen.findByRole('link', { name: 'to stockists' });
    expect(link).toHaveAttribute('href', '/app/customers/stockists');
    link.click();
    expect(await screen.findByText('stockists page')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/app/customers/stockists');
    await unmount();
    expect(screen.queryByText('stockists page')).not.toBeInTheDocument();
  });

  it('works at top level with an empty basename', async () => {
    const unmount = await mountAt('/customers/stockists', '');
    expect(await screen.findByText('stockists page')).toBeInTheDocument();
    await unmount();
  });

  it('shows an error panel, inside its own root, when a page throws', async () => {
    const unmount = await mountAt('/app/broken', '/app');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong');
    expect(alert).toHaveTextContent('employee list exploded');
    // Navigating elsewhere in the remote clears the error.
    window.history.pushState(null, '', '/app/customers/stockists');
    window.dispatchEvent(new PopStateEvent('popstate'));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(screen.getByText('stockists page')).toBeInTheDocument();
    await unmount();
  });
});
