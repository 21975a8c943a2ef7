import { describe, expect, it } from 'vitest';
import { citedRanges, citedStatements } from './cited-ranges';

const PASSAGE = 'Participants sign the form. Write to ethics@chi.dk with questions about the study.\nThe study lead is Jens Hansen.';
const marked = (text: string, ranges: [number, number][]) => ranges.map(([a, b]) => text.slice(a, b));

describe('cited ranges', () => {
  it('takes the statement before each marker', () => {
    expect(citedStatements('Arr, its sails be black [1] and fast [2].', 1)).toEqual(['Arr, its sails be black']);
    expect(citedStatements('> Write to ethics@chi.dk with questions about the study. [3]\n>\n> — *consent.pdf*', 3)).toEqual(['Write to ethics@chi.dk with questions about the study.']);
  });
  it('marks the sentence an extractive answer quotes, whole, address included', () => {
    const answer = 'No language model…\n\n> Write to ethics@chi.dk with questions about the study. [2]\n>\n> — *consent.pdf, p. 1*';
    expect(marked(PASSAGE, citedRanges(PASSAGE, answer, 2))).toEqual(['Write to ethics@chi.dk with questions about the study.']);
  });
  it('marks the closest sentence of a written answer, and nothing when too little is shared', () => {
    expect(marked(PASSAGE, citedRanges(PASSAGE, 'The study is led by Jens Hansen [1].', 1))).toEqual(['The study lead is Jens Hansen.']);
    expect(citedRanges(PASSAGE, 'It rains [1].', 1)).toEqual([]);
    expect(citedRanges(PASSAGE, 'No marker here.', 1)).toEqual([]);
  });
});
