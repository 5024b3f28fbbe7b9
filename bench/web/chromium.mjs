// Debian's chromium as the browser tests launch it (test/support/browser.ts): root in a closed network, so no
// sandbox and nothing that phones home; WebGL in software through ANGLE on SwiftShader (never --disable-gpu).
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-gl=angle',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
];
