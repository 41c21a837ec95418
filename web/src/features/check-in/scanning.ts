import { BrowserQRCodeReader, type IScannerControls } from '@zxing/browser';

/**
 * startScanning shows the camera (the back one on a phone) in el and calls
 * onText with the text of each QR code it reads, until the returned stop
 * is called. It rejects with getUserMedia's error when the camera cannot start.
 *
 * The camera is opened and played here, not by ZXing's decodeFromConstraints:
 * that one waits for the video to play with a 5 s timeout that, when the
 * video started playing on its own in the meantime (a busy phone, a busy
 * machine), neither resolves nor rejects, so nothing was ever read and the
 * door saw a live picture that scanned nothing. Here scanning starts once
 * the video has a frame, however long that takes, and starts again if the
 * decoder stops on an error.
 */
export async function startScanning(el: HTMLVideoElement, onText: (text: string) => void): Promise<() => void> {
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
  let stopped = false;
  let controls: IScannerControls | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const reader = new BrowserQRCodeReader(undefined, { delayBetweenScanAttempts: 150, delayBetweenScanSuccess: 300 });
  const scan = () => {
    if (stopped) return;
    try {
      controls = reader.scan(
        el,
        (result) => {
          if (result && !stopped) onText(result.getText());
        },
        (error) => {
          // The loop ended on an error other than "no code in this frame"
          // (the picture changed size, say): read on after a moment.
          if (error && !stopped) retry = setTimeout(scan, 300);
        },
      );
    } catch {
      retry = setTimeout(scan, 300); // no canvas yet: try again
    }
  };
  el.srcObject = stream;
  const ready = () => el.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && el.videoWidth > 0;
  const events = ['loadedmetadata', 'loadeddata', 'canplay', 'playing', 'resize'] as const;
  const onEvent = () => {
    if (el.paused) el.play().catch(() => undefined); // played again at the next event
    if (ready() && !controls && !stopped) {
      for (const e of events) el.removeEventListener(e, onEvent);
      scan();
    }
  };
  for (const e of events) el.addEventListener(e, onEvent);
  onEvent();
  return () => {
    stopped = true;
    clearTimeout(retry);
    for (const e of events) el.removeEventListener(e, onEvent);
    controls?.stop();
    for (const track of stream.getTracks()) track.stop();
    el.srcObject = null;
  };
}
