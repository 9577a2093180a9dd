export declare const TOOLKIT_ROOT: string;
export declare const CANNOT_WRITE: string[];
export declare function bundledEntry(entry: string, root?: string): Promise<string>;
export declare const REGISTER_TYPESCRIPT: unique symbol;
export declare function registerTypeScriptOnDemand(): void;
