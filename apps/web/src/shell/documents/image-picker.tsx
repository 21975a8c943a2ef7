import { Tabs } from '@mantine/core';
import type { uploads } from '@chi/contract';
import type { ModalBodyProps } from '../modals/modal-names';
import { useTab } from '../routing/use-tab';
import { useSessionUser } from '../session/session-store';
import { useDocumentsTranslation } from './i18n/use-documents-translation';
import { chooseImage, type ImageChoice, type PickerTab } from './image-choice';
import { MyImagesTab } from './my-images-tab';
import { UploadTab } from './upload-tab';
import { CustomImageTab } from './custom-image-tab';

/** The `pickImage` modal (SPEC §2): My Images (logged in only), Upload, Custom; the tab lives in `?tab=`. */
export function ImagePicker({ close, params }: ModalBodyProps) {
  const { t } = useDocumentsTranslation();
  const user = useSessionUser();
  const loggedIn = Boolean(user && !user.isGuest);
  const tabs: readonly PickerTab[] = loggedIn ? ['myImages', 'upload', 'custom'] : ['upload', 'custom'];
  const [tab, setTab] = useTab<PickerTab>(tabs[0] ?? 'upload', tabs);
  const requestId = params.get('pickFor');

  function report(choice: ImageChoice) {
    if (requestId) chooseImage(requestId, choice);
    close();
  }

  function pickUpload(image: uploads.UploadedFile) {
    report({ url: image.url, name: image.name, source: 'upload' });
  }

  return (
    <Tabs value={tab} onChange={(value) => value && setTab(value as PickerTab)} keepMounted={false}>
      <Tabs.List aria-label={t('picker.tabs')} mb="md">
        {loggedIn && <Tabs.Tab value="myImages">{t('picker.myImages')}</Tabs.Tab>}
        <Tabs.Tab value="upload">{t('picker.upload')}</Tabs.Tab>
        <Tabs.Tab value="custom">{t('picker.custom')}</Tabs.Tab>
      </Tabs.List>
      {loggedIn && (
        <Tabs.Panel value="myImages">
          <MyImagesTab onPick={pickUpload} />
        </Tabs.Panel>
      )}
      <Tabs.Panel value="upload">
        <UploadTab />
      </Tabs.Panel>
      <Tabs.Panel value="custom">
        <CustomImageTab onChoose={report} />
      </Tabs.Panel>
    </Tabs>
  );
}
