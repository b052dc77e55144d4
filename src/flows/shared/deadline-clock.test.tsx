import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDeadlineNow } from './deadline-clock';

function Seconds({ deadline, running = true, renders }: { deadline: number; running?: boolean; renders: number[] }) {
  const now = useDeadlineNow(deadline, running);
  const seconds = Math.max(0, Math.ceil((deadline - now) / 1000));
  renders.push(seconds);
  return <span data-testid="s">{seconds}</span>;
}

describe('useDeadlineNow', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-01T10:00:00.000Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('changes the seconds exactly when they change, once a second, and stops at the deadline', async () => {
    const renders: number[] = [];
    const deadline = Date.now() + 3_400;
    const view = render(<Seconds deadline={deadline} renders={renders} />);
    expect(view.getByTestId('s').textContent).toBe('4');
    // 3.4 s left: the next change at 3.0 s left, 0.4 s from now (plus the 1 ms past it)
    await act(() => vi.advanceTimersByTimeAsync(399));
    expect(view.getByTestId('s').textContent).toBe('4');
    await act(() => vi.advanceTimersByTimeAsync(2));
    expect(view.getByTestId('s').textContent).toBe('3');
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(view.getByTestId('s').textContent).toBe('2');
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(view.getByTestId('s').textContent).toBe('0');
    const count = renders.length;
    // nothing is scheduled after the deadline: no more redraws
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(renders.length).toBe(count);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does not tick while not running', async () => {
    const renders: number[] = [];
    const deadline = Date.now() + 60_000;
    render(<Seconds deadline={deadline} running={false} renders={renders} />);
    const count = renders.length;
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(renders.length).toBe(count);
    expect(vi.getTimerCount()).toBe(0);
  });
});
