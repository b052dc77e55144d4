import { OVERLAY_CSS } from './overlay';

/** The diagram as shown (highlights included) as a standalone SVG document. */
export function svgDocument(svg: SVGSVGElement): string {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  const style = copy.ownerDocument.createElementNS('http://www.w3.org/2000/svg', 'style');
  style.textContent = OVERLAY_CSS;
  copy.insertBefore(style, copy.querySelector('defs'));
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}\n`;
}

export function download(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function downloadSvg(svg: SVGSVGElement, name: string): void {
  download(new Blob([svgDocument(svg)], { type: 'image/svg+xml' }), `${name}.svg`);
}

/** A PNG of the diagram at `scale` (2 = sharp on high-density screens and in documents). */
export async function pngBlob(svg: SVGSVGElement, scale = 2): Promise<Blob> {
  const width = Math.ceil(Number(svg.getAttribute('width')) || svg.viewBox.baseVal.width);
  const height = Math.ceil(Number(svg.getAttribute('height')) || svg.viewBox.baseVal.height);
  const url = URL.createObjectURL(new Blob([svgDocument(svg)], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    img.decoding = 'async';
    img.src = url;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = width * scale;
    canvas.height = height * scale;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2D canvas');
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG encoding failed'))), 'image/png'));
  } finally {
    URL.revokeObjectURL(url);
  }
}

export async function downloadPng(svg: SVGSVGElement, name: string): Promise<void> {
  download(await pngBlob(svg), `${name}.png`);
}
