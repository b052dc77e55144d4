import { render, waitFor } from '@testing-library/react';
import { BrowserRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';

vi.mock('./HomeView', () => ({ HomeView: () => <p>home view</p> }));
vi.mock('../../app/routes', () => ({ showPages: {}, swPages: {}, listenPages: {} }));

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
});
