/**
 * /batchImport/{fileNamePrefix} (issue 16 part 1): an administrator picks the target (a vector
 * store, or a generic document collection: an app and a data type) and uploads a zip or several files; each file's progress arrives on a pipe (its import state and
 * its indexing state), then the report. The import's id goes into the URL (`?import=`), so a
 * reload shows the same import and follows its pipe again (the server keeps the events).
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Alert, Autocomplete, Button, Card, FileButton, Group, Loader, NativeSelect, Progress, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { APP_IDS, assistants, documents, PERMISSION_LEVELS, quantumHr } from '@chi/contract';
import type { AppId, OutputOf } from '@chi/contract';
import { runAction } from '../../../shell/api/run-action';
import { ApiError } from '../../../shell/api/errors';
import { pushActionError } from '../../../shell/action-errors/action-error-store';
import { usePermissionLevel } from '../../../shell/session/session-store';
import { PageIntro } from '../../../ui/page-intro';
import { Section } from '../../../ui/section';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { ACCEPTED_FILES, newPipeName, openPipeOf, uploadFiles } from '../pages/assistants-client';
import { ImportItems, ImportReport } from './import-progress';
import { useHrTranslation } from './i18n/use-hr-translation';


const eventSchema = assistants.pipeEventSchema.or(quantumHr.batchImportEventSchema);

type Targets = OutputOf<typeof quantumHr.listImportTargets>;
type TargetKind = 'vectorStore' | 'documents';

function useTargets(enabled: boolean) {
  const [targets, setTargets] = useState<Targets | undefined>(undefined);
  useEffect(() => {
    if (!enabled) return;
    void runAction(quantumHr.listImportTargets, {}, { fresh: true }).then((result) => setTargets(result.ok ? result.data : { targets: [], collections: [] }));
  }, [enabled]);
  return targets;
}

/** A data type an import may create or fill: capitalised letters and digits, not an immutable `_` type. */
function dataTypeValid(dataType: string): boolean {
  return documents.DATA_TYPE_PATTERN.test(dataType) && !dataType.startsWith('_');
}

