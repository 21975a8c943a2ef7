import { Alert, Center, Loader } from '@mantine/core';
import { Section } from '../section';

/** A facilitator's results page before its results arrive: a loader, or the failure. */
export function ResultsPending({ failure, loadingLabel }: { failure: string | null; loadingLabel: string }) {
  return (
    <Section py="xl">
      {failure ? (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      ) : (
        <Center py="xl">
          <Loader aria-label={loadingLabel} />
        </Center>
      )}
    </Section>
  );
}
