// `npx vitest bench tests/bench` — not part of `vitest run`.
import { bench, describe } from 'vitest';
import { PeoplePageBodySchema, peopleListPageJson } from './parse-pages';

const text = peopleListPageJson(100);

describe('people list page, 100 records', () => {
  bench('JSON.parse only', () => {
    JSON.parse(text);
  });
  bench('JSON.parse + zod (jitless, as in an MV3 extension)', () => {
    PeoplePageBodySchema.parse(JSON.parse(text), { jitless: true });
  });
  bench('JSON.parse + zod (eval fast path)', () => {
    PeoplePageBodySchema.parse(JSON.parse(text));
  });
});
