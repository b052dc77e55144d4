import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** A QR code of `value`, drawn in the browser (nothing leaves the page). */
export function QrImage({ value, alt }: { value: string; alt: string }) {
  const [src, setSrc] = useState('');
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(value, { margin: 1, width: 192, errorCorrectionLevel: 'M' })
      .then((url) => live && setSrc(url))
      .catch(() => live && setSrc(''));
    return () => {
      live = false;
    };
  }, [value]);
  return src ? <img className="qr" src={src} width={192} height={192} alt={alt} /> : <div className="qr qr--empty" aria-hidden="true" />;
}
