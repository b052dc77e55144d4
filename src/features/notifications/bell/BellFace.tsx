/** The bell's face: the icon and the unread count as a badge (the label speaks the count). */
export function BellFace({ unread }: { unread: number }) {
  return (
    <>
      <span aria-hidden="true">🔔</span>
      {unread > 0 && (
        <span className="bell__count" data-testid="bell-count" aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </>
  );
}
