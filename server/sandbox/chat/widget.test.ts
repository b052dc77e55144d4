import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../test/client';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());

describe('the sandbox chat widget', () => {
  it('is served with its own strict CSP, frameable by our origin only, and says it is a sandbox', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/chat/widget' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(page.body).toContain('Sandbox chat');
    expect(page.body).not.toMatch(/<script>(?!<)/);
    const js = await t.app.inject({ method: 'GET', url: '/chat/widget.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toContain('javascript');
    // the token is read from the fragment, and messages are rendered as text, never as HTML
    expect(js.body).toContain('location.hash');
    expect(js.body).not.toContain('innerHTML');
  });
});
