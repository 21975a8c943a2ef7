/**
 * A game's duration as the participant lives it: the design's milliseconds times
 * GAME_TIME_SCALE, in seconds with at most one decimal, singular or plural ("1 second",
 * "0.5 seconds", "90 seconds"). Every screen that names a duration — the welcome included —
 * states the real one through this (issue 25 item 9).
 */
import { useTranslation } from 'react-i18next';
import { useGameTimeScale } from '../../../shell/config/config-context';

/** Seconds, rounded to one decimal (never 0 for a positive duration). */
export function realSeconds(ms: number, scale: number): number {
  const seconds = Math.round((ms * scale) / 100) / 10;
  return ms > 0 && seconds === 0 ? 0.1 : seconds;
}

export function useSeconds(): (ms: number) => string {
  const { t, i18n } = useTranslation('delphi');
  const scale = useGameTimeScale();
  const number = new Intl.NumberFormat(i18n.language === 'dk' ? 'da' : 'en', { maximumFractionDigits: 1 });
  return (ms) => {
    const count = realSeconds(ms, scale);
    return t('duration.seconds', { count, formatted: number.format(count) });
  };
}
