import type { TextPart } from '../../flows/support/support-text';

/** A message as text (never HTML): its http/https links open in a new tab without access back to this page. */
export function MessageText({ parts }: { parts: TextPart[] }) {
  return (
    <p className="sp-msg__text">
      {parts.map((part, i) =>
        'href' in part ? (
          <a key={i} href={part.href} target="_blank" rel="noopener noreferrer nofollow">
            {part.text}
          </a>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </p>
  );
}
