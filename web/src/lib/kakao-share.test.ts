import { afterEach, describe, expect, it, vi } from 'vitest';
import { KAKAO_SHARE_SDK } from '@pawbridge/shared';
import { feedOf, loadKakaoSdk, resetKakaoShare, shareToKakao, type KakaoFeed } from './kakao-share';

// A stand-in for Kakao's SDK script: when the loader appends the <script>, it "runs" (window.Kakao appears)
// and records init and sendDefault; or it fails to load, as the real host does from here.
function standIn(outcome: 'load' | 'error' = 'load') {
  const calls = { init: [] as string[], sent: [] as KakaoFeed[], scripts: [] as HTMLScriptElement[] };
  let initialised = false;
  const append = vi.spyOn(document.head, 'appendChild').mockImplementation((node) => {
    const script = node as HTMLScriptElement;
    calls.scripts.push(script);
    if (outcome === 'error') {
      queueMicrotask(() => script.onerror?.(new Event('error')));
      return node;
    }
    window.Kakao = {
      init: (key: string) => {
        calls.init.push(key);
        initialised = true;
      },
      isInitialized: () => initialised,
      Share: { sendDefault: (feed: KakaoFeed) => void calls.sent.push(feed) },
    };
    queueMicrotask(() => script.onload?.(new Event('load')));
    return node;
  });
  return { calls, append };
}

const POST = {
  title: '[실종] 초코 · 푸들 — 서울특별시 마포구',
  description: '망원동에서 잃어버렸어요',
  imageUrl: 'https://pawbridge.example/uploads/lost/1.webp',
  url: 'https://pawbridge.example/lost/11',
  buttonTitle: '자세히 보기',
};

afterEach(() => {
  vi.restoreAllMocks();
  delete window.Kakao;
  resetKakaoShare();
});

describe('KakaoTalk share', () => {
  it('loads the SDK only when asked, once, initialises it with the key and sends the post as a feed', async () => {
    const { calls } = standIn();
    expect(calls.scripts).toHaveLength(0);
    await shareToKakao('js-key-1', POST);
    expect(calls.scripts).toHaveLength(1);
    expect(calls.scripts[0]!.src).toBe(KAKAO_SHARE_SDK.url);
    // The pinned release's hash: the browser refuses any other file at that address.
    expect(calls.scripts[0]!.integrity).toBe(KAKAO_SHARE_SDK.integrity);
    expect(calls.scripts[0]!.crossOrigin).toBe('anonymous');
    expect(calls.init).toEqual(['js-key-1']);
    expect(calls.sent).toEqual([
      {
        objectType: 'feed',
        content: {
          title: POST.title,
          description: POST.description,
          imageUrl: POST.imageUrl,
          link: { mobileWebUrl: POST.url, webUrl: POST.url },
        },
        buttons: [{ title: '자세히 보기', link: { mobileWebUrl: POST.url, webUrl: POST.url } }],
      },
    ]);
    // A second share reuses the loaded, initialised SDK.
    await shareToKakao('js-key-1', POST);
    expect(calls.scripts).toHaveLength(1);
    expect(calls.init).toHaveLength(1);
    expect(calls.sent).toHaveLength(2);
  });

  it('a post without a photo is sent without an image', () => {
    expect(feedOf({ ...POST, imageUrl: null }).content).not.toHaveProperty('imageUrl');
  });

  it('a failed load rejects, and the next press tries the script again', async () => {
    const failing = standIn('error');
    await expect(loadKakaoSdk('js-key-1')).rejects.toThrow('kakao sdk failed to load');
    failing.append.mockRestore();
    const { calls } = standIn();
    await shareToKakao('js-key-1', POST);
    expect(failing.calls.scripts).toHaveLength(1);
    expect(calls.scripts).toHaveLength(1);
    expect(calls.sent).toHaveLength(1);
  });
});
