import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSPECT_CHANNEL } from '../../machines/inspection/protocol';
import { launchBrowser } from '../../scripts/lib/browser';
import { collectInspection } from '../ui-paths/collector';

// The UI paths read the app's inspection through collectInspection. A message whose hand-over to
// Node never completes before the page navigates (Playwright drops a binding call whose page is
// gone) must still arrive: the tab's next page sends it again, once, in order.
const snapshot = (source: string, value: string) => ({ kind: '@xstate.snapshot', source, actorId: 'a', machineId: 'm', value, status: 'active', event: 'e' });
const first = `<script>
const ch = new BroadcastChannel(${JSON.stringify(INSPECT_CHANNEL)});
ch.postMessage(${JSON.stringify(snapshot('one', 'before'))});
ch.postMessage(${JSON.stringify(snapshot('one', 'last'))});
location.assign('/two');
</script>`;
const second = `<script>
new BroadcastChannel(${JSON.stringify(INSPECT_CHANNEL)}).postMessage(${JSON.stringify(snapshot('two', 'next page'))});
</script>`;

describe('ui-paths inspection collector', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a state posted as the page navigates away arrives once, before the next page\'s', async () => {
    const context = await browser.newContext();
    try {
      await context.route('http://collector.test/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: route.request().url().endsWith('/two') ? second : first }),
      );
      const log = await collectInspection(context, { loseFirst: (m) => m.kind === '@xstate.snapshot' && m.value === 'last' });
      const page = await context.newPage();
      await page.goto('http://collector.test/one');
      await page.waitForURL('**/two');
      const values = () => log.flatMap((m) => (m.kind === '@xstate.snapshot' ? [m.value] : []));
      await expect.poll(values).toEqual(['before', 'last', 'next page']);
      // the first page is gone: a 'bye' for it comes before the next page's messages
      const bye = log.findIndex((m) => m.kind === 'bye' && m.source === 'one');
      const next = log.findIndex((m) => m.kind === '@xstate.snapshot' && m.value === 'next page');
      expect(bye).toBeGreaterThan(-1);
      expect(bye).toBeLessThan(next);
    } finally {
      await context.close();
    }
  });
});
