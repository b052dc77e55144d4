import type { BrowserContext, Page } from 'playwright-core';

/** What POST /api/sandbox/fresh-user takes (see src/api/contract/sandbox-security.ts). */
export interface FreshUserOptions {
  verification?: 'Full' | 'None';
  balances?: { currency: string; type: 'trading' | 'exchange'; amount: string }[];
  wd_methods?: string;
  turnover?: { current: string; need: string };
  validationValue?: string;
  two_factor?: '' | 'email';
  /** the user's card cascade, e.g. 'ORANGE,MEIKO,ZOOM' */
  cascade?: string;
  /** may upload verification documents whatever else holds (spec 001 §5) */
  can_upload?: boolean;
  card_risk?: boolean;
  /** the client agreement is signed */
  sign?: boolean;
  last_count?: number;
  /** fillCard '1' (the quick top-up is offered once the trader has deposited) */
  fill_card?: '' | '1';
  /** the trader's country (DE by default) */
  country?: string;
  /** the appropriateness questionnaire (issue 30 §6): passed by default; required, failed (in its cool-down), failed_earlier (the cool-down over), accepted */
  appropriateness?: 'passed' | 'required' | 'failed' | 'failed_earlier' | 'accepted';
  /** the version of each legal document the trader accepted (the current ones by default; 0: older, asked again at sign-in) */
  legal_version?: number;
}

export interface FreshUser {
  email: string;
  password: string;
}

/** A new sandbox user for one test (tests never share data); `page` must be on our origin. */
export async function freshUser(page: Page, baseURL: string, options: FreshUserOptions = {}): Promise<FreshUser> {
  // a page not on our origin yet goes to a plain-text address of it (no app loaded): the fetch below
  // needs our origin, and the test's own first page load (usually signIn) comes next anyway
  if (!page.url().startsWith(baseURL)) await page.goto(`${baseURL}/robots.txt`);
  // no named function inside: tsx (the UI-paths runner) would wrap it in a helper the page lacks
  return page.evaluate(async (body) => {
    for (let attempt = 1; ; attempt++) {
      const me = (await (await fetch('/api/me')).json()) as { csrf: string };
      const res = await fetch('/api/sandbox/fresh-user', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': me.csrf },
        body: JSON.stringify(body),
      });
      // a page with the app on it may have asked /api/me without a cookie at the same moment: two
      // anonymous sessions, and the cookie kept is the other one's; asked again, the token is the
      // kept session's
      if (res.status === 403 && attempt === 1 && (await res.clone().text()).includes('"csrf"')) continue;
      if (!res.ok) throw new Error(`fresh-user ${res.status} ${await res.text()}`);
      return (await res.json()) as { email: string; password: string };
    }
  }, options);
}

/** The newest code the sandbox "sent" to `email` (GET /api/sandbox/outbox). */
export async function outboxCode(page: Page, email: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const code = await page.evaluate(async (address) => {
      const res = await fetch(`/api/sandbox/outbox?email=${encodeURIComponent(address)}`);
      const body = (await res.json()) as { messages: { code?: string }[] };
      return body.messages[0]?.code ?? '';
    }, email);
    if (code) return code;
    await page.waitForTimeout(100);
  }
  throw new Error(`no code in the outbox of ${email}`);
}

/** Types a code into the six digit boxes, one key at a time, as a person would. */
export async function typeCode(page: Page, code: string): Promise<void> {
  await page.getByLabel('Digit 1 of 6').waitFor();
  for (const [i, digit] of [...code].entries()) await page.getByLabel(`Digit ${i + 1} of 6`).pressSequentially(digit);
}

/** A browser that has already seen the chat open by itself once (spec 001 §4), so the panel stays closed and covers nothing. */
export async function chatSeen(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    try {
      localStorage.setItem('chat.autoOpened', '1');
    } catch {
      // about:blank has no storage
    }
  });
}
