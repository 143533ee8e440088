import { describe, expect, it } from 'vitest';
import { emptyReport, serverFieldErrors, validateReport, type ReportValues } from './report-form';
import { t } from '@/messages';

const photo = new File([new Uint8Array(4)], 'dog.png', { type: 'image/png' });
const valid = (): ReportValues => ({
  position: { lat: 37.5665, lng: 126.978 },
  photo,
  gender: '',
  breed: '',
  description: '갈색 믹스견, 빨간 목줄',
  location: '서울특별시',
  foundDate: '2026-11-20',
  foundTime: '14:30',
});

describe('validateReport', () => {
  it('gives every spec §5 message for an empty form and no request', () => {
    const { errors, request } = validateReport(emptyReport());
    expect(request).toBeNull();
    expect(errors).toEqual({
      position: '지도를 눌러 발견 위치를 다시 선택해 주세요',
      photo: '유기견 사진은 필수입니다',
      description: '유기견에 대한 설명을 입력해 주세요',
      location: '발견한 지역을 선택해 주세요',
      foundDate: '발견 날짜를 입력해 주세요',
      foundTime: '발견 시간을 입력해 주세요',
    });
  });

  it('builds the request; gender and breed are optional', () => {
    const { errors, request } = validateReport(valid());
    expect(errors).toEqual({});
    expect(request).toEqual({
      latitude: 37.5665,
      longitude: 126.978,
      gender: null,
      description: '갈색 믹스견, 빨간 목줄',
      location: '서울특별시',
      type: null,
      foundDate: '2026-11-20',
      foundTime: '14:30',
    });
    expect(validateReport({ ...valid(), gender: 'FEMALE', breed: ' 진돗개 ' }).request).toMatchObject({ gender: 'FEMALE', type: '진돗개' });
  });

  it.each<[Partial<ReportValues>, string, string]>([
    [{ position: null }, 'position', '지도를 눌러 발견 위치를 다시 선택해 주세요'],
    [{ photo: null }, 'photo', '유기견 사진은 필수입니다'],
    [{ description: '   ' }, 'description', '유기견에 대한 설명을 입력해 주세요'],
    [{ location: '' }, 'location', '발견한 지역을 선택해 주세요'],
    [{ location: '제주도' }, 'location', '발견한 지역을 선택해 주세요'],
    [{ foundDate: '' }, 'foundDate', '발견 날짜를 입력해 주세요'],
    [{ foundDate: '2026-02-30' }, 'foundDate', '발견 날짜가 올바르지 않습니다'],
    [{ foundTime: '' }, 'foundTime', '발견 시간을 입력해 주세요'],
    [{ foundTime: '25:00' }, 'foundTime', '발견 시간이 올바르지 않습니다'],
    [{ breed: 'x'.repeat(51) }, 'breed', '품종은 50자 이하로 입력해 주세요'],
    [{ foundDate: '2999-01-01' }, 'foundDate', '발견 날짜는 오늘이나 그 이전이어야 합니다'],
    [{ description: '갈색\u0000믹스' }, 'description', '입력할 수 없는 문자가 들어 있습니다'],
  ])('rejects %o on %s', (patch, field, message) => {
    const { errors, request } = validateReport({ ...valid(), ...patch });
    expect(request).toBeNull();
    expect(errors).toEqual({ [field]: message });
  });
});

describe('serverFieldErrors', () => {
  it('puts the BFF field errors on the matching controls', () => {
    expect(serverFieldErrors({ latitude: 'A', imageurl: 'B', type: 'C', 'abandoned-pet.description': 'D', unknownField: 'E' })).toEqual({
      position: 'A',
      photo: 'B',
      breed: 'C',
      description: 'D',
    });
  });

  it("says a field's code with this screen's words, the server's text only for an unknown code", () => {
    expect(
      serverFieldErrors(
        { description: 'server D', foundDate: 'server F' },
        { description: 'descriptionTooLong', foundDate: 'somethingNew' },
      ),
    ).toEqual({
      description: t('report.descriptionTooLong'),
      foundDate: 'server F',
    });
  });
});
