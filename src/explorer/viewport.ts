/** Zoom and pan of a diagram: pure arithmetic on `translate(x, y) scale(k)`. */
export interface Viewport {
  x: number;
  y: number;
  k: number;
}

export const MIN_ZOOM = 0.1;
export const MAX_ZOOM = 4;
export const ZOOM_STEP = 1.25;

const clamp = (k: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, k));

/** Zooms by `factor` keeping the canvas point (px, py) where it is. */
export function zoomAt(v: Viewport, factor: number, px: number, py: number): Viewport {
  const k = clamp(v.k * factor);
  const f = k / v.k;
  return { k, x: px - (px - v.x) * f, y: py - (py - v.y) * f };
}

/** Sets the zoom to `k`, keeping the canvas point (px, py) where it is. */
export function zoomTo(v: Viewport, k: number, px: number, py: number): Viewport {
  return zoomAt(v, clamp(k) / v.k, px, py);
}

export function panBy(v: Viewport, dx: number, dy: number): Viewport {
  return { ...v, x: v.x + dx, y: v.y + dy };
}

/** The whole diagram in the box, centred, never enlarged beyond 100%. */
export function fitInto(width: number, height: number, boxWidth: number, boxHeight: number, pad = 16): Viewport {
  if (width <= 0 || height <= 0 || boxWidth <= 0 || boxHeight <= 0) return { x: 0, y: 0, k: 1 };
  const k = clamp(Math.min(1, (boxWidth - 2 * pad) / width, (boxHeight - 2 * pad) / height));
  return { k, x: (boxWidth - width * k) / 2, y: Math.max(pad, (boxHeight - height * k) / 2) };
}

export const transformOf = (v: Viewport): string => `translate(${Math.round(v.x * 10) / 10}px, ${Math.round(v.y * 10) / 10}px) scale(${Math.round(v.k * 1000) / 1000})`;
