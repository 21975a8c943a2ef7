/** The face as SVG: the top half's features from one set of action units, the bottom half's from another (ADR 016). */
import { useId, type SVGProps } from 'react';
import type { ActionUnit } from './mime-config';
import { VIEW_BOX, bottomHalf, topHalf } from './mime-face';

const SKIN = '#e8c3a0';
const LINE = '#5a3d2b';
const HAIR = '#3f2c20';
const LIPS = '#b8605c';
const IRIS = '#5a4a3a';

export interface MimeFaceProps extends Omit<SVGProps<SVGSVGElement>, 'viewBox'> {
  topUnits: readonly ActionUnit[];
  bottomUnits: readonly ActionUnit[];
  /** Accessible name (never the emotion: reading it is the task). */
  label: string;
}

export function MimeFace({ topUnits, bottomUnits, label, ...svg }: MimeFaceProps) {
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const top = topHalf(topUnits);
  const bottom = bottomHalf(bottomUnits);
  return (
    <svg viewBox={`0 0 ${VIEW_BOX.width} ${VIEW_BOX.height}`} role="img" aria-label={label} {...svg}>
      {/* Ears, then the head: a fixed crown over a jaw that AU26 lowers. */}
      <ellipse cx={24} cy={112} rx={9} ry={17} fill={SKIN} stroke={LINE} strokeWidth={1.2} />
      <ellipse cx={176} cy={112} rx={9} ry={17} fill={SKIN} stroke={LINE} strokeWidth={1.2} />
      <path
        d={`M 26 118 A 74 105 0 0 1 174 118 A 74 ${bottom.jawRy} 0 0 1 26 118 Z`}
        fill={SKIN}
        stroke={LINE}
        strokeWidth={1.5}
      />
      <path d="M 27 100 Q 22 14 100 12 Q 178 14 173 100 Q 168 50 100 46 Q 32 50 27 100 Z" fill={HAIR} />
      {/* Top half. */}
      {top.lines.map((line, i) => (
        <path key={`t${i}`} d={line.d} stroke={LINE} strokeWidth={line.width} strokeOpacity={line.opacity} fill="none" strokeLinecap="round" />
      ))}
      {top.brows.map((d, i) => (
        <path key={`b${i}`} d={d} stroke={HAIR} strokeWidth={5} fill="none" strokeLinecap="round" />
      ))}
      {top.eyes.map((eye, i) => (
        <g key={`e${i}`}>
          <clipPath id={`${id}-eye${i}`}>
            <path d={eye.outline} />
          </clipPath>
          <path d={eye.outline} fill="#fff" />
          <g clipPath={`url(#${id}-eye${i})`}>
            <circle cx={eye.cx} cy={eye.cy + 0.5} r={7.5} fill={IRIS} />
            <circle cx={eye.cx} cy={eye.cy + 0.5} r={3} fill="#111" />
          </g>
          <path d={eye.upperLid} stroke={LINE} strokeWidth={2.2} fill="none" strokeLinecap="round" />
          <path d={eye.lowerLid} stroke={LINE} strokeWidth={eye.lowerLidWidth} fill="none" strokeLinecap="round" />
        </g>
      ))}
      {/* Bottom half. */}
      {bottom.folds.map((fold, i) => (
        <path key={`f${i}`} d={fold.d} stroke={LINE} strokeWidth={fold.width} strokeOpacity={fold.opacity} fill="none" strokeLinecap="round" />
      ))}
      {bottom.nose.map((stroke, i) => (
        <path key={`n${i}`} d={stroke.d} stroke={LINE} strokeWidth={stroke.width} strokeOpacity={stroke.opacity} fill="none" strokeLinecap="round" />
      ))}
      {bottom.nostrils.map((nostril, i) => (
        <ellipse key={`o${i}`} cx={nostril.cx} cy={nostril.cy} rx={2.8} ry={1.5} fill={LINE} fillOpacity={0.8} />
      ))}
      {bottom.opening && (
        <>
          <clipPath id={`${id}-mouth`}>
            <path d={bottom.opening} />
          </clipPath>
          <path d={bottom.opening} fill="#3b1c1c" />
          <g clipPath={`url(#${id}-mouth)`}>
            {bottom.teeth.map((tooth, i) => (
              <rect key={`w${i}`} x={60} y={tooth.y} width={80} height={tooth.height} fill="#f4f1ea" />
            ))}
          </g>
        </>
      )}
      <path d={bottom.upperLip} fill={LIPS} stroke={LINE} strokeWidth={0.8} strokeLinejoin="round" />
      <path d={bottom.lowerLip} fill={LIPS} stroke={LINE} strokeWidth={0.8} strokeLinejoin="round" />
      {bottom.mouthLine && <path d={bottom.mouthLine} stroke={LINE} strokeWidth={1.6} fill="none" strokeLinecap="round" />}
      <path d={`M 88 ${bottom.chinY} Q 100 ${bottom.chinY + 4} 112 ${bottom.chinY}`} stroke={LINE} strokeOpacity={0.3} strokeWidth={1.2} fill="none" />
    </svg>
  );
}
