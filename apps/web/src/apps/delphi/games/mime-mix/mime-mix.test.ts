import { describe, expect, it } from 'vitest';
import { EMOTIONS, HALVES, PROTOTYPES, halfUnits, type Emotion } from './mime-config';
import { allFaces, isBalancedOrder, mainTrials, practiceTrials, stimulusId, type MimeTrial } from './mime-trials';
import { SPLIT_Y, bottomHalf, topHalf } from './mime-face';
import { cellsFromCategories, scoreMimeMix, type MimeAnswer } from './mime-scoring';

describe('Mime Mix stimuli', () => {
  it('splits each prototype at the bridge of the nose: AUs 1–7 on top, 9–26 below, AU9 drawn where it shows', () => {
    for (const emotion of EMOTIONS) {
      const top = halfUnits(emotion, 'top');
      const bottom = halfUnits(emotion, 'bottom');
      expect(top.every((unit) => unit <= 9)).toBe(true);
      expect(bottom.every((unit) => unit >= 9)).toBe(true);
      // Every unit of the prototype is drawn somewhere, and only those.
      expect(new Set([...top, ...bottom])).toEqual(new Set(PROTOTYPES[emotion]));
    }
    expect(halfUnits('fear', 'top')).toEqual([1, 2, 4, 5, 7]);
    expect(halfUnits('fear', 'bottom')).toEqual([20, 26]);
    expect(halfUnits('disgust', 'top')).toEqual([9]);
    expect(halfUnits('disgust', 'bottom')).toEqual([9, 15, 16]);
    expect(halfUnits('happy', 'top')).toEqual([6]);
  });

  it('draws no top-half shape below the split and no bottom-half shape above it', () => {
    for (const emotion of EMOTIONS) {
      expect(Math.max(...topHalf(halfUnits(emotion, 'top')).ys)).toBeLessThan(SPLIT_Y);
      expect(Math.min(...bottomHalf(halfUnits(emotion, 'bottom')).ys)).toBeGreaterThan(SPLIT_Y);
    }
  });

  it('gives each emotion a half that differs from every other emotion\'s in the drawing', () => {
    for (const half of HALVES) {
      const drawings = EMOTIONS.map((emotion) => JSON.stringify(half === 'top' ? topHalf(halfUnits(emotion, half)) : bottomHalf(halfUnits(emotion, half))));
      expect(new Set(drawings).size).toBe(EMOTIONS.length);
    }
  });

  it('composes a chimera from the top of one prototype and the bottom of another', () => {
    const [trial] = mainTrials().filter((t) => t.cuedHalf === 'top' && t.target === 'anger' && t.other === 'happy');
    expect(trial).toMatchObject({ topEmotion: 'anger', bottomEmotion: 'happy', congruent: false, topUnits: [4, 5, 7], bottomUnits: [12] });
    expect(stimulusId(trial as MimeTrial)).toBe('anger/happy');
    expect(allFaces()).toHaveLength(36);
  });
});

describe('Mime Mix trial lists', () => {
  it('practises 12 congruent faces: each emotion once per cued half', () => {
    const trials = practiceTrials();
    expect(trials).toHaveLength(12);
    expect(trials.every((t) => t.congruent && t.topEmotion === t.bottomEmotion)).toBe(true);
    expect(new Set(trials.map((t) => `${t.cuedHalf}:${t.target}`)).size).toBe(12);
    expect(trials.map((t) => t.index)).toEqual([...Array(12).keys()]);
  });

  it('plays 84 faces: per emotion and cued half 2 congruent and 1 of each other emotion', () => {
    const trials = mainTrials();
    expect(trials).toHaveLength(84);
    for (const half of HALVES) {
      for (const target of EMOTIONS) {
        const cell = trials.filter((t) => t.cuedHalf === half && t.target === target);
        expect(cell.filter((t) => t.congruent)).toHaveLength(2);
        expect(cell.filter((t) => !t.congruent).map((t) => t.other).sort()).toEqual(EMOTIONS.filter((e) => e !== target).sort());
      }
    }
    // Each emotion is as often the distractor in the other half as it is the target.
    for (const emotion of EMOTIONS) expect(trials.filter((t) => !t.congruent && t.other === emotion)).toHaveLength(10);
  });

  it('is the same order for every participant (seeded), different for another seed, and balanced', () => {
    expect(mainTrials()).toEqual(mainTrials());
    expect(mainTrials(7).map(stimulusId)).not.toEqual(mainTrials().map(stimulusId));
    for (const seed of [1, 2, 3, 1612]) expect(isBalancedOrder(mainTrials(seed))).toBe(true);
    const run: MimeTrial[] = ['top', 'top', 'top', 'top'].map((cuedHalf, index) => ({ ...mainTrials()[index], cuedHalf }) as MimeTrial);
    expect(isBalancedOrder(run)).toBe(false);
  });
});

