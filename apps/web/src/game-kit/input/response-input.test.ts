import { describe, expect, it } from 'vitest';
import { StimulusClock } from '../timing/stimulus-clock';
import { deliver, keyInput, keyResponse, pointerInput, pointerModality, type GivenResponse } from './response-input';
import { fitFontSize } from './fit-text';

const KEYS = { ArrowLeft: 'left', ArrowRight: 'right' } as const;

describe('the game kit input (issue 18)', () => {
  it('maps the answer keys, ignores other keys and auto-repeat', () => {
    expect(keyResponse(KEYS, { key: 'ArrowLeft', repeat: false })).toBe('left');
    expect(keyResponse(KEYS, { key: 'ArrowRight', repeat: true })).toBeNull();
    expect(keyResponse(KEYS, { key: 'Enter', repeat: false })).toBeNull();
    expect(keyResponse(KEYS, { key: 'toString', repeat: false })).toBeNull();
  });

  it('times a key and a pointer alike, from the event timeStamp on the timeOrigin clock', () => {
    const key = keyInput('right', { timeStamp: 1234.5 });
    const tap = pointerInput('right', { timeStamp: 1234.5, pointerType: 'touch' });
    expect(key).toEqual({ response: 'right', respondedAt: performance.timeOrigin + 1234.5, eventTime: 1234.5, modality: 'key' });
    expect(tap).toEqual({ response: 'right', respondedAt: key.respondedAt, eventTime: 1234.5, modality: 'touch' });
  });

  it("drops an input stamped before the game's screen made its clock (a double tap's second touch on Start), and takes one after", () => {
    const clock = new StimulusClock<GivenResponse<string>>();
    const anticipated: unknown[] = [];
    clock.handlers = { onOnset: () => {}, onAnticipation: (a) => anticipated.push(a) };
    clock.present('q0', clock.since + 16);
    const answered: unknown[] = [];
    deliver(pointerInput('a', { timeStamp: clock.since - 5, pointerType: 'touch' }), (r: unknown) => answered.push(r), clock);
    expect(answered).toEqual([]);
    expect(anticipated).toEqual([]);
    deliver(pointerInput('b', { timeStamp: clock.since + 400, pointerType: 'touch' }), (r: unknown) => answered.push(r), clock);
    expect(answered).toMatchObject([{ response: 'b', eventTime: clock.since + 400 }]);
  });

  it('keeps the modality from pointerType', () => {
    expect(pointerModality('touch')).toBe('touch');
    expect(pointerModality('pen')).toBe('pen');
    expect(pointerModality('mouse')).toBe('mouse');
    expect(pointerModality('')).toBe('mouse');
  });
});

describe('fitting a stimulus to its box (issue 18)', () => {
  it('keeps the full size where it fits', () => {
    expect(fitFontSize(300, 480, 72, 16)).toBe(72);
    expect(fitFontSize(0, 480, 72, 16)).toBe(72);
  });

  it('scales down to fit, never above the box: "173173" needing 332 px in 292 px', () => {
    const size = fitFontSize(332, 292, 72, 16);
    expect(size).toBeLessThan(72);
    expect((332 * size) / 72).toBeLessThanOrEqual(292);
    expect(size).toBeGreaterThan(63);
  });

  it('never goes below the minimum size', () => {
    expect(fitFontSize(5000, 100, 72, 16)).toBe(16);
  });
});
