/** Why an assistant's page cannot be shown, in the user's words (issue 25 item 21). */
import { Alert, Center, Loader } from '@mantine/core';
import { Section } from '../../../ui/section';
import { usePagesTranslation } from './i18n/use-pages-translation';

/** `status` of the failed load (401 not logged in, 404 absent or not shared); `manage` when the page is the owner's and the assistant was readable. */
export function AssistantUnavailable({ status, manage = false }: { status?: number | undefined; manage?: boolean }) {
  const { t } = usePagesTranslation();
  const message = manage ? t('list.notAllowedToManage') : status === 401 ? t('list.logIn') : status === 404 || status === 403 ? t('list.notAvailable') : t('list.loadFailed');
  return (
    <Section>
      <Alert color="red" my="xl" role="alert" title={manage || status === 403 ? t('list.notAllowedTitle') : t('list.notAvailableTitle')}>
        {message}
      </Alert>
    </Section>
  );
}

export function PageLoader() {
  return (
    <Center py="xl">
      <Loader />
    </Center>
  );
}
