// KakaoTalk share (issue 27): the Kakao JavaScript SDK, loaded only when a reader presses
// Share to KakaoTalk (this module is itself imported dynamically), then a feed message.

import { KAKAO_SHARE_SDK } from '@pawbridge/shared';

/** Where the SDK comes from and the hash the browser checks it against (Subresource Integrity). */
export interface KakaoSdkSource {
  url: string;
  integrity: string;
}

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

/**
 * Injects the SDK script once and initialises it with the deployment's JavaScript key. The script
 * carries its integrity hash: a file on Kakao's CDN that is not the release we pinned is refused by the
 * browser (the load fails, the reader is told, nothing of it runs).
 */
export function loadKakaoSdk(appKey: string, sdk: KakaoSdkSource = KAKAO_SHARE_SDK): Promise<KakaoSdk> {
  loading ??= new Promise<KakaoSdk>((resolve, reject) => {
    const ready = () => {
      const kakao = window.Kakao;
      if (!kakao) return reject(new Error('kakao sdk missing'));
      if (!kakao.isInitialized()) kakao.init(appKey);
      resolve(kakao);
    };
    if (window.Kakao) return ready();
    const script = document.createElement('script');
    script.src = sdk.url;
    script.integrity = sdk.integrity;
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
  /** The button under the card (for example a details link). */
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
export async function shareToKakao(appKey: string, post: KakaoPost, sdk?: KakaoSdkSource): Promise<void> {
  const kakao = await loadKakaoSdk(appKey, sdk);
  kakao.Share.sendDefault(feedOf(post));
}

/** Tests only: forget the loaded SDK. */
export function resetKakaoShare(): void {
  loading = null;
}
