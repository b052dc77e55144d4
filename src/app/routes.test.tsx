import { afterEach, describe, expect, it, vi } from 'vitest';
import { listenPages, preloadRoute, showPages, swPages } from './routes';

const preloadOf = (view: object) => view as { preload: () => Promise<void> };

describe('preloadRoute: the page a hash route names starts loading with the shell', () => {
  afterEach(() => vi.restoreAllMocks());

  it('#/show/{page}, #/sw/{page} and #/listen/{page}/… start their own page, once each', async () => {
    const funding = vi.spyOn(preloadOf(showPages.funding), 'preload').mockResolvedValue(undefined);
    const validate = vi.spyOn(preloadOf(swPages.validate), 'preload').mockResolvedValue(undefined);
    const listen = vi.spyOn(preloadOf(listenPages.funding), 'preload').mockResolvedValue(undefined);
    await preloadRoute('#/show/funding/add?x=1');
    await preloadRoute('#/sw/validate');
    await preloadRoute('#/listen/funding/orange/1/2');
    expect([funding.mock.calls.length, validate.mock.calls.length, listen.mock.calls.length]).toEqual([1, 1, 1]);
  });

  it('no page, an unknown one or a name from Object.prototype: nothing starts', () => {
    for (const hash of ['', '#/home', '#/show/nope', '#/show/constructor', '#/show/__proto__', '#show/funding']) expect(preloadRoute(hash), hash).toBeNull();
  });

  it("a chunk that fails to load is not the caller's error (the render asks again and shows its own)", async () => {
    vi.spyOn(preloadOf(showPages.support), 'preload').mockRejectedValue(new Error('chunk'));
    await expect(preloadRoute('#/show/support')).resolves.toBeUndefined();
  });
});
