import { Button, Divider, Stack } from '@mantine/core';
import { SOCIAL_PROVIDERS, type SocialProvider } from '@pawbridge/shared';
import { t } from '@/messages';
import { usePublicConfig } from '@/lib/public-config';
import { socialLoginHref } from '../api';

// Brand colours from each provider's login-button guide; the label always names the provider.
const BRAND: Record<SocialProvider, { bg: string; fg: string; border?: string }> = {
  google: { bg: '#ffffff', fg: '#1f1f1f', border: '#747775' },
  kakao: { bg: '#FEE500', fg: '#191919' },
  naver: { bg: '#03C75A', fg: '#ffffff' },
};

const MARK: Record<SocialProvider, string> = { google: 'G', kakao: 'K', naver: 'N' };

/** One button per provider this deployment has configured (GET /api/config). */
export function SocialLoginButtons({ disabled }: { disabled?: boolean }) {
  const { config } = usePublicConfig();
  const providers = SOCIAL_PROVIDERS.filter((p) => config?.socialProviders.includes(p));
  if (providers.length === 0) return null;
  return (
    <Stack gap="sm" mt="lg">
      <Divider label={t('auth.login.socialDivider')} labelPosition="center" />
      {providers.map((provider) => {
        const brand = BRAND[provider];
        return (
          <Button
            key={provider}
            component="a"
            href={socialLoginHref(provider)}
            data-provider={provider}
            fullWidth
            size="md"
            disabled={disabled}
            leftSection={
              <span aria-hidden style={{ fontWeight: 800, width: 18, textAlign: 'center' }}>
                {MARK[provider]}
              </span>
            }
            styles={{
              root: {
                backgroundColor: brand.bg,
                color: brand.fg,
                border: `1px solid ${brand.border ?? brand.bg}`,
              },
            }}
          >
            {t('auth.login.socialButton', { provider: t(`provider.${provider}`) })}
          </Button>
        );
      })}
    </Stack>
  );
}
