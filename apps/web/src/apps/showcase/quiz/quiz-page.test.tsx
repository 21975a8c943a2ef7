import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, createEvent, fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { toEpoch } from '../../../game-kit/timing';
import { RESPONSE_TYPE } from '../shared/play-log';
import { QuizPage } from './quiz-page';
import type * as PlayLog from '../shared/play-log';

const logged = vi.hoisted(() => [] as { dataType: string; record: Record<string, unknown> }[]);
vi.mock('../shared/play-log', async (importOriginal) => ({
  ...(await importOriginal<typeof PlayLog>()),
  logRecord: (dataType: string, record: Record<string, unknown>) => logged.push({ dataType, record }),
  whenLogged: () => Promise.resolve(),
}));

/** Animation frames run by hand, so a question's onset frame has a known time. */
let frames: ((time: number) => void)[] = [];
function runFrame(time: number) {
  const due = frames;
  frames = [];
  act(() => due.forEach((callback) => callback(time)));
}

/** An input event with its own `timeStamp`, as the browser stamps it. */
function fireAt(element: HTMLElement, event: Event, timeStamp: number) {
  Object.defineProperty(event, 'timeStamp', { value: timeStamp });
  fireEvent(element, event);
}

beforeEach(() => {
  logged.length = 0;
  frames = [];
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
  vi.spyOn(window, 'cancelAnimationFrame').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('the knowledge quiz page', () => {
  it('answers a tap once, at its release, timed by its press from the onset frame; Enter on a focused answer counts as a key', () => {
    renderWithProviders(<QuizPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Start the quiz' }));
    expect(screen.getByText('Question 1 of 10')).toBeInTheDocument();
    runFrame(1000);

    const first = within(screen.getByRole('group')).getAllByRole('button')[0]!;
    const chosen = first.textContent;
    fireAt(first, createEvent.pointerDown(first, { button: 0, pointerType: 'touch', pointerId: 7 }), 1234.5);
    // The press alone is no answer yet (a swipe may start on an option); its release is.
    expect(logged.filter((entry) => entry.dataType === RESPONSE_TYPE)).toHaveLength(0);
    fireAt(first, createEvent.pointerUp(first, { pointerType: 'touch', pointerId: 7 }), 1290);
    // The click that follows the tap is no second answer.
    fireAt(first, createEvent.click(first, { detail: 1 }), 1300);

    const responses = () => logged.filter((entry) => entry.dataType === RESPONSE_TYPE).map((entry) => entry.record);
    expect(responses()).toHaveLength(1);
    expect(responses()[0]).toMatchObject({ game: 'quiz', questionIndex: 0, response: chosen, rtMs: 234.5, _promptedAt: toEpoch(1000), _respondedAt: toEpoch(1234.5), modality: 'pointer' });
    expect(screen.getByText('Question 2 of 10')).toBeInTheDocument();

    // Before the next question's onset frame an input is no answer to it.
    const early = within(screen.getByRole('group')).getAllByRole('button')[1]!;
    fireAt(early, createEvent.click(early, { detail: 0 }), 1400);
    expect(responses()).toHaveLength(1);

    runFrame(2000);
    fireAt(early, createEvent.click(early, { detail: 0 }), 2500);
    expect(responses()).toHaveLength(2);
    expect(responses()[1]).toMatchObject({ questionIndex: 1, response: early.textContent, rtMs: 500, modality: 'keyboard' });
    expect(screen.getByText('Question 3 of 10')).toBeInTheDocument();
  });
});
