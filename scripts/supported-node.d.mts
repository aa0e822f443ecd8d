export declare function isSupportedNode(version: string): boolean;
export declare function requireSupportedNode(command: string): void;
