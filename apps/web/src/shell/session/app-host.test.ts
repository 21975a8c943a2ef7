import { describe, expect, it } from 'vitest';
import { appHostOrigin, safeRedirectPath } from './app-host';

describe('the app host', () => {
  it('replaces the app label, or adds one to the base domain', () => {
    expect(appHostOrigin({ protocol: 'http:', hostname: 'delphi.chi.localhost', port: '8080' })).toBe('http://app.chi.localhost:8080');
    expect(appHostOrigin({ protocol: 'https:', hostname: 'app.chi.example.org', port: '' })).toBe('https://app.chi.example.org');
    expect(appHostOrigin({ protocol: 'http:', hostname: 'chi.localhost', port: '5173' })).toBe('http://app.chi.localhost:5173');
  });

  it('follows only same-site paths', () => {
    expect(safeRedirectPath('/cloud?tab=x')).toBe('/cloud?tab=x');
    expect(safeRedirectPath('//evil.example')).toBeNull();
    expect(safeRedirectPath('https://evil.example')).toBeNull();
    expect(safeRedirectPath(null)).toBeNull();
  });
});
