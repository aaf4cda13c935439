import type { Config } from 'tailwindcss';
import colors from 'tailwindcss/colors';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { CHART_SAFELIST_COLORS } from './shared/chart-colors';

/**
 * Tremor (charts, used by the reports) builds class names from colour props at run time,
 * so its documented safelist is needed once @tremor/react is installed. It is switched on
 * automatically when the package is present, to keep the CSS small until then.
 */
const tremorInstalled = existsSync(resolve(process.cwd(), 'node_modules/@tremor/react'));
// Only the colours our charts pass to Tremor (its documented safelist lists all 22 palettes:
// about 2,000 rules, most of the stylesheet every page loads before its first paint).
const tremorPalette = `(?:${CHART_SAFELIST_COLORS.join('|')})-(?:50|100|200|300|400|500|600|700|800|900|950)`;
const tremorSafelist = tremorInstalled
  ? [
      { pattern: new RegExp(`^(bg-${tremorPalette})$`), variants: ['hover'] },
      { pattern: new RegExp(`^(text-${tremorPalette})$`), variants: ['hover'] },
      { pattern: new RegExp(`^(border-${tremorPalette})$`), variants: ['hover'] },
      { pattern: new RegExp(`^(ring-${tremorPalette})$`) },
      { pattern: new RegExp(`^(stroke-${tremorPalette})$`) },
      { pattern: new RegExp(`^(fill-${tremorPalette})$`) },
    ]
  : [];

