import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { delphi } from '@chi/contract';

const COLOR: Record<delphi.StudyStatus, string> = { draft: 'gray', piloting: 'yellow', open: 'green', closed: 'dark' };
/** A study's status as a coloured label. */
export function StudyStatusBadge({ status }: { status: delphi.StudyStatus }) {
  const { t } = useTranslation('delphiStudies');
  return (
    <Badge color={COLOR[status]} variant="light">
      {t(`status.${status}`)}
    </Badge>
  );
}
