/** Whether the browser runs on a Mac (or an iPhone or iPad): its shortcuts use ⌘ where others use Ctrl. */
export const IS_MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
