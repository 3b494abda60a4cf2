/**
 * Writes infra/db/migrations/1763800000301_badges-catalogue.sql from the contracts badge catalogue, the one
 * definition of the 175 badges. Run after changing the catalogue:
 *   node --conditions=source --import tsx services/badges/scripts/generate-catalogue-migration.ts
 * A test fails when the committed SQL differs from what this generates.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { catalogueMigrationSql } from '../src/data-access/catalogue-sql.js';

export const CATALOGUE_MIGRATION_PATH = fileURLToPath(
  new URL('../../../infra/db/migrations/1763800000301_badges-catalogue.sql', import.meta.url),
);

writeFileSync(CATALOGUE_MIGRATION_PATH, catalogueMigrationSql());
console.log(`wrote ${CATALOGUE_MIGRATION_PATH}`);
