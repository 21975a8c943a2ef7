/** The live level meter (Web Audio): RMS in dBFS, smoothed, with its green zone (ADR 018). */
import { useEffect, useState } from 'react';
import { Box, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { INITIAL_METER, METER, meterPercent, nextMeterState, peakDbfs, rmsDbfs, type MeterState } from './memo-meter';

const FRAME_MS = 50;

/** Reads the stream's level every 50 ms; a track that ends counts as a mic problem at once. */
export function useLevelMeter(stream: MediaStream | null, holdMs: number): MeterState & { ended: boolean } {
  const [state, setState] = useState<MeterState>(INITIAL_METER);
  const [ended, setEnded] = useState(false);
  useEffect(() => {
    setState(INITIAL_METER);
    setEnded(false);
    if (!stream) return;
    const context = new AudioContext();
    const source = context.createMediaStreamSource(stream);
    const analyser = context.createAnalyser();
    analyser.fftSize = 2048;
    source.connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    let last = performance.now();
    let current = INITIAL_METER;
    const timer = window.setInterval(() => {
      const now = performance.now();
      analyser.getFloatTimeDomainData(samples);
      current = nextMeterState(current, { rmsDb: rmsDbfs(samples), peakDb: peakDbfs(samples) }, now, now - last, holdMs);
      last = now;
      setState(current);
    }, FRAME_MS);
    const onEnded = () => setEnded(true);
    const tracks = stream.getAudioTracks();
    tracks.forEach((track) => track.addEventListener('ended', onEnded));
    void context.resume().catch(() => undefined);
    return () => {
      window.clearInterval(timer);
      tracks.forEach((track) => track.removeEventListener('ended', onEnded));
      source.disconnect();
      void context.close().catch(() => undefined);
    };
  }, [stream, holdMs]);
  return { ...state, ended };
}

const ZONE_COLOR = { low: 'var(--mantine-color-gray-6)', near: 'var(--mantine-color-yellow-7)', green: 'var(--mantine-color-green-8)', loud: 'var(--mantine-color-red-8)', problem: 'var(--mantine-color-red-8)' } as const;

/** The bar: level fill, the green zone marked behind it, and the value for screen readers. */
export function LevelMeter({ state }: { state: MeterState }) {
  const { t } = useTranslation('delphiMemo');
  const level = Math.max(METER.floorDb, Math.round(state.levelDb));
  const zoneStart = meterPercent(METER.greenMinDb);
  const zoneEnd = meterPercent(METER.greenMaxDb);
  return (
    <Box>
      <Text size="sm" fw={600} id="memo-meter-label" mb={4}>
        {t('test.meter')}
      </Text>
      <Box
        role="meter"
        aria-labelledby="memo-meter-label"
        aria-valuemin={METER.floorDb}
        aria-valuemax={0}
        aria-valuenow={level}
        aria-valuetext={`${level} dBFS`}
        data-zone={state.zone}
        style={{ position: 'relative', height: 28, borderRadius: 6, background: 'var(--mantine-color-gray-2)', overflow: 'hidden', border: '1px solid var(--mantine-color-gray-5)' }}
      >
        <Box
          aria-hidden
          style={{ position: 'absolute', insetBlock: 0, left: `${zoneStart}%`, width: `${zoneEnd - zoneStart}%`, background: 'var(--mantine-color-green-1)', borderInline: '2px solid var(--mantine-color-green-8)' }}
        />
        <Box
          aria-hidden
          style={{ position: 'absolute', insetBlock: 6, left: 0, width: `${meterPercent(state.levelDb)}%`, background: ZONE_COLOR[state.zone], borderRadius: 4, transition: 'width 60ms linear' }}
        />
      </Box>
    </Box>
  );
}
