import { useEffect, useRef, useState } from 'react';
import { texts } from '#shared/i18n/texts.ts';

const m = texts.isbnLookup;

/** The part of the Barcode Detection API this uses (not yet in TypeScript's DOM types). */
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike;

/** Whether this browser can read barcodes (the Barcode Detection API); where not, nothing offers scanning. */
export const detectorClass = () => (window as unknown as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;

/**
 * Reads EAN-13 barcodes from the camera and hands over each that is a book's (978 or 979), four times a second while
 * it stays in view, until closed; `hint` says what happens to them.
 */
export function IsbnScanner({
  onScan,
  onClose,
  hint = m.scanHint,
}: {
  onScan: (isbn: string) => void;
  onClose: () => void;
  hint?: string;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  const handOver = useRef(onScan);
  handOver.current = onScan;
  useEffect(() => {
    const Detector = detectorClass();
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
        if (stopped || !video.current || !Detector) return;
        video.current.srcObject = stream;
        await video.current.play();
        const detector = new Detector({ formats: ['ean_13'] });
        timer = setInterval(async () => {
          if (!video.current) return;
          const codes = await detector.detect(video.current).catch(() => []);
          const isbn = codes.map((code) => code.rawValue).find((value) => /^97[89]\d{10}$/.test(value));
          if (isbn && !stopped) handOver.current(isbn);
        }, 250);
      } catch {
        setFailed(true);
      }
    })();
    return () => {
      stopped = true;
      clearInterval(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);
  return (
    <section className="mt-2 space-y-2 rounded-box border border-base-300 p-3" aria-label={m.scanHeading}>
      {failed ? (
        <p role="alert" className="text-sm text-error">
          {m.scanFailed}
        </p>
      ) : (
        <>
          <p className="text-sm">{hint}</p>
          <video ref={video} muted playsInline className="aspect-video w-full rounded-box bg-base-300" />
        </>
      )}
      <button type="button" className="btn btn-sm" onClick={onClose}>
        {m.stopScan}
      </button>
    </section>
  );
}

/** "Scan": shown only where the browser offers BarcodeDetector; a read barcode fills the ISBN field. */
export function ScanIsbnButton({ onScan }: { onScan: (isbn: string) => void }) {
  const [scanning, setScanning] = useState(false);
  if (!detectorClass()) return null;
  return (
    <div>
      <button
        type="button"
        className="btn btn-sm btn-outline"
        aria-expanded={scanning}
        onClick={() => setScanning(true)}
      >
        {m.scan}
      </button>
      {scanning && (
        <IsbnScanner
          onScan={(isbn) => {
            setScanning(false);
            onScan(isbn);
          }}
          onClose={() => setScanning(false)}
        />
      )}
    </div>
  );
}
