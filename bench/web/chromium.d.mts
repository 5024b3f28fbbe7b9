// Types of chromium.mjs for the browser tests (test/support/browser.ts), which launch chromium the same way.
export declare const CHROMIUM: string;
export declare const CHROMIUM_ARGS: string[];
