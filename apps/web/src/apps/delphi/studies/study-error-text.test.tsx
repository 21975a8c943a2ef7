/** A study call's refusal in the page's language (a Danish researcher saw the server's English). */
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { ERRORS, delphi } from '@chi/contract';
import { renderWithProviders } from '../../../test/render';
import { useStudiesNamespace } from './i18n/studies-namespace';
import { useStudyErrorText } from './study-error-text';

function Texts({ messages }: { messages: readonly string[] }) {
  useStudiesNamespace();
  const text = useStudyErrorText();
  return (
    <ul>
      {messages.map((message) => (
        <li key={message}>{text(message)}</li>
      ))}
    </ul>
  );
}

async function shown(messages: readonly string[], language: 'en' | 'dk'): Promise<string[]> {
  renderWithProviders(<Texts messages={messages} />, { language });
  const items = await screen.findAllByRole('listitem');
  return items.map((item) => item.textContent ?? '');
}

describe('useStudyErrorText', () => {
  it('says each refusal of the studies in Danish on a Danish page', async () => {
    const refusals = Object.values(delphi.STUDY_ERRORS).map((refusal) => refusal.message);
    const texts = await shown(refusals, 'dk');
    expect(texts).toContain('Ingen aktiv konto har dette id.');
    expect(texts).toContain('En undersøgelse beholder mindst én ejer.');
    expect(texts).toContain('En anden undersøgelse har allerede dette linknavn.');
    texts.forEach((text, i) => expect(text, refusals[i]).not.toBe(refusals[i]));
  });

  it("passes the catalogue's messages to the shell's translation, and an unknown message through", async () => {
    const texts = await shown([ERRORS.unauthorized.message, 'update.targetSample: too big'], 'dk');
    expect(texts[0]).not.toBe(ERRORS.unauthorized.message);
    expect(texts[1]).toBe('update.targetSample: too big');
  });

  it('keeps English on an English page', async () => {
    expect(await shown([delphi.STUDY_ERRORS.unknownAccount.message], 'en')).toEqual(['No active account has this id.']);
  });
});
