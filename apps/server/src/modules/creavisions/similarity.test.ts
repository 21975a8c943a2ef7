import { describe, expect, it } from 'vitest';
import { creavisions } from '@chi/contract';
import { contentWords, similarity } from './similarity';

const { sameWord } = creavisions;

describe('visible similarity', () => {
  it('matches a word and its short endings, never short words by prefix', () => {
    expect(sameWord('garden', 'gardens')).toBe(true);
    expect(sameWord('plant', 'planting')).toBe(true);
    expect(sameWord('car', 'cart')).toBe(false);
    expect(sameWord('plan', 'planetary')).toBe(false);
  });

  it('keeps content words of any length of text, once each', () => {
    const long = Array.from({ length: 80 }, (_, i) => `word${i}`).join(' ');
    expect(contentWords(`${long} word0`)).toHaveLength(80);
    expect(contentWords('The gardens of the city')).toEqual(['gardens', 'city']);
  });

  it('is the Ochiai share of words in common, 0 to 100', () => {
    expect(similarity(['rooftop', 'gardens'], ['rooftop', 'gardens'])).toEqual({ percent: 100, matched: ['rooftop', 'gardens'] });
    expect(similarity(['rooftop', 'gardens'], ['garden', 'city', 'bicycles', 'green'])).toEqual({ percent: 35, matched: ['gardens'] });
    expect(similarity(['submarines'], ['garden'])).toEqual({ percent: 0, matched: [] });
    expect(similarity([], ['garden']).percent).toBe(0);
  });
});
