/** The reference built from the contract at build time (build/openapi-document.ts). */
declare module 'virtual:chi-openapi' {
  import type { OpenApiDocument } from '@chi/contract';

  const document: OpenApiDocument;
  export default document;
}
