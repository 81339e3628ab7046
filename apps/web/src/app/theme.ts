import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** The one accent colour: a calm indigo, distinct from the blue that means "active" in status badges. */
const accent: MantineColorsTuple = [
  '#eef0ff',
  '#dcdefa',
  '#b5b9f0',
  '#8c92e7',
  '#6a70df',
  '#545bda',
  '#4850d9',
  '#3a42c1',
  '#323aad',
  '#273199',
];

export const theme = createTheme({
  primaryColor: 'accent',
  primaryShade: { light: 6, dark: 5 },
  colors: { accent },
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  fontFamilyMonospace: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  defaultRadius: 'sm',
  cursorType: 'pointer',
  headings: { fontWeight: '650' },
  components: {
    Tooltip: { defaultProps: { openDelay: 300, withArrow: true } },
    Button: { defaultProps: { radius: 'sm' } },
    // A dialog's or panel's close button is named for screen readers (it shows only a cross).
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Alert: { defaultProps: { closeButtonLabel: 'Dismiss' } },
  },
});
