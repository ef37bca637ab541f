import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/** docs/catalog.schema.json, compiled: every catalogue the server tests build is checked against it. */
const schema = JSON.parse(readFileSync(new URL('../../../../docs/catalog.schema.json', import.meta.url), 'utf8'));
const ajv = new Ajv2020({ allErrors: true, strict: true });
addFormats(ajv);
export const validateCatalogue = ajv.compile(schema);
