import { act, render, screen } from '@testing-library/react';
import { REDIRECT_AFTER_MS, RenderFailurePage } from './RenderFailurePage';

describe('RenderFailurePage (SPEC.md §8)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('shows the message and redirects after 5 seconds', () => {
    const redirect = jest.fn();
    render(<RenderFailurePage message="x is undefined" redirect={redirect} />);
    expect(screen.getByRole('heading')).toHaveTextContent('Something went wrong');
    expect(screen.getByText('You will be redirected to the dashboard in 5 seconds.')).toBeInTheDocument();
    expect(screen.getByText('Error message: x is undefined')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(REDIRECT_AFTER_MS - 1));
    expect(redirect).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(redirect).toHaveBeenCalledTimes(1);
  });
});
