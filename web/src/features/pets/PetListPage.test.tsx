import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ModalsProvider } from '@mantine/modals';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Pet } from '@pawbridge/shared';
import { envelope, mockApi, renderRoutes, resetTestApp, sessionUser, testConfig } from '@/testing/render-app';
import PetListPage from './PetListPage';
import EditPetPage from './EditPetPage';
import PetProfilePage from './PetProfilePage';

// The delete goes through the app's real confirm dialog (a module mock is not honoured once another
// file of the web project's shared module graph has loaded notify: docs/decisions/0030).
async function answerConfirm(button: '취소' | '삭제'): Promise<string> {
  const dialog = await screen.findByRole('dialog');
  const text = dialog.textContent ?? '';
  await userEvent.click(within(dialog).getByRole('button', { name: button }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  return text;
}

const dog = (over: Partial<Pet> = {}): Pet => ({
  id: '1',
  petId: '1',
  name: '초코',
  type: '푸들',
  weight: 4.2,
  age: 3,
  size: 'SMALL',
  gender: 'MALE',
  adopt: false,
  imageUrl: '/uploads/choco.jpg',
  ...over,
});
const choco = dog();
// A real 1×1 PNG: the quick upload reads the first bytes before sending.
const PNG_1PX = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);
const bori = dog({ id: '2', petId: '2', name: '보리', type: '믹스', imageUrl: null, gender: 'FEMALE', adopt: true });

function renderAt(path: string, routes: Parameters<typeof mockApi>[0]) {
  const api = mockApi({ 'GET /api/users/check-session': { body: sessionUser() }, 'GET /api/config': { body: testConfig() }, ...routes });
  const view = renderRoutes(
    [
      {
        path: '/mypet',
        element: (
          <ModalsProvider>
            <PetListPage />
          </ModalsProvider>
        ),
      },
      { path: '/mypet/register', element: <p>register screen</p> },
      { path: '/pet/register', element: <p>register screen</p> },
      { path: '/pet/edit/:petId', element: <EditPetPage /> },
      { path: '/pet/profile/:petId', element: <PetProfilePage /> },
    ],
    path,
  );
  return { ...view, api };
}

afterEach(() => {
  resetTestApp();
});

describe('PetListPage', () => {
  it('shows the loading text, then the count, numbered cards, photo or placeholder, facts and links', async () => {
    renderAt('/mypet', { 'GET /api/pet/profile/pets': { body: [choco, bori] } });
    expect(screen.getByText('반려견 정보를 불러오는 중…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: '등록된 반려견 2마리' })).toBeInTheDocument();
    const [first, second] = screen.getAllByRole('article');
    expect(within(first!).getByText('1번')).toBeInTheDocument();
    expect(within(first!).getByRole('img', { name: '초코의 프로필 사진' })).toHaveAttribute('src', '/uploads/choco.jpg');
    expect(within(first!).getByText('4.2kg')).toBeInTheDocument();
    expect(within(first!).getByText('수컷')).toBeInTheDocument();
    expect(within(first!).getByRole('button', { name: '초코의 사진 바꾸기' })).toBeInTheDocument();
    expect(within(second!).getByText('2번')).toBeInTheDocument();
    expect(within(second!).getByText('프로필 사진 없음')).toBeInTheDocument();
    expect(within(second!).getByText('입양한 반려견')).toBeInTheDocument();
    expect(within(second!).getByRole('button', { name: '보리의 사진 올리기' })).toBeInTheDocument();
    expect(within(second!).getByRole('link', { name: '수정' })).toHaveAttribute('href', '/pet/edit/2');
    expect(within(second!).getByRole('link', { name: '프로필 보기' })).toHaveAttribute('href', '/pet/profile/2');
    expect(screen.getByRole('link', { name: '새 반려견 등록' })).toHaveAttribute('href', '/pet/register');
  });

  it('a member the server already confirmed sees their dogs without waiting for the session check again', async () => {
    const first = renderAt('/mypet', { 'GET /api/pet/profile/pets': { body: [choco] } });
    expect(await screen.findByRole('heading', { name: '등록된 반려견 1마리' })).toBeInTheDocument();
    first.unmount();
    // A reload whose session check hangs: the list arrives and is shown.
    renderAt('/mypet', {
      'GET /api/users/check-session': () => new Promise<never>(() => undefined),
      'GET /api/pet/profile/pets': { body: [choco, bori] },
    });
    expect(await screen.findByRole('heading', { name: '등록된 반려견 2마리' })).toBeInTheDocument();
  });

  it('shows the error with a retry that reloads', async () => {
    let calls = 0;
    renderAt('/mypet', {
      'GET /api/pet/profile/pets': () => {
        calls += 1;
        return calls === 1 ? { status: 502, body: envelope('UPSTREAM_UNAVAILABLE', 'x') } : { body: [choco] };
      },
    });
    expect(await screen.findByText('프로필을 불러오지 못했습니다')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByRole('heading', { name: '등록된 반려견 1마리' })).toBeInTheDocument();
  });

  it('leads from the empty state to /mypet/register', async () => {
    renderAt('/mypet', { 'GET /api/pet/profile/pets': { body: [] } });
    expect(await screen.findByText('아직 등록한 반려견이 없어요.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '첫 반려견 등록하기' })).toHaveAttribute('href', '/mypet/register');
  });

  it('uploads a photo for exactly the chosen dog, marking only it as uploading, then reloads', async () => {
    let release: () => void = () => undefined;
    let listCalls = 0;
    const { api } = renderAt('/mypet', {
      'GET /api/pet/profile/pets': () => {
        listCalls += 1;
        return { body: listCalls === 1 ? [choco, bori] : [choco, { ...bori, imageUrl: '/uploads/bori.jpg' }] };
      },
      'POST /api/pet/2/profile-image': () =>
        new Promise((resolve) => (release = () => resolve({ body: { ...bori, imageUrl: '/uploads/bori.jpg' } }))),
    });
    const second = (await screen.findAllByRole('article'))[1]!;
    const input = second.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, new File([PNG_1PX], 'bori.png', { type: 'image/png' }));
    expect(await within(second).findByRole('button', { name: '보리의 사진 올리기' })).toHaveTextContent('올리는 중…');
    expect(screen.getAllByText('올리는 중…')).toHaveLength(1);
    const sent = vi.mocked(fetch).mock.calls.find(([url]) => String(url).endsWith('/api/pet/2/profile-image'))![1]!.body as FormData;
    expect(sent.get('profileImage')).toBeInstanceOf(File);
    release();
    expect(await screen.findByText('프로필 사진이 업로드되었습니다')).toBeInTheDocument();
    expect(await within(second).findByRole('img', { name: '보리의 프로필 사진' })).toHaveAttribute('src', '/uploads/bori.jpg');
    expect(api.callsTo('GET', '/api/pet/profile/pets').length).toBeGreaterThanOrEqual(2);
  });

  it('refuses a non-image (by its bytes) or an oversize photo before sending, and shows the server reason on failure', async () => {
    const { api } = renderAt('/mypet', {
      'GET /api/pet/profile/pets': { body: [choco] },
      'POST /api/pet/1/profile-image': { status: 415, body: envelope('UNSUPPORTED_MEDIA_TYPE', 'only images (server words)') },
    });
    const card = (await screen.findAllByRole('article'))[0]!;
    const input = card.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText('파일 크기는 5MB 이하여야 합니다')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/pet/1/profile-image')).toHaveLength(0);
    await userEvent.upload(input, new File(['text'], 'fake.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText('이미지 파일만 업로드할 수 있습니다')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/pet/1/profile-image')).toHaveLength(0);
    await userEvent.upload(input, new File([PNG_1PX], 'real.png', { type: 'image/png' }));
    expect(await screen.findByText('이미지 파일만 업로드할 수 있습니다.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/pet/1/profile-image')).toHaveLength(1);
  });

  it('deletes only after the confirm modal, then reloads; cancelling sends nothing', async () => {
    let listCalls = 0;
    const { api } = renderAt('/mypet', {
      'GET /api/pet/profile/pets': () => {
        listCalls += 1;
        return { body: listCalls <= 1 ? [choco] : [] };
      },
      'DELETE /api/pet/delete/1': { body: { ok: true, message: '삭제' } },
    });
    await screen.findByRole('heading', { name: '등록된 반려견 1마리' });
    await userEvent.click(screen.getByRole('button', { name: '초코 삭제' }));
    expect(await answerConfirm('취소')).toContain('초코');
    expect(api.callsTo('DELETE', '/api/pet/delete/1')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: '초코 삭제' }));
    await answerConfirm('삭제');
    expect(await screen.findByText('반려견 정보가 삭제되었습니다')).toBeInTheDocument();
    expect(await screen.findByText('아직 등록한 반려견이 없어요.')).toBeInTheDocument();
  });

  it('says the server cannot be reached when a delete gets a 502', async () => {
    renderAt('/mypet', {
      'GET /api/pet/profile/pets': { body: [choco] },
      'DELETE /api/pet/delete/1': { status: 502, body: envelope('UPSTREAM_UNAVAILABLE', 'x') },
    });
    await screen.findByRole('heading', { name: '등록된 반려견 1마리' });
    await userEvent.click(screen.getByRole('button', { name: '초코 삭제' }));
    await answerConfirm('삭제');
    expect(await screen.findByText('서버에 연결할 수 없습니다. 잠시 후 다시 시도해 주세요.')).toBeInTheDocument();
    expect(screen.queryByText('삭제에 실패했습니다')).toBeNull();
  });

  it('more than a page of dogs: the count is the total, "더 보기" reads page 2', async () => {
    const all = Array.from({ length: 22 }, (_, i) =>
      dog({ id: String(i + 1), petId: String(i + 1), name: `멍멍이${i + 1}`, imageUrl: null }),
    );
    const { api } = renderAt('/mypet', {
      'GET /api/pet/profile/pets': ({ query }) => {
        const page = Number(query.get('page'));
        const size = Number(query.get('size'));
        return { body: all.slice((page - 1) * size, page * size), headers: { 'x-total-count': '22' } };
      },
    });
    expect(await screen.findByRole('heading', { name: '등록된 반려견 22마리' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(20);
    expect(screen.getByText('전체 22건 중 20건')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '더 보기' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(22));
    expect(screen.getByText('멍멍이22')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '더 보기' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/pet/profile/pets').map((c) => c.query.get('page'))).toEqual(['1', '2']);
  });

  it('asks a logged-out visitor to log in', async () => {
    renderAt('/mypet', { 'GET /api/users/check-session': { body: { loggedIn: false } } });
    expect(await screen.findByText('내 반려견을 보려면 로그인이 필요합니다')).toBeInTheDocument();
  });
});

describe('EditPetPage and PetProfilePage', () => {
  it('loads, fills the form with the dog, saves and returns to /mypet', async () => {
    const { api, router } = renderAt('/pet/edit/1', {
      'GET /api/pet/1': { body: choco },
      'PUT /api/pet/edit/1': (call) => ({ body: { ...choco, ...(call.body as object) } }),
      'GET /api/pet/profile/pets': { body: [choco] },
    });
    expect(screen.getByText('반려견 정보를 불러오는 중…')).toBeInTheDocument();
    const weight = await screen.findByLabelText(/몸무게/);
    expect(weight).toHaveValue('4.2');
    expect(screen.getByLabelText(/^이름/)).toHaveValue('초코');
    expect(screen.getByRole('radio', { name: '수컷' })).toBeChecked();
    await userEvent.clear(weight);
    await userEvent.type(weight, '5.1');
    await userEvent.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByText('수정되었습니다')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/mypet'));
    expect(api.callsTo('PUT', '/api/pet/edit/1')[0]!.body).toEqual({
      name: '초코',
      type: '푸들',
      weight: 5.1,
      age: 3,
      size: 'SMALL',
      gender: 'MALE',
      adopt: false,
    });
  }, 15_000);

  it('says when the save failed and stays', async () => {
    const { router } = renderAt('/pet/edit/1', {
      'GET /api/pet/1': { body: choco },
      'PUT /api/pet/edit/1': { status: 502, body: envelope('UPSTREAM_UNAVAILABLE', 'x') },
    });
    await screen.findByLabelText(/몸무게/);
    await userEvent.click(screen.getByRole('button', { name: '저장' }));
    // A 502 is the server out of reach, not "an error occurred".
    expect(await screen.findByText('서버에 연결할 수 없습니다. 잠시 후 다시 시도해 주세요.')).toBeInTheDocument();
    expect(screen.queryByText('수정 중 오류가 발생했습니다')).toBeNull();
    expect(router.state.location.pathname).toBe('/pet/edit/1');
  });

  it("shows not-found for a dog that is not the caller's", async () => {
    renderAt('/pet/profile/9', { 'GET /api/pet/9': { status: 404, body: envelope('NOT_FOUND', '반려견을 찾을 수 없습니다.') } });
    expect(await screen.findByText('반려견을 찾을 수 없습니다')).toBeInTheDocument();
  });

  it('shows one dog on its profile page', async () => {
    renderAt('/pet/profile/2', { 'GET /api/pet/2': { body: bori } });
    expect(await screen.findByRole('heading', { name: '보리의 프로필' })).toBeInTheDocument();
    expect(screen.getByText('프로필 사진 없음')).toBeInTheDocument();
    expect(screen.getByText('암컷')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '정보 수정' })).toHaveAttribute('href', '/pet/edit/2');
  });
});
