import { describe, expect, it } from 'vitest';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SANDBOX_NOTE } from '../../core/sandbox-note';
import { sandboxBannerRenderer, withSandboxBanner } from './sandbox-banner';

const INDEX = '<html lang="en"><body>\n    <div id="root"></div>\n  </body></html>';
const request = (url: string) => ({ url }) as FastifyRequest;
const reply = {} as FastifyReply;

describe('the sandbox banner in the page HTML (issue 33 §3)', () => {
  it('goes before the app root, in the page language, escaped', () => {
    const html = withSandboxBanner(INDEX, 'ru');
    expect(html).toContain(`<div class="sandbox-banner" role="note" id="sandbox-banner">${SANDBOX_NOTE.ru}</div>\n    <div id="root"></div>`);
    expect(withSandboxBanner(INDEX, 'de')).toContain(SANDBOX_NOTE.en);
  });

  it('wraps every page: a public page keeps its own rendering, any other gets index.html with the banner', () => {
    const render = sandboxBannerRenderer((req) => (req.url.startsWith('/ru/') && !req.url.includes('login') ? INDEX.replace('<div id="root"></div>', '<div id="root"><main>tab</main></div>') : null), ['en', 'ru'], 'en');
    expect(render(request('/ru/'), reply, INDEX)).toContain(`${SANDBOX_NOTE.ru}</div>\n    <div id="root"><main>tab</main></div>`);
    expect(render(request('/ru/login?x=1'), reply, INDEX)).toContain(`${SANDBOX_NOTE.ru}</div>\n    <div id="root"></div>`);
    expect(render(request('/en/trading'), reply, INDEX)).toContain(SANDBOX_NOTE.en);
    expect(render(request('/xx/login'), reply, INDEX)).toContain(SANDBOX_NOTE.en);
  });
});
