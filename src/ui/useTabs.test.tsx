import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useTabs } from './useTabs';

const IDS = ['card', 'bitcoin', 'bank', 'neteller'] as const;

function Row({ off = [] as string[] }) {
  const [selected, setSelected] = useState<string>('card');
  const tabs = useTabs({ ids: IDS, selected, onSelect: setSelected, label: 'Methods', disabled: (id) => off.includes(id), prefix: 'm' });
  return (
    <>
      <button type="button">Before</button>
      <div {...tabs.getListProps()}>
        {IDS.map((id) => (
          <button key={id} {...tabs.getTabProps(id)}>{id}</button>
        ))}
      </div>
      <div {...tabs.getPanelProps()}>
        <p>{selected} panel</p>
      </div>
      <button type="button">After</button>
    </>
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });
const focused = () => document.activeElement;

describe('useTabs (WAI-ARIA tabs)', () => {
  it('names the roles and links each tab to the panel', () => {
    render(<Row />);
    expect(screen.getByRole('tablist', { name: 'Methods' })).toBeTruthy();
    expect(tab('card').getAttribute('aria-selected')).toBe('true');
    expect(tab('bank').getAttribute('aria-selected')).toBe('false');
    const panel = screen.getByRole('tabpanel');
    expect(tab('card').getAttribute('aria-controls')).toBe(panel.id);
    expect(panel.getAttribute('aria-labelledby')).toBe('m-tab-card');
    expect(panel.id).toBe('m-panel');
  });

  it('is one Tab stop: the selected tab', async () => {
    render(<Row />);
    await userEvent.click(tab('bank'));
    expect(tab('bank').tabIndex).toBe(0);
    expect(IDS.filter((id) => tab(id).tabIndex === 0)).toEqual(['bank']);
    screen.getByRole('button', { name: 'Before' }).focus();
    await userEvent.tab();
    expect(focused()).toBe(tab('bank'));
    await userEvent.tab();
    expect(focused()).toBe(screen.getByRole('button', { name: 'After' }));
  });

  it('Right and Left move and select, going round; Home and End go to the ends', async () => {
    render(<Row />);
    tab('card').focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(focused()).toBe(tab('bitcoin'));
    expect(tab('bitcoin').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('bitcoin panel');
    await userEvent.keyboard('{End}');
    expect(focused()).toBe(tab('neteller'));
    await userEvent.keyboard('{ArrowRight}');
    expect(focused()).toBe(tab('card'));
    await userEvent.keyboard('{ArrowLeft}');
    expect(focused()).toBe(tab('neteller'));
    await userEvent.keyboard('{Home}');
    expect(focused()).toBe(tab('card'));
    expect(tab('card').getAttribute('aria-selected')).toBe('true');
  });

  it('skips disabled tabs', async () => {
    render(<Row off={['bitcoin', 'neteller']} />);
    tab('card').focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(focused()).toBe(tab('bank'));
    await userEvent.keyboard('{ArrowRight}');
    expect(focused()).toBe(tab('card'));
    await userEvent.keyboard('{End}');
    expect(focused()).toBe(tab('bank'));
  });
});
