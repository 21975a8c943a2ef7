/**
 * The /Data page's column help for the timing columns (ADR 013): how `rtMs` is defined, what an
 * anticipation is, and what `frameIntervalMs` shows. Its en and dk texts live here, with the page's chunk.
 */
import { Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface HelpTexts {
  title: string;
  lead: string;
  columns: { name: string; text: string }[];
}

const EN: HelpTexts = {
  title: 'Timing columns',
  lead: 'Every game times its answers the same way.',
  columns: [
    { name: 'promptedAt', text: 'Stimulus onset: the start of the animation frame that first showed the stimulus (epoch time, sub-millisecond).' },
    { name: 'respondedAt', text: 'The time stamp of the key press or touch (pointer down) that answered, on the same clock.' },
    {
      name: 'rtMs',
      text: 'Reaction time = respondedAt − promptedAt, in milliseconds with up to 3 decimals. Never clamped or rounded to 0; empty when there was no answer (a time limit ran out).',
    },
    {
      name: 'anticipation',
      text: 'true for an input before the stimulus was on screen: not an answer and never scored; its rtMs is negative (how long before onset). Leave these rows out of reaction-time analyses.',
    },
    { name: 'frameIntervalMs', text: 'The median time between animation frames in that round: about 16.7 on a 60 Hz screen, 33.3 at 30 Hz, 6.9 at 144 Hz.' },
  ],
};

const DK: HelpTexts = {
  title: 'Tidskolonner',
  lead: 'Alle spil tager tid på svarene på samme måde.',
  columns: [
    { name: 'promptedAt', text: 'Stimulusstart: begyndelsen af det billede (animation frame), der først viste stimulus (epoketid, under et millisekund).' },
    { name: 'respondedAt', text: 'Tidsstemplet for det tastetryk eller den berøring (pointer down), der svarede, på samme ur.' },
    {
      name: 'rtMs',
      text: 'Reaktionstid = respondedAt − promptedAt, i millisekunder med op til 3 decimaler. Aldrig afskåret eller rundet ned til 0; tom når der ikke kom et svar (en tidsgrænse udløb).',
    },
    {
      name: 'anticipation',
      text: 'true for et input, før stimulus var på skærmen: ikke et svar og aldrig scoret; dets rtMs er negativ (hvor længe før start). Udelad disse rækker i analyser af reaktionstid.',
    },
    { name: 'frameIntervalMs', text: 'Mediantiden mellem billeder i runden: omkring 16,7 på en 60 Hz-skærm, 33,3 ved 30 Hz, 6,9 ved 144 Hz.' },
  ],
};

export function TimingColumnHelp() {
  const { i18n } = useTranslation();
  const texts = i18n.language === 'dk' ? DK : EN;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="timing-column-help">
      <Title order={2} size="h4" id="timing-column-help" mb="xs">
        {texts.title}
      </Title>
      <Text size="sm" mb="sm">
        {texts.lead}
      </Text>
      <Stack gap={6} component="dl" m={0}>
        {texts.columns.map((column) => (
          <div key={column.name}>
            <Text component="dt" size="sm" fw={700} ff="monospace">
              {column.name}
            </Text>
            <Text component="dd" size="sm" ms={0} style={{ overflowWrap: 'anywhere' }}>
              {column.text}
            </Text>
          </div>
        ))}
      </Stack>
    </Card>
  );
}
