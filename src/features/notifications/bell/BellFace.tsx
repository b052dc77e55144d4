/** The bell's face: the icon and the unread count as a badge (the label speaks the count). */
export function BellFace({ unread }: { unread: number }) {
  return (
    <>
      {/* drawn, not a font glyph: every system shows the same bell */}
      <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      {unread > 0 && (
        <span className="bell__count" data-testid="bell-count" aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </>
  );
}
