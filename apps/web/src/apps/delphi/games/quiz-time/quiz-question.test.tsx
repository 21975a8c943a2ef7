import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { Button, Card, SimpleGrid, Text, Title } from '@mantine/core';
import { renderWithProviders } from '../../../../test/render';
import { StimulusClock } from '../../../../game-kit/timing/stimulus-clock';
import type { GivenResponse, ResponseClock } from '../../../../game-kit/input/response-input';
import { QuizQuestionCard, QuizQuestionNumber } from './quiz-question';

const OPTIONS = [
  { bankIndex: 2, text: 'Copenhagen' },
  { bankIndex: 0, text: 'Aarhus' },
];

/** What Quiz Time rendered with Mantine's components before (ADR 075 h24): the look to keep. */
function MantineQuestion({ ready }: { ready: boolean }) {
  return (
    <div data-testid="mantine">
      <Text size="sm" c="dimmed">
        Question 1 of 30
      </Text>
      <Card withBorder padding="xl">
        <Title order={2} id="mantine-title" mb="lg">
          Which city is the capital?
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} role="group" aria-labelledby="mantine-title">
          {OPTIONS.map(({ text }) => (
            <Button
              key={text}
              variant="default"
              size="lg"
              mih={48}
              h="auto"
              py="sm"
              data-ready={ready ? 'true' : 'false'}
              styles={{ label: { whiteSpace: 'normal', overflowWrap: 'anywhere', hyphens: 'auto' } }}
              style={{ touchAction: 'manipulation' }}
            >
              {text}
            </Button>
          ))}
        </SimpleGrid>
      </Card>
    </div>
  );
}

function PlainQuestion({ ready, onAnswer = () => undefined, clock = new StimulusClock<GivenResponse<string>>() }: { ready: boolean; onAnswer?: () => void; clock?: ResponseClock }) {
  return (
    <div data-testid="plain">
      <QuizQuestionNumber>Question 1 of 30</QuizQuestionNumber>
      <QuizQuestionCard titleId="plain-title" question="Which city is the capital?" options={OPTIONS} ready={ready} onAnswer={onAnswer} clock={clock} />
    </div>
  );
}

/** An element's tag, attributes and own text, without the ids that differ by design. */
function shape(element: Element): string {
  const attributes = Array.from(element.attributes)
    .filter((a) => a.name !== 'id' && a.name !== 'aria-labelledby')
    .map((a) => `${a.name}=${a.name === 'class' ? a.value.split(/\s+/).filter((c) => !c.startsWith('__m__')).join(' ') : a.value}`)
    .sort();
  const text = Array.from(element.childNodes)
    .filter((n) => n.nodeType === 3)
    .map((n) => n.textContent)
    .join('');
  return `<${element.tagName} ${attributes.join(' ')}>${text}`;
}

/** Every element under `root` in document order, Mantine's per-instance <style> left out. */
function shapes(root: Element): string[] {
  return Array.from(root.querySelectorAll('*'))
    .filter((e) => e.tagName !== 'STYLE')
    .map(shape);
}

describe("Quiz Time's question as plain elements (issue 23)", () => {
  it.each([false, true])("renders Mantine's own markup for the number, card, heading and options (data-ready %s)", (ready) => {
    renderWithProviders(
      <>
        <MantineQuestion ready={ready} />
        <PlainQuestion ready={ready} />
      </>,
    );
    const mantine = shapes(screen.getByTestId('mantine'));
    const plain = shapes(screen.getByTestId('plain'));
    // The grid's responsive columns come from a stylesheet class instead of Mantine's per-instance <style>.
    const grid = (list: string[]) => list.map((s) => (s.includes('mantine-SimpleGrid-root') ? s.replace(/ [^ ]*options[^ ]*/, '') : s));
    expect(grid(plain)).toEqual(grid(mantine));
    expect(plain.length).toBeGreaterThan(6);
  });

  it('names the options group by the question, and answers a tap that stayed put with its bank index', () => {
    const onAnswer = vi.fn();
    const clock = new StimulusClock<GivenResponse<string>>();
    renderWithProviders(<PlainQuestion ready onAnswer={onAnswer} clock={clock} />);
    const group = screen.getByRole('group', { name: 'Which city is the capital?' });
    const options = within(group).getAllByRole('button');
    expect(options.map((o) => o.textContent)).toEqual(['Copenhagen', 'Aarhus']);
    clock.present('0', performance.now());
    const option = options[0] as HTMLElement;
    fireEvent.pointerDown(option, { button: 0, pointerType: 'touch', pointerId: 1, clientX: 10, clientY: 10 });
    fireEvent.pointerUp(option, { button: 0, pointerType: 'touch', pointerId: 1, clientX: 11, clientY: 10 });
    expect(onAnswer).toHaveBeenCalledTimes(1);
    expect(onAnswer.mock.calls[0]?.[0]).toMatchObject({ response: '2', modality: 'touch' });
  });

  it('answers Enter or Space on a focused option (a click with detail 0) as a key', () => {
    const onAnswer = vi.fn();
    const clock = new StimulusClock<GivenResponse<string>>();
    renderWithProviders(<PlainQuestion ready onAnswer={onAnswer} clock={clock} />);
    clock.present('0', performance.now());
    const option = screen.getByRole('button', { name: 'Aarhus' });
    option.focus();
    expect(option).toHaveFocus();
    fireEvent.click(option, { detail: 0 });
    expect(onAnswer.mock.calls.map(([given]) => [given.response, given.modality])).toEqual([['0', 'key']]);
  });
});
