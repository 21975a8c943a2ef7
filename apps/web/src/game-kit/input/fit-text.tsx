/**
 * A stimulus that always fits its container (DESIGN §7, issue 18): one line, never wrapped or
 * clipped, at `maxPx` where there is room and smaller where there is not (from 320 px up).
 * The natural width is measured at `maxPx` before paint (a layout effect, so the stimulus is
 * never painted clipped and the onset frame shows the fitted size) and again whenever the
 * container resizes. Letter spacing should be given in `em` so it scales with the text.
 */
import { useLayoutEffect, useRef, type CSSProperties, type ReactNode } from 'react';

/** The font size that fits `naturalWidth` (measured at `maxPx`) into `available`; never above maxPx or below minPx. */
export function fitFontSize(naturalWidth: number, available: number, maxPx: number, minPx: number): number {
  if (naturalWidth <= 0 || available <= 0 || naturalWidth <= available) return maxPx;
  // Rounded down to a tenth of a pixel: rounding up could overflow by a hair.
  const fitted = Math.floor(((maxPx * available) / naturalWidth) * 10) / 10;
  return Math.max(minPx, Math.min(maxPx, fitted));
}

export interface FitTextProps {
  children: ReactNode;
  maxPx: number;
  minPx?: number;
  style?: CSSProperties;
  /** Props for the text element itself (role, aria-label, data-*). */
  textProps?: Record<string, string | undefined>;
}

export function FitText({ children, maxPx, minPx = 12, style, textProps }: FitTextProps) {
  const box = useRef<HTMLDivElement>(null);
  const text = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const outer = box.current;
    const inner = text.current;
    if (!outer || !inner) return;
    const fit = () => {
      inner.style.fontSize = `${maxPx}px`;
      // Both sides measured without padding: the box has none, the text is inline-block.
      const natural = inner.scrollWidth;
      inner.style.fontSize = `${fitFontSize(natural, outer.clientWidth, maxPx, minPx)}px`;
    };
    fit();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(fit);
    observer.observe(outer);
    return () => observer.disconnect();
  }, [children, maxPx, minPx]);
  return (
    <div ref={box} data-fit-box="" style={{ width: '100%', minWidth: 0, display: 'flex', justifyContent: 'center', alignItems: 'center', height: '100%' }}>
      <span ref={text} {...textProps} style={{ display: 'inline-block', whiteSpace: 'nowrap', fontSize: maxPx, lineHeight: 1.1, ...style }}>
        {children}
      </span>
    </div>
  );
}
