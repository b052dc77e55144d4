import { DEFAULT_STACK, isProcessor, PFS_EXCLUDED_COUNTRIES, type Processor } from './processors';

export interface StackFacts {
  /** the settings cascade (processors in order); empty: the default stack */
  settings: readonly string[];
  /** the user's cascade value, a comma list; '' when not set */
  user: string;
  /** the user's country (ISO alpha-2) */
  country: string;
  /** the user's partner id */
  affsId: string;
  /** partners for whom the virtual card route (VLOAD) is disabled */
  noVload: readonly string[];
}

/** Known names in order, upper-cased, each once. */
function normalize(names: readonly string[]): Processor[] {
  const out: Processor[] = [];
  for (const raw of names) {
    const name = raw.trim().toUpperCase();
    if (isProcessor(name) && !out.includes(name)) out.push(name);
  }
  return out;
}

/**
 * The processors a card payment tries, in order (spec 000 §4, §6): the default stack VLOAD,
 * overridden by the settings cascade, then by the user's own cascade value; PFS never for the
 * 12 excluded countries; VLOAD never for partners in no_vload.
 */
export function cascadeStack(facts: StackFacts): Processor[] {
  let stack = normalize(DEFAULT_STACK);
  const fromSettings = normalize(facts.settings);
  if (fromSettings.length > 0) stack = fromSettings;
  const fromUser = normalize(facts.user.split(','));
  if (fromUser.length > 0) stack = fromUser;
  const country = facts.country.trim().toUpperCase();
  return stack.filter(
    (p) => !(p === 'PFS' && PFS_EXCLUDED_COUNTRIES.includes(country)) && !(p === 'VLOAD' && facts.affsId !== '' && facts.noVload.includes(facts.affsId)),
  );
}

/** The next processor of the stack not tried yet, or null when all have been tried. */
export function nextUntried(stack: readonly Processor[], tried: readonly Processor[]): Processor | null {
  return stack.find((p) => !tried.includes(p)) ?? null;
}
