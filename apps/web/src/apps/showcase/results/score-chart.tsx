/** A plain-SVG histogram of scores (0–1) in ten bands, with the counts also given as text. */
export interface ScoreChartProps {
  readonly scores: readonly number[];
  readonly title: string;
  readonly description: string;
  readonly bandLabel: (from: number, to: number, count: number) => string;
}

export const BANDS = 10;

/** Counts per band [0–10 %), …, [90–100 %]; a score of exactly 1 falls in the last band. */
export function bandCounts(scores: readonly number[]): number[] {
  const counts = Array.from({ length: BANDS }, () => 0);
  for (const score of scores) {
    if (!Number.isFinite(score)) continue;
    const band = Math.min(BANDS - 1, Math.max(0, Math.floor(score * BANDS)));
    counts[band] = (counts[band] ?? 0) + 1;
  }
  return counts;
}

export function ScoreChart({ scores, title, description, bandLabel }: ScoreChartProps) {
  const counts = bandCounts(scores);
  const max = Math.max(1, ...counts);
  const width = 320;
  const height = 160;
  const barWidth = width / BANDS;
  const id = title.replace(/\W+/g, '-').toLowerCase();
  return (
    <figure style={{ margin: 0 }}>
      <svg viewBox={`0 0 ${width} ${height + 20}`} width="100%" style={{ maxWidth: 560, display: 'block' }} role="img" aria-labelledby={`${id}-title ${id}-desc`}>
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{`${description} ${counts.map((count, band) => bandLabel(band * 10, band * 10 + 10, count)).join('; ')}`}</desc>
        <line x1={0} y1={height} x2={width} y2={height} stroke="currentColor" strokeWidth={1} />
        {counts.map((count, band) => {
          const barHeight = (count / max) * (height - 8);
          return <rect key={band} x={band * barWidth + 2} y={height - barHeight} width={barWidth - 4} height={barHeight} fill="var(--mantine-color-blue-filled)" />;
        })}
        {[0, 50, 100].map((percent) => (
          <text key={percent} x={(percent / 100) * width} y={height + 15} fontSize={11} textAnchor={percent === 0 ? 'start' : percent === 100 ? 'end' : 'middle'} fill="currentColor">
            {`${percent} %`}
          </text>
        ))}
      </svg>
    </figure>
  );
}
