/**
 * What the tests' stubbed server answers with. Kept apart from render.tsx so the setup file,
 * which every web test file runs, does not import the whole app shell (Mantine, the routes)
 * into files that test plain logic.
 */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export const TEST_CONFIG = { version: '0.0.0-test', publicDomain: 'chi.localhost', gameTimeScale: 1 };
