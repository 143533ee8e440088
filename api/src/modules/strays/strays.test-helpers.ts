import type { TestApi } from '../../testing/test-api';
import { createMember } from '../../testing/fixtures';

// Moved to testing/fixtures (one place for the api suites); kept for suites not yet switched over.
export { getJson, insertStray, post, postReport, solidJpeg, uploadFiles, validReport, type Member } from '../../testing/fixtures';

/** @deprecated use `createMember` from testing/fixtures. */
export const member = (api: TestApi, userId: string, role: 'USER' | 'ADMIN' = 'USER') => createMember(api, userId, { role });
