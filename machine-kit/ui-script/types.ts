/**
 * A UI script: how a person causes each event of a machine in the real page and what the page
 * shows in each state, as data (roles, labels, texts, public sandbox routes; no internal event
 * names). Browser-safe: the explorer exports a path or a set as a standalone Playwright spec from
 * it (`./playwright.ts`), and a unit test checks every key against the machine and its UI binding.
 *
 * Strings may hold `{{user.email}}` and `{{user.password}}` (the path's fresh sandbox user).
 */

/** A locator, Playwright's way: by role and accessible name, by label, by text, by test id. */
export type Target = { role: string; name?: string } | { label: string } | { text: string } | { testId: string };

export type ScriptStep =
  /** open a page of the app (a path on BASE_URL) */
  | { goto: string }
  | { fill: { label: string; value: string } }
  /** key by key, as a person types */
  | { type: { label: string; text: string } }
  | { click: { role: string; name: string } }
  /** the target is visible (or, with `hidden`, not) */
  | { expect: Target; hidden?: boolean }
  /** the address matches (a regular expression's source) */
  | { expectUrl: string }
  /** POST /api/sandbox/fresh-user with these options (docs/sandbox.md): the path's own user, `{{user.*}}` */
  | { freshUser: Record<string, unknown> }
  /** POST a public sandbox route (docs/sandbox.md) with this JSON body */
  | { sandbox: { path: string; body: unknown } }
  /** POST a product route as the page itself sends it (JSON with the session's CSRF token), `times` times */
  | { call: { path: string; body: unknown; times?: number } }
  /** POST a form to an address (the sandbox platform's own login form), `times` times */
  | { postForm: { path: string; form: Record<string, string>; times?: number } }
  /** the next request to the URL (a glob) fails as a lost connection */
  | { failNext: string }
  /** the next request to the URL reaches the server with this body, or its JSON body with these fields changed */
  | { alterNext: { url: string; body?: string; merge?: Record<string, unknown> } }
  /** whenever this dialog (by its accessible name) shows over the page, close it with this button (Playwright's `addLocatorHandler`) */
  | { whenShown: { dialog: string; click: string } }
  /** reads the newest code the sandbox sent the user (GET /api/sandbox/outbox) and types it into the six digit boxes ("Digit 1 of 6" …), one key at a time */
  | { typeOutboxCode: true };

/**
 * When a variant applies. `'*'` in a pattern means "present and not empty". Every given part
 * must hold; an empty `when` always does.
 */
export interface When {
  /** the machine's input contains these fields */
  input?: Record<string, unknown>;
  /** the event being caused contains these fields (its payload, `output`, `error`) */
  event?: Record<string, unknown>;
  /** the expected snapshot's context contains these fields (for states) */
  context?: Record<string, unknown>;
  /**
   * The first later event of the path whose key is one of `of` is the one keyed `is` (`'none'`:
   * there is none) and contains `has`: how a step arranges an outcome the path needs later.
   */
  next?: { of: string[]; is: string; has?: Record<string, unknown> };
}

/** One way to do something: the first variant whose `when` holds is used. */
export interface Variant {
  when?: When;
  /** what a person does, as the test's title says it ("types a wrong password") */
  says?: string;
  steps: ScriptStep[];
}

/** A variant that says why the path cannot be exported (the path is left out with this reason). */
export interface NotScripted {
  when?: When;
  reason: string;
}

export type Way = Variant | NotScripted;

export interface UiScript {
  /** the machine id in machines/index.ts */
  machine: string;
  /** the flow as a tester names it: the spec's describe title */
  title: string;
  /** the page a path of this input starts on (fresh user, sign-in, goto) */
  start: Way[];
  /** per event key (as the UI bindings name them: `login.submit`, `<src>.done`, `<src>.error`, `after:<delay>`) */
  events: Record<string, Way[]>;
  /** per state node id: what the page shows there (every matching variant's steps, in order) */
  states: Record<string, Variant[]>;
}
