import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { machines } from '../../machines/index';
import type { CoverageReport, DiagramInfo } from '../../machines/explorer/explorer.types';
import { models } from '../../machines/models';
import { layoutModel } from '../../machine-kit/diagram/layout';
import { buildModel } from '../../machine-kit/diagram/model';
import { renderSvg } from '../../machine-kit/diagram/svg';
import { messages } from '../features/explorer/messages';
import { en } from '../i18n/en';
import { registerMessages } from '../i18n';
import { buildCatalog } from './catalog';
import { svgDocument } from './export';
import { Root } from './Root';
import { createServices, startServices, type ExplorerServices } from './services';

registerMessages(messages);
const catalog = buildCatalog(machines, models);
const cache = new Map<string, DiagramInfo>();
async function loadDiagram(id: string): Promise<DiagramInfo> {
  const entry = catalog.find((e) => e.id === id);
  if (!entry) throw { kind: 'unknown-machine', id };
  if (!cache.has(id)) {
    const model = buildModel(entry.machine);
    const layout = await layoutModel(model);
    cache.set(id, { id, svg: renderSvg(model, layout, id), source: 'build', layoutMs: 1, renderMs: 1, width: layout.width, height: layout.height });
  }
  return cache.get(id)!;
}
const count = (all: string[], covered: string[]) => ({ total: all.length, covered, uncovered: all.filter((x) => !covered.includes(x)) });
const coverage: CoverageReport = {
  generatedAt: '2026-01-02T03:04:05.000Z',
  machines: {
    login: {
      paths: 12,
      pathSets: ['shortest', 'edge'],
      ok: false,
      states: count(['login', 'login.editing', 'login.success'], ['login', 'login.editing']),
      transitions: count(['login.editing:login.submit:0', 'login.editing:login.edit:0'], ['login.editing:login.submit:0']),
    },
    toast: { paths: 3, pathSets: ['shortest'], ok: true, states: count(['toast'], ['toast']), transitions: count([], []) },
  },
};

let services: ExplorerServices;
beforeAll(() => {
  services = createServices({ catalog, loadDiagram, loadCoverage: async () => coverage });
  startServices(services);
});
afterAll(() => {
  services.page.stop();
  services.step.stop();
  services.live.stop();
});

const go = (hash: string) =>
  act(() => {
    window.location.hash = hash;
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  });
const mount = () => render(<Root services={services} initial={{ lang: 'en', dict: en }} />);
const state = (id: string) => document.querySelector(`g.state[data-state-id="${id}"]`)!;
const edge = (id: string) => document.querySelector(`g.transition[data-transition-id="${id}"]`)!;

