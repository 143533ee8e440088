import { Button } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { notifyError } from '@/components/feedback/notify';
import type { KakaoPost, KakaoSdkSource } from '@/lib/kakao-share';
import { t } from '@/messages';

interface Props {
  /** The deployment's Kakao JavaScript key (public config); without one this button is not rendered. */
  appKey: string;
  /** The SDK release and its integrity hash (public config); absent: the release the web pins. */
  sdk?: KakaoSdkSource | null;
  post: Omit<KakaoPost, 'buttonTitle'>;
  /** Where the share code comes from; the page passes nothing (the real SDK loader), tests a stand-in. */
  share?: (appKey: string, post: KakaoPost, sdk?: KakaoSdkSource) => Promise<void>;
}

const realShare: NonNullable<Props['share']> = async (appKey, post, sdk) =>
  (await import('@/lib/kakao-share')).shareToKakao(appKey, post, sdk);

/** The KakaoTalk share button: the SDK is fetched only on this press, never in a page's first load. */
export default function KakaoShareButton({ appKey, sdk, post, share = realShare }: Props) {
  const onClick = async () => {
    try {
      await share(appKey, { ...post, buttonTitle: t('animal.kakaoButton') }, sdk ?? undefined);
    } catch {
      notifyError(t('animal.kakaoFailed'));
    }
  };
  return (
    <Button variant="default" size="md" mih={44} leftSection={<IconMessageCircle size={16} aria-hidden />} onClick={() => void onClick()}>
      {t('animal.kakaoShare')}
    </Button>
  );
}
