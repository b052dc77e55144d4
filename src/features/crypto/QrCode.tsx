import { create } from 'qrcode';
import { useMemo } from 'react';

/** A QR code drawn as one SVG path from the qrcode library's module matrix (no HTML strings). */
export function QrCode({ value, label, size = 208 }: { value: string; label: string; size?: number }) {
  const { path, count } = useMemo(() => {
    const { modules } = create(value, { errorCorrectionLevel: 'M' });
    let d = '';
    for (let y = 0; y < modules.size; y += 1) {
      for (let x = 0; x < modules.size; x += 1) if (modules.get(y, x)) d += `M${x + 4} ${y + 4}h1v1h-1z`;
    }
    return { path: d, count: modules.size + 8 };
  }, [value]);
  return (
    <svg className="crypto-qr" role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${count} ${count}`} shapeRendering="crispEdges" data-uri={value}>
      <rect width={count} height={count} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
