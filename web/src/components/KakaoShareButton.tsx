import { Button } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { notifyError } from '@/components/feedback/notify';
import type { KakaoPost } from '@/lib/kakao-share';
import { t } from '@/messages';

interface Props {
  /** The deployment's Kakao JavaScript key (public config); without one this button is not rendered. */
  appKey: string;
  post: Omit<KakaoPost, 'buttonTitle'>;
  /** Where the share code comes from; the page passes nothing (the real SDK loader), tests a stand-in. */
  share?: (appKey: string, post: KakaoPost) => Promise<void>;
}

const realShare: NonNullable<Props['share']> = async (appKey, post) => (await import('@/lib/kakao-share')).shareToKakao(appKey, post);

/** The KakaoTalk share button: the SDK is fetched only on this press, never in a page's first load. */
export default function KakaoShareButton({ appKey, post, share = realShare }: Props) {
  const onClick = async () => {
    try {
      await share(appKey, { ...post, buttonTitle: t('animal.kakaoButton') });
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
