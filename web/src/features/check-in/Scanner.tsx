import { useEffect, useEffectEvent, useRef } from 'react';
import { startScanning } from './scanning';

/** Why the camera could not start: permission refused, no camera, or anything else. */
export type CameraProblem = 'denied' | 'missing' | 'failed';

/** cameraProblem classifies getUserMedia's error. */
export function cameraProblem(err: unknown): CameraProblem {
  const name = err instanceof Error || err instanceof DOMException ? err.name : '';
  if (name === 'NotAllowedError' || name === 'PermissionDeniedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'DevicesNotFoundError' || name === 'OverconstrainedError') return 'missing';
  return 'failed';
}

/**
 * Scanner shows the camera (the back one on a phone) and reports each QR
 * code it reads through onCode. The camera stops when the scanner unmounts.
 * This module (and the ZXing library) loads only when the door opens the camera.
 */
export default function Scanner({
  onCode,
  onProblem,
  label,
}: {
  onCode: (text: string) => void;
  onProblem: (p: CameraProblem) => void;
  label: string;
}) {
  const video = useRef<HTMLVideoElement>(null);
  // The camera starts once; the reader's callbacks always reach the latest handlers.
  const reportCode = useEffectEvent((text: string) => onCode(text));
  const reportProblem = useEffectEvent((p: CameraProblem) => onProblem(p));

  useEffect(() => {
    let stop: (() => void) | undefined;
    let stopped = false;
    const el = video.current;
    if (!el) return;
    startScanning(el, (text) => reportCode(text))
      .then((s) => {
        if (stopped) s();
        else stop = s;
      })
      .catch((err: unknown) => {
        if (!stopped) reportProblem(cameraProblem(err));
      });
    return () => {
      stopped = true;
      stop?.();
    };
  }, []);

  return (
    <video
      ref={video}
      muted
      playsInline
      aria-label={label}
      data-testid="scanner-video"
      style={{ width: '100%', maxWidth: 480, aspectRatio: '4 / 3', background: '#000', borderRadius: 8, display: 'block' }}
    />
  );
}
