import { Button, Divider, Stack } from '@mantine/core';
import { SOCIAL_PROVIDERS, type SocialProvider } from '@pawbridge/shared';
import { t } from '@/messages';
import { usePublicConfig } from '@/lib/public-config';
import { socialLoginHref } from '../api';

// Brand colours from each provider's login-button guide; the label always names the provider.
// Naver's white label on its green is 2.2:1, under WCAG AA (decision 0007): the green stays, the label is near-black (9:1).
const BRAND: Record<SocialProvider, { bg: string; fg: string; border?: string }> = {
  google: { bg: '#ffffff', fg: '#1f1f1f', border: '#747775' },
  kakao: { bg: '#FEE500', fg: '#191919' },
  naver: { bg: '#03C75A', fg: '#0a0a0a' },
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