const config = {
  content: {
    relative: true,
    files: [
      './client/index.html',
      './client/src/**/*.{ts,tsx}',
      './node_modules/@tremor/**/*.{js,ts,jsx,tsx}',
    ],
  },
  safelist: tremorSafelist,
  theme: {
    container: {
      center: true,
      padding: { DEFAULT: '1rem', sm: '1.5rem', lg: '2rem' },
      screens: { '2xl': '1280px' },
    },
    extend: {
      fontFamily: {
        // Inter when the visitor has it; otherwise system fonts, all of which carry Greek glyphs.
        sans: [
          'Inter',
          'system-ui',
          '-apple-system',
          '"Segoe UI"',
          'Roboto',
          '"Noto Sans"',
          '"Helvetica Neue"',
          'Arial',
          'sans-serif',
        ],
      },
      colors: {
        border: 'hsl(var(--border))',
        input: 'hsl(var(--input))',
        ring: 'hsl(var(--ring))',
        background: 'hsl(var(--background))',
        foreground: 'hsl(var(--foreground))',
        primary: {
          DEFAULT: 'hsl(var(--primary))',
          foreground: 'hsl(var(--primary-foreground))',
          hover: 'hsl(var(--primary-hover))',
        },
        secondary: {
          DEFAULT: 'hsl(var(--secondary))',
          foreground: 'hsl(var(--secondary-foreground))',
        },
        destructive: {
          DEFAULT: 'hsl(var(--destructive))',
          foreground: 'hsl(var(--destructive-foreground))',
        },
        success: {
          DEFAULT: 'hsl(var(--success))',
          foreground: 'hsl(var(--success-foreground))',
        },
        warning: {
          DEFAULT: 'hsl(var(--warning))',
          foreground: 'hsl(var(--warning-foreground))',
        },
        muted: {
          DEFAULT: 'hsl(var(--muted))',
          foreground: 'hsl(var(--muted-foreground))',
        },
        accent: {
          DEFAULT: 'hsl(var(--accent))',
          foreground: 'hsl(var(--accent-foreground))',
        },
        popover: {
          DEFAULT: 'hsl(var(--popover))',
          foreground: 'hsl(var(--popover-foreground))',
        },
        card: {
          DEFAULT: 'hsl(var(--card))',
          foreground: 'hsl(var(--card-foreground))',
        },
        sidebar: {
          DEFAULT: 'hsl(var(--sidebar))',
          foreground: 'hsl(var(--sidebar-foreground))',
          accent: 'hsl(var(--sidebar-accent))',
          'accent-foreground': 'hsl(var(--sidebar-accent-foreground))',
          border: 'hsl(var(--sidebar-border))',
        },
        // Tremor's light theme tokens (charts follow the product's blue).
        tremor: {
          brand: {
            faint: colors.blue[50],
            muted: colors.blue[200],
            subtle: colors.blue[400],
            DEFAULT: colors.blue[700],
            emphasis: colors.blue[800],
            inverted: colors.white,
          },
          background: {
            muted: colors.slate[50],
            subtle: colors.slate[100],
            DEFAULT: colors.white,
            emphasis: colors.slate[700],
          },
          border: { DEFAULT: colors.slate[200] },
          ring: { DEFAULT: colors.slate[200] },
          content: {
            subtle: colors.slate[400],
            DEFAULT: colors.slate[500],
            emphasis: colors.slate[700],
            strong: colors.slate[900],
            inverted: colors.white,
          },
        },
      },
      borderRadius: {
        lg: 'var(--radius)',
        md: 'calc(var(--radius) - 2px)',
        sm: 'calc(var(--radius) - 4px)',
        'tremor-small': '0.375rem',
        'tremor-default': '0.5rem',
        'tremor-full': '9999px',
      },
      boxShadow: {
        'tremor-input': '0 1px 2px 0 rgb(0 0 0 / 0.05)',
        'tremor-card': '0 1px 3px 0 rgb(0 0 0 / 0.1), 0 1px 2px -1px rgb(0 0 0 / 0.1)',
        'tremor-dropdown': '0 4px 6px -1px rgb(0 0 0 / 0.1), 0 2px 4px -2px rgb(0 0 0 / 0.1)',
      },
      fontSize: {
        'tremor-label': ['0.75rem', { lineHeight: '1rem' }],
        'tremor-default': ['0.875rem', { lineHeight: '1.25rem' }],
        'tremor-title': ['1.125rem', { lineHeight: '1.75rem' }],
        'tremor-metric': ['1.875rem', { lineHeight: '2.25rem' }],
      },
      width: {
        sidebar: '16rem',
        'sidebar-icon': '3rem',
        'sidebar-mobile': '18rem',
      },
      keyframes: {
        'fade-in': { from: { opacity: '0' }, to: { opacity: '1' } },
        'fade-out': { from: { opacity: '1' }, to: { opacity: '0' } },
        'dialog-in': {
          from: { opacity: '0', transform: 'translate(-50%, -48%) scale(0.96)' },
          to: { opacity: '1', transform: 'translate(-50%, -50%) scale(1)' },
        },
        'pop-in': {
          from: { opacity: '0', transform: 'scale(0.96)' },
          to: { opacity: '1', transform: 'scale(1)' },
        },
        'slide-in-left': {
          from: { transform: 'translateX(-100%)' },
          to: { transform: 'translateX(0)' },
        },
        'toast-in': {
          from: { opacity: '0', transform: 'translateY(1rem)' },
          to: { opacity: '1', transform: 'translateY(0)' },
        },
        'toast-swipe-out': {
          from: { transform: 'translateX(var(--radix-toast-swipe-end-x))' },
          to: { transform: 'translateX(100%)' },
        },
        'accordion-down': {
          from: { height: '0' },
          to: { height: 'var(--radix-accordion-content-height)' },
        },
        'accordion-up': {
          from: { height: 'var(--radix-accordion-content-height)' },
          to: { height: '0' },
        },
      },
      animation: {
        'fade-in': 'fade-in 150ms ease-out',
        'fade-out': 'fade-out 150ms ease-in',
        'dialog-in': 'dialog-in 180ms ease-out',
        'pop-in': 'pop-in 120ms ease-out',
        'slide-in-left': 'slide-in-left 200ms ease-out',
        'toast-in': 'toast-in 200ms ease-out',
        'toast-swipe-out': 'toast-swipe-out 150ms ease-out',
        'accordion-down': 'accordion-down 200ms ease-out',
        'accordion-up': 'accordion-up 200ms ease-out',
      },
    },
  },
  plugins: [],
} satisfies Config;

export default config;
