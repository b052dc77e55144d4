import type { ProcessorGateway } from '../ports';

/** Without the sandbox and without a real integration, every processor declines softly (nothing is charged). */
export const noProcessors: ProcessorGateway = {
  sandbox: false,
  start: async () => ({ kind: 'declined', code: '91', message: 'No card processor is configured' }),
  check: async () => ({ kind: 'declined', code: '91', message: 'No card processor is configured' }),
  complete: async () => ({ kind: 'declined', code: '91', message: 'No card processor is configured' }),
  void: async () => ({ kind: 'failed', message: 'No card processor is configured' }),
};
