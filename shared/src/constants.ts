// Domain constants from the product spec §9. One place for every limit.
export const LIMITS = {
  verificationCountdownSeconds: 120,
  verificationCodeLength: 6,
  verifiedEmailValidSeconds: 600,
  userIdMinLength: 4,
  passwordMinLength: 6,
  imageMaxBytes: 5 * 1024 * 1024,
  /**
   * Pixels a photo may declare (width × height): a 50 MP phone photo fits; a small file declaring
   * 16000×16000 (a decompression bomb) does not, and is refused before it is decoded.
   */
  imageMaxPixels: 50_000_000,
  /** Long edge of a stored photo, and of its list thumbnail. */
  imageStoredMaxEdge: 2048,
  imageThumbnailMaxEdge: 480,
  /** Open (REQUESTED) adoption applications one member may hold at once, so nobody can freeze every adoption. */
  openAdoptionApplicationsMax: 3,
  apiTimeoutMs: 10_000,
  postTitleMax: 100,
  commentMax: 500,
  adminDescriptionPreview: 50,
  postListPreview: 50,
  carouselMax: 8,
  carouselPerSlide: 4,
  activityFeedMax: 10,
  weightStep: 0.1,
  socialRetryDelayMs: 1_000,
  socialLoginRecheckMs: 500,
  brokerHeartbeatMs: 10_000,
  brokerReconnectMs: 5_000,
} as const;

export const GEOLOCATION_OPTIONS = { timeout: 10_000, maximumAge: 60_000, enableHighAccuracy: true } as const;

/** Seoul City Hall; the spec's "zoom level 3" is Kakao's level (≈ Leaflet zoom 16). */
export const MAP_DEFAULT_CENTER = { lat: 37.566535, lng: 126.9779692 } as const;
export const MAP_DEFAULT_KAKAO_LEVEL = 3;
export const MAP_DEFAULT_LEAFLET_ZOOM = 16;

// The 17 시·도 with their centres and boxes live in regions.ts.
export * from './regions';

export const ROLES = ['USER', 'ADMIN'] as const;
export const SOCIAL_PROVIDERS = ['google', 'kakao', 'naver'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export const PET_SIZES = ['SMALL', 'MEDIUM', 'LARGE'] as const;
export const PET_GENDERS = ['FEMALE', 'MALE', 'NEUTER'] as const;
export const STRAY_GENDERS = ['MALE', 'FEMALE'] as const;
export const PET_STATUSES = ['LOST', 'PROTECTING', 'WAITING', 'ADOPT'] as const;
export const REPORT_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export const ADOPT_STATUSES = ['REQUESTED', 'APPROVED', 'REJECTED'] as const;
export const POST_TYPES = ['TEMP_PROTECT', 'SHOW_OFF', 'REVIEW'] as const;
export const NOTIFICATION_TYPES = ['ADOPTION_REQUEST', 'ADOPTION_RESULT', 'COMMENT', 'LIKE', 'ABANDONED_PET', 'ADMIN_ALERT'] as const;

/** Image types the product accepts, decided by file content (magic bytes), never by name. */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

/**
 * The Kakao JavaScript SDK release KakaoTalk share is written against (Kakao.Share.sendDefault, feed
 * template), pinned with the Subresource Integrity hash Kakao publishes for it on its SDK download page:
 * a changed file on Kakao's CDN is refused by the browser instead of run on our pages. An operator moves
 * to another release with KAKAO_SDK_URL and KAKAO_SDK_INTEGRITY together (decision 0037).
 */
export const KAKAO_SHARE_SDK = {
  url: 'https://t1.kakaocdn.net/kakao_js_sdk/2.7.4/kakao.min.js',
  integrity: 'sha384-DKYJZ8NLiK8MN4/C5P2dtSmLQ4KwPaoqAfyA/DfmEc1VDxu4yyC7wy6K1Hs90nka',
} as const;

/** A Subresource Integrity value: the hash algorithm, a dash, the base64 digest. */
export const SRI_PATTERN = /^sha(256|384|512)-[A-Za-z0-9+/]+={0,2}$/;