export function BatchImportPage() {
  const { t } = useHrTranslation();
  useDocumentTitle(t('import.title'));
  const admin = usePermissionLevel() >= PERMISSION_LEVELS.manageApp;
  const { fileNamePrefix = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const importId = params.get('import');
  const [prefix, setPrefix] = useState(fileNamePrefix);
  const targets = useTargets(admin);
  const [target, setTarget] = useState<string | null>(null);
  const [kind, setKind] = useState<TargetKind>('vectorStore');
  const [collectionApp, setCollectionApp] = useState<AppId>(quantumHr.DEFAULT_IMPORT_COLLECTION.appId);
  const [dataType, setDataType] = useState(quantumHr.DEFAULT_IMPORT_COLLECTION.dataType);
  const [upload, setUpload] = useState<{ count: number; percent: number } | null>(null);
  const [current, setCurrent] = useState<quantumHr.BatchImport | undefined>(undefined);
  const [indexing, setIndexing] = useState<Record<string, number>>({});
  const closePipe = useRef<(() => void) | undefined>(undefined);
  const prefixValid = quantumHr.FILE_NAME_PREFIX_PATTERN.test(prefix);
  // `?into=hrCvs` (the HR page's "Import CVs") proposes that store; otherwise the administrator
  // chooses: a first store chosen for them sent every import into Quantum HR's postings.
  const proposed = targets?.targets.find((x) => x.kind === params.get('into'));
  const chosenStore = target ?? proposed?.vectorStoreId ?? null;
  const typeValid = dataTypeValid(dataType);
  const chosenTarget: quantumHr.ImportTargetRef | null =
    kind === 'documents' ? (typeValid ? { collection: { appId: collectionApp, dataType } } : null) : chosenStore ? { vectorStoreId: chosenStore } : null;

  useEffect(() => () => closePipe.current?.(), []);

  const follow = (pipeName: string) => {
    closePipe.current?.();
    closePipe.current = openPipeOf(pipeName, eventSchema, (event) => {
      if (event.type === 'state') setIndexing((state) => ({ ...state, [event.name]: event.progress }));
      else if (event.type === 'import-item')
        setCurrent((imp) => (imp && imp._id === event.importId ? { ...imp, items: imp.items.map((item) => (item.index === event.item.index ? event.item : item)) } : imp));
      else if (event.type === 'import-done') setCurrent((imp) => (imp && imp._id === event.importId ? { ...imp, status: event.status, report: event.report } : imp));
    });
  };

  // A reload (or a shared link) shows the import in the URL, following its pipe while it runs.
  useEffect(() => {
    if (!admin || !importId || current?._id === importId) return;
    void runAction(quantumHr.getBatchImport, {}, { id: importId, fresh: true }).then((result) => {
      if (!result.ok) return;
      setCurrent(result.data);
      if (result.data.status === 'running' && result.data.pipeName) follow(result.data.pipeName);
    });
  }, [admin, importId]);

  async function start(files: File[]) {
    if (files.length === 0 || !prefixValid || !chosenTarget) return;
    const pipe = newPipeName();
    setIndexing({});
    setUpload({ count: files.length, percent: 0 });
    try {
      const started = await uploadFiles(quantumHr.batchImportPath(prefix, pipe, 'import', chosenTarget), files, quantumHr.startBatchImport.output, (percent) => setUpload({ count: files.length, percent }));
      setCurrent(started);
      follow(pipe);
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        next.set('import', started._id);
        return next;
      });
    } catch (error) {
      pushActionError(quantumHr.startBatchImport.name, error instanceof ApiError ? error.message : String(error));
    } finally {
      setUpload(null);
    }
  }

  if (!admin) {
    return (
      <Section>
        <PageIntro title={t('import.title')} lead={t('import.lead')} />
        <Alert color="yellow" mb="xl">
          {t('import.adminsOnly')}
        </Alert>
      </Section>
    );
  }

  const processed = current ? current.items.filter((i) => i.state !== 'pending' && i.state !== 'importing').length : 0;
  return (
    <Section>
      <PageIntro title={t('import.title')} lead={t('import.lead')} />
      <Stack gap="lg" pb="xl">
        <Card withBorder padding="lg">
          <Stack gap="md">
            <TextInput label={t('import.prefix')} value={prefix} onChange={(event) => setPrefix(event.currentTarget.value.trim())} error={prefixValid ? null : t('import.prefixInvalid')} maxLength={64} />
            <Radio.Group label={t('import.targetKind')} value={kind} onChange={(value) => setKind(value === 'documents' ? 'documents' : 'vectorStore')}>
              <Group gap="lg" mt={6}>
                <Radio value="vectorStore" label={t('import.kindVectorStore')} />
                <Radio value="documents" label={t('import.kindDocuments')} />
              </Group>
            </Radio.Group>
            {targets === undefined ? (
              <Group gap="xs">
                <Loader size="sm" />
                <Text size="sm">{t('import.targetsLoading')}</Text>
              </Group>
            ) : kind === 'vectorStore' ? (
              <Select
                label={t('import.target')}
                placeholder={t('import.targetPlaceholder')}
                data={targets.targets.map((x) => ({ value: x.vectorStoreId, label: x.name }))}
                value={chosenStore}
                onChange={setTarget}
                allowDeselect={false}
              />
            ) : (
              <Group align="flex-start" gap="sm" grow preventGrowOverflow={false} wrap="wrap">
                <NativeSelect label={t('import.collectionApp')} data={[...APP_IDS]} value={collectionApp} onChange={(event) => setCollectionApp(event.currentTarget.value as AppId)} style={{ flex: '1 1 10rem' }} />
                <Autocomplete
                  label={t('import.collectionType')}
                  description={t('import.collectionTypeHint')}
                  data={[...new Set(targets.collections.filter((c) => c.appId === collectionApp).map((c) => c.dataType))]}
                  value={dataType}
                  onChange={(value) => setDataType(value.trim())}
                  error={typeValid ? null : t('import.collectionTypeInvalid')}
                  maxLength={64}
                  style={{ flex: '2 1 14rem' }}
                />
              </Group>
            )}
            <Group>
              <FileButton onChange={(chosen) => void start(chosen)} accept={`.zip,${ACCEPTED_FILES}`} multiple disabled={!prefixValid || !chosenTarget || upload !== null}>
                {(props) => (
                  <Button {...props} loading={upload !== null} disabled={!prefixValid || !chosenTarget}>
                    {t('import.choose')}
                  </Button>
                )}
              </FileButton>
            </Group>
            <Text size="xs" c="dimmed">
              {t('import.chooseHint')}
            </Text>
            {upload && (
              <Stack gap={4}>
                <Text size="sm">{t('import.uploading', { count: upload.count, percent: upload.percent })}</Text>
                <Progress value={upload.percent} aria-label={t('import.uploading', { count: upload.count, percent: upload.percent })} />
              </Stack>
            )}
          </Stack>
        </Card>
        {current && (
          <Card withBorder padding="lg">
            <Stack gap="md">
              <Stack gap={4}>
                <Text size="sm" aria-live="polite">
                  {t('import.progress', { processed, total: current.items.length })}
                </Text>
                <Progress value={(processed / Math.max(1, current.items.length)) * 100} aria-label={t('import.progress', { processed, total: current.items.length })} />
              </Stack>
              {current.collection && (
                <Text size="sm" c="dimmed">
                  {t('import.intoCollection', { collection: `${current.collection.appId} / ${current.collection.dataType}` })}
                </Text>
              )}
              <ImportItems items={current.items} indexing={indexing} />
            </Stack>
          </Card>
        )}
        {current && current.status !== 'running' && (
          <>
            <ImportReport report={current.report} status={current.status} />
            <FinishLink target={targets?.targets.find((x) => x.vectorStoreId === current.vectorStoreId)} />
          </>
        )}
      </Stack>
    </Section>
  );
}

/** Where the imported files went: Quantum HR's stores lead to its page, an assistant's store to the assistants. */
function FinishLink({ target }: { target: Targets['targets'][number] | undefined }) {
  const { t } = useHrTranslation();
  if (!target) return null;
  const hr = target.kind === 'hrPostings' || target.kind === 'hrCvs';
  return (
    <Group>
      <Text size="sm">{t('import.into', { name: target.name })}</Text>
      <Button component={Link} to={hr ? '/quantumHRAssistant' : '/custom'} variant="default">
        {t(hr ? 'import.toHr' : 'import.toAssistants')}
      </Button>
    </Group>
  );
}
