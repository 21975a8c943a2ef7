/** The assistants' settings (issue 14): an OpenAI-compatible endpoint, or none (extractive answers). */
import { describe, expect, it } from 'vitest';
import { configKit } from './test/config-kit';

const { load, errorOf } = configKit('chi-config-assistants-test');

describe('assistants configuration', () => {
  it('has no model by default and accepts files up to 20 MB', () => {
    const config = load();
    expect(config.llm).toBeUndefined();
    expect(config.assistantFileMaxBytes).toBe(20 * 1024 * 1024);
  });

  it('reads an OpenAI-compatible endpoint with its model and key', () => {
    expect(load({ LLM_BASE_URL: 'http://127.0.0.1:11434/v1', LLM_MODEL: ' llama3 ', LLM_API_KEY: 'sk-test' }).llm).toEqual({
      baseUrl: 'http://127.0.0.1:11434/v1',
      model: 'llama3',
      apiKey: 'sk-test',
    });
    expect(load({ LLM_BASE_URL: 'https://api.example.org/v1', LLM_MODEL: 'm' }).llm).toEqual({ baseUrl: 'https://api.example.org/v1', model: 'm' });
  });

  it('refuses an endpoint without a model, a model without an endpoint and a URL that is not http(s), never echoing the key', () => {
    expect(errorOf({ LLM_BASE_URL: 'http://127.0.0.1:1/v1' })).toMatch(/^Invalid configuration: LLM_MODEL must be set with LLM_BASE_URL/);
    expect(errorOf({ LLM_MODEL: 'm', LLM_API_KEY: 'secret-key-123' })).toMatch(/^Invalid configuration: LLM_MODEL and LLM_API_KEY need LLM_BASE_URL/);
    expect(errorOf({ LLM_MODEL: 'm', LLM_API_KEY: 'secret-key-123' })).not.toContain('secret-key-123');
    expect(errorOf({ LLM_BASE_URL: 'ftp://x/v1', LLM_MODEL: 'm' })).toMatch(/^Invalid configuration: LLM_BASE_URL must be an http:\/\/ or https:\/\/ URL/);
    expect(errorOf({ ASSISTANT_FILE_MAX_BYTES: '0' })).toMatch(/ASSISTANT_FILE_MAX_BYTES must be a positive integer/);
  });
});
