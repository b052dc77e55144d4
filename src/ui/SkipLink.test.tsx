import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SkipLink } from './SkipLink';

describe('SkipLink', () => {
  it('is the first Tab stop and moves the focus to <main> without touching the hash route', async () => {
    window.location.hash = '#/home';
    render(
      <>
        <SkipLink />
        <header>
          <a href="#/show/funding">Deposit</a>
        </header>
        <main id="main" tabIndex={-1}>
          <button type="button">Up</button>
        </main>
      </>,
    );
    await userEvent.tab();
    const link = screen.getByRole('link', { name: 'Skip to main content' });
    expect(document.activeElement).toBe(link);
    await userEvent.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('main'));
    expect(window.location.hash).toBe('#/home');
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Up' }));
  });
});