describe('the machine explorer', () => {
  // 1-2.5 s alone (87 machines rendered in jsdom); room for a machine that runs the browser suite beside it
  it('lists every machine, searches them, and shows the coverage table', { timeout: 15_000 }, async () => {
    await go('#/');
    mount();
    const list = screen.getByTestId('machine-list');
    expect(within(list).getAllByRole('link').map((a) => a.getAttribute('data-machine'))).toEqual(Object.keys(machines));
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'toa' } });
    // the id first, then the cascade, whose purpose names its toast
    expect(within(list).getAllByRole('link').map((a) => a.getAttribute('data-machine'))).toEqual(['toast', 'cascade']);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'zzz-nothing' } });
    expect(screen.getByText('No machine matches “zzz-nothing”.')).toBeTruthy();
    const table = await screen.findByTestId('coverage-table');
    const login = table.querySelector('tr[data-machine="login"]')!;
    expect(login.textContent).toContain('2/3');
    expect(login.textContent).toContain('below 100%');
    expect(login.querySelector('a')!.getAttribute('href')).toBe('#/m/login/coverage');
    expect(table.querySelector('tr[data-machine="session"]')!.textContent).toContain('not in the report');
  });

  it('opens a diagram with zoom controls and the machine facts', async () => {
    await go('#/m/login');
    mount();
    await waitFor(() => expect(state('login.editing')).toBeTruthy());
    expect(screen.getByText('login.submit')).toBeTruthy();
    const zoom = screen.getByTestId('zoom');
    const before = zoom.textContent;
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(zoom.textContent).not.toBe(before);
    expect(screen.getByTestId('layout-info').textContent).toContain('at build time');
  });

  it('steps the login machine, highlights the state and the transition, goes back and resets', async () => {
    await go('#/m/login/step');
    mount();
    const panel = await screen.findByTestId('step-panel');
    await waitFor(() => expect(within(panel).getByTestId('step-state').textContent).toBe('editing'));
    await waitFor(() => expect(state('login.editing').classList.contains('active')).toBe(true));
    expect(state('login').classList.contains('active')).toBe(false);

    fireEvent.click(within(panel).getByRole('button', { name: /^login\.submit\(email="trader/ }));
    await waitFor(() => expect(within(panel).getByTestId('step-state').textContent).toBe('platformLogin'));
    expect(state('login.platformLogin').classList.contains('active')).toBe(true);
    expect(state('login.editing').classList.contains('active')).toBe(false);
    expect(edge('login.editing:login.submit:0').classList.contains('taken')).toBe(true);
    expect(within(panel).getByTestId('step-context').textContent).toContain('"email": "trader@example.com"');
    expect(within(panel).getByTestId('step-history').textContent).toContain('login.submit');

    fireEvent.click(within(panel).getByRole('button', { name: /^platformLogin\.done\(\{"success":true/ }));
    await waitFor(() => expect(within(panel).getByTestId('step-state').textContent).toBe('sessionLogin'));
    fireEvent.click(within(panel).getByRole('button', { name: /Back/ }));
    await waitFor(() => expect(within(panel).getByTestId('step-state').textContent).toBe('platformLogin'));
    fireEvent.click(within(panel).getByRole('button', { name: /^platformLogin\.done\(\{"success":true/ }));
    await waitFor(() => expect(within(panel).getByTestId('step-state').textContent).toBe('sessionLogin'));
    fireEvent.click(within(panel).getAllByRole('button', { name: /^sessionLogin\.done/ })[0]);
    await waitFor(() => expect(within(panel).getByTestId('step-status').getAttribute('data-status')).toBe('done'));
    expect(within(panel).getByText('The machine reached a final state. Go back or reset.')).toBeTruthy();
    expect(state('login.success').classList.contains('active')).toBe(true);

    fireEvent.click(within(panel).getByRole('button', { name: /Reset/ }));
    await waitFor(() => expect(within(panel).getByTestId('step-state').textContent).toBe('editing'));
    expect(within(panel).queryByTestId('step-history')).toBeNull();
  });

  it('overlays coverage on the diagram and lists what is not covered', async () => {
    await go('#/m/login/coverage');
    mount();
    const panel = await screen.findByTestId('coverage-panel');
    await waitFor(() => expect(edge('login.editing:login.submit:0').classList.contains('covered')).toBe(true));
    expect(edge('login.editing:login.edit:0')).toBeNull(); // a targetless transition is a row, not an edge
    expect(document.querySelector('[data-transition-id="login.editing:login.edit:0"]')!.classList.contains('uncovered')).toBe(true);
    expect(state('login.success').classList.contains('uncovered')).toBe(true);
    expect(state('login.editing').classList.contains('covered')).toBe(true);
    expect(panel.textContent).toContain('login.success');
    expect(panel.textContent).toContain('2/3');
  });

  it('exports what is shown as a standalone SVG with the overlay style', async () => {
    await go('#/m/login/coverage');
    mount();
    await waitFor(() => expect(state('login.success').classList.contains('uncovered')).toBe(true));
    const text = svgDocument(document.querySelector('.x-stage svg') as SVGSVGElement);
    expect(text.startsWith('<?xml')).toBe(true);
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    expect(doc.querySelector('parsererror')).toBeNull();
    expect([...doc.querySelectorAll('style')].map((s) => s.textContent).join('')).toContain('.state.uncovered > rect.box');
    expect(doc.querySelector('g.state[data-state-id="login.success"]')!.getAttribute('class')).toContain('uncovered');
  });

  it('says when a machine does not exist', async () => {
    await go('#/m/nope');
    mount();
    expect((await screen.findByRole('alert')).textContent).toContain('There is no machine “nope” in machines/index.ts.');
  });

  // the Russian dictionary is a dynamic import, transformed on demand the first time: seconds on a busy 2-core machine
  it('switches to Russian', async () => {
    await go('#/');
    mount();
    fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'ru' } });
    await waitFor(() => expect(screen.getByRole('link', { name: 'Обозреватель автоматов' })).toBeTruthy(), { timeout: 20_000 });
    // the page's lang and title are set by effects that run after the text is painted: wait for them too
    await waitFor(() => expect(document.documentElement.lang).toBe('ru'));
    await waitFor(() => expect(document.title).toBe('Обозреватель автоматов'));
  }, 30_000);
});
