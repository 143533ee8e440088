import type { TestApi } from './test-api';
import { createMember } from './fixtures';

// Moved to testing/fixtures (one place for the api suites); kept for suites not yet switched over.
export { jpegWithExif, petForm, petJson, send } from './fixtures';

/** @deprecated use `createMember` from testing/fixtures. */
export const memberCookie = (api: TestApi, userId: string) =>
  createMember(api, userId, { name: userId, birth: '1990-01-01', phoneNm: '010-1234-5678' });
