import { useEffect, useState } from 'react';

/**
 * The page's clock for a countdown to `deadline` (ms on this page's clock): read again at each
 * moment the whole seconds left change (deadline − n·1000), not on a free-running interval, so a
 * "seconds left" shown from it changes exactly on time and the page is redrawn once a second, not
 * more (an idle page with a countdown costs one paint a second; a 250 ms redraw with a CSS
 * transition kept the renderer painting at every frame). Stops at the deadline, or while
 * `running` is false.
 */
export function useDeadlineNow(deadline: number, running = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      const left = deadline - Date.now();
      if (left <= 0) return;
      // to the next whole second before the deadline (1 ms past it, so ceil() has moved on)
      timer = setTimeout(tick, (left % 1000 || 1000) + 1);
    };
    const tick = () => {
      setNow(Date.now());
      schedule();
    };
    // the clock read again at once (time may have passed since the first render, or while not
    // running), then at each change
    timer = setTimeout(tick, 0);
    return () => clearTimeout(timer);
  }, [deadline, running]);
  return now;
}
