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

  it('refuses LLM_MODEL_PATH and says how to serve a GGUF file through llama.cpp instead', () => {
    const message = errorOf({ LLM_MODEL_PATH: '/models/llama.gguf' });
    expect(message).toMatch(/^Invalid configuration: LLM_MODEL_PATH is not supported/);
    expect(message).toContain('llama-server -m model.gguf');
    expect(message).toContain('LLM_BASE_URL=http://127.0.0.1:8080/v1');
  });

  it('reads an OpenAI-compatible embedding endpoint, and none by default', () => {
    expect(load().embedding).toBeUndefined();
    expect(load({ EMBEDDING_BASE_URL: 'http://127.0.0.1:8081/v1', EMBEDDING_MODEL: ' nomic-embed ', EMBEDDING_API_KEY: 'sk-e' }).embedding).toEqual({
      baseUrl: 'http://127.0.0.1:8081/v1',
      model: 'nomic-embed',
      apiKey: 'sk-e',
    });
  });

  it('refuses an embedding endpoint without a model, a model without an endpoint and a URL that is not http(s), never echoing the key', () => {
    expect(errorOf({ EMBEDDING_BASE_URL: 'http://127.0.0.1:1/v1' })).toMatch(/^Invalid configuration: EMBEDDING_MODEL must be set with EMBEDDING_BASE_URL/);
    expect(errorOf({ EMBEDDING_MODEL: 'm', EMBEDDING_API_KEY: 'secret-embed-9' })).toMatch(/^Invalid configuration: EMBEDDING_MODEL and EMBEDDING_API_KEY need EMBEDDING_BASE_URL/);
    expect(errorOf({ EMBEDDING_MODEL: 'm', EMBEDDING_API_KEY: 'secret-embed-9' })).not.toContain('secret-embed-9');
    expect(errorOf({ EMBEDDING_BASE_URL: 'file:///x', EMBEDDING_MODEL: 'm' })).toMatch(/^Invalid configuration: EMBEDDING_BASE_URL must be an http:\/\/ or https:\/\/ URL/);
  });
});
