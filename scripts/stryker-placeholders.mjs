// A Stryker ignorer (stryker.config.mjs, ignorers: ['placeholders']): the `notProvided('<name>')`
// placeholders of machines/shared/not-provided.ts (and inline `async () => { throw new Error('x not
// provided') }`) are not behaviour. Every actor a machine declares
// with one is replaced by the app (machine.provide) and by the test fakes, so a mutant of the name
// can never be observed; such mutants are Ignored (left out of the score) rather than survivors.
import { PluginKind, declareValuePlugin } from '@stryker-mutator/api/plugin';

/** `{ throw new Error('... not provided'); }` */
function throwsNotProvided(body) {
  if (body.type !== 'BlockStatement' || body.body.length !== 1 || body.body[0].type !== 'ThrowStatement') return false;
  const arg = body.body[0].argument;
  return arg?.type === 'NewExpression' && arg.arguments.length === 1 && arg.arguments[0].type === 'StringLiteral' && /not provided/.test(arg.arguments[0].value);
}

export const strykerPlugins = [
  declareValuePlugin(PluginKind.Ignore, 'placeholders', {
    shouldIgnore(path) {
      const node = path.node;
      if (node.type === 'CallExpression' && node.callee.type === 'Identifier' && node.callee.name === 'notProvided') {
        return 'notProvided(...) is a placeholder the app and the test fakes replace';
      }
      // a state's or transition's `meta` (the spec tags, machines/spec-rules.ts) is never read by the machine;
      // a changed tag changes docs/coverage/spec.json, which scripts/spec-coverage.test.ts checks
      if (node.type === 'ObjectProperty' && !node.computed && ((node.key.type === 'Identifier' && node.key.name === 'meta') || (node.key.type === 'StringLiteral' && node.key.value === 'meta'))) {
        return 'meta (spec tags) is documentation the machine never reads; scripts/spec-coverage.test.ts checks it';
      }
      if ((node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression') && throwsNotProvided(node.body)) {
        return 'an actor placeholder that only throws "... not provided": the app and the test fakes replace it';
      }
      return undefined;
    },
  }),
];
