/** The version this bundle was built as; compared with /version.txt to detect a newer deployment. */
export const builtInVersion: string = __CROSSARM_VERSION__;
