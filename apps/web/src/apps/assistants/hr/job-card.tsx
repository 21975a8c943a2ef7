import { Badge, Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import type { quantumHr } from '@chi/contract';
import { setOpenedChunk } from '../../../shell/documents/chunk-store';
import { useModal } from '../../../shell/modals/use-modal';
import { highlightSkills, passageText } from './highlight';
import { useHrTranslation } from './i18n/use-hr-translation';

/** One ranked posting: its match, the skills it mentions and lacks, and the passages that justify it (they open in the chunk modal). */
export function JobCard({ job }: { job: quantumHr.JobMatch }) {
  const { t } = useHrTranslation();
  const { openModal } = useModal();
  const percent = Math.round(job.score * 100);
  function open(reference: quantumHr.JobReference) {
    setOpenedChunk({ text: reference.text, index: reference.chunkIndex, filename: reference.fileName });
    openModal('chunk');
  }
  return (
    <Card withBorder padding="md" component="li" data-job={job.title}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {job.title}
          </Title>
          <Badge variant="light" size="lg">
            {t('hr.match', { percent })}
          </Badge>
        </Group>
        <Progress value={percent} aria-label={`${job.title}: ${t('hr.match', { percent })}`} />
        {job.matchedSkills.length > 0 && (
          <Group gap={6} role="group" aria-label={`${t('hr.matching')}: ${job.title}`}>
            <Text size="sm" fw={600}>
              {t('hr.matching')}:
            </Text>
            {job.matchedSkills.map((skill) => (
              <Badge key={skill} color="green" variant="filled" tt="none">
                {skill}
              </Badge>
            ))}
          </Group>
        )}
        {job.missingSkills.length > 0 && (
          <Group gap={6} role="group" aria-label={`${t('hr.missing')}: ${job.title}`}>
            <Text size="sm">{t('hr.missing')}:</Text>
            {job.missingSkills.map((skill) => (
              <Badge key={skill} color="gray" variant="outline" tt="none">
                {skill}
              </Badge>
            ))}
          </Group>
        )}
        {job.references.length > 0 && (
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              {t('hr.passages')}
            </Text>
            {job.references.map((reference) => (
              <Card key={reference.n} withBorder padding="xs" bg="var(--mantine-color-default-hover)">
                <Stack gap={6}>
                  <Text size="sm" lineClamp={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {highlightSkills(passageText(reference.text), reference.skills.length > 0 ? reference.skills : job.matchedSkills)}
                  </Text>
                  <Group>
                    <Button size="compact-sm" variant="light" onClick={() => open(reference)} aria-label={t('hr.openPassageOf', { n: reference.n, title: job.title })}>
                      {t('hr.openPassage', { n: reference.n })}
                    </Button>
                  </Group>
                </Stack>
              </Card>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
