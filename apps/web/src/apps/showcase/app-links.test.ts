import { describe, expect, it } from 'vitest';
import { appLinks, domainFromHostname } from './app-links';

describe('showcase app links', () => {
  it('uses the public domain from the config and the port of the page', () => {
    const links = appLinks({ hostname: 'chi.localhost', port: '8080', protocol: 'http:' }, 'chi.localhost');
    expect(links.delphi).toBe('http://delphi.chi.localhost:8080');
    expect(links.api).toBe('http://api.chi.localhost:8080');
  });

  it('leaves out default ports', () => {
    expect(appLinks({ hostname: 'chi.example.org', port: '', protocol: 'https:' }, 'chi.example.org').app).toBe('https://app.chi.example.org');
  });

  it('guesses the domain from the host when the config is missing', () => {
    expect(domainFromHostname('showcase.chi.localhost')).toBe('chi.localhost');
    expect(domainFromHostname('chi.localhost')).toBe('chi.localhost');
  });
});
