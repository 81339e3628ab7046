/** The build's version string, injected by Vite at build time (see vite.config.ts). */
declare const __CROSSARM_VERSION__: string;
