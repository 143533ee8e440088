import {
  createTheme,
  darken,
  defaultVariantColorsResolver,
  parseThemeColor,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type VariantColorsResolver,
} from '@mantine/core';

// A warm orange whose primary shade (index 7) keeps white text at ≥ 5:1
// (WCAG AA for normal text); Mantine's stock orange-8 is only ~3.6:1.
const brand: MantineColorsTuple = [
  '#fff7ed',
  '#ffedd5',
  '#fed7aa',
  '#fdba74',
  '#fb923c',
  '#f97316',
  '#ea580c',
  '#c2410c',
  '#9a3412',
  '#7c2d12',
];

// Light variants (tinted background) print their text in shade 6 by default, which is below
// 4.5:1 for green, teal and orange; shade 9 darkened by 35% keeps every light badge and button AA.
const variantColorResolver: VariantColorsResolver = (input) => {
  const base = defaultVariantColorsResolver(input);
  if (input.variant !== 'light') return base;
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  const tuple = parsed.isThemeColor ? input.theme.colors[parsed.color] : undefined;
  return tuple ? { ...base, color: darken(tuple[9], 0.35) } : base;
};

export const theme = createTheme({
  variantColorResolver,
  colors: { brand },
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 5 },
  // Filled badges/buttons pick black or white text, whichever contrasts more: at relative
  // luminance 0.179 both give the same ratio, so the spec's teal/blue/green/red badges stay AA.
  autoContrast: true,
  luminanceThreshold: 0.179,
  fontFamily:
    "'Pretendard UI', -apple-system, BlinkMacSystemFont, system-ui, 'Apple SD Gothic Neo', 'Noto Sans KR', 'Noto Sans CJK KR', sans-serif",
  headings: {
    fontFamily:
      "'Pretendard UI', -apple-system, BlinkMacSystemFont, system-ui, 'Apple SD Gothic Neo', 'Noto Sans KR', 'Noto Sans CJK KR', sans-serif",
    fontWeight: '700',
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
});

/**
 * "Dimmed" text in gray-7 instead of gray-6 (7.5:1 instead of 3.3:1 on white), and placeholders
 * at 4.7:1 instead of ~2:1: a native select shows its placeholder as real text.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)', '--mantine-color-placeholder': '#6c757d' },
  dark: {},
});
