import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium; never a downloaded browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The features Playwright itself turns off (playwright-core 1.65's chromiumSwitches). Chromium keeps
 * only the last `--disable-features` of its command line, and ours comes after Playwright's, so ours
 * repeats them; scripts/lib/browser.test.ts fails when an upgrade of playwright-core changes its list.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * The browser's own omnibox pop-up, which Chromium 156 builds as two WebUI pages
 * (chrome://omnibox-popup.top-chrome/ and its "AI mode" page) in every new window, headless too:
 * about 1.5 s of CPU in a renderer of their own each time a test opens a browser context, more
 * than a signed-in trading page's own load: a context, a sandbox trader and the trading page took
 * 5.4 s of Chromium CPU with them and 3.8 s without (docs/bench.md, "npm test and CI"). No page of
 * ours renders differently: they are the address bar's, which headless Chromium never shows.
 * machine-tests/browser/headless-chromium.e2e.ts fails if a new Chromium builds them again.
 */
export const OUR_DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup'];

/** The command-line switches every headless Chromium of ours gets (the browser suites, the UI paths, the bench, the diagrams). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OUR_DISABLED_FEATURES].join(',')}`,
];

/** Headless Chromium as the browser tests and `npm run bench` use it (`extraArgs`: e.g. the bench's
 *  `--remote-debugging-port` that Lighthouse connects to). */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...extraArgs] });
}
