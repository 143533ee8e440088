import type { SessionUser } from '@pawbridge/shared';
import type { MessageKey } from '@/messages';

export type FeatureIcon = 'adopt' | 'community' | 'myPage' | 'report' | 'adminReports' | 'adminAdoptions';

export interface FeatureCard {
  to: string;
  icon: FeatureIcon;
  title: MessageKey;
  body: MessageKey;
}

const card = (to: string, icon: FeatureIcon): FeatureCard => ({
  to,
  icon,
  title: `home.card.${icon}.title`,
  body: `home.card.${icon}.body`,
});

/**
 * Home feature cards (spec §2 Home): adopt and community for everyone, my page
 * for logged-in non-admins, then the report card, or the two admin screens for admins.
 */
export function featureCards(user: SessionUser | null): FeatureCard[] {
  const cards = [card('/adopt', 'adopt'), card('/community', 'community')];
  if (user && !user.isAdmin) cards.push(card('/mypage', 'myPage'));
  if (user?.isAdmin) cards.push(card('/admin/abandoned-pets', 'adminReports'), card('/admin/adopt-applications', 'adminAdoptions'));
  else cards.push(card('/abandoned/register', 'report'));
  return cards;
}
