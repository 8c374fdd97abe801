/** Device frames of the preview tools (spec section 9). Desktop fills the panel. */
export const devices = {
  desktop: null,
  mobile: { width: 375, height: 667 },
  tablet: { width: 768, height: 1024 },
  ultrawide: { width: 2560, height: 1080 },
  tv: { width: 1920, height: 1080 },
} as const;
export type Device = keyof typeof devices;
export const deviceNames = Object.keys(devices) as Device[];

/** The scale (at most 1) that fits a device frame inside the panel, keeping its proportions. */
export function fitScale(frame: { width: number; height: number }, panel: { width: number; height: number }) {
  if (frame.width <= 0 || frame.height <= 0 || panel.width <= 0 || panel.height <= 0) return 1;
  return Math.min(1, panel.width / frame.width, panel.height / frame.height);
}
