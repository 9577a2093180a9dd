export declare const TOOLKIT_ROOT: string;
export declare const CANNOT_WRITE: string[];
export declare function bundledEntry(entry: string, root?: string): Promise<string>;
export declare function typeScriptOnDemand(): (() => Promise<void>) | undefined;
export declare function registerTypeScriptOnDemand(): void;
