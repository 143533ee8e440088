import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { t } from '@/messages';
import { errorMessage } from './notify';

describe('errorMessage', () => {
  it('says a 4xx failure from the web catalogue by code, not with the server message', () => {
    const err = new ApiError(409, 'USER_ID_TAKEN', 'server words', {}, 'r1');
    expect(errorMessage(err)).toBe(t('errors.code.USER_ID_TAKEN'));
  });

  it('prefers the reason words over the code words', () => {
    const err = new ApiError(403, 'FORBIDDEN', 'server words', {}, 'r1', 'POST_AUTHOR_ONLY');
    expect(errorMessage(err)).toBe(t('errors.reason.POST_AUTHOR_ONLY'));
  });

  it('keeps the server words of REPORT_FAILED, the upstream refusal only the server knows', () => {
    const err = new ApiError(502, 'REPORT_FAILED', '이미지를 처리할 수 없습니다', {}, 'r1');
    expect(errorMessage(err)).toBe('이미지를 처리할 수 없습니다');
  });

  it('says a REPORT_FAILED that has a reason from the catalogue', () => {
    const err = new ApiError(502, 'REPORT_FAILED', 'server words', {}, 'r1', 'REPORT_PREDICTOR_DOWN');
    expect(errorMessage(err)).toBe(t('errors.reason.REPORT_PREDICTOR_DOWN'));
  });

  it('keeps the category rule the server states for POST_CATEGORY_NOT_ALLOWED', () => {
    const err = new ApiError(403, 'FORBIDDEN', '입양 후기는 입양을 마친 회원만 쓸 수 있습니다.', {}, 'r1', 'POST_CATEGORY_NOT_ALLOWED');
    expect(errorMessage(err)).toBe('입양 후기는 입양을 마친 회원만 쓸 수 있습니다.');
  });

  it("gives a generic server failure the screen's fallback", () => {
    expect(errorMessage(new ApiError(500, 'INTERNAL', 'boom'), 'pets.card.uploadFailed')).toBe(t('pets.card.uploadFailed'));
  });

  it('says an unreachable or slow server as such, not with the fallback', () => {
    expect(errorMessage(new ApiError(502, 'UPSTREAM_UNAVAILABLE', 'down'), 'pets.card.uploadFailed')).toBe(
      '서버에 연결할 수 없습니다. 잠시 후 다시 시도해 주세요.',
    );
    expect(errorMessage(new ApiError(504, 'UPSTREAM_TIMEOUT', 'slow'))).toBe(t('errors.code.UPSTREAM_TIMEOUT'));
    expect(errorMessage(new ApiError(502, 'UPSTREAM_UNAVAILABLE', 'down'))).not.toBe(t('common.unknownError'));
  });

  it('says a specific 5xx code with its own words', () => {
    expect(errorMessage(new ApiError(503, 'PREDICTION_UNAVAILABLE', 'x'), 'common.unknownError')).toBe(
      t('errors.code.PREDICTION_UNAVAILABLE'),
    );
  });

  it('keeps the network and timeout sentences', () => {
    expect(errorMessage(new ApiError(0, 'NETWORK', 'network'))).toBe(t('common.networkError'));
    expect(errorMessage(new ApiError(0, 'TIMEOUT', 'timeout'))).toBe(t('common.timeout'));
  });
});
