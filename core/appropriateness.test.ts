import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { messages } from '../src/features/appropriateness/messages';
import { answerProblems, APPROPRIATENESS, appropriatenessState, mayTrade, needsAppropriateness, optionKey, publicQuestions, questionKey, retryAt, scoreAnswers } from './appropriateness';

const at = (iso: string) => new Date(iso);
const allRight = Object.fromEntries(APPROPRIATENESS.questions.map((q) => [q.id, q.correct]));
const wrongOf = (q: (typeof APPROPRIATENESS.questions)[number]) => q.options.find((o) => o !== q.correct)!;

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : /\.tsx?$/.test(e.name) && !e.name.includes('.test.') ? [join(dir, e.name)] : []));

describe('the appropriateness rules (issue 30 §6)', () => {
  it('5 to 7 questions, each with distinct options and its correct one among them; a pass mark within them; a 24-hour cool-down', () => {
    const qs = APPROPRIATENESS.questions;
    expect(qs.length).toBeGreaterThanOrEqual(5);
    expect(qs.length).toBeLessThanOrEqual(7);
    expect(new Set(qs.map((q) => q.id)).size).toBe(qs.length);
    for (const q of qs) {
      expect(q.options.length, q.id).toBeGreaterThanOrEqual(2);
      expect(new Set(q.options).size, q.id).toBe(q.options.length);
      expect(q.options as readonly string[], q.id).toContain(q.correct);
    }
    expect(APPROPRIATENESS.passMark).toBeGreaterThan(qs.length / 2);
    expect(APPROPRIATENESS.passMark).toBeLessThanOrEqual(qs.length);
    expect(APPROPRIATENESS.cooldownHours).toBe(24);
  });

  it('every question and option has its text in English and Russian', () => {
    for (const lang of ['en', 'ru'] as const) {
      const texts: Record<string, string> = messages[lang];
      for (const q of publicQuestions()) {
        expect(texts[q.text], `${lang} ${q.text}`).toBeTruthy();
        for (const o of q.options) expect(texts[o.text], `${lang} ${o.text}`).toBeTruthy();
      }
    }
  });

  it('the client’s questions carry no answer, and no client file imports the table', () => {
    const shown = publicQuestions();
    expect(shown[0]).toEqual({ id: 'loss', text: questionKey('loss'), options: [{ id: 'part', text: optionKey('loss', 'part') }, { id: 'stake', text: 'appropriateness.q.loss.stake' }, { id: 'nothing', text: 'appropriateness.q.loss.nothing' }] });
    expect(JSON.stringify(shown)).not.toContain('correct');
    const root = join(import.meta.dirname, '..');
    const importers = [...filesUnder(join(root, 'src')), ...filesUnder(join(root, 'machines'))].filter((f) => /core\/appropriateness['"]/.test(readFileSync(f, 'utf8')));
    expect(importers).toEqual([]);
  });

  it('scores the right answers against the pass mark', () => {
    expect(scoreAnswers(allRight)).toEqual({ score: 6, of: 6, passed: true });
    const [first, second] = APPROPRIATENESS.questions;
    expect(scoreAnswers({ ...allRight, [first.id]: wrongOf(first) })).toEqual({ score: 5, of: 6, passed: true });
    expect(scoreAnswers({ ...allRight, [first.id]: wrongOf(first), [second.id]: wrongOf(second) })).toEqual({ score: 4, of: 6, passed: false });
    expect(scoreAnswers({})).toEqual({ score: 0, of: 6, passed: false });
  });

  it('names each question left out, answered with an option it lacks, or unknown', () => {
    expect(answerProblems(allRight)).toEqual({});
    const { loss: _loss, ...noLoss } = allRight;
    expect(answerProblems(noLoss)).toEqual({ loss: 'appropriateness.unanswered' });
    expect(answerProblems({ ...allRight, loss: '' })).toEqual({ loss: 'appropriateness.unanswered' });
    expect(answerProblems({ ...allRight, payout: 'stake' })).toEqual({ payout: 'appropriateness.option' });
    expect(answerProblems({ ...allRight, toString: 'a' })).toEqual({ toString: 'appropriateness.unknown' });
  });

  it('a real-money account needs it, a demo one does not', () => {
    expect(needsAppropriateness('trading')).toBe(true);
    expect(needsAppropriateness('demo')).toBe(false);
    expect(needsAppropriateness('exchange')).toBe(false);
  });

  it('where a trader stands, and who may trade', () => {
    const now = at('2026-12-01T10:00:00Z');
    expect(appropriatenessState(false, null, now)).toEqual({ state: 'not_required', retryAt: null, ready: false });
    expect(appropriatenessState(true, null, now)).toEqual({ state: 'required', retryAt: null, ready: true });
    expect(appropriatenessState(true, { passed: true, takenAt: now, riskAcceptedAt: null }, now).state).toBe('passed');
    const failedAt = at('2026-11-30T10:00:01Z');
    expect(retryAt(failedAt).toISOString()).toBe('2026-12-01T10:00:01.000Z');
    expect(appropriatenessState(true, { passed: false, takenAt: failedAt, riskAcceptedAt: null }, now)).toEqual({ state: 'failed', retryAt: at('2026-12-01T10:00:01Z'), ready: false });
    expect(appropriatenessState(true, { passed: false, takenAt: failedAt, riskAcceptedAt: null }, at('2026-12-01T10:00:01Z')).ready).toBe(true);
    expect(appropriatenessState(true, { passed: false, takenAt: failedAt, riskAcceptedAt: now }, now)).toEqual({ state: 'accepted', retryAt: null, ready: false });
    expect((['not_required', 'required', 'passed', 'failed', 'accepted'] as const).filter(mayTrade)).toEqual(['not_required', 'passed', 'accepted']);
  });
});
