import { render, waitFor } from '@testing-library/react';
import { BrowserRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';

vi.mock('./HomeView', () => ({ HomeView: () => <p>home view</p> }));
vi.mock('../../app/routes', () => ({
  showPages: {},
  swPages: {},
  listenPages: { funding: () => <p>listen funding</p> },
}));

const { HashRoutes } = await import('./HashRoutes');

describe('HashRoutes', () => {
  it.each(['#/show/x', '#/sw/nothing', '#/no/such/route'])('an unknown route %s goes to #/home and keeps the path /ru/trading', async (hash) => {
    window.history.replaceState(null, '', `/ru/trading${hash}`);
    const view = render(
      <BrowserRouter>
        <HashRoutes />
      </BrowserRouter>,
    );
    await waitFor(() => expect(window.location.hash).toBe('#/home'));
    expect(window.location.pathname).toBe('/ru/trading');
    expect(view.getByText('home view')).toBeTruthy();
    view.unmount();
  });

  it.each([
    ['#/listen-orange/7d1c/ORD-1', '#/listen/funding/orange/7d1c/ORD-1'],
    ['#/listen-concept/7d1c/tx%201', '#/listen/funding/concept/7d1c/tx%201'],
    ['#/listen-union/7d1c/UP-9', '#/listen/funding/unionpay/7d1c/UP-9'],
  ])('the callback state %s (spec 001 §2) is the funding listen page %s', async (from, to) => {
    window.history.replaceState(null, '', `/en/trading${from}`);
    const view = render(
      <BrowserRouter>
        <HashRoutes />
      </BrowserRouter>,
    );
    await waitFor(() => expect(window.location.hash).toBe(to));
    expect(window.location.pathname).toBe('/en/trading');
    expect(view.getByText('listen funding')).toBeTruthy();
    view.unmount();
  });
});
