/**
 * docs/coverage/spec.json, written by `npm run spec-coverage` (scripts/spec-coverage.ts) and read
 * by the explorer's Spec page: each numbered rule of the spec's sections 4, 5, 8 and 9
 * (machines/spec-rules.ts) with the machine states and transitions tagged with it
 * (`meta.spec`) and what measures each: a generated model path (machines.json), a UI path
 * (ui.json), a mutation kill (mutation.json).
 */

type Text = { en: string; ru: string };

/** no survivor on the tagged lines (killed); only survivors with a written reason (equivalent); an unexplained survivor (survived); no mutation run for the machine (unmeasured); lines not found in the machine's source (unlocated) */
export type MutationMark = 'killed' | 'equivalent' | 'survived' | 'unmeasured' | 'unlocated';
/** through the page (covered), the UI cannot cause it and says why (reason), not reached (uncovered), the machine has no UI paths (unmeasured) */
export type UiMark = 'covered' | 'reason' | 'uncovered' | 'unmeasured';

export interface SpecTag {
  machine: string;
  kind: 'state' | 'transition';
  /** the state id, or the transition id as the coverage reports name it (`<state>:<event>:<index>`) */
  id: string;
  /** a transition's target state ids (none: it stays in its state) */
  to?: string[];
  /** the machine's source file, and the lines the mutation mark was decided on (`12-14, 40`) */
  file: string;
  lines: string;
  /** covered by a generated model path; null: the machine is not in machines.json */
  model: boolean | null;
  ui: UiMark;
  uiReason?: string;
  mutation: MutationMark;
  /** the surviving mutants on those lines (`line mutator`, with the reason when written) */
  survivors?: string[];
  /** deviations this state or transition carries (`meta.deviation`) */
  deviations: string[];
}

export interface SpecRuleCoverage {
  id: string;
  file: '000' | '001' | '002';
  section: 4 | 5 | 8 | 9;
  title: Text;
  deviation?: string;
  where?: string;
  tags: SpecTag[];
}

export interface SpecDeviationCoverage {
  id: string;
  kind: 'deviation' | 'addition';
  ref: string;
  rules: string[];
  reason: Text;
  /** `machine/id` of each state or transition that carries it */
  tags: string[];
}

export interface SpecCoverageFile {
  /** how each column is decided, in words (the report says it, so nobody guesses) */
  method: { model: string; ui: string; mutation: string };
  summary: {
    rules: number;
    tagged: number;
    untagged: number;
    /** rules of the sections every rule of which must be tagged (000 §4, 002 §4) that are not */
    mustTagUntagged: string[];
  };
  rules: SpecRuleCoverage[];
  untagged: string[];
  deviations: SpecDeviationCoverage[];
  /** tags that name no rule or deviation (a test fails on any) */
  unknown: string[];
}
