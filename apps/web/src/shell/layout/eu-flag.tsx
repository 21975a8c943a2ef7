/** The EU flag drawn in SVG (no external image): twelve gold stars in a circle on blue. */
const WIDTH = 60;
const HEIGHT = 40;

function starPoints(cx: number, cy: number, outer: number): string {
  const inner = outer * 0.382;
  const points: string[] = [];
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 === 0 ? outer : inner;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    points.push(`${(cx + radius * Math.cos(angle)).toFixed(2)},${(cy + radius * Math.sin(angle)).toFixed(2)}`);
  }
  return points.join(' ');
}

const STARS = Array.from({ length: 12 }, (_, i) => {
  const angle = (i * Math.PI) / 6;
  return starPoints(WIDTH / 2 + (HEIGHT / 3) * Math.sin(angle), HEIGHT / 2 - (HEIGHT / 3) * Math.cos(angle), HEIGHT / 18);
});

export function EuFlag({ title, height = 32 }: { title: string; height?: number }) {
  return (
    <svg role="img" aria-label={title} width={(height * WIDTH) / HEIGHT} height={height} viewBox={`0 0 ${WIDTH} ${HEIGHT}`}>
      <title>{title}</title>
      <rect width={WIDTH} height={HEIGHT} fill="#003399" />
      {STARS.map((points) => (
        <polygon key={points} points={points} fill="#FFCC00" />
      ))}
    </svg>
  );
}
