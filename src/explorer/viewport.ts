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

/** The zoom at which edge labels (11 px) and state titles (13 px) are drawn at their real size. */
export const READABLE_ZOOM = 1;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Keeps the zoom and moves the view so the centre of `target` is in the middle of the box. */
export function centreOn(v: Viewport, target: Box, boxWidth: number, boxHeight: number): Viewport {
  return { k: v.k, x: boxWidth / 2 - (target.x + target.width / 2) * v.k, y: boxHeight / 2 - (target.y + target.height / 2) * v.k };
}

/**
 * "Fit" that keeps every label readable: the whole chart when it fits at the readable zoom,
 * else the readable zoom centred on `focus` (the active state, or the initial one), never
 * past the chart's top or left edge.
 */
export function readableFit(width: number, height: number, boxWidth: number, boxHeight: number, focus?: Box, pad = 16): Viewport {
  const whole = fitInto(width, height, boxWidth, boxHeight, pad);
  if (whole.k >= READABLE_ZOOM || !focus) return whole;
  const k = READABLE_ZOOM;
  const c = centreOn({ x: 0, y: 0, k }, focus, boxWidth, boxHeight);
  const x = width * k <= boxWidth ? (boxWidth - width * k) / 2 : Math.min(pad, Math.max(boxWidth - width * k - pad, c.x));
  const y = height * k <= boxHeight ? (boxHeight - height * k) / 2 : Math.min(pad, Math.max(boxHeight - height * k - pad, c.y));
  return { k, x, y };
}

/** True when `target` lies wholly inside the visible part of the box. */
export function isVisible(v: Viewport, target: Box, boxWidth: number, boxHeight: number, margin = 24): boolean {
  const left = v.x + target.x * v.k;
  const top = v.y + target.y * v.k;
  return left >= margin && top >= margin && left + target.width * v.k <= boxWidth - margin && top + target.height * v.k <= boxHeight - margin;
}

/** Keeps a chart larger than the box from leaving empty space beyond its edges (`pad` at most); a smaller one stays centred. */
export function clampTo(v: Viewport, width: number, height: number, boxWidth: number, boxHeight: number, pad = 16): Viewport {
  const axis = (at: number, size: number, box: number) => (size <= box ? (box - size) / 2 : Math.min(pad, Math.max(box - size - pad, at)));
  return { k: v.k, x: axis(v.x, width * v.k, boxWidth), y: axis(v.y, height * v.k, boxHeight) };
}
