import { describe, expect, it } from 'vitest';
import { frameBlocksMicrophone } from './memo-client';

const top = {};
const framed = { self: {}, top };
const policy = (allowed: string[]) => ({ allowsFeature: (feature: string) => allowed.includes(feature) });

describe('a study frame without allow="microphone"', () => {
  it('is recognised from the frame policy, so the participant is told it is not their microphone', () => {
    expect(frameBlocksMicrophone(framed, { permissionsPolicy: policy([]) })).toBe(true);
    expect(frameBlocksMicrophone(framed, { featurePolicy: policy(['camera']) })).toBe(true);
  });

  it('is not reported when the frame grants the microphone, at the top level, or where the browser cannot tell', () => {
    expect(frameBlocksMicrophone(framed, { permissionsPolicy: policy(['microphone']) })).toBe(false);
    expect(frameBlocksMicrophone({ self: top, top }, { permissionsPolicy: policy([]) })).toBe(false);
    expect(frameBlocksMicrophone(framed, {})).toBe(false);
  });
});