function answer(cuedHalf: 'top' | 'bottom', target: Emotion, other: Emotion, response: Emotion | null): MimeAnswer {
  return { cuedHalf, target, other, congruent: target === other, response };
}

describe('Mime Mix scoring', () => {
  it('scores accuracy by half × congruency, the interference, other-half intrusions and the confusion matrix', () => {
    const answers = [
      answer('top', 'happy', 'happy', 'happy'),
      answer('top', 'happy', 'happy', 'happy'),
      answer('top', 'happy', 'anger', 'anger'), // intrusion
      answer('top', 'fear', 'surprise', 'fear'),
      answer('bottom', 'sad', 'sad', 'disgust'),
      answer('bottom', 'sad', 'sad', 'sad'),
      answer('bottom', 'sad', 'fear', null), // time-out: wrong, no intrusion
      answer('bottom', 'anger', 'disgust', 'disgust'), // intrusion
    ];
    const scores = scoreMimeMix(answers);
    expect(scores.cells.top.congruent).toEqual({ correct: 2, total: 2, accuracy: 1 });
    expect(scores.cells.top.incongruent).toEqual({ correct: 1, total: 2, accuracy: 0.5 });
    expect(scores.cells.bottom.congruent).toEqual({ correct: 1, total: 2, accuracy: 0.5 });
    expect(scores.cells.bottom.incongruent).toEqual({ correct: 0, total: 2, accuracy: 0 });
    expect(scores.interference.top).toBe(0.5);
    expect(scores.interference.bottom).toBe(0.5);
    expect(scores.interference.overall).toBeCloseTo(0.75 - 0.25);
    expect(scores.intrusions.top).toEqual({ count: 1, incongruent: 2, rate: 0.5 });
    expect(scores.intrusions.bottom).toEqual({ count: 1, incongruent: 2, rate: 0.5 });
    expect(scores.intrusions.overall.count).toBe(2);
    expect(scores.confusion.happy).toMatchObject({ happy: 2, anger: 1, none: 0 });
    expect(scores.confusion.sad).toMatchObject({ sad: 1, disgust: 1, none: 1 });
    expect(scores.confusion.anger.disgust).toBe(1);
    expect(scores.overall).toEqual({ correct: 4, total: 8, accuracy: 0.5 });
  });

  it('leaves empty cells without an accuracy (never 0/0 = 0)', () => {
    const scores = scoreMimeMix([answer('top', 'fear', 'fear', 'fear')]);
    expect(scores.cells.bottom.congruent).toEqual({ correct: 0, total: 0, accuracy: null });
    expect(scores.interference.top).toBeNull();
    expect(scores.intrusions.top.rate).toBeNull();
  });

  it('reads the Feedback cells from the server\'s per-category counts', () => {
    const cells = cellsFromCategories({
      'top congruent': { correctAnswers: 20, totalAnswers: 24 },
      'top incongruent': { correctAnswers: 40, totalAnswers: 60 },
      practice: { correctAnswers: 12, totalAnswers: 12 },
    });
    expect(cells.top.congruent).toEqual({ correct: 20, total: 24, accuracy: 20 / 24 });
    expect(cells.top.incongruent.accuracy).toBeCloseTo(2 / 3);
    expect(cells.bottom.congruent).toEqual({ correct: 0, total: 0, accuracy: null });
  });
});
