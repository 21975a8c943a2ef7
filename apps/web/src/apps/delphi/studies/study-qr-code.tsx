import { useEffect, useState } from 'react';
import { Box } from '@mantine/core';
import QRCode from 'qrcode';

/** A QR code of a link as an SVG image, named for screen readers. */
export function StudyQrCode({ url, label }: { url: string; label: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toString(url, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }).then(
      (text) => live && setSvg(text),
      () => live && setSvg(null),
    );
    return () => {
      live = false;
    };
  }, [url]);
  if (!svg) return null;
  return (
    <Box
      role="img"
      aria-label={label}
      w={200}
      h={200}
      bg="white"
      // The SVG is the qrcode package's own output for this URL, not user markup.
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}
