/**
 * `/Data/MimeMixStimuli` (requires login; app administrators and devOps only): every face the
 * game can show, 6 top-half emotions × 6 bottom-half emotions, each with the action units of
 * its halves, so a researcher can judge the drawings and norm them (ADR 016).
 */
import { Alert, Box, Button, Group, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PERMISSION_LEVELS } from '@chi/contract';
import { Section } from '../../../../ui/section';
import { PageIntro } from '../../../../ui/page-intro';
import { useDocumentTitle } from '../../../../ui/use-document-title';
import { usePermissionLevel } from '../../../../shell/session/session-store';
import { EMOTIONS, halfUnits, type ActionUnit } from './mime-config';
import { MimeFace } from './mime-face-svg';
import { useMimeNamespace } from './mime-namespace';

export function MimeStimulusSheet() {
  useMimeNamespace();
  const { t } = useTranslation('delphiMimeMix');
  useDocumentTitle(t('sheet.title'));
  const allowed = usePermissionLevel() >= PERMISSION_LEVELS.manageApp;
  const units = (list: readonly ActionUnit[]) => (list.length ? list.join('+') : t('sheet.none'));
  return (
    <Section pb="xl">
      <PageIntro title={t('sheet.title')} lead={t('sheet.lead')} />
      {allowed ? (
        <>
          <Group mb="md">
            <Button variant="default" onClick={() => window.print()}>
              {t('sheet.print')}
            </Button>
          </Group>
          <Box style={{ overflowX: 'auto' }} tabIndex={0} aria-label={t('sheet.title')} role="region">
            <Table withColumnBorders miw={760} layout="fixed">
              <Table.Thead>
                <Table.Tr>
                  <Table.Td w={96} />
                  {EMOTIONS.map((bottom) => (
                    <Table.Th key={bottom} scope="col" ta="center">
                      {t('sheet.bottomColumn', { emotion: t(`emotions.${bottom}`) })}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {EMOTIONS.map((top) => (
                  <Table.Tr key={top}>
                    <Table.Th scope="row">{t('sheet.topRow', { emotion: t(`emotions.${top}`) })}</Table.Th>
                    {EMOTIONS.map((bottom) => {
                      const topUnits = halfUnits(top, 'top');
                      const bottomUnits = halfUnits(bottom, 'bottom');
                      return (
                        <Table.Td key={bottom} ta="center" bg={top === bottom ? 'var(--mantine-color-gray-1)' : undefined}>
                          <MimeFace
                            topUnits={topUnits}
                            bottomUnits={bottomUnits}
                            width="100%"
                            style={{ maxWidth: 140 }}
                            label={t('sheet.faceLabel', {
                              top: t(`emotions.${top}`),
                              bottom: t(`emotions.${bottom}`),
                              topUnits: units(topUnits),
                              bottomUnits: units(bottomUnits),
                            })}
                          />
                          <Text size="xs" c="dimmed">
                            {top}/{bottom}
                            <br />
                            AU {units(topUnits)} | {units(bottomUnits)}
                          </Text>
                        </Table.Td>
                      );
                    })}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
        </>
      ) : (
        <Alert color="red" role="alert" maw={760}>
          {t('sheet.notAllowed')}
        </Alert>
      )}
    </Section>
  );
}
