/**
 * The header's call-back button before its dropdown loads (src/features/contact/CallBackButton.tsx,
 * in the trading page's first chunk, so nothing else is imported here): busy once clicked.
 */
export const callButtonProps = ({ busy = false, onClick }: { busy?: boolean; onClick: () => void }) => ({
  type: 'button' as const,
  onClick,
  'aria-expanded': false,
  'aria-busy': busy || undefined,
});
