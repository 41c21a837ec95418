import QRCode from 'qrcode';
import { useMemo } from 'react';

/**
 * QrCode draws text as a QR code in SVG (black on white with the standard
 * four-module quiet zone), `size` pixels square: crisp at any zoom and
 * easy for a door's camera to read from a phone's screen.
 */
export function QrCode({ text, size = 280, label }: { text: string; size?: number; label: string }) {
  const { path, count } = useMemo(() => {
    const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
    const n = qr.modules.size;
    let d = '';
    for (let y = 0; y < n; y++) {
      for (let x = 0; x < n; x++) {
        if (qr.modules.get(x, y)) d += `M${x + 4} ${y + 4}h1v1h-1z`;
      }
    }
    return { path: d, count: n + 8 };
  }, [text]);
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${count} ${count}`}
      shapeRendering="crispEdges"
      style={{ background: '#fff', maxWidth: '100%', height: 'auto' }}
      data-testid="ticket-qr"
    >
      <rect width={count} height={count} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
