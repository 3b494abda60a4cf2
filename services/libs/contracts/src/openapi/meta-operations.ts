/** What the gateway itself answers under /api: this document, and the page that shows it to people. */
import { z } from 'zod';
import type { Operation } from './operation.js';

/** The files of the /api/docs page, each served by the gateway from this origin. */
export const API_DOCS_ASSETS = ['swagger-ui-bundle.js', 'swagger-ui.css', 'api-docs.js'] as const;

export const metaOperations: Operation[] = [
  {
    method: 'get',
    path: '/api/openapi.json',
    operationId: 'getOpenApiDocument',
    summary: 'This document (OpenAPI 3.1)',
    tag: 'meta',
    access: 'public',
    ok: {
      status: 200,
      schema: z
        .object({ openapi: z.string(), info: z.object({ title: z.string(), version: z.string() }) })
        .loose(),
      description: 'The document',
      example: { openapi: '3.1.0', info: { title: 'Math Games API', version: '1.0.0' } },
    },
  },
  {
    method: 'get',
    path: '/api/docs',
    operationId: 'getApiDocsPage',
    summary: 'This document as a page for people (rendered in the browser, nothing loaded from elsewhere)',
    tag: 'meta',
    access: 'public',
    ok: { status: 200, contentType: 'text/html', description: 'The page' },
  },
  {
    method: 'get',
    path: '/api/docs/:asset',
    operationId: 'getApiDocsAsset',
    summary: 'A script or style sheet of the /api/docs page',
    tag: 'meta',
    access: 'public',
    params: { asset: z.enum(API_DOCS_ASSETS).meta({ example: 'swagger-ui.css' }) },
    ok: { status: 200, contentType: 'text/javascript', description: 'The file (JavaScript or CSS)' },
  },
];
