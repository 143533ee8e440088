// KakaoTalk share (issue 27): the Kakao JavaScript SDK, loaded only when a reader presses
// 카카오톡으로 공유 (this module is itself imported dynamically), then a feed message.

/** The SDK release this code was written against (Kakao.Share.sendDefault, feed template). */
export const KAKAO_SDK_URL = 'https://t1.kakaocdn.net/kakao_js_sdk/2.7.4/kakao.min.js';

interface KakaoLink {
  mobileWebUrl: string;
  webUrl: string;
}
export interface KakaoFeed {
  objectType: 'feed';
  content: { title: string; description: string; imageUrl?: string; link: KakaoLink };
  buttons: { title: string; link: KakaoLink }[];
}
interface KakaoSdk {
  init(appKey: string): void;
  isInitialized(): boolean;
  Share: { sendDefault(feed: KakaoFeed): void };
}
declare global {
  interface Window {
    Kakao?: KakaoSdk;
  }
}

let loading: Promise<KakaoSdk> | null = null;

/** Injects the SDK script once and initialises it with the deployment's JavaScript key. */
export function loadKakaoSdk(appKey: string, src: string = KAKAO_SDK_URL): Promise<KakaoSdk> {
  loading ??= new Promise<KakaoSdk>((resolve, reject) => {
    const ready = () => {
      const sdk = window.Kakao;
      if (!sdk) return reject(new Error('kakao sdk missing'));
      if (!sdk.isInitialized()) sdk.init(appKey);
      resolve(sdk);
    };
    if (window.Kakao) return ready();
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.crossOrigin = 'anonymous';
    script.onload = ready;
    script.onerror = () => reject(new Error('kakao sdk failed to load'));
    document.head.appendChild(script);
  }).catch((err: unknown) => {
    // A failed load may be a passing network problem: the next press tries again.
    loading = null;
    throw err;
  });
  return loading;
}

export interface KakaoPost {
  title: string;
  description: string;
  /** Absolute URL of the post's first photo, when it has one. */
  imageUrl: string | null;
  /** Absolute URL of the post's page. */
  url: string;
  /** The button under the card (for example 자세히 보기). */
  buttonTitle: string;
}

/** The feed message for a post: its photo, title, a line of description, and its link. */
export function feedOf(post: KakaoPost): KakaoFeed {
  const link = { mobileWebUrl: post.url, webUrl: post.url };
  return {
    objectType: 'feed',
    content: { title: post.title, description: post.description, ...(post.imageUrl ? { imageUrl: post.imageUrl } : {}), link },
    buttons: [{ title: post.buttonTitle, link }],
  };
}

/** Loads the SDK if needed and opens KakaoTalk's share with the post. */
export async function shareToKakao(appKey: string, post: KakaoPost, src?: string): Promise<void> {
  const sdk = await loadKakaoSdk(appKey, src);
  sdk.Share.sendDefault(feedOf(post));
}

/** Tests only: forget the loaded SDK. */
export function resetKakaoShare(): void {
  loading = null;
}
